/** The outbox as admins see it: every customer e-mail and how its delivery went, filtered; a failed one sent again. */

import { and, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import type { OutboxMessage, OutboxPage, OutboxQuery } from '../../../domain/contract/outbox';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { londonMidnight } from '../../db/london-days';
import { orderItems, outbox } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { currentAuditActor, recordAudit } from '../audit/record';

export const OUTBOX_PER_PAGE = 50;

/**
 * What a list row shows of a message: never its bodies, which are most of its size (the HTML part alone is
 * some kilobytes), so a page of 50 reads a few kilobytes, not hundreds.
 */
const listColumns = {
  id: outbox.id,
  kind: outbox.kind,
  toAddress: outbox.toAddress,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  sentAt: outbox.sentAt,
  createdAt: outbox.createdAt,
  attachmentIds: outbox.attachmentIds,
  resentFromId: outbox.resentFromId,
};
type ListedRow = Pick<typeof outbox.$inferSelect, keyof typeof listColumns>;

export const messageWire = (m: ListedRow, ref: string | null): OutboxMessage => ({
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
  resent_from_id: m.resentFromId,
});

/** `%`, `_` and `\` typed by the user match themselves, not any text. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function filterOf(q: Omit<OutboxQuery, 'page'>): SQL | undefined {
  const to = q.to?.trim();
  return and(
    q.status ? eq(outbox.status, q.status) : undefined,
    q.kind ? eq(outbox.kind, q.kind) : undefined,
    to ? ilike(outbox.toAddress, `%${likeEscaped(to)}%`) : undefined,
    q.from ? gte(outbox.createdAt, londonMidnight(q.from)) : undefined,
    q.until ? lt(outbox.createdAt, londonMidnight(q.until, 1)) : undefined,
  );
}

/** One page of the outbox, newest first, narrowed by the query's filters. */
export async function listOutbox(db: Db, query: OutboxQuery): Promise<OutboxPage> {
  const where = filterOf(query);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ m: listColumns, ref: orderItems.ref })
      .from(outbox)
      .leftJoin(orderItems, eq(orderItems.id, outbox.orderItemId))
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(OUTBOX_PER_PAGE)
      .offset((query.page - 1) * OUTBOX_PER_PAGE),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return {
    messages: rows.map(({ m, ref }) => messageWire(m, ref)),
    page: query.page,
    per_page: OUTBOX_PER_PAGE,
    total_count: n,
    total_pages: Math.ceil(n / OUTBOX_PER_PAGE),
  };
}

/** The kinds of e-mail the outbox holds, for the kind filter. */
export async function listOutboxKinds(db: Db): Promise<{ kinds: string[] }> {
  const rows = await db.selectDistinct({ kind: outbox.kind }).from(outbox).orderBy(outbox.kind);
  return { kinds: rows.map((r) => r.kind) };
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
  return transaction(db, async (tx) => {
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
    await recordAudit(tx, currentAuditActor(), {
      kind: 'outbox.retried',
      targetType: 'outbox',
      targetId: id,
      summary: `Sent e-mail #${id} (${row.kind}) again after its delivery failed`,
    });
    const [item] = updated.orderItemId
      ? await tx
          .select({ ref: orderItems.ref })
          .from(orderItems)
          .where(eq(orderItems.id, updated.orderItemId))
      : [];
    return { message: messageWire(updated, item?.ref ?? null) };
  });
}
