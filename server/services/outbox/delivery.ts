/**
 * The outbox rows the delivery worker (server/mail/worker.ts) sends: claimed with FOR UPDATE SKIP LOCKED and
 * leased (status 'sending' until the lease ends), so several instances never send one row at the same time,
 * then recorded as sent, or failed and due again after a backoff (or given up).
 */

import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { attachments, outbox } from '../../db/schema';

/** A claimed outbox row: the message and its delivery state. */
export type OutboxRow = typeof outbox.$inferSelect;

/** Claims up to `batch` due rows (pending and due, or sending with a lapsed lease), each leased for `leaseMs`. */
export async function claimDueEmails(
  db: Db,
  now: Date,
  batch: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  return transaction(db, async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(inArray(outbox.status, ['pending', 'sending']), lte(outbox.nextAttemptAt, now)))
      .orderBy(outbox.nextAttemptAt, outbox.id)
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({
        status: 'sending',
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(
        inArray(
          outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** The stored files of the attachments an e-mail carries. */
export async function emailFiles(db: Db, attachmentIds: readonly number[]) {
  if (attachmentIds.length === 0) return [];
  const rows = await db
    .select()
    .from(attachments)
    .where(inArray(attachments.id, [...attachmentIds]));
  return rows.map((a) => ({ filename: a.filename, contentType: a.contentType, storageKey: a.storageKey }));
}

/** Records a delivered row as sent, unless it left `sending` meanwhile. */
export async function recordEmailSent(db: Db, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'sending')));
}

/** Records a failed attempt: due again at `retryAt`, or `failed` for an admin when given up. */
export async function recordEmailFailure(
  db: Db,
  id: number,
  failure: { giveUp: boolean; lastError: string; retryAt: Date },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: failure.giveUp ? 'failed' : 'pending',
      lastError: failure.lastError,
      nextAttemptAt: failure.retryAt,
    })
    .where(eq(outbox.id, id));
}
