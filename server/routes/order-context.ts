/** The order context of an item page (issue 18): the order's other items and the customer's other orders. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderContextSchema } from '../../domain/contract/order-context';
import { orderContext } from '../services/order-items/order-context';
import { json } from './answers';
import { ItemParams } from './order-items';
import type { RouteDeps } from './route-deps';

export const orderContextRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  app.get(
    '/order_items/:ref/context.json',
    {
      schema: {
        tags: ['order items'],
        summary: "An item's order, all its items, and the customer's other orders (by e-mail, any case)",
        params: ItemParams,
        response: {
          200: json(
            "The order, its items by position, and the customer's 20 newest other orders with their count",
            OrderContextSchema,
          ),
        },
      },
    },
    async (request) => orderContext(database.db, request.params.ref),
  );
};
