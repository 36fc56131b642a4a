/** Conversations and unpaid carts (SPEC.md section 7). Any member of staff may handle them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssigneeListSchema,
  CartListSchema,
  CartResponseSchema,
  ConversationArchivedSchema,
  ConversationAssignRequestSchema,
  ConversationListQuerySchema,
  ConversationListSchema,
  ConversationNoteRequestSchema,
  ConversationReplyRequestSchema,
  ConversationResponseSchema,
  ConversationSendRequestSchema,
  ConversationSnoozeRequestSchema,
  ConversationTransferredSchema,
  ConversationTransferSchema,
  CustomerOrdersSchema,
  InboxListSchema,
  InboxQuerySchema,
  NotifyAndCloseSchema,
} from '../../domain/contract/conversations';
import { currentUser } from '../auth/guard';
import { closeCart, listUnpaidCarts, notifyAndCloseCart, showCart } from '../services/carts/carts';
import {
  listConversations,
  replyToConversation,
  sendReply,
  showConversation,
  toggleConversation,
  transferConversation,
} from '../services/conversations/conversations';
import { archiveConversation, listInbox, snoozeConversation } from '../services/conversations/inbox';
import {
  addNote,
  assignConversation,
  customerOrders,
  listAssignees,
} from '../services/conversations/workspace';
import { json, refusal, refusals } from './answers';
import type { RouteDeps } from './route-deps';

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
        description: "assignee=me, unassigned or a member of staff's id narrows the list to their threads.",
        querystring: ConversationListQuerySchema,
        response: { 200: json('A page of conversations, latest message first', ConversationListSchema) },
      },
    },
    async (request) => listConversations(db, { ...request.query, userId: currentUser(request).id }),
  );
  app.get(
    '/conversations/inbox.json',
    {
      schema: {
        tags,
        summary: 'One folder of the inbox, 25 a page, with every folder’s count',
        description:
          'folder: inbox (neither archived nor snoozed), mine and unassigned (the inbox’s threads of the ' +
          'signed-in user, or of nobody), snoozed (soonest back first) or archived. The others are latest ' +
          'message first.',
        querystring: InboxQuerySchema,
        response: { 200: json('A page of the folder and the counts of all five', InboxListSchema) },
      },
    },
    async (request) => listInbox(db, { ...request.query, userId: currentUser(request).id }),
  );
  app.get(
    '/conversations/assignees.json',
    {
      schema: {
        tags,
        summary: 'Who a conversation can be assigned to',
        response: { 200: json('Active staff by name', AssigneeListSchema) },
      },
    },
    async () => listAssignees(db),
  );
  app.get(
    '/conversations/:id.json',
    {
      schema: {
        tags,
        summary: 'One conversation with its thread',
        params: IdParams,
        response: {
          200: json(
            'The conversation with its thread (messages) and our replies',
            ConversationResponseSchema,
          ),
        },
      },
    },
    async (request) => showConversation(db, request.params.id),
  );
  app.get(
    '/conversations/:id/orders.json',
    {
      schema: {
        tags,
        summary: "The sender's orders and their items",
        description: "Orders of the conversation's e-mail address in any case, newest 10, with their items.",
        params: IdParams,
        response: { 200: json("The customer's orders", CustomerOrdersSchema) },
      },
    },
    async (request) => customerOrders(db, request.params.id),
  );
  app.post(
    '/conversations/:id/replies.json',
    {
      schema: {
        tags,
        summary: 'E-mail the customer and keep the conversation in the inbox',
        description:
          'response.lock_version is the one read: a repeat, or a reply written before a new customer message, ' +
          'is 409 stale and sends nothing. An archived conversation is 409 wrong_state.',
        params: IdParams,
        body: ConversationSendRequestSchema,
        response: {
          200: json('The conversation with the reply, still in the inbox', ConversationResponseSchema),
          ...refusals(409),
        },
      },
    },
    async (request) =>
      sendReply(db, request.params.id, {
        content: request.body.response.content,
        lockVersion: request.body.response.lock_version,
        userId: currentUser(request).id,
      }),
  );
  app.post(
    '/conversations/:id/notes.json',
    {
      schema: {
        tags,
        summary: 'Add a staff-only note (never e-mailed)',
        params: IdParams,
        body: ConversationNoteRequestSchema,
        response: { 200: json('The conversation with the note', ConversationResponseSchema) },
      },
    },
    async (request) => addNote(db, request.params.id, request.body.note.body, currentUser(request).id),
  );
  app.post(
    '/conversations/:id/assign.json',
    {
      schema: {
        tags,
        summary: 'Assign to a member of staff, or unassign (null)',
        params: IdParams,
        body: ConversationAssignRequestSchema,
        response: { 200: json('The conversation', ConversationResponseSchema) },
      },
    },
    async (request) => assignConversation(db, request.params.id, request.body.conversation.assignee_id),
  );
  app.post(
    '/conversations/:id/reply.json',
    {
      schema: {
        tags,
        summary: 'E-mail the customer and archive',
        params: IdParams,
        body: ConversationReplyRequestSchema,
        response: {
          200: json('The conversation, archived, with the reply', ConversationResponseSchema),
          ...refusals(409),
        },
      },
    },
    async (request) =>
      replyToConversation(db, request.params.id, request.body.response.content, currentUser(request).id),
  );
  app.post(
    '/conversations/:id/archive.json',
    {
      schema: {
        tags,
        summary: 'Archive (and end a snooze)',
        description:
          'Archiving an archived conversation changes nothing (undo: null). Otherwise undo is the offer to put ' +
          'it back where it was (POST /undo.json).',
        params: IdParams,
        response: {
          200: json('The conversation, archived, and the offer to undo', ConversationArchivedSchema),
        },
      },
    },
    async (request) => archiveConversation(db, request.params.id, currentUser(request).id),
  );
  app.post(
    '/conversations/:id/snooze.json',
    {
      schema: {
        tags,
        summary: 'Snooze out of the inbox until a time, or bring back now (null)',
        description:
          'conversation.snoozed_until must be after now and within 366 days (422 naming the field). When it ' +
          'is due the thread comes back to the inbox and its assignee (else whoever snoozed it) is notified ' +
          'once. A customer message, or archiving, ends a snooze. An archived conversation is 409 wrong_state.',
        params: IdParams,
        body: ConversationSnoozeRequestSchema,
        response: { 200: json('The conversation', ConversationResponseSchema), ...refusals(409) },
      },
    },
    async (request) => {
      const until = request.body.conversation.snoozed_until;
      return snoozeConversation(db, request.params.id, {
        until: until === null ? null : new Date(until),
        userId: currentUser(request).id,
      });
    },
  );
  app.post(
    '/conversations/:id/toggle.json',
    {
      schema: {
        tags,
        summary: 'Archive or unarchive',
        params: IdParams,
        response: { 200: json('The conversation', ConversationResponseSchema) },
      },
    },
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
          'needs confirm_different_customer: true (409 different_customer names both addresses). message_id names ' +
          "the customer message to move (default: the thread's latest). Refused once that message is transferred " +
          '(409 wrong_state). Every refusal changes nothing.',
        params: IdParams,
        body: ConversationTransferSchema,
        response: {
          200: json('The conversation and the item it became a reply on', ConversationTransferredSchema),
          ...refusal(
            409,
            'Several items and none chosen (`choose_item`, details.items lists them), another customer not ' +
              'confirmed (`different_customer`), or already transferred (`wrong_state`). Nothing was changed.',
          ),
        },
      },
    },
    async (request) =>
      transferConversation(db, request.params.id, {
        ref: request.body.order_item.ref,
        itemRef: request.body.order_item.item_ref,
        confirmDifferentCustomer: request.body.confirm_different_customer,
        messageId: request.body.message_id,
      }),
  );

  const cartTags = ['carts'];
  app.get(
    '/carts/unpaid.json',
    {
      schema: {
        tags: cartTags,
        summary: 'Carts whose payment failed, newest first',
        response: { 200: json('At most 200 unpaid carts', CartListSchema) },
      },
    },
    async () => listUnpaidCarts(db),
  );
  app.get(
    '/carts/:ref.json',
    {
      schema: {
        tags: cartTags,
        summary: 'One cart with the apology e-mail to pre-fill',
        params: RefParams,
        response: { 200: json('The cart with apology_email', CartResponseSchema) },
      },
    },
    async (request) => showCart(db, request.params.ref),
  );
  app.post(
    '/carts/:ref/notify_and_close.json',
    {
      schema: {
        tags: cartTags,
        summary: 'E-mail the customer and close',
        params: RefParams,
        body: NotifyAndCloseSchema,
        response: { 200: json('The cart, closed', CartResponseSchema), ...refusals(409) },
      },
    },
    async (request) =>
      notifyAndCloseCart(db, request.params.ref, request.body.message.body, currentUser(request).id),
  );
  app.post(
    '/carts/:ref/close.json',
    {
      schema: {
        tags: cartTags,
        summary: 'Close without e-mail',
        params: RefParams,
        response: { 200: json('The cart, closed', CartResponseSchema), ...refusals(409) },
      },
    },
    async (request) => closeCart(db, request.params.ref, currentUser(request).id),
  );
};
