/** Customer conversations and unpaid carts (SPEC.md section 7, PRODUCT.md section 10). */
import { z } from 'zod';
import { STATE_GROUPS } from '../states';
import { IdSchema, IsoDateTimeSchema, MAX_ID, PagingSchema, requiredText, TimestampSchema } from './common';
import { AddressSchema } from './order-item';
import { UndoOfferSchema } from './undo';

export const ConversationReplySchema = z.object({
  id: IdSchema,
  content: z.string(),
  user: z.string().nullable(),
  created_at: TimestampSchema,
});
export type ConversationReply = z.infer<typeof ConversationReplySchema>;

/** What became of an e-mail read from the mailbox (docs/decisions/inbound-mail.md). */
export const INBOUND_OUTCOMES = ['message', 'auto_reply', 'bounce'] as const;
/** How an inbound e-mail found its conversation: reply token, In-Reply-To/References, sender, or a new one. */
export const INBOUND_MATCHES = ['token', 'in_reply_to', 'sender', 'new'] as const;

/** A file of a customer's e-mail that did not become an upload: listed by name, never served inline. */
export const InboundFileSchema = z.object({
  filename: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  /** Why it stayed on the message (not a PDF, JPEG or PNG; refused by the upload checks; not about an item). */
  reason: z.string(),
});
export type InboundFile = z.infer<typeof InboundFileSchema>;

/**
 * One entry of a thread, oldest first: the customer's message (`customer`, sanitised HTML, with the item it
 * reached or was transferred to), our e-mailed reply (`reply`, plain text) or a staff-only note (`note`, plain
 * text, never e-mailed). Ids are unique within a kind.
 */
export const ThreadEntrySchema = z.object({
  id: IdSchema,
  kind: z.enum(['customer', 'reply', 'note']),
  content: z.string(),
  /** Who wrote it: the member of staff for replies and notes, the customer's name or e-mail for messages. */
  author: z.string().nullable(),
  order_item_ref: z.string().nullable(),
  created_at: TimestampSchema,
  /** A customer e-mail's quoted history (sanitised HTML), folded in the thread view; null when it has none. */
  quoted: z.string().nullable().optional(),
  /** A customer e-mail's files that stayed on the message (not uploads); absent for other entries. */
  files: z.array(InboundFileSchema).optional(),
});
export type ThreadEntry = z.infer<typeof ThreadEntrySchema>;

export const StaffMemberSchema = z.object({ id: IdSchema, name: z.string() });
export type StaffMember = z.infer<typeof StaffMemberSchema>;

/** A customer's thread (one per e-mail address: a new message joins their latest thread). */
export const ConversationSchema = z.object({
  id: IdSchema,
  email: z.string(),
  name: z.string().nullable(),
  subject: z.string().nullable(),
  /** The customer's latest message as sanitised HTML. */
  content: z.string(),
  active: z.boolean(),
  order_ref: z.string().nullable(),
  order_item_ref: z.string().nullable(),
  created_at: TimestampSchema,
  /** When the customer last wrote or we last replied. */
  last_message_at: TimestampSchema,
  assignee: StaffMemberSchema.nullable(),
  /** Snoozed out of the inbox until then; null when it is not snoozed. */
  snoozed_until: TimestampSchema.nullable(),
  /** Moves on with every message in or out; a reply that keeps the thread in the inbox sends it back. */
  lock_version: z.number().int(),
  replies: z.array(ConversationReplySchema).optional(),
  /** The whole thread, oldest first (GET /conversations/{id} only). */
  messages: z.array(ThreadEntrySchema).optional(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const ConversationResponseSchema = z.object({ conversation: ConversationSchema });
export type ConversationResponse = z.infer<typeof ConversationResponseSchema>;

/** An archived conversation, with the offer to put it back (null: it was archived already). */
export const ConversationArchivedSchema = ConversationResponseSchema.extend({
  undo: UndoOfferSchema.nullable(),
});
export type ConversationArchived = z.infer<typeof ConversationArchivedSchema>;

/** The answer to a transfer: the conversation and the item it became a reply on. */
export const ConversationTransferredSchema = ConversationResponseSchema.extend({
  order_item_ref: z.string(),
});
export type ConversationTransferred = z.infer<typeof ConversationTransferredSchema>;

/** GET /conversations/active: inbox (active=true) or other (archived), 25 a page. */
export const ConversationListSchema = PagingSchema.extend({ conversations: z.array(ConversationSchema) });
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** `assignee`: `me`, `unassigned` or a member of staff's id; left out, every thread. */
export const AssigneeFilterSchema = z.union(
  [
    z.enum(['me', 'unassigned']),
    z
      .string()
      .max(10)
      .regex(/^\d{1,10}$/)
      .transform(Number)
      .pipe(z.number().int().positive().max(MAX_ID)),
  ],
  { error: 'Choose me, unassigned or a member of staff.' },
);
export type AssigneeFilter = z.infer<typeof AssigneeFilterSchema>;

export const ConversationListQuerySchema = z.object({
  active: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  assignee: AssigneeFilterSchema.optional(),
});
export type ConversationListQuery = z.infer<typeof ConversationListQuerySchema>;

/**
 * The inbox's folders (issue 49): `inbox` every thread waiting for us (neither archived nor snoozed), `mine`
 * and `unassigned` the inbox's threads assigned to the signed-in user or to nobody, `snoozed` the threads put
 * away until a time, `archived` the rest.
 */
export const INBOX_FOLDERS = ['inbox', 'mine', 'unassigned', 'snoozed', 'archived'] as const;
export type InboxFolder = (typeof INBOX_FOLDERS)[number];

/** GET /conversations/inbox: one folder, 25 a page. */
export const InboxQuerySchema = z.object({
  folder: z
    .enum(INBOX_FOLDERS, { error: 'Choose inbox, mine, unassigned, snoozed or archived.' })
    .default('inbox'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type InboxQuery = z.infer<typeof InboxQuerySchema>;

/** How many threads each folder holds now. */
export const InboxCountsSchema = z.object({
  inbox: z.number().int().min(0),
  mine: z.number().int().min(0),
  unassigned: z.number().int().min(0),
  snoozed: z.number().int().min(0),
  archived: z.number().int().min(0),
});
export type InboxCounts = z.infer<typeof InboxCountsSchema>;

/**
 * A page of one folder with every folder's count. Latest message first, but the snoozed folder is in the
 * order its threads come back (the soonest first).
 */
export const InboxListSchema = PagingSchema.extend({
  folder: z.enum(INBOX_FOLDERS),
  counts: InboxCountsSchema,
  conversations: z.array(ConversationSchema),
});
export type InboxList = z.infer<typeof InboxListSchema>;

/** POST /conversations/{id}/snooze: until a moment in the coming year, or null to bring it back now. */
export const ConversationSnoozeRequestSchema = z.object({
  conversation: z.object({
    snoozed_until: z.union([IsoDateTimeSchema, z.null()], {
      error: 'Choose when it comes back (ISO 8601 with an offset), or null to unsnooze.',
    }),
  }),
});
export type ConversationSnoozeRequest = z.infer<typeof ConversationSnoozeRequestSchema>;

/** POST /conversations/{id}/reply: SPEC's reply, which e-mails the customer and archives. */
export const ConversationReplyRequestSchema = z.object({
  response: z.object({ content: requiredText('Enter a reply.') }),
});
export type ConversationReplyRequest = z.infer<typeof ConversationReplyRequestSchema>;

/**
 * POST /conversations/{id}/replies: a reply that keeps the thread in the inbox. `lock_version` is the one the
 * sender read: a repeat (or a customer message that arrived meanwhile) finds it moved on, 409 `stale`.
 */
export const ConversationSendRequestSchema = z.object({
  response: z.object({
    content: requiredText('Enter a reply.'),
    lock_version: z.number({ error: 'Send the lock_version you read.' }).int().min(0).max(MAX_ID),
  }),
});
export type ConversationSendRequest = z.infer<typeof ConversationSendRequestSchema>;

/** POST /conversations/{id}/notes: a staff-only note. */
export const ConversationNoteRequestSchema = z.object({
  note: z.object({ body: requiredText('Enter a note.') }),
});
export type ConversationNoteRequest = z.infer<typeof ConversationNoteRequestSchema>;

/** POST /conversations/{id}/assign: a member of staff, or null to unassign. */
export const ConversationAssignRequestSchema = z.object({
  conversation: z.object({
    assignee_id: z.union([IdSchema, z.null()], { error: 'Choose a member of staff, or null to unassign.' }),
  }),
});
export type ConversationAssignRequest = z.infer<typeof ConversationAssignRequestSchema>;

/** GET /conversations/assignees: who a thread can be assigned to (active staff by name). */
export const AssigneeListSchema = z.object({ assignees: z.array(StaffMemberSchema) });
export type AssigneeList = z.infer<typeof AssigneeListSchema>;

/** GET /conversations/{id}/orders: the sender's orders (same e-mail, any case), newest first, with items. */
export const CustomerOrdersSchema = z.object({
  email: z.string(),
  orders: z.array(
    z.object({
      ref: z.string(),
      placed_at: TimestampSchema,
      items: z.array(
        z.object({
          ref: z.string(),
          type: z.string(),
          current_state: z.string(),
          state_label: z.string(),
          state_group: z.enum(STATE_GROUPS),
          net_value: z.number().int(),
        }),
      ),
    }),
  ),
  /** How many orders the customer has in all (orders shows the newest 10). */
  order_count: z.number().int(),
});
export type CustomerOrders = z.infer<typeof CustomerOrdersSchema>;

/**
 * POST /conversations/{id}/transfer. `order_item.ref` is an item ref (100234-2) or an order ref (100234);
 * `item_ref` chooses the item of an order with several. `confirm_different_customer` says staff have seen that
 * the order belongs to another e-mail address than the sender's and transfer all the same.
 */
export const ConversationTransferSchema = z.object({
  order_item: z.object({
    ref: requiredText('Enter an order ref.', 40),
    item_ref: z.string().trim().max(40, 'Keep this under 40 characters.').optional(),
  }),
  confirm_different_customer: z.boolean().optional(),
  /** The customer message to transfer; left out, the thread's latest. */
  message_id: IdSchema.optional(),
});
export type ConversationTransfer = z.infer<typeof ConversationTransferSchema>;

/** An item offered when an order ref names an order with several items. */
export const TransferChoiceItemSchema = z.object({
  ref: z.string(),
  type: z.string(),
  current_state: z.string(),
  state_label: z.string(),
});
export type TransferChoiceItem = z.infer<typeof TransferChoiceItemSchema>;

/** `details` of the 409 `choose_item`: the order has several items and none was chosen. */
export const TransferChooseItemSchema = z.object({
  order_ref: z.string(),
  items: z.array(TransferChoiceItemSchema),
});
export type TransferChooseItem = z.infer<typeof TransferChooseItemSchema>;

/** `details` of the 409 `different_customer`: the order's e-mail is not the sender's. */
export const TransferDifferentCustomerSchema = z.object({
  conversation_email: z.string(),
  order_email: z.string(),
  order_item_ref: z.string(),
});
export type TransferDifferentCustomer = z.infer<typeof TransferDifferentCustomerSchema>;

export const CartItemSchema = z.object({ type: z.string(), net_value: z.number().int() });
export type CartItem = z.infer<typeof CartItemSchema>;

/** Where an unpaid cart stands: unpaid until staff close it (closed) or the shop reports it paid (paid). */
export const CART_STATES = ['unpaid', 'paid', 'closed'] as const;

export const CartSchema = z.object({
  ref: z.string(),
  email: z.string(),
  billing_address: AddressSchema,
  items: z.array(CartItemSchema),
  total_in_pence: z.number().int(),
  state: z.enum(CART_STATES),
  /** Whether the apology e-mail went out when it was closed. */
  customer_notified: z.boolean(),
  closed_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
  /** The pre-filled apology e-mail (GET /carts/{ref} only). */
  apology_email: z.string().optional(),
});
export type Cart = z.infer<typeof CartSchema>;

export const CartResponseSchema = z.object({ cart: CartSchema });
export type CartResponse = z.infer<typeof CartResponseSchema>;

export const CartListSchema = z.object({ carts: z.array(CartSchema) });
export type CartList = z.infer<typeof CartListSchema>;

export const NotifyAndCloseSchema = z.object({
  message: z.object({ body: requiredText('Enter the e-mail to the customer.') }),
});
export type NotifyAndClose = z.infer<typeof NotifyAndCloseSchema>;

/** The apology pre-filled on the unpaid cart page, addressed to the billing name. */
export function unpaidCartEmail(billingName: string, cartRef: string): string {
  return [
    `Dear ${billingName},`,
    '',
    `We are sorry: the payment for your order ${cartRef} did not go through, so the order has not been placed.`,
    '',
    'Your basket is still saved. Please return to our website to complete your order, or reply to this e-mail if you need any help.',
    '',
    'Kind regards,',
    'Customer Services',
  ].join('\n');
}
