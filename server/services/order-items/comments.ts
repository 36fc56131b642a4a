/**
 * Comments on an order item: the "actioned" tick any member of staff may toggle, on the comments that need
 * action only (domain/comments.ts).
 */

import { and, eq, not } from 'drizzle-orm';
import { commentNeedsAction } from '../../../domain/comments';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { comments } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { publishChange } from '../live/publish';
import { loadOrderItem } from './read';

/**
 * Flips a comment's actioned flag; the comment must belong to the item named in the path and be of a kind
 * that needs action (409 otherwise, nothing changed).
 */
export async function toggleCommentActioned(db: Db, itemKey: string, commentId: number): Promise<number> {
  const row = await loadOrderItem(db, itemKey);
  await transaction(db, async (tx) => {
    const [found] = await tx
      .select({ kind: comments.kind })
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.orderItemId, row.item.id)));
    if (!found) throw notFound('Comment');
    if (!commentNeedsAction(found.kind)) {
      throw new AppError('wrong_state', 'This comment needs no action, so it cannot be ticked as actioned.');
    }
    await tx
      .update(comments)
      .set({ actioned: not(comments.actioned) })
      .where(eq(comments.id, commentId));
    await publishChange(tx, { topic: 'order_item', id: row.item.ref });
  });
  return row.item.id;
}
