/**
 * The statements of the retention job (server/jobs/retention.ts decides what is old and how long a run
 * goes on). Each batch deletes up to `batch` rows, one short statement: the ids of rows no other transaction
 * holds (FOR UPDATE SKIP LOCKED, so instances never wait for each other), then their delete.
 */
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  notifications,
  openItemCounts,
  openItemDueCounts,
  outbox,
  salesDaily,
  signInFailures,
  undoActions,
} from '../../db/schema';

/**
 * Open-item counts that fell to 0 (an orderer's state and day nobody is in any more). Rows an action holds
 * are skipped, so this never waits on one, nor locks rows in another order than the counting triggers.
 */
export async function deleteEmptyOpenItemCounts(db: Db): Promise<void> {
  for (const table of [openItemCounts, openItemDueCounts]) {
    await db.execute(sql`delete from ${table} where ctid in (
      select ctid from ${table} where items = 0 for update skip locked)`);
  }
}

/** Deletes a batch of sign-in failures made before `before`; answers how many. */
export async function deleteSignInFailures(db: Db, before: Date, batch: number): Promise<number> {
  const ids = db
    .select({ id: signInFailures.id })
    .from(signInFailures)
    .where(lt(signInFailures.createdAt, before))
    .orderBy(asc(signInFailures.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(signInFailures)
    .where(inArray(signInFailures.id, ids))
    .returning({ id: signInFailures.id });
  return rows.length;
}

/** Deletes a batch of undo offers that expired before `before` (used or not: neither can be taken any more). */
export async function deleteExpiredUndoOffers(db: Db, before: Date, batch: number): Promise<number> {
  const ids = db
    .select({ id: undoActions.id })
    .from(undoActions)
    .where(lt(undoActions.expiresAt, before))
    .orderBy(asc(undoActions.expiresAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(undoActions)
    .where(inArray(undoActions.id, ids))
    .returning({ id: undoActions.id });
  return rows.length;
}

/** Deletes a batch of e-mails delivered before `sentBefore`; answers how many. */
export async function deleteDeliveredEmails(db: Db, sentBefore: Date, batch: number): Promise<number> {
  const ids = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'sent'), lt(outbox.sentAt, sentBefore)))
    .orderBy(asc(outbox.sentAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(outbox)
    // Checked again on the row deleted: a message that left `sent` meanwhile is kept.
    .where(and(inArray(outbox.id, ids), eq(outbox.status, 'sent')))
    .returning({ id: outbox.id });
  return rows.length;
}

/** Deletes a batch of read notifications created before `createdBefore`; answers how many. */
export async function deleteReadNotifications(db: Db, createdBefore: Date, batch: number): Promise<number> {
  const ids = db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(isNotNull(notifications.readAt), lt(notifications.createdAt, createdBefore)))
    .orderBy(asc(notifications.createdAt))
    .limit(batch)
    .for('update', { skipLocked: true });
  const rows = await db
    .delete(notifications)
    .where(inArray(notifications.id, ids))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * Folds up to `limit` slot rows of the sales summary's past days into their cells' slot 0 (migration 0030),
 * in one statement: the sums do not change, so the report reads the same before and after. Slot rows a
 * transaction holds (a refund on an old item adds to its placement day) are skipped, never waited for, and
 * folded at a later run; slot 0's rows are taken in key order, as the triggers take theirs.
 */
export async function foldSalesSlots(db: Db, now: Date, limit: number): Promise<void> {
  await db.execute(sql`with folded as (
      delete from ${salesDaily} where ctid in (
        select ctid from ${salesDaily}
        where ${salesDaily.slot} <> 0 and ${salesDaily.day} < sales_day(${now.toISOString()}::timestamptz) - 1
        limit ${limit} for update skip locked)
      returning day, type, delivery_region, items, gross, refunds)
    insert into ${salesDaily} as s (day, type, delivery_region, slot, items, gross, refunds)
    select day, type, delivery_region, 0, sum(items), sum(gross), sum(refunds) from folded
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (day, type, delivery_region, slot) do update
      set items = s.items + excluded.items, gross = s.gross + excluded.gross, refunds = s.refunds + excluded.refunds`);
}
