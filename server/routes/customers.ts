/**
 * UK GDPR requests about a customer (admins only, docs/privacy.md): the subject access export of everything
 * held about an e-mail address, as a ZIP file, and the erasure of it. Both are recorded in the audit log by
 * the address's keyed hash, never the address.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CustomerErasureRequestSchema,
  CustomerErasureSchema,
  CustomerExportQuerySchema,
} from '../../domain/contract/privacy';
import { auditActorOf } from '../services/audit/record';
import { eraseCustomer } from '../services/privacy/erase';
import { exportCustomer } from '../services/privacy/export';
import { file, json, refusals } from './answers';
import type { RouteDeps } from './route-deps';

const tags = ['customers'];

export const customerRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { database, storage, config },
) => {
  const { db } = database;

  app.get(
    '/customers/export.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Subject access: everything held about an e-mail address, as a ZIP file',
        description:
          'The address is matched whatever its case. The ZIP holds README.txt (what each file is), one JSON ' +
          'file per kind of record (orders, addresses, items, timelines, conversations, e-mails sent, ' +
          'refunds…) and documents/ with the uploaded files. The export is recorded in the audit log.',
        querystring: CustomerExportQuerySchema,
        response: {
          200: file('The ZIP file', ['application/zip']),
          ...refusals(404),
        },
      },
    },
    async (request, reply) => {
      const zip = await exportCustomer(db, storage, auditActorOf(request), request.query.email);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${zip.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(zip.stream);
    },
  );

  app.post(
    '/customers/erase.json',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "Erasure: replace a customer's personal data by tombstones, delete their documents",
        description:
          'Refused (409 `wrong_state`, the message naming the open refs) while any of their items is open. ' +
          'Names, addresses, phone, e-mail, message bodies and notes are replaced, documents and e-mail copies ' +
          'deleted; refs, amounts, dates and product types stay, so the sales report does not change. The ' +
          'reason is not kept (only its length), as it may name the person.',
        body: CustomerErasureRequestSchema,
        response: {
          200: json('What was erased, in counts', CustomerErasureSchema),
          ...refusals(404, 409),
        },
      },
    },
    async (request) =>
      eraseCustomer(db, { storage, dataDir: config.dataDir }, auditActorOf(request), {
        email: request.body.email,
        reason: request.body.reason,
        kind: 'customer.erased',
      }),
  );
};
