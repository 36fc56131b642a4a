/** Conversations and unpaid carts (SPEC.md section 7). Any member of staff may handle them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConversationListQuerySchema,
  ConversationReplyRequestSchema,
  ConversationTransferSchema,
  NotifyAndCloseSchema,
} from '../../domain/contract/conversations';
import { currentUser } from '../auth/guard';
import { closeCart, listUnpaidCarts, notifyAndCloseCart, showCart } from '../services/carts/carts';
import {
  listConversations,
  replyToConversation,
  showConversation,
  toggleConversation,
  transferConversation,
} from '../services/conversations/conversations';
import type { RouteDeps } from './index';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const RefParams = z.object({ ref: z.string().min(1).max(40) });

export const conversationRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { database }) => {
  const { db } = database;
  const tags = ['conversations'];
  app.get(
    '/conversations/active.json',
    {
      schema: {
        tags,
        summary: 'Inbox (active=true) or archive (active=false), 25 a page',
        querystring: ConversationListQuerySchema,
      },
    },
    async (request) => listConversations(db, request.query.active, request.query.page),
  );
  app.get('/conversations/:id.json', { schema: { tags, params: IdParams } }, async (request) =>
    showConversation(db, request.params.id),
  );
  app.post(
    '/conversations/:id/reply.json',
    {
      schema: {
        tags,
        summary: 'E-mail the customer and archive',
        params: IdParams,
        body: ConversationReplyRequestSchema,
      },
    },
    async (request) =>
      replyToConversation(db, request.params.id, request.body.response.content, currentUser(request).id),
  );
  app.post(
    '/conversations/:id/toggle.json',
    { schema: { tags, summary: 'Archive or unarchive', params: IdParams } },
    async (request) => toggleConversation(db, request.params.id),
  );
  app.post(
    '/conversations/:id/transfer.json',
    {
      schema: {
        tags,
        summary: "Attach to an order item as the customer's reply",
        description:
          'order_item.ref is an item ref or an order ref. An order with several items needs order_item.item_ref ' +
          "(409 choose_item lists them in details.items); an order of another e-mail address than the sender's " +
          'needs confirm_different_customer: true (409 different_customer names both addresses). Refused once ' +
          'transferred (409 wrong_state). Every refusal changes nothing.',
        params: IdParams,
        body: ConversationTransferSchema,
      },
    },
    async (request) =>
      transferConversation(db, request.params.id, {
        ref: request.body.order_item.ref,
        itemRef: request.body.order_item.item_ref,
        confirmDifferentCustomer: request.body.confirm_different_customer,
      }),
  );

  const cartTags = ['carts'];
  app.get('/carts/unpaid.json', { schema: { tags: cartTags } }, async () => listUnpaidCarts(db));
  app.get('/carts/:ref.json', { schema: { tags: cartTags, params: RefParams } }, async (request) =>
    showCart(db, request.params.ref),
  );
  app.post(
    '/carts/:ref/notify_and_close.json',
    {
      schema: {
        tags: cartTags,
        summary: 'E-mail the customer and close',
        params: RefParams,
        body: NotifyAndCloseSchema,
      },
    },
    async (request) =>
      notifyAndCloseCart(db, request.params.ref, request.body.message.body, currentUser(request).id),
  );
  app.post(
    '/carts/:ref/close.json',
    { schema: { tags: cartTags, summary: 'Close without e-mail', params: RefParams } },
    async (request) => closeCart(db, request.params.ref, currentUser(request).id),
  );
};
