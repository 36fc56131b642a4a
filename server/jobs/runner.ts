/**
 * The background worker of one app instance: delivers e-mail every few seconds, runs the scheduled item jobs
 * every minute and the retention job (expired sessions, old sign-in failures, delivered e-mail, read
 * notifications: jobs/retention.ts) every ten minutes. Safe to run on every instance (rows are claimed with SKIP
 * LOCKED); a round never overlaps the previous one. A round that fails (the database is down) is retried
 * with capped exponential backoff, for as long as it takes; the runner reports itself down meanwhile.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createMailer, deliverDueEmails, type MailerOptions } from '../mail/worker';
import { RETENTION_DEFAULTS, type RetentionOptions, runRetention } from './retention';
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

/** Each job's figures since start, for /metrics. */
export interface JobStats {
  name: string;
  runs: number;
  failures: number;
  lastSuccessAt: Date | null;
}

const JOB_NAMES = ['mail', 'reminders', 'postponements', 'retention'] as const;
type JobName = (typeof JOB_NAMES)[number];

/** Rounds between two retention runs (10 minutes at the usual 5 s): its scans need not run every minute. */
export const RETENTION_EVERY_ROUNDS = 120;

export interface JobRunner {
  /** False after a failed round until one succeeds. */
  ready(): boolean;
  /** Runs, failures and last success of each job. */
  stats(): readonly JobStats[];
  /** Stops the loop and waits for a round in progress. */
  stop(): Promise<void>;
}

export function startJobRunner(
  db: Db,
  mail: MailerOptions,
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>,
  everyMs = 5000,
  retention: RetentionOptions = RETENTION_DEFAULTS,
): JobRunner {
  const send = createMailer(mail);
  const stats = new Map<JobName, JobStats>(
    JOB_NAMES.map((name) => [name, { name, runs: 0, failures: 0, lastSuccessAt: null }]),
  );
  const run = async <T>(name: JobName, job: () => Promise<T>): Promise<T> => {
    const s = stats.get(name) as JobStats;
    s.runs += 1;
    try {
      const result = await job();
      s.lastSuccessAt = new Date();
      return result;
    } catch (error) {
      s.failures += 1;
      throw error;
    }
  };
  let stopped = false;
  let round = 0;
  let failures = 0;
  let current: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const tick = async () => {
    try {
      await run('mail', () => deliverDueEmails(db, send));
      // The minute's jobs wait for a round that reaches them; a failed one tries them again next time.
      if (round % 12 === 0) {
        await run('reminders', () => sendDueReminders(db));
        await run('postponements', () => endDuePostponements(db));
      }
      if (round % RETENTION_EVERY_ROUNDS === 0) {
        const pruned = await run('retention', () => runRetention(db, retention));
        if (pruned.signInFailures + pruned.outbox + pruned.notifications > 0) {
          log.info({ pruned }, 'retention: old rows deleted');
        }
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
    stats: () => [...stats.values()].map((s) => ({ ...s })),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
