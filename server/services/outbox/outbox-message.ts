/**
 * One outbox message in full (headers, both bodies, attachments, copies) and the admin's "resend": a new
 * outbox row copying the original, made once per click key (docs/decisions/notifications-and-outbox.md).
 */

import { randomBytes } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { OutboxMessageDetail } from '../../../domain/contract/outbox';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { readsSideBySide } from '../../db/reads';
import { attachments, orderItems, outbox } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { currentAuditActor, recordAudit } from '../audit/record';
import { newReplyToken } from './enqueue';
import { messageWire } from './outbox-list';

type Row = typeof outbox.$inferSelect;

async function refOf(db: Db | Tx, orderItemId: number | null): Promise<string | null> {
  if (orderItemId === null) return null;
  const [item] = await db
    .select({ ref: orderItems.ref })
    .from(orderItems)
    .where(eq(orderItems.id, orderItemId));
  return item?.ref ?? null;
}

async function detailOf(db: Db | Tx, row: Row, mailFrom: string): Promise<OutboxMessageDetail> {
  const ref = await refOf(db, row.orderItemId);
  const ids = Array.isArray(row.attachmentIds) ? row.attachmentIds : [];
  const [files, copies] = await readsSideBySide(db, [
    () =>
      ids.length > 0
        ? db
            .select({
              id: attachments.id,
              filename: attachments.filename,
              contentType: attachments.contentType,
            })
            .from(attachments)
            .where(inArray(attachments.id, ids))
        : Promise.resolve([]),
    () =>
      db
        .select({ id: outbox.id, status: outbox.status, createdAt: outbox.createdAt })
        .from(outbox)
        .where(eq(outbox.resentFromId, row.id))
        .orderBy(asc(outbox.createdAt), asc(outbox.id)),
  ]);
  const byId = new Map(files.map((f) => [f.id, f]));
  return {
    ...messageWire(row, ref),
    from: mailFrom,
    message_id: row.messageId,
    next_attempt_at:
      row.status === 'sent' || row.status === 'failed' ? null : row.nextAttemptAt.toISOString(),
    text_body: row.textBody,
    html_body: row.htmlBody,
    // In the order the message lists them; a file deleted since is still named, without a link.
    attachments: ids.map((id) => {
      const f = byId.get(id);
      return {
        id,
        filename: f?.filename ?? `Attachment ${id} (no longer kept)`,
        content_type: f?.contentType ?? 'application/octet-stream',
        download_path:
          f && ref ? `/api/v1/order_items/${encodeURIComponent(ref)}/attachments/${id}/file` : null,
      };
    }),
    resends: copies.map((c) => ({
      id: c.id,
      status: c.status,
      created_at: c.createdAt.toISOString(),
    })),
  };
}

/** One message as the outbox viewer opens it. */
export async function showOutboxMessage(
  db: Db,
  id: number,
  mailFrom: string,
): Promise<{ message: OutboxMessageDetail }> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw notFound('Message');
  return { message: await detailOf(db, row, mailFrom) };
}

/**
 * Queues a copy of a delivered (or failed) message with its own Message-ID. The click's key is unique in the
 * table: a repeated request with it answers the copy already made (`created: false`); the key used for another
 * message is a conflict. A message still on its way cannot be resent: it has not finished its first journey.
 */
export async function resendOutboxMessage(
  db: Db,
  id: number,
  resendKey: string,
  mailFrom: string,
): Promise<{ message: OutboxMessageDetail; created: boolean }> {
  return transaction(db, async (tx) => {
    const [original] = await tx.select().from(outbox).where(eq(outbox.id, id));
    if (!original) throw notFound('Message');
    const [earlier] = await tx.select().from(outbox).where(eq(outbox.resendKey, resendKey));
    if (earlier) return answerRepeat(tx, earlier, id, mailFrom);
    if (original.status === 'pending' || original.status === 'sending') {
      throw new AppError(
        'wrong_state',
        'This message is still on its way; it can be resent once sent or failed.',
      );
    }
    const [copy] = await tx
      .insert(outbox)
      .values({
        kind: original.kind,
        toAddress: original.toAddress,
        subject: original.subject,
        textBody: original.textBody,
        htmlBody: original.htmlBody,
        attachmentIds: original.attachmentIds,
        orderItemId: original.orderItemId,
        conversationId: original.conversationId,
        replyToken: newReplyToken(),
        messageId: `<${original.kind}.resend.${Date.now().toString(36)}.${randomBytes(8).toString('hex')}@ukds.back-office>`,
        resentFromId: original.id,
        resendKey,
      })
      // Two requests with one key racing: the second inserts nothing and reads the first's copy below.
      .onConflictDoNothing({ target: outbox.resendKey })
      .returning();
    if (!copy) {
      const [raced] = await tx.select().from(outbox).where(eq(outbox.resendKey, resendKey));
      return answerRepeat(tx, raced, id, mailFrom);
    }
    await recordAudit(tx, currentAuditActor(), {
      kind: 'outbox.resent',
      targetType: 'outbox',
      targetId: original.id,
      summary: `Resent e-mail #${original.id} (${original.kind}) as #${copy.id}`,
      after: { copy_id: copy.id, kind: original.kind },
    });
    return { message: await detailOf(tx, copy, mailFrom), created: true };
  });
}

async function answerRepeat(tx: Tx, earlier: Row, id: number, mailFrom: string) {
  if (earlier.resentFromId !== id) {
    throw new AppError('conflict', 'This resend_key was already used for another message.');
  }
  return { message: await detailOf(tx, earlier, mailFrom), created: false };
}
