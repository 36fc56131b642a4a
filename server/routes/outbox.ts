/**
 * The outbox (admins only): the filtered list, one message in full, retry of a failed one, resend as a copy;
 * and the templates every customer e-mail is laid out with, rendered with sample data.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_ID } from '../../domain/contract/common';
import { EmailTemplateListSchema } from '../../domain/contract/email-templates';
import {
  OutboxKindsSchema,
  OutboxMessageDetailResponseSchema,
  OutboxMessageResponseSchema,
  OutboxPageSchema,
  OutboxQuerySchema,
  ResendOutboxSchema,
} from '../../domain/contract/outbox';
import { listEmailTemplates } from '../services/outbox/email-templates';
import { listOutbox, listOutboxKinds, retryOutboxMessage } from '../services/outbox/outbox-list';
import { resendOutboxMessage, showOutboxMessage } from '../services/outbox/outbox-message';
import { json, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
const tags = ['outbox'];

export const outboxRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database, config }) => {
  const { db } = database;
  // The From every message carries is the server's MAIL_FROM, not stored per row.
  const mailFrom = config.mailFrom ?? 'UK Document Services';

  app.get(
    '/outbox.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary:
          'Customer e-mails and their delivery state, 50 a page, filtered by status, kind, recipient, days',
        querystring: OutboxQuerySchema,
        response: { 200: json('A page of messages, newest first', OutboxPageSchema) },
      },
    },
    async (request) => listOutbox(db, request.query),
  );

  app.get(
    '/outbox/kinds.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'The kinds of e-mail in the outbox (for the kind filter)',
        response: { 200: json('The kinds, alphabetically', OutboxKindsSchema) },
      },
    },
    async () => listOutboxKinds(db),
  );

  app.get(
    '/email_templates.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Every customer e-mail template, rendered with sample data as it would be sent now',
        description:
          'One per kind of customer e-mail: the subject, the whole HTML document and the text part. The HTML is ' +
          'for a sandboxed frame (no scripts, no same origin), never for the page itself.',
        response: { 200: json('The templates, in the order of the workflow', EmailTemplateListSchema) },
      },
    },
    async () => listEmailTemplates(),
  );

  app.get(
    '/outbox/:id.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'One message in full: headers, text and HTML bodies, attachments, copies resent from it',
        params: IdParams,
        response: { 200: json('The message', OutboxMessageDetailResponseSchema), ...refusals(404) },
      },
    },
    async (request) => showOutboxMessage(db, request.params.id, mailFrom),
  );

  app.post(
    '/outbox/:id/retry.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Send a failed message again (409 unless it failed)',
        params: IdParams,
        response: { 200: json('The message, pending again', OutboxMessageResponseSchema), ...refusals(409) },
      },
    },
    async (request) => retryOutboxMessage(db, request.params.id),
  );

  app.post(
    '/outbox/:id/resend.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Queue a new copy of a sent or failed message; the same resend_key again answers that copy',
        params: IdParams,
        body: ResendOutboxSchema,
        response: {
          201: json('The new copy, pending', OutboxMessageDetailResponseSchema),
          200: json(
            'The copy this resend_key already made (nothing new queued)',
            OutboxMessageDetailResponseSchema,
          ),
          ...refusals(409),
        },
      },
    },
    async (request, reply) => {
      const { message, created } = await resendOutboxMessage(
        db,
        request.params.id,
        request.body.resend_key,
        mailFrom,
      );
      reply.status(created ? 201 : 200);
      return { message };
    },
  );
};
