/**
 * Scheduled work on order items: the 7-day reminders to customers we are waiting for, and the end of
 * postponements. Each due item is claimed with FOR UPDATE SKIP LOCKED inside its own transaction, so when
 * several instances run the jobs, exactly one handles each item. `now` is a parameter so tests move the clock.
 */
import { asc, eq, lte } from 'drizzle-orm';
import type { WorkflowAction } from '../../domain/workflow/types';
import type { Db } from '../db/client';
import { orderItems } from '../db/schema';
import { AppError } from '../errors';
import { applyItemAction, lockOrderItem } from '../services/order-items/run-action';

const BATCH = 50;

/** The two schedules an item can carry: the column that holds when it is due, and what happens then. */
const SCHEDULES = {
  reminder: { column: orderItems.nextReminderAt, field: 'nextReminderAt', action: { type: 'reminder_due' } },
  postponement: {
    column: orderItems.onHoldUntil,
    field: 'onHoldUntil',
    action: { type: 'postponement_ended' },
  },
} as const satisfies Record<
  string,
  { column: unknown; field: keyof typeof orderItems.$inferInsert; action: WorkflowAction }
>;

async function runDue(db: Db, schedule: (typeof SCHEDULES)[keyof typeof SCHEDULES], now: Date) {
  let done = 0;
  for (let i = 0; i < BATCH; i++) {
    const handled = await db.transaction(async (tx) => {
      const [next] = await tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(lte(schedule.column, now))
        .orderBy(asc(schedule.column))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return false;
      const row = await lockOrderItem(tx, next.id);
      try {
        await applyItemAction(tx, row, { action: schedule.action, actor: { kind: 'system' }, now });
      } catch (error) {
        // The item moved on (the customer answered, a postponement was lifted): forget the schedule.
        if (!(error instanceof AppError && error.code === 'wrong_state')) throw error;
        await tx
          .update(orderItems)
          .set({ [schedule.field]: null })
          .where(eq(orderItems.id, next.id));
      }
      return true;
    });
    if (!handled) break;
    done += 1;
  }
  return done;
}

/** E-mails every waiting customer whose 7-day reminder is due; answers how many items were handled. */
export function sendDueReminders(db: Db, now = new Date()): Promise<number> {
  return runDue(db, SCHEDULES.reminder, now);
}

/** Lifts every postponement that has ended; answers how many items were handled. */
export function endDuePostponements(db: Db, now = new Date()): Promise<number> {
  return runDue(db, SCHEDULES.postponement, now);
}
