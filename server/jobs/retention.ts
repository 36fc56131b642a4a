/**
 * Data retention: rows nobody needs any more are deleted, so tables stop growing for ever.
 * - Sessions past their idle or absolute timeout (purgeExpiredSessions; they no longer sign anyone in).
 * - Sign-in failures older than the throttle window plus a margin (the throttle only counts the window).
 * - Outbox e-mails delivered more than RETENTION_OUTBOX_DAYS ago. Pending, sending and failed ones stay
 *   whatever their age: the worker still owes them, and the outbox screen offers "send again" on failed ones.
 * - Notifications read and created more than RETENTION_NOTIFICATIONS_DAYS ago. Unread ones stay: the bell
 *   counts them and the list shows them until they are read.
 * - Undo offers an hour after they expired (docs/decisions/undo.md): a token is of no use after its seconds;
 *   the hour leaves an expired one answering 410 rather than 404 for a while.
 * - The sales summary's slots of days before yesterday (London), folded into one row per cell (slot 0): a
 *   day's cells are split over slots only while it is written at the same moment by several transactions
 *   (migration 0030); afterwards one row each keeps the report's month ~1,000 rows.
 * - Audit log rows older than RETENTION_AUDIT_DAYS (two years): the only deletes the log's trigger allows
 *   (services/audit/retention.ts).
 * Deletes go in batches of RETENTION_BATCH rows, one short statement each (rows another instance is deleting
 * are skipped, never waited for), and a run stops starting batches after RUN_BUDGET_MS so the worker's other
 * jobs (e-mail) are not held up; what is left goes at the next run.
 */
import type { Db } from '../db/client';
import { deleteOldAuditEvents } from '../services/audit/retention';
import { purgeExpiredSessions } from '../services/auth/sessions';
import { THROTTLE_WINDOW_MS } from '../services/auth/sign-in';
import {
  deleteDeliveredEmails,
  deleteEmptyOpenItemCounts,
  deleteExpiredUndoOffers,
  deleteReadNotifications,
  deleteSignInFailures,
  foldSalesSlots,
} from '../services/retention/retention';

export interface RetentionOptions {
  /** Delivered e-mails are kept this many days after they were sent. */
  outboxDays: number;
  /** Read notifications are kept this many days after they were created. */
  notificationsDays: number;
  /** Audit log rows are kept this many days. */
  auditDays: number;
}

export const RETENTION_DEFAULTS: RetentionOptions = { outboxDays: 90, notificationsDays: 90, auditDays: 730 };

export const RETENTION_BATCH = 1000;
/** Sign-in failures are kept this long: the 15-minute throttle window and a margin for clock skew. */
export const SIGN_IN_FAILURE_KEEP_MS = THROTTLE_WINDOW_MS + 45 * 60 * 1000;
const RUN_BUDGET_MS = 10_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Expired undo offers are kept this long. */
export const UNDO_OFFER_KEEP_MS = 60 * 60 * 1000;

export interface RetentionResult {
  sessions: 'purged';
  signInFailures: number;
  outbox: number;
  notifications: number;
  undoOffers: number;
  auditEvents: number;
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
  await deleteEmptyOpenItemCounts(db);
  await foldSalesSlots(db, now, batch);
  const failures = await inBatches(
    () => deleteSignInFailures(db, new Date(now.getTime() - SIGN_IN_FAILURE_KEEP_MS), batch),
    deadline,
    batch,
  );
  const mail = await inBatches(
    () => deleteDeliveredEmails(db, new Date(now.getTime() - options.outboxDays * DAY_MS), batch),
    deadline,
    batch,
  );
  const read = await inBatches(
    () => deleteReadNotifications(db, new Date(now.getTime() - options.notificationsDays * DAY_MS), batch),
    deadline,
    batch,
  );
  const undo = await inBatches(
    () => deleteExpiredUndoOffers(db, new Date(now.getTime() - UNDO_OFFER_KEEP_MS), batch),
    deadline,
    batch,
  );
  const audit = await inBatches(
    () => deleteOldAuditEvents(db, new Date(now.getTime() - options.auditDays * DAY_MS), batch),
    deadline,
    batch,
  );
  return {
    sessions: 'purged',
    signInFailures: failures.deleted,
    outbox: mail.deleted,
    notifications: read.deleted,
    undoOffers: undo.deleted,
    auditEvents: audit.deleted,
    complete: failures.complete && mail.complete && read.complete && undo.complete && audit.complete,
  };
}
