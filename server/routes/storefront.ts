/**
 * The storefront API (PRODUCT.md section 9): the shops push paid orders, unpaid carts, customer messages,
 * uploads and Modify Order confirmations. Bearer STOREFRONT_API_KEY; no session, no CSRF; idempotent on refs.
 * Every answer, refusals included, has its schema here, so the OpenAPI description shows the shops all of it
 * (docs/storefront.md is the guide, kept true by server/storefront-doc.test.ts).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorSchema } from '../../domain/contract/session';
import {
  StorefrontAttachmentResponseSchema,
  StorefrontCartResponseSchema,
  StorefrontCartSchema,
  StorefrontItemResponseSchema,
  StorefrontMessageResponseSchema,
  StorefrontMessageSchema,
  StorefrontOrderResponseSchema,
  StorefrontOrderSchema,
  storefrontUploadSchema,
} from '../../domain/contract/storefront';
import { AppError } from '../errors';
import { markCartPaid, receiveCart } from '../services/carts/carts';
import { receiveCustomerMessage } from '../services/conversations/conversations';
import { firstFilePart, receiveCustomerUpload } from '../services/order-items/attachments';
import { showStorefrontItem } from '../services/order-items/queries';
import { runItemAction } from '../services/order-items/run-action';
import { ingestOrder, sentOrderRef, storeOrder } from '../services/orders/ingest-order';
import { MAX_ATTACHMENT_BYTES } from '../storage/storage';
import { json } from './answers';
import type { RouteDeps } from './route-deps';

const RefParams = z.object({ ref: z.string().min(1).max(40) });
const system = { kind: 'system' } as const;

/** The shared error body with what it means for this status here, as the OpenAPI description shows it. */
const refusal = (description: string) => json(description, ErrorSchema);
const unauthenticated = refusal('No key, or not the storefront API key (code unauthenticated).');
const tooLarge = refusal(
  'The body is over 1 MB, or the file over the upload limit (code payload_too_large).',
);
const invalid = refusal(
  'Invalid input (code invalid_input); details lists each bad field as {field, message}.',
);
const unavailable = refusal('The database is briefly unreachable (code unavailable): send it again later.');

export const storefrontRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database, storage }) => {
  const { db } = database;
  const tags = ['storefront'];
  const auth = { auth: 'storefront' as const };
  const security = [{ storefront: [] }];
  await app.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1, fields: 5 } });

  app.post(
    '/storefront/orders.json',
    {
      config: auth,
      schema: {
        tags,
        summary: 'A paid order (idempotent on ref); a 422 names every bad field',
        body: StorefrontOrderSchema,
        security,
        response: {
          200: StorefrontOrderResponseSchema.describe('This ref was stored before: the stored order.'),
          201: StorefrontOrderResponseSchema.describe('Stored now, its items unassigned.'),
          401: unauthenticated,
          413: tooLarge,
          422: invalid,
          503: unavailable,
        },
      },
      // A paid order is never refused on the schema's first issue: the service names every bad field and
      // the refusal is logged for staff to chase (the schema is here for the OpenAPI description).
      attachValidation: true,
    },
    async (request, reply) => {
      try {
        // The schema has parsed a valid order already (its output is the body); one it refused goes through
        // ingestOrder, which names every bad field.
        const result = request.validationError
          ? await ingestOrder(db, request.body)
          : await storeOrder(db, request.body);
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
        body: StorefrontCartSchema,
        security,
        response: {
          200: StorefrontCartResponseSchema.describe('This ref was stored before: the stored cart.'),
          201: StorefrontCartResponseSchema.describe('Stored now: the cart is on the unpaid list.'),
          401: unauthenticated,
          413: tooLarge,
          422: invalid,
          503: unavailable,
        },
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
    {
      config: auth,
      schema: {
        tags,
        summary: 'The customer paid an unpaid cart after all; it leaves the unpaid list',
        params: RefParams,
        security,
        response: {
          200: StorefrontCartResponseSchema.describe(
            'The cart: paid now, or as it was if no longer unpaid (paid before, or closed by staff).',
          ),
          401: unauthenticated,
          404: refusal('No cart has this ref, or the path cannot be read (code not_found).'),
          503: unavailable,
        },
      },
    },
    async (request) => markCartPaid(db, request.params.ref),
  );
  app.post(
    '/storefront/messages.json',
    {
      config: auth,
      schema: {
        tags,
        summary: "A customer message; the customer's reply when it names a waiting item of their own order",
        body: StorefrontMessageSchema,
        security,
        response: {
          200: StorefrontMessageResponseSchema.describe('The same message again: the stored conversation.'),
          201: StorefrontMessageResponseSchema.describe(
            'Stored now; order_item_ref is the item it reached, null when it landed in the inbox unlinked.',
          ),
          401: unauthenticated,
          413: tooLarge,
          422: invalid,
          503: unavailable,
        },
      },
    },
    async (request, reply) => {
      const { id, created, orderItemRef } = await receiveCustomerMessage(db, request.body.message);
      reply.status(created ? 201 : 200);
      return { conversation: { id, order_item_ref: orderItemRef } };
    },
  );
  app.post(
    '/storefront/order_items/:ref/attachments.json',
    {
      config: auth,
      schema: {
        tags,
        summary: 'A customer upload (multipart/form-data, one part "file"); clears a rejection',
        params: RefParams,
        consumes: ['multipart/form-data'],
        body: storefrontUploadSchema(MAX_ATTACHMENT_BYTES),
        security,
        response: {
          201: StorefrontAttachmentResponseSchema.describe('Stored on the item.'),
          401: unauthenticated,
          404: refusal('No order item has this ref, or the path cannot be read (code not_found).'),
          413: tooLarge,
          422: refusal(
            'Not multipart, no "file" part, a cut-off body, or not a PDF, image or Word file (code invalid_input).',
          ),
          503: unavailable,
        },
      },
      // The body schema describes the form for the OpenAPI description; the multipart parser, not the
      // JSON validator, reads it (streaming the file), and the handler refuses what is not a form.
      attachValidation: true,
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('invalid_input', 'Send the file as multipart/form-data.');
      const file = await firstFilePart(request.file());
      if (!file)
        throw new AppError('invalid_input', 'Choose a file to upload.', [
          { field: 'file', message: 'Choose a file.' },
        ]);
      // A new upload answers a rejection: the item stops waiting for the customer (one transaction).
      const attachment = await receiveCustomerUpload(db, storage, request.params.ref, {
        filename: file.filename,
        stream: file.file,
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
        security,
        response: {
          200: StorefrontItemResponseSchema.describe('The change is applied: the item as the shop sees it.'),
          401: unauthenticated,
          404: refusal('No order item has this ref, or the path cannot be read (code not_found).'),
          409: refusal(
            'No change is waiting for the customer on this item, e.g. confirmed before (wrong_state).',
          ),
          503: unavailable,
        },
      },
    },
    async (request) => {
      const id = await runItemAction(db, {
        key: request.params.ref,
        action: { type: 'confirm_update' },
        actor: system,
      });
      return showStorefrontItem(db, String(id));
    },
  );
};
