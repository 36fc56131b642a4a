/**
 * The storefront API (PRODUCT.md section 9): the shops push paid orders, unpaid carts, customer messages,
 * uploads and Modify Order confirmations. Bearer STOREFRONT_API_KEY; no session, no CSRF; idempotent on refs.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FreeFormBodySchema } from '../../domain/contract/common';
import {
  StorefrontItemResponseSchema,
  StorefrontMessageSchema,
  StorefrontOrderSchema,
} from '../../domain/contract/storefront';
import { AppError } from '../errors';
import { markCartPaid, receiveCart } from '../services/carts/carts';
import { receiveCustomerMessage } from '../services/conversations/conversations';
import { firstFilePart, uploadAttachment } from '../services/order-items/attachments';
import { showStorefrontItem } from '../services/order-items/queries';
import { runItemAction } from '../services/order-items/run-action';
import { ingestOrder, sentOrderRef } from '../services/orders/ingest-order';
import { MAX_ATTACHMENT_BYTES } from '../storage/storage';
import type { RouteDeps } from './index';

const RefParams = z.object({ ref: z.string().min(1).max(40) });
const system = { kind: 'system' } as const;

export const storefrontRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database, storage }) => {
  const { db } = database;
  const tags = ['storefront'];
  const auth = { auth: 'storefront' as const };
  await app.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5 } });

  app.post(
    '/storefront/orders.json',
    {
      config: auth,
      schema: {
        tags,
        summary: 'A paid order (idempotent on ref); a 422 names every bad field',
        body: StorefrontOrderSchema,
        security: [{ storefront: [] }],
      },
      // A paid order is never refused on the schema's first issue: the service names every bad field and
      // the refusal is logged for staff to chase (the schema is here for the OpenAPI description).
      attachValidation: true,
    },
    async (request, reply) => {
      try {
        const result = await ingestOrder(db, request.body);
        reply.status(result.created ? 201 : 200);
        return { order: { id: result.orderId, ref: result.ref } };
      } catch (error) {
        if (error instanceof AppError && error.code === 'invalid_input') {
          request.log.warn(
            { order_ref: sentOrderRef(request.body), issues: error.details },
            'storefront order refused: a paid order needs correcting and resending',
          );
        }
        throw error;
      }
    },
  );
  app.post(
    '/storefront/carts.json',
    {
      config: auth,
      schema: {
        tags,
        summary: 'An unpaid cart (idempotent on ref)',
        body: FreeFormBodySchema,
        security: [{ storefront: [] }],
      },
    },
    async (request, reply) => {
      const { created, ...answer } = await receiveCart(db, request.body);
      reply.status(created ? 201 : 200);
      return answer;
    },
  );
  app.post(
    '/storefront/carts/:ref/paid.json',
    { config: auth, schema: { tags, params: RefParams, security: [{ storefront: [] }] } },
    async (request) => markCartPaid(db, request.params.ref),
  );
  app.post(
    '/storefront/messages.json',
    {
      config: auth,
      schema: {
        tags,
        summary: 'A customer message (a reply when it names a waiting item)',
        body: StorefrontMessageSchema,
        security: [{ storefront: [] }],
      },
    },
    async (request, reply) => {
      const { id, created } = await receiveCustomerMessage(db, request.body.message);
      reply.status(created ? 201 : 200);
      return { conversation: { id } };
    },
  );
  app.post(
    '/storefront/order_items/:ref/attachments.json',
    {
      config: auth,
      schema: {
        tags,
        summary: 'A customer upload (multipart field "file")',
        params: RefParams,
        security: [{ storefront: [] }],
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('invalid_input', 'Send the file as multipart/form-data.');
      const file = await firstFilePart(request.file());
      if (!file)
        throw new AppError('invalid_input', 'Choose a file to upload.', [
          { field: 'file', message: 'Choose a file.' },
        ]);
      const attachment = await uploadAttachment(
        db,
        storage,
        request.params.ref,
        { filename: file.filename, stream: file.file },
        system,
        'customer',
      );
      // A new upload answers a rejection: the item stops waiting for the customer.
      await runItemAction(db, {
        key: request.params.ref,
        action: { type: 'customer_upload' },
        actor: system,
      }).catch((error: unknown) => {
        if (!(error instanceof AppError && error.code === 'wrong_state')) throw error;
      });
      reply.status(201);
      return { attachment: { id: attachment.id, filename: attachment.filename } };
    },
  );
  app.post(
    '/storefront/order_items/:ref/update_confirmed.json',
    {
      config: auth,
      schema: {
        tags,
        summary: 'The customer paid an upgrade or approved a downgrade; answers the updated item',
        params: RefParams,
        security: [{ storefront: [] }],
        response: { 200: StorefrontItemResponseSchema },
      },
    },
    async (request) => {
      const row = await runItemAction(db, {
        key: request.params.ref,
        action: { type: 'confirm_update' },
        actor: system,
      });
      return showStorefrontItem(db, String(row.item.id));
    },
  );
};
