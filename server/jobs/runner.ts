/**
 * The background worker of one app instance: delivers e-mail every few seconds and runs the scheduled
 * item jobs and the session purge every minute. Safe to run on every instance (rows are claimed with SKIP
 * LOCKED); a round never overlaps the previous one.
 */
import type { FastifyBaseLogger } from 'fastify';
import { purgeExpiredSessions } from '../auth/sessions';
import type { Db } from '../db/client';
import { createMailer, deliverDueEmails, type MailerOptions } from '../mail/worker';
import { endDuePostponements, sendDueReminders } from './scheduled';

export function startJobRunner(db: Db, mail: MailerOptions, log: FastifyBaseLogger, everyMs = 5000) {
  const send = createMailer(mail);
  let running = false;
  let round = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await deliverDueEmails(db, send, mail.dataDir);
      if (round % 12 === 0) {
        await sendDueReminders(db);
        await endDuePostponements(db);
        await purgeExpiredSessions(db);
      }
      round += 1;
    } catch (error) {
      log.error({ err: error }, 'background jobs failed; retrying next round');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), everyMs);
  void tick();
  return {
    /** Stops the loop and waits for a round in progress. */
    async stop() {
      clearInterval(timer);
      while (running) await new Promise((r) => setTimeout(r, 50));
    },
  };
}
