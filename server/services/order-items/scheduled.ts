/**
 * Scheduled work on order items: the 7-day reminders to customers we are waiting for, and the end of
 * postponements. Each due item is claimed with FOR UPDATE SKIP LOCKED inside its own transaction, so when
 * several instances run the jobs, exactly one handles each item (server/jobs/scheduled.ts runs the batches).
 */

import { asc, eq, lte } from 'drizzle-orm';
import type { WorkflowAction } from '../../../domain/workflow/types';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { orderItems } from '../../db/schema';
import { AppError } from '../../errors';
import { applyItemAction, lockOrderItem } from './run-action';

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

export type Schedule = keyof typeof SCHEDULES;

/**
 * Handles the item due soonest on a schedule, in one transaction: its action runs, or, when the item moved on
 * (the customer answered, a postponement was lifted), its schedule is forgotten. Answers false when none is due.
 */
export async function runNextDue(db: Db, name: Schedule, now: Date): Promise<boolean> {
  const schedule = SCHEDULES[name];
  return transaction(db, async (tx) => {
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
      if (!(error instanceof AppError && error.code === 'wrong_state')) throw error;
      await tx
        .update(orderItems)
        .set({ [schedule.field]: null })
        .where(eq(orderItems.id, next.id));
    }
    return true;
  });
}
