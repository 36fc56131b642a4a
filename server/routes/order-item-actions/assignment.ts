/**
 * Who works on an item: an admin gives one item to another orderer, or assigns ticked items to one. Both
 * answer an offer to undo the assignment (POST /undo.json).
 */
import {
  OrderItemListUndoableSchema,
  OrderItemUndoableResponseSchema,
} from '../../../domain/contract/order-item';
import * as C from '../../../domain/contract/order-item-actions';
import { currentUser } from '../../auth/guard';
import { assignToOrderer, reassign } from '../../services/order-items/assignment';
import { showOrderItem, showOrderItems } from '../../services/order-items/queries';
import { json, refusals } from '../answers';
import { ItemParams } from '../order-items';
import type { RouteDeps } from '../route-deps';
import { type ActionApp, actorOf, TAGS } from './action';

/** Registers the reassignment of one item and the assignment of ticked items. */
export function assignmentRoutes(app: ActionApp, { database }: RouteDeps): void {
  const { db } = database;

  app.post(
    '/order_items/:ref/reassign.json',
    {
      schema: {
        tags: TAGS,
        summary: 'Give an item to another orderer (admin)',
        params: ItemParams,
        body: C.ReassignSchema,
        response: {
          200: json(
            'The updated order item, and the offer to undo the assignment',
            OrderItemUndoableResponseSchema,
          ),
          ...refusals(409),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, undo } = await reassign(
        db,
        request.params.ref,
        { ordererId: request.body.reassign.orderer_id, lockVersion: request.body.lock_version },
        actorOf(user),
      );
      return { ...(await showOrderItem(db, String(id), user)), undo };
    },
  );

  app.post(
    '/order_items/assign_to_orderer.json',
    {
      schema: {
        tags: TAGS,
        summary: 'Assign ticked items to an orderer (admin); answers the assigned items',
        body: C.AssignToOrdererSchema,
        response: {
          200: json(
            'The assigned items, by id, and the offer to undo the assignment',
            OrderItemListUndoableSchema,
          ),
          ...refusals(404, 409),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { ids, undo } = await assignToOrderer(
        db,
        {
          ordererId: request.body.order_assignment.orderer_id,
          orderItemIds: request.body.order_assignment.order_item_ids,
        },
        actorOf(user),
      );
      return { ...(await showOrderItems(db, ids, user)), undo };
    },
  );
}
