/**
 * Modify Order (a change to what the customer bought: priced, requested, then confirmed or withdrawn) and
 * the edit of one field of the order, orderable or shipping address.
 */
import { z } from 'zod';
import { orderableUpdateFromWire } from '../../../domain/contract/order-item';
import * as C from '../../../domain/contract/order-item-actions';
import { currentUser } from '../../auth/guard';
import { editOrderItemField, parseFieldEdit } from '../../services/order-items/edit-fields';
import { estimatePriceChange } from '../../services/order-items/price-estimate';
import { showOrderItem } from '../../services/order-items/queries';
import { json } from '../answers';
import { ItemParams } from '../order-items';
import type { RouteDeps } from '../route-deps';
import {
  type ActionApp,
  type ActionRow,
  action,
  actorOf,
  ITEM_ANSWER,
  ONCE,
  once,
  RequiredLockVersion,
  TAGS,
} from './action';

/** The Modify Order calls, as rows of the action table. */
export const updateActions: ActionRow[] = [
  action(
    'request_update',
    once(C.OrderItemUpdateSchema),
    (b) => ({ type: 'request_update', attributes: orderableUpdateFromWire(b.order_item_update) }),
    'Modify Order: change what the customer bought',
    ONCE,
  ),
  action(
    'confirm_update',
    z.object({ lock_version: RequiredLockVersion }),
    () => ({ type: 'confirm_update' }),
    'Confirm a waiting Modify Order request',
    ONCE,
  ),
  action(
    'withdraw_update',
    z.object({ lock_version: RequiredLockVersion }),
    () => ({ type: 'withdraw_update' }),
    'Withdraw a waiting Modify Order request',
    ONCE,
  ),
];

/** Registers the price estimate of a Modify Order request and the edit of one field. */
export function updateRoutes(app: ActionApp, { database }: RouteDeps): void {
  const { db } = database;

  app.post(
    '/order_items/:ref/price_estimate.json',
    {
      schema: {
        tags: TAGS,
        summary: 'Price a Modify Order request without changing anything',
        params: ItemParams,
        body: C.OrderItemUpdateSchema,
        response: { 200: json('The current, new and difference in pence', C.PriceEstimateSchema) },
      },
    },
    async (request) =>
      estimatePriceChange(db, request.params.ref, orderableUpdateFromWire(request.body.order_item_update)),
  );

  app.put(
    '/order_items/:ref.json',
    {
      schema: {
        tags: TAGS,
        summary: 'Edit one field of the order, orderable or shipping address',
        params: ItemParams,
        body: C.EditOrderItemSchema,
        response: ITEM_ANSWER,
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { lock_version, ...records } = request.body;
      const id = await editOrderItemField(
        db,
        request.params.ref,
        parseFieldEdit(records),
        actorOf(user),
        lock_version,
      );
      return showOrderItem(db, String(id), user);
    },
  );
}
