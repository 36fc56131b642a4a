/** The outbox as admins see it: every customer e-mail and how its delivery went. */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, outbox } from '../../db/schema';

export const OUTBOX_PER_PAGE = 50;

/** One page of the outbox, newest first. */
export async function listOutbox(db: Db, page: number) {
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
    messages: rows.map(({ m, ref }) => ({
      id: m.id,
      kind: m.kind,
      to: m.toAddress,
      subject: m.subject,
      status: m.status,
      attempts: m.attempts,
      last_error: m.lastError,
      sent_at: m.sentAt?.toISOString() ?? null,
      created_at: m.createdAt.toISOString(),
      order_item_ref: ref,
      attachment_count: Array.isArray(m.attachmentIds) ? m.attachmentIds.length : 0,
    })),
    page,
    per_page: OUTBOX_PER_PAGE,
    total_count: n,
    total_pages: Math.ceil(n / OUTBOX_PER_PAGE),
  };
}
