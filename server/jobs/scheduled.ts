/**
 * Scheduled work on order items: the 7-day reminders to customers we are waiting for, and the end of
 * postponements. Each due item is claimed with FOR UPDATE SKIP LOCKED inside its own transaction, so when
 * several instances run the jobs, exactly one handles each item. `now` is a parameter so tests move the clock.
 */
import { asc, eq, type isNotNull, lte, type SQL } from 'drizzle-orm';
import type { WorkflowAction } from '../../domain/workflow/types';
import type { Db } from '../db/client';
import { orderItems } from '../db/schema';
import { AppError } from '../errors';
import { applyItemAction, lockOrderItem } from '../services/order-items/run-action';

const BATCH = 50;

async function runDue(
  db: Db,
  due: SQL,
  column: typeof orderItems.nextReminderAt | typeof orderItems.onHoldUntil,
  action: WorkflowAction,
  now: Date,
): Promise<number> {
  let done = 0;
  for (let i = 0; i < BATCH; i++) {
    const handled = await db.transaction(async (tx) => {
      const [next] = await tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(due)
        .orderBy(asc(column))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!next) return false;
      const row = await lockOrderItem(tx, next.id);
      try {
        await applyItemAction(tx, row, { action, actor: { kind: 'system' }, now });
      } catch (error) {
        // The item moved on (the customer answered, a postponement was lifted): forget the schedule.
        if (!(error instanceof AppError && error.code === 'wrong_state')) throw error;
        await tx
          .update(orderItems)
          .set({ [column.name === 'next_reminder_at' ? 'nextReminderAt' : 'onHoldUntil']: null })
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
export function sendDueReminders(db: Db, now = new Date()) {
  return runDue(
    db,
    lteAnd(orderItems.nextReminderAt, now),
    orderItems.nextReminderAt,
    { type: 'reminder_due' },
    now,
  );
}

/** Lifts every postponement that has ended; answers how many items were handled. */
export function endDuePostponements(db: Db, now = new Date()) {
  return runDue(
    db,
    lteAnd(orderItems.onHoldUntil, now),
    orderItems.onHoldUntil,
    { type: 'postponement_ended' },
    now,
  );
}

function lteAnd(column: typeof orderItems.nextReminderAt | typeof orderItems.onHoldUntil, now: Date): SQL {
  return lte(column, now) as SQL & ReturnType<typeof isNotNull>;
}
