/** Order items: the dashboard, queues, the order page and every workflow action. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DashboardQuerySchema, QueueQuerySchema } from '../../domain/contract/queues';
import { currentUser } from '../auth/guard';
import { listOrderers } from '../services/order-items/orderers';
import {
  dashboardItems,
  listFcoBatches,
  ordererQueue,
  ordererStats,
  orderItemComments,
  queueItems,
  showOrderItem,
} from '../services/order-items/queries';
import type { RouteDeps } from './index';

export const ItemParams = z.object({ ref: z.string().min(1).max(40) });
const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const orderItemReadRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['order items'];

  app.get(
    '/order_items/dashboard.json',
    {
      schema: {
        tags,
        summary: 'One page of the unassigned order items, oldest first',
        querystring: DashboardQuerySchema,
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
      },
    },
    async (request) => showOrderItem(db, request.params.ref, currentUser(request)),
  );

  app.get(
    '/order_items/:ref/comments.json',
    { schema: { tags, summary: 'Comments of an order item', params: ItemParams } },
    async (request) => orderItemComments(db, request.params.ref),
  );

  app.get(
    '/users/orderers.json',
    { schema: { tags: ['users'], summary: 'Staff who work a queue' } },
    async () => ({
      orderers: await listOrderers(db),
    }),
  );

  app.get(
    '/orderers/stats.json',
    { schema: { tags: ['users'], summary: 'Per-orderer counts' } },
    async () => ({
      stats: await ordererStats(db),
    }),
  );

  app.get(
    '/orderers/:id/order_items.json',
    {
      schema: {
        tags: ['users'],
        summary: "One orderer's queue: stats, a page of open items, FCO batches to despatch",
        params: IdParams,
        querystring: QueueQuerySchema,
      },
    },
    async (request) => ordererQueue(db, request.params.id, request.query),
  );

  app.get('/fco_batches/pending_despatch.json', { schema: { tags: ['fco batches'] } }, async () => ({
    fco_batches: await listFcoBatches(db, 'pending_despatch'),
  }));

  app.get('/fco_batches/waiting_fco.json', { schema: { tags: ['fco batches'] } }, async () => ({
    fco_batches: await listFcoBatches(db, 'waiting_fco'),
  }));
};
