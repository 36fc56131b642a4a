/** The outbox (admins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PageQuerySchema } from '../../domain/contract/common';
import { listOutbox } from '../services/outbox/outbox-list';
import type { RouteDeps } from './index';

export const outboxRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  app.get(
    '/outbox.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['outbox'],
        summary: 'Customer e-mails and their delivery state, 50 a page',
        querystring: PageQuerySchema,
      },
    },
    async (request) => listOutbox(database.db, request.query.page),
  );
};
