/** The outbox as admins see it: every customer e-mail and how its delivery went; a failed one sent again. */
import { count, desc, eq } from 'drizzle-orm';
import type { OutboxMessage, OutboxPage } from '../../../domain/contract/outbox';
import type { Db } from '../../db/client';
import { orderItems, outbox } from '../../db/schema';
import { AppError, notFound } from '../../errors';

export const OUTBOX_PER_PAGE = 50;

const messageWire = (m: typeof outbox.$inferSelect, ref: string | null): OutboxMessage => ({
  id: m.id,
  kind: m.kind,
  to: m.toAddress,
  subject: m.subject,
  status: m.status as OutboxMessage['status'],
  attempts: m.attempts,
  last_error: m.lastError,
  sent_at: m.sentAt?.toISOString() ?? null,
  created_at: m.createdAt.toISOString(),
  order_item_ref: ref,
  attachment_count: Array.isArray(m.attachmentIds) ? m.attachmentIds.length : 0,
});

/** One page of the outbox, newest first. */
export async function listOutbox(db: Db, page: number): Promise<OutboxPage> {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ m: outbox, ref: orderItems.ref })
      .from(outbox)
      .leftJoin(orderItems, eq(orderItems.id, outbox.orderItemId))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(OUTBOX_PER_PAGE)
      .offset((page - 1) * OUTBOX_PER_PAGE),
    db.select({ n: count() }).from(outbox),
  ]);
  return {
    messages: rows.map(({ m, ref }) => messageWire(m, ref)),
    page,
    per_page: OUTBOX_PER_PAGE,
    total_count: n,
    total_pages: Math.ceil(n / OUTBOX_PER_PAGE),
  };
}

/**
 * Sends a message the worker gave up on once more (after the mail server or the address was fixed): it goes
 * back to pending with a fresh count of attempts, due now, keeping its Message-ID.
 */
export async function retryOutboxMessage(
  db: Db,
  id: number,
  now = new Date(),
): Promise<{ message: OutboxMessage }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
    if (!row) throw notFound('Message');
    if (row.status !== 'failed') {
      throw new AppError('wrong_state', 'Only a message whose delivery failed can be sent again.');
    }
    const [updated] = await tx
      .update(outbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: now })
      .where(eq(outbox.id, id))
      .returning();
    const [item] = updated.orderItemId
      ? await tx
          .select({ ref: orderItems.ref })
          .from(orderItems)
          .where(eq(orderItems.id, updated.orderItemId))
      : [];
    return { message: messageWire(updated, item?.ref ?? null) };
  });
}
