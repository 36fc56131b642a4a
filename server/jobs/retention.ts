/**
 * Data retention: rows nobody needs any more are deleted, so tables stop growing for ever.
 * - Sessions past their idle or absolute timeout (purgeExpiredSessions; they no longer sign anyone in).
 * - Sign-in failures older than the throttle window plus a margin (the throttle only counts the window).
 * - Outbox e-mails delivered more than RETENTION_OUTBOX_DAYS ago. Pending, sending and failed ones stay
 *   whatever their age: the worker still owes them, and the outbox screen offers "send again" on failed ones.
 * - Notifications read and created more than RETENTION_NOTIFICATIONS_DAYS ago. Unread ones stay: the bell
 *   counts them and the list shows them until they are read.
 * - The sales summary's slots of days before yesterday (London), folded into one row per cell (slot 0): a
 *   day's cells are split over slots only while it is written at the same moment by several transactions
 *   (migration 0030); afterwards one row each keeps the report's month ~1,000 rows.
 * Deletes go in batches of RETENTION_BATCH rows, one short statement each (rows another instance is deleting
 * are skipped, never waited for), and a run stops starting batches after RUN_BUDGET_MS so the worker's other
 * jobs (e-mail) are not held up; what is left goes at the next run.
 */
import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { purgeExpiredSessions } from '../auth/sessions';
import type { Db } from '../db/client';
import {
  notifications,
  openItemCounts,
  openItemDueCounts,
  outbox,
  salesDaily,
  signInFailures,
} from '../db/schema';
import { THROTTLE_WINDOW_MS } from '../services/auth/sign-in';

export interface RetentionOptions {
  /** Delivered e-mails are kept this many days after they were sent. */
  outboxDays: number;
  /** Read notifications are kept this many days after they were created. */
  notificationsDays: number;
}

export const RETENTION_DEFAULTS: RetentionOptions = { outboxDays: 90, notificationsDays: 90 };

export const RETENTION_BATCH = 1000;
/** Sign-in failures are kept this long: the 15-minute throttle window and a margin for clock skew. */
export const SIGN_IN_FAILURE_KEEP_MS = THROTTLE_WINDOW_MS + 45 * 60 * 1000;
const RUN_BUDGET_MS = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionResult {
  sessions: 'purged';
  signInFailures: number;
  outbox: number;
  notifications: number;
  /** False when the time budget ran out before every batch was done. */
  complete: boolean;
}

/** Runs `deleteBatch` (answers how many rows it deleted) until a batch comes back short or time runs out. */
async function inBatches(
  deleteBatch: () => Promise<number>,
  deadline: number,
  batch: number,
): Promise<{ deleted: number; complete: boolean }> {
  let deleted = 0;
  for (;;) {
    const n = await deleteBatch();
    deleted += n;
    if (n < batch) return { deleted, complete: true };
    if (Date.now() >= deadline) return { deleted, complete: false };
  }
}

/** One retention run; `now` and `batch` are parameters so tests move the clock and see several batches. */
export async function runRetention(
  db: Db,
  options: RetentionOptions = RETENTION_DEFAULTS,
  now = new Date(),
  batch = RETENTION_BATCH,
): Promise<RetentionResult> {
  const deadline = Date.now() + RUN_BUDGET_MS;
  await purgeExpiredSessions(db, now);
  // Open-item counts that fell to 0 (an orderer's state and day nobody is in any more). Rows an action holds
  // are skipped, so this never waits on one, nor locks rows in another order than the counting triggers.
  for (const table of [openItemCounts, openItemDueCounts]) {
    await db.execute(sql`delete from ${table} where ctid in (
      select ctid from ${table} where items = 0 for update skip locked)`);
  }
  await foldSalesSlots(db, now, batch);
  // Each batch: the ids of up to `batch` rows (skipping rows another instance holds), then one delete.
  const failures = await inBatches(
    async () => {
      const ids = db
        .select({ id: signInFailures.id })
        .from(signInFailures)
        .where(lt(signInFailures.createdAt, new Date(now.getTime() - SIGN_IN_FAILURE_KEEP_MS)))
        .orderBy(asc(signInFailures.id))
        .limit(batch)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(signInFailures)
        .where(inArray(signInFailures.id, ids))
        .returning({ id: signInFailures.id });
      return rows.length;
    },
    deadline,
    batch,
  );
  const mail = await inBatches(
    async () => {
      const ids = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'sent'),
            lt(outbox.sentAt, new Date(now.getTime() - options.outboxDays * DAY_MS)),
          ),
        )
        .orderBy(asc(outbox.sentAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(outbox)
        // Checked again on the row deleted: a message that left `sent` meanwhile is kept.
        .where(and(inArray(outbox.id, ids), eq(outbox.status, 'sent')))
        .returning({ id: outbox.id });
      return rows.length;
    },
    deadline,
    batch,
  );
  const read = await inBatches(
    async () => {
      const ids = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            isNotNull(notifications.readAt),
            lt(notifications.createdAt, new Date(now.getTime() - options.notificationsDays * DAY_MS)),
          ),
        )
        .orderBy(asc(notifications.createdAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      const rows = await db
        .delete(notifications)
        .where(inArray(notifications.id, ids))
        .returning({ id: notifications.id });
      return rows.length;
    },
    deadline,
    batch,
  );
  return {
    sessions: 'purged',
    signInFailures: failures.deleted,
    outbox: mail.deleted,
    notifications: read.deleted,
    complete: failures.complete && mail.complete && read.complete,
  };
}

/**
 * Folds up to `limit` slot rows of the sales summary's past days into their cells' slot 0 (migration 0030),
 * in one statement: the sums do not change, so the report reads the same before and after. Slot rows a
 * transaction holds (a refund on an old item adds to its placement day) are skipped, never waited for, and
 * folded at a later run; slot 0's rows are taken in key order, as the triggers take theirs.
 */
async function foldSalesSlots(db: Db, now: Date, limit: number) {
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
