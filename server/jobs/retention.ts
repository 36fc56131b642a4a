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
 * - Personal data (docs/privacy.md, services/privacy/retention.ts): the uploaded documents of items finished
 *   more than RETENTION_DOCUMENTS_DAYS (180) ago, files first and then rows; and customers with no order for
 *   RETENTION_CUSTOMER_YEARS (6), erased as an admin's erasure does, CUSTOMER_BATCH of them a run. Both need
 *   the storage (`files`); without it (tools, most tests) they are skipped.
 * Deletes go in batches of RETENTION_BATCH rows, one short statement each (rows another instance is deleting
 * are skipped, never waited for), and a run stops starting batches after RUN_BUDGET_MS so the worker's other
 * jobs (e-mail) are not held up; what is left goes at the next run.
 */
import type { Db } from '../db/client';
import { deleteOldAuditEvents } from '../services/audit/retention';
import { purgeExpiredSessions } from '../services/auth/sessions';
import { THROTTLE_WINDOW_MS } from '../services/auth/sign-in';
import type { ErasureDeps } from '../services/privacy/erase';
import { deleteOldDocuments, eraseInactiveCustomers } from '../services/privacy/retention';
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
  /** Uploaded documents are kept this many days after their item was finished. */
  documentsDays: number;
  /** A customer is erased this many years after their last order. */
  customerYears: number;
}

export const RETENTION_DEFAULTS: RetentionOptions = {
  outboxDays: 90,
  notificationsDays: 90,
  auditDays: 730,
  documentsDays: 180,
  customerYears: 6,
};

/** Customers erased at most per run (each is a transaction over all their rows). */
export const CUSTOMER_BATCH = 50;
/** Documents deleted per batch: each batch removes its files while it holds their rows. */
const DOCUMENT_BATCH = 100;

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
  /** Documents deleted (files and rows); customers erased. Zero when no storage was given. */
  documents: number;
  customersErased: number;
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
  files?: ErasureDeps,
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
  const documentBatch = Math.min(batch, DOCUMENT_BATCH);
  const documents = files
    ? await inBatches(
        () =>
          deleteOldDocuments(
            db,
            files,
            new Date(now.getTime() - options.documentsDays * DAY_MS),
            documentBatch,
            now,
          ),
        deadline,
        documentBatch,
      )
    : { deleted: 0, complete: true };
  const customerCutoff = new Date(now);
  customerCutoff.setUTCFullYear(customerCutoff.getUTCFullYear() - options.customerYears);
  const customers =
    files && Date.now() < deadline
      ? await eraseInactiveCustomers(db, files, customerCutoff, CUSTOMER_BATCH, now)
      : 0;
  return {
    sessions: 'purged',
    signInFailures: failures.deleted,
    outbox: mail.deleted,
    notifications: read.deleted,
    undoOffers: undo.deleted,
    auditEvents: audit.deleted,
    documents: documents.deleted,
    customersErased: customers,
    complete:
      failures.complete &&
      mail.complete &&
      read.complete &&
      undo.complete &&
      audit.complete &&
      documents.complete &&
      customers < CUSTOMER_BATCH,
  };
}
