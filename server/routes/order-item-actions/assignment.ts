/** Who works on an item: an admin gives one item to another orderer, or assigns ticked items to one. */
import { OrderItemListSchema } from '../../../domain/contract/order-item';
import * as C from '../../../domain/contract/order-item-actions';
import { currentUser } from '../../auth/guard';
import { assignToOrderer, reassign } from '../../services/order-items/assignment';
import { showOrderItem, showOrderItems } from '../../services/order-items/queries';
import { json, refusals } from '../answers';
import { ItemParams } from '../order-items';
import type { RouteDeps } from '../route-deps';
import { type ActionApp, actorOf, ITEM_ANSWER, TAGS } from './action';

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
        response: ITEM_ANSWER,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = await reassign(
        db,
        request.params.ref,
        { ordererId: request.body.reassign.orderer_id, lockVersion: request.body.lock_version },
        actorOf(user),
      );
      return showOrderItem(db, String(id), user);
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
          200: json('The assigned items, by id', OrderItemListSchema),
          ...refusals(404, 409),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = await assignToOrderer(
        db,
        {
          ordererId: request.body.order_assignment.orderer_id,
          orderItemIds: request.body.order_assignment.order_item_ids,
        },
        actorOf(user),
      );
      return showOrderItems(db, ids, user);
    },
  );
}
