/** The comments of an item: one that needs action is ticked when done (or unticked). */
import { OrderItemResponseSchema } from '../../../domain/contract/order-item';
import { currentUser } from '../../auth/guard';
import { toggleCommentActioned } from '../../services/order-items/comments';
import { showOrderItem } from '../../services/order-items/queries';
import { json, refusal } from '../answers';
import type { RouteDeps } from '../route-deps';
import { type ActionApp, AttachmentParams, TAGS } from './action';

/** Registers the tick of a comment as actioned. */
export function commentRoutes(app: ActionApp, { database }: RouteDeps): void {
  const { db } = database;

  app.post(
    '/order_items/:ref/comments/:id/toggle.json',
    {
      schema: {
        tags: TAGS,
        summary:
          'Tick or untick a comment as actioned (only comments that need action); answers the item with its comments',
        params: AttachmentParams,
        response: {
          200: json('The order item with its comments', OrderItemResponseSchema),
          ...refusal(
            409,
            'The comment needs no action, so it cannot be actioned (`wrong_state`). Nothing was changed.',
          ),
        },
      },
    },
    async (request) => {
      const id = await toggleCommentActioned(db, request.params.ref, request.params.id);
      return showOrderItem(db, String(id), currentUser(request));
    },
  );
}
