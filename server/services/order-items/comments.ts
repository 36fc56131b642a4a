/** Comments on an order item: the "actioned" tick any member of staff may toggle. */
import { and, eq, not } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments } from '../../db/schema';
import { notFound } from '../../errors';
import { publishChange } from '../../live/publish';
import { loadOrderItem } from './read';

/** Flips a comment's actioned flag; the comment must belong to the item named in the path. */
export async function toggleCommentActioned(db: Db, itemKey: string, commentId: number): Promise<number> {
  const row = await loadOrderItem(db, itemKey);
  await db.transaction(async (tx) => {
    const [c] = await tx
      .update(comments)
      .set({ actioned: not(comments.actioned) })
      .where(and(eq(comments.id, commentId), eq(comments.orderItemId, row.item.id)))
      .returning({ id: comments.id });
    if (!c) throw notFound('Comment');
    await publishChange(tx, { topic: 'order_item', id: row.item.ref });
  });
  return row.item.id;
}
