/**
 * The background worker of one app instance: delivers e-mail every few seconds and runs the scheduled
 * item jobs and the session purge every minute. Safe to run on every instance (rows are claimed with SKIP
 * LOCKED); a round never overlaps the previous one. A round that fails (the database is down) is retried
 * with capped exponential backoff, for as long as it takes; the runner reports itself down meanwhile.
 */
import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredSessions } from '../auth/sessions';
import type { Db } from '../db/client';
import { createMailer, deliverDueEmails, type MailerOptions } from '../mail/worker';
import { endDuePostponements, sendDueReminders } from './scheduled';

/**
 * After a failed round: 1 s, 2 s, 4 s … at most 5 s, the normal interval (so /readyz is back soon after the
 * database), each jittered down by up to half.
 */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 5000;

export function retryDelayMs(failures: number, random = Math.random): number {
  const ceiling = Math.min(RETRY_FIRST_MS * 2 ** Math.min(failures - 1, 30), RETRY_MAX_MS);
  return Math.round(ceiling * (0.5 + random() / 2));
}

export interface JobRunner {
  /** False after a failed round until one succeeds. */
  ready(): boolean;
  /** Stops the loop and waits for a round in progress. */
  stop(): Promise<void>;
}

export function startJobRunner(
  db: Db,
  mail: MailerOptions,
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
  everyMs = 5000,
): JobRunner {
  const send = createMailer(mail);
  let stopped = false;
  let round = 0;
  let failures = 0;
  let current: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tick = async () => {
    try {
      await deliverDueEmails(db, send);
      // The minute's jobs wait for a round that reaches them; a failed one tries them again next time.
      if (round % 12 === 0) {
        await sendDueReminders(db);
        await endDuePostponements(db);
        await purgeExpiredSessions(db);
      }
      round += 1;
      if (failures > 0) log.info({ failures }, 'background jobs running again');
      failures = 0;
    } catch (error) {
      failures += 1;
      log.error({ err: error, failures }, 'background jobs failed; retrying with backoff');
    }
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick().finally(() => {
        current = undefined;
        schedule(failures > 0 ? retryDelayMs(failures) : everyMs);
      });
    }, delay);
  };
  schedule(0);

  return {
    ready: () => failures === 0,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
