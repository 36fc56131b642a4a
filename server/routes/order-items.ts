/** Order items: the dashboard, queues, the order page and every workflow action. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CommentListSchema, OrderItemResponseSchema } from '../../domain/contract/order-item';
import {
  DashboardPageSchema,
  DashboardQuerySchema,
  FcoBatchListSchema,
  OrdererListSchema,
  OrdererQueueSchema,
  OrdererStatsListSchema,
  QueuePageSchema,
  QueueQuerySchema,
} from '../../domain/contract/queues';
import { currentUser } from '../auth/guard';
import { listOrderers } from '../services/order-items/orderers';
import {
  dashboardItems,
  listFcoBatches,
  ordererQueue,
  ordererStatsAnswer,
  orderItemComments,
  queueItems,
  showOrderItem,
} from '../services/order-items/queries';
import { createOrdererStatsCache } from '../services/order-items/stats-cache';
import { json } from './answers';
import type { RouteDeps } from './route-deps';

export const ItemParams = z.object({ ref: z.string().min(1).max(40) });
const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const orderItemReadRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database, live }) => {
  const { db } = database;
  // Kept only where the hub hears the database's own NOTIFYs (server/services/order-items/stats-cache.ts).
  const statsCache = createOrdererStatsCache(database.pglite || database.url ? live : undefined);
  app.addHook('onClose', async () => statsCache.close());
  const tags = ['order items'];

  app.get(
    '/order_items/dashboard.json',
    {
      schema: {
        tags,
        summary: 'One page of the unassigned order items, oldest first',
        querystring: DashboardQuerySchema,
        response: { 200: json('A page of unassigned items with the paging totals', DashboardPageSchema) },
      },
    },
    async (request) => dashboardItems(db, request.query),
  );

  app.get(
    '/order_items/my_orders.json',
    {
      schema: {
        tags,
        summary: "One page of the signed-in user's open items (sorted, filtered)",
        querystring: QueueQuerySchema,
        response: { 200: json('A page of open items with the paging totals', QueuePageSchema) },
      },
    },
    async (request) => queueItems(db, currentUser(request).id, request.query),
  );

  app.get(
    '/order_items/:ref.json',
    {
      schema: {
        tags,
        summary: 'One order item (id or ref) with attachments, comments and timeline',
        params: ItemParams,
        response: {
          200: json('The order item with what the signed-in user may do now', OrderItemResponseSchema),
        },
      },
    },
    async (request) => showOrderItem(db, request.params.ref, currentUser(request)),
  );

  app.get(
    '/order_items/:ref/comments.json',
    {
      schema: {
        tags,
        summary: 'Comments of an order item',
        params: ItemParams,
        response: { 200: json('The comments, oldest first', CommentListSchema) },
      },
    },
    async (request) => orderItemComments(db, request.params.ref),
  );

  app.get(
    '/users/orderers.json',
    {
      schema: {
        tags: ['users'],
        summary: 'Staff who work a queue',
        response: { 200: json('Active orderers by name', OrdererListSchema) },
      },
    },
    async () => ({
      orderers: await listOrderers(db),
    }),
  );

  app.get(
    '/orderers/stats.json',
    {
      schema: {
        tags: ['users'],
        summary: 'Per-orderer counts',
        response: {
          200: json('Open, escalated, waiting and overdue items per orderer', OrdererStatsListSchema),
        },
      },
    },
    async () => ordererStatsAnswer(db, statsCache),
  );

  app.get(
    '/orderers/:id/order_items.json',
    {
      schema: {
        tags: ['users'],
        summary: "One orderer's queue: stats, a page of open items, FCO batches to despatch",
        params: IdParams,
        querystring: QueueQuerySchema,
        response: { 200: json("The orderer's stats, a page of open items and batches", OrdererQueueSchema) },
      },
    },
    async (request) => ordererQueue(db, request.params.id, request.query),
  );

  for (const state of ['pending_despatch', 'waiting_fco'] as const) {
    app.get(
      `/fco_batches/${state}.json`,
      {
        schema: {
          tags: ['fco batches'],
          summary: `FCO batches ${state === 'pending_despatch' ? 'to post to the FCO' : 'at the FCO'}, oldest first`,
          response: { 200: json('The batches with their items (at most 200)', FcoBatchListSchema) },
        },
      },
      async () => ({ fco_batches: await listFcoBatches(db, state) }),
    );
  }
};
