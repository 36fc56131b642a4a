/**
 * Scheduled work on order items: the 7-day reminders to customers we are waiting for, and the end of
 * postponements, up to a batch a run. Each item is claimed and handled in a transaction of its own
 * (services/order-items/scheduled.ts), so when several instances run the jobs, exactly one handles each item.
 * `now` is a parameter so tests move the clock.
 */
import type { Db } from '../db/client';
import { runNextDue, type Schedule } from '../services/order-items/scheduled';

const BATCH = 50;

async function runDue(db: Db, schedule: Schedule, now: Date) {
  let done = 0;
  for (let i = 0; i < BATCH; i++) {
    if (!(await runNextDue(db, schedule, now))) break;
    done += 1;
  }
  return done;
}

/** E-mails every waiting customer whose 7-day reminder is due; answers how many items were handled. */
export function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  return runDue(db, 'reminder', now);
}

/** Lifts every postponement that has ended; answers how many items were handled. */
export function endDuePostponements(db: Db, now = new Date()): Promise<number> {
  return runDue(db, 'postponement', now);
}
