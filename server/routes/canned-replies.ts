/** Canned replies: every member of staff reads them; only admins add, change or delete them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CannedReplyListSchema,
  CannedReplyRequestSchema,
  CannedReplyResponseSchema,
} from '../../domain/contract/canned-replies';
import { MAX_ID } from '../../domain/contract/common';
import { auditedWrites } from '../services/audit/record';
import {
  createCannedReply,
  deleteCannedReply,
  listCannedReplies,
  updateCannedReply,
} from '../services/conversations/canned-replies';
import { json, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });

export const cannedReplyRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['canned replies'];
  const audited = auditedWrites(db);
  const config = { auth: 'admin' as const };
  app.get(
    '/canned_replies.json',
    {
      schema: {
        tags,
        summary: 'Every canned reply by title',
        response: { 200: json('The canned replies', CannedReplyListSchema) },
      },
    },
    async () => listCannedReplies(db),
  );
  app.post(
    '/canned_replies.json',
    {
      config,
      schema: {
        tags,
        summary: 'Add a canned reply (admins)',
        description:
          'The body may use {{customer_name}}, {{customer_email}}, {{order_ref}} and {{staff_name}}.',
        body: CannedReplyRequestSchema,
        response: { 201: json('The new canned reply', CannedReplyResponseSchema), ...refusals(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await audited(request, (tx) => createCannedReply(tx, request.body.canned_reply))),
  );
  app.put(
    '/canned_replies/:id.json',
    {
      config,
      schema: {
        tags,
        summary: 'Change a canned reply (admins)',
        params: IdParams,
        body: CannedReplyRequestSchema,
        response: { 200: json('The canned reply', CannedReplyResponseSchema), ...refusals(409) },
      },
    },
    async (request) =>
      audited(request, (tx) => updateCannedReply(tx, request.params.id, request.body.canned_reply)),
  );
  app.delete(
    '/canned_replies/:id.json',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a canned reply (admins)',
        params: IdParams,
        response: { 200: json('The canned replies left', CannedReplyListSchema) },
      },
    },
    async (request) => audited(request, (tx) => deleteCannedReply(tx, request.params.id)),
  );
};
