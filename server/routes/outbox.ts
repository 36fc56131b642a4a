/** The outbox (admins only). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PageQuerySchema } from '../../domain/contract/common';
import { OutboxMessageResponseSchema, OutboxPageSchema } from '../../domain/contract/outbox';
import { listOutbox, retryOutboxMessage } from '../services/outbox/outbox-list';
import { json, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const outboxRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  app.get(
    '/outbox.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['outbox'],
        summary: 'Customer e-mails and their delivery state, 50 a page',
        querystring: PageQuerySchema,
        response: { 200: json('A page of messages, newest first', OutboxPageSchema) },
      },
    },
    async (request) => listOutbox(database.db, request.query.page),
  );

  app.post(
    '/outbox/:id/retry.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['outbox'],
        summary: 'Send a failed message again (409 unless it failed)',
        params: IdParams,
        response: { 200: json('The message, pending again', OutboxMessageResponseSchema), ...refusals(409) },
      },
    },
    async (request) => retryOutboxMessage(database.db, request.params.id),
  );
};
