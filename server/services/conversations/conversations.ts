/**
 * Customer conversations: one thread per customer (their messages, our replies and staff notes), the inbox
 * (active) and the archive, replies (e-mailed through the outbox), and the transfer of a customer's message to
 * an order item, where it becomes a comment and counts as the customer's reply. Customer HTML is sanitised
 * when it is stored and again when it is served.
 */

import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import sanitizeHtml from 'sanitize-html';
import type { AssigneeFilter, ThreadEntry } from '../../../domain/contract/conversations';
import { londonToday } from '../../../domain/format';
import { stateLabel } from '../../../domain/labels';
import { isWaitingForCustomer } from '../../../domain/workflow/escalation';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { readsSideBySide } from '../../db/reads';
import {
  comments,
  conversationMessages,
  conversationNotes,
  conversationReplies,
  conversations,
  inboundMessages,
  orderItems,
  orders,
  users,
} from '../../db/schema';
import { AppError, invalidInput, notFound } from '../../errors';
import { presentedCompany } from '../../mail/compose';
import { publishChange } from '../live/publish';
import { applyItemAction, lockOrderItem, toWorkItem } from '../order-items/run-action';
import { enqueueEmail } from '../outbox/enqueue';
import { enqueueWebhookEvents } from '../webhooks/events';

export const PER_PAGE = 25;

/** Keeps the formatting of an e-mail (paragraphs, emphasis, lists, links) and drops everything active. */
export function cleanCustomerHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'b',
      'strong',
      'i',
      'em',
      'u',
      'ul',
      'ol',
      'li',
      'a',
      'blockquote',
      'div',
      'span',
    ],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  });
}

/**
 * A customer message's HTML split into what they wrote and the history they quoted (from the first blockquote
 * on, as mail programs quote), so the thread shows the new text and folds the rest. Each part is cleaned again,
 * which closes what the cut left open.
 */
export function splitQuoted(html: string): { content: string; quoted: string | null } {
  const at = html.search(/<blockquote[\s>]/i);
  if (at <= 0) return { content: html, quoted: null };
  const content = cleanCustomerHtml(html.slice(0, at)).trim();
  if (sanitizeHtml(content, { allowedTags: [], allowedAttributes: {} }).trim() === '') {
    return { content: html, quoted: null };
  }
  return { content, quoted: cleanCustomerHtml(html.slice(at)) };
}

type ConversationRow = typeof conversations.$inferSelect & {
  itemRef: string | null;
  assigneeName: string | null;
};

/** A conversation as the API answers it (without its thread). */
export const wire = (c: ConversationRow) => ({
  id: c.id,
  email: c.email,
  name: c.name,
  subject: c.subject,
  content: cleanCustomerHtml(c.content),
  active: c.active,
  order_ref: c.orderRef,
  order_item_ref: c.itemRef,
  created_at: c.createdAt.toISOString(),
  last_message_at: c.lastMessageAt.toISOString(),
  assignee:
    c.assigneeId !== null && c.assigneeName !== null ? { id: c.assigneeId, name: c.assigneeName } : null,
  snoozed_until: c.snoozedUntil?.toISOString() ?? null,
  lock_version: c.lockVersion,
});

const assignee = alias(users, 'assignee');

/** The conversations with their item's ref and their assignee's name, for `wire`. */
export const selectConversation = (db: Db | Tx) =>
  db
    .select({ conversation: conversations, itemRef: orderItems.ref, assigneeName: assignee.name })
    .from(conversations)
    .leftJoin(orderItems, eq(orderItems.id, conversations.orderItemId))
    .leftJoin(assignee, eq(assignee.id, conversations.assigneeId));

/** The inbox or the archive, optionally of one assignee: `me`, `unassigned` or a member of staff's id. */
export interface ConversationFilter {
  active: boolean;
  page: number;
  assignee?: AssigneeFilter;
  userId: number;
}

function assigneeCondition(filter: ConversationFilter) {
  if (filter.assignee === undefined) return undefined;
  if (filter.assignee === 'unassigned') return isNull(conversations.assigneeId);
  return eq(conversations.assigneeId, filter.assignee === 'me' ? filter.userId : filter.assignee);
}

/** One page (25) of the inbox (active) or the archive, the latest message first. */
export async function listConversations(db: Db, filter: ConversationFilter) {
  const where = and(eq(conversations.active, filter.active), assigneeCondition(filter));
  const [rows, [{ n }]] = await Promise.all([
    selectConversation(db)
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(PER_PAGE)
      .offset((filter.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(conversations).where(where),
  ]);
  return {
    conversations: rows.map((r) =>
      wire({ ...r.conversation, itemRef: r.itemRef, assigneeName: r.assigneeName }),
    ),
    page: filter.page,
    per_page: PER_PAGE,
    total_count: n,
    total_pages: Math.ceil(n / PER_PAGE),
  };
}

/** The thread: the customer's messages, our replies and staff notes, oldest first. */
async function threadOf(db: Db | Tx, id: number, customer: string) {
  const [messages, replies, notes] = await readsSideBySide(db, [
    () =>
      db
        .select({
          id: conversationMessages.id,
          content: conversationMessages.content,
          createdAt: conversationMessages.createdAt,
          itemRef: orderItems.ref,
          files: inboundMessages.files,
        })
        .from(conversationMessages)
        .leftJoin(orderItems, eq(orderItems.id, conversationMessages.orderItemId))
        .leftJoin(inboundMessages, eq(inboundMessages.conversationMessageId, conversationMessages.id))
        .where(eq(conversationMessages.conversationId, id)),
    () =>
      db
        .select({
          id: conversationReplies.id,
          content: conversationReplies.content,
          user: users.name,
          createdAt: conversationReplies.createdAt,
        })
        .from(conversationReplies)
        .leftJoin(users, eq(users.id, conversationReplies.userId))
        .where(eq(conversationReplies.conversationId, id)),
    () =>
      db
        .select({
          id: conversationNotes.id,
          content: conversationNotes.body,
          user: users.name,
          createdAt: conversationNotes.createdAt,
        })
        .from(conversationNotes)
        .innerJoin(users, eq(users.id, conversationNotes.userId))
        .where(eq(conversationNotes.conversationId, id)),
  ]);
  const entry = (
    kind: ThreadEntry['kind'],
    r: { id: number; content: string; createdAt: Date },
    author: string | null,
    itemRef: string | null = null,
  ) => ({ kind, id: r.id, content: r.content, author, order_item_ref: itemRef, created_at: r.createdAt });
  const entries = [
    ...messages.map((m) => ({
      ...entry('customer', m, customer, m.itemRef),
      ...splitQuoted(cleanCustomerHtml(m.content)),
      ...(m.files && m.files.length > 0 ? { files: m.files } : {}),
    })),
    ...replies.map((r) => entry('reply', r, r.user)),
    ...notes.map((n) => entry('note', n, n.user)),
  ].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
  return {
    replies: replies
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .map((r) => ({ id: r.id, content: r.content, user: r.user, created_at: r.createdAt.toISOString() })),
    messages: entries.map((e) => ({ ...e, created_at: e.created_at.toISOString() })),
  };
}

/** One conversation with its whole thread (and SPEC's `replies`, ours alone). */
export async function showConversation(db: Db | Tx, id: number) {
  const [row] = await selectConversation(db).where(eq(conversations.id, id)).limit(1);
  if (!row) throw notFound('Conversation');
  const c = row.conversation;
  const thread = await threadOf(db, id, c.name ?? c.email);
  return {
    conversation: { ...wire({ ...c, itemRef: row.itemRef, assigneeName: row.assigneeName }), ...thread },
  };
}

/** Locks a thread for a change (404 when there is none). */
export async function lockConversation(tx: Tx, id: number) {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
  if (!row) throw notFound('Conversation');
  return row;
}

/**
 * Stores our reply and queues its e-mail in the caller's transaction, on a thread locked by the caller. Only an
 * inbox thread can be answered, and the reply moves the thread's lock_version on: the two guards that keep a
 * repeat from e-mailing twice (docs/decisions/exactly-once.md).
 */
async function emailReply(
  tx: Tx,
  c: typeof conversations.$inferSelect,
  reply: { content: string; userId: number; archive: boolean },
) {
  if (!c.active) {
    throw new AppError(
      'wrong_state',
      'This conversation is archived, so it has been answered or put away: move it back to the inbox to reply again.',
    );
  }
  const now = new Date();
  await tx
    .insert(conversationReplies)
    .values({ conversationId: c.id, userId: reply.userId, content: reply.content });
  await enqueueEmail(tx, {
    kind: 'conversation_reply',
    to: c.email,
    subject: c.subject ? `Re: ${c.subject}` : `Your message to ${presentedCompany().name}`,
    text: reply.content,
    customerName: c.name,
    conversationId: c.id,
  });
  // The shop shows the reply on the customer's account page (issue 48).
  const [item] = c.orderItemId
    ? await tx.select({ ref: orderItems.ref }).from(orderItems).where(eq(orderItems.id, c.orderItemId))
    : [];
  await enqueueWebhookEvents(
    tx,
    [
      {
        type: 'conversation.replied',
        data: {
          conversation_id: c.id,
          customer_email: c.email,
          subject: c.subject,
          order_ref: c.orderRef,
          order_item_ref: item?.ref ?? null,
          reply: reply.content,
        },
      },
    ],
    `conversation:${c.id}`,
    now,
  );
  await tx
    .update(conversations)
    .set({
      active: !reply.archive,
      ...(reply.archive ? { snoozedUntil: null } : {}),
      lockVersion: c.lockVersion + 1,
      lastMessageAt: now,
      updatedAt: now,
    })
    .where(eq(conversations.id, c.id));
  await publishChange(tx, { topic: 'conversation', id: c.id });
}

/**
 * SPEC's reply: e-mails the customer and archives the thread. The reply archives it under the row lock, so a
 * repeated or concurrent reply finds it archived and sends nothing.
 */
export async function replyToConversation(db: Db, id: number, content: string, userId: number) {
  await transaction(db, async (tx) => {
    await emailReply(tx, await lockConversation(tx, id), { content, userId, archive: true });
  });
  return showConversation(db, id);
}

/**
 * A reply that keeps the thread in the inbox. It must name the lock_version the sender read: the reply moves it
 * on, so a repeat, a double click or a second tab finds it stale (409) and sends nothing; so does a reply
 * written before a new customer message arrived, which staff should read first.
 */
export async function sendReply(
  db: Db,
  id: number,
  reply: { content: string; lockVersion: number; userId: number },
) {
  await transaction(db, async (tx) => {
    const c = await lockConversation(tx, id);
    if (c.active && c.lockVersion !== reply.lockVersion) {
      throw new AppError(
        'stale',
        'This conversation has changed since you opened it (a reply was sent or the customer wrote again): read it, then send.',
        { current_lock_version: c.lockVersion },
      );
    }
    await emailReply(tx, c, { content: reply.content, userId: reply.userId, archive: false });
  });
  return showConversation(db, id);
}

/** Archives an inbox conversation, or brings an archived one back to the inbox (either ends a snooze). */
export async function toggleConversation(db: Db, id: number) {
  await transaction(db, async (tx) => {
    const c = await lockConversation(tx, id);
    await tx
      .update(conversations)
      .set({ active: !c.active, snoozedUntil: null, updatedAt: new Date() })
      .where(eq(conversations.id, id));
    await publishChange(tx, { topic: 'conversation', id });
  });
  return showConversation(db, id);
}

/**
 * A customer's message reaches an order item (inside the caller's transaction): it is kept as a comment and,
 * when the item waits for the customer, it is their reply.
 */
export async function deliverCustomerMessage(
  tx: Tx,
  itemKey: string,
  message: { from: string; text: string },
) {
  const row = await lockOrderItem(tx, itemKey);
  await tx
    .insert(comments)
    .values({ orderItemId: row.item.id, kind: 'customer', body: `${message.from}: ${message.text}` });
  if (isWaitingForCustomer(await toWorkItem(tx, row))) {
    await applyItemAction(tx, row, { action: { type: 'customer_reply' }, actor: { kind: 'system' } });
  } else {
    await publishChange(tx, { topic: 'order_item', id: row.item.ref });
  }
  return row.item;
}

const plainText = (html: string) => sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim();

/** What staff name in a transfer: an order or item ref, the chosen item of a multi-item order, and consent. */
export interface TransferRequest {
  ref: string;
  itemRef?: string;
  confirmDifferentCustomer?: boolean;
  /** The customer message to transfer; left out, the thread's latest. */
  messageId?: number;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The customer message a transfer moves: the one named (it must be of this thread), else the latest. */
async function messageToTransfer(tx: Tx, conversationId: number, messageId?: number) {
  const [message] = await tx
    .select()
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        messageId === undefined ? undefined : eq(conversationMessages.id, messageId),
      ),
    )
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(1)
    .for('update');
  if (!message) {
    throw invalidInput('Check the highlighted fields.', [
      { field: 'message_id', message: `This conversation has no message ${messageId}.` },
    ]);
  }
  return message;
}

/**
 * Attaches a customer message of the thread (the latest unless one is named) to an order item and archives the
 * thread. The ref is an item ref or an order ref; an order with several items needs `itemRef` (409
 * `choose_item` lists them), and an order of another e-mail address than the sender's needs
 * `confirmDifferentCustomer` (409 `different_customer` names both), because the message counts as that item's
 * customer reply. A message is transferred once (409 `wrong_state`). Every refusal changes nothing.
 */
export async function transferConversation(db: Db, id: number, request: TransferRequest) {
  const itemRef = await transaction(db, async (tx) => {
    const c = await lockConversation(tx, id);
    const message = await messageToTransfer(tx, id, request.messageId);
    // A repeat would post the message on the item twice.
    if (message.transferredAt !== null) {
      throw new AppError('wrong_state', 'This message has already been transferred to an order item.');
    }
    const target = await transferTarget(tx, request.ref, request.itemRef);
    if (!sameAddress(c.email, target.orderEmail) && request.confirmDifferentCustomer !== true) {
      throw new AppError(
        'different_customer',
        `Order ${target.orderRef} belongs to ${target.orderEmail}, not to ${c.email}: confirm to transfer all the same.`,
        { conversation_email: c.email, order_email: target.orderEmail, order_item_ref: target.ref },
      );
    }
    const item = await deliverCustomerMessage(tx, target.ref, {
      from: c.name ?? c.email,
      text: plainText(message.content),
    });
    const now = new Date();
    await tx
      .update(conversationMessages)
      .set({ orderItemId: item.id, transferredAt: now })
      .where(eq(conversationMessages.id, message.id));
    await tx
      .update(conversations)
      .set({ active: false, snoozedUntil: null, orderItemId: item.id, orderRef: item.ref, updatedAt: now })
      .where(eq(conversations.id, id));
    await publishChange(tx, { topic: 'conversation', id });
    return item.ref;
  });
  return { ...(await showConversation(db, id)), order_item_ref: itemRef };
}

/**
 * The item a transfer names, with its order's ref and e-mail: an item ref names that item; an order ref names
 * its only item, or the chosen one of several (409 `choose_item` with the list when none is chosen).
 */
async function transferTarget(tx: Tx, rawRef: string, rawItemRef?: string) {
  const ref = rawRef.trim();
  const chosen = rawItemRef?.trim() || undefined;
  const rows = await tx
    .select({
      ref: orderItems.ref,
      type: orderItems.type,
      currentState: orderItems.currentState,
      isEscalated: orderItems.isEscalated,
      isOnHold: orderItems.isOnHold,
      waitingCustomerResponse: orderItems.waitingCustomerResponse,
      orderRef: orders.ref,
      orderEmail: orders.email,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(ref.includes('-') ? eq(orderItems.ref, ref) : eq(orders.ref, ref))
    .orderBy(asc(orderItems.position));
  if (rows.length === 0) {
    throw new AppError(
      'not_found',
      ref.includes('-') ? `There is no order item ${ref}.` : `There is no order ${ref}.`,
    );
  }
  if (chosen !== undefined) {
    const match = rows.find((r) => r.ref === chosen);
    if (!match) {
      throw invalidInput('Check the highlighted fields.', [
        { field: 'order_item.item_ref', message: `Order ${rows[0].orderRef} has no item ${chosen}.` },
      ]);
    }
    return match;
  }
  if (rows.length > 1) {
    throw new AppError(
      'choose_item',
      `Order ${rows[0].orderRef} has ${rows.length} items: choose the one this message is about.`,
      {
        order_ref: rows[0].orderRef,
        items: rows.map((r) => ({
          ref: r.ref,
          type: r.type,
          current_state: r.currentState,
          state_label: stateLabel(r),
        })),
      },
    );
  }
  return rows[0];
}

/**
 * The order item a customer's message reaches: an item ref (100234-2) names that item, an order ref (100234)
 * the order's only item (none when it has several). Only an order of the sender's own e-mail address
 * (case-insensitive): the message counts as that item's customer reply, and a staff transfer to another
 * customer's order needs their confirmation (409 different_customer), so a shop's message must not do
 * unasked what staff may only do on purpose. Anything else lands in the inbox unlinked.
 */
async function itemForMessage(tx: Tx, rawRef: string, senderEmail: string) {
  const ref = rawRef.trim();
  if (!ref) return null;
  const items = await tx
    .select({ id: orderItems.id, ref: orderItems.ref, orderEmail: orders.email })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(ref.includes('-') ? eq(orderItems.ref, ref) : eq(orders.ref, ref))
    .limit(2);
  if (items.length !== 1 || !sameAddress(items[0].orderEmail, senderEmail)) return null;
  return items[0];
}

/**
 * The key that makes a repeated message one conversation: the shop's message_id when it sends one, else the
 * sender, subject, content and order ref of the same London day (a retry of the same post).
 */
function messageKey(
  message: {
    email: string;
    subject?: string | null;
    content: string;
    order_ref?: string | null;
    message_id?: string | null;
  },
  now: Date,
): string {
  if (message.message_id?.trim()) return `id:${message.message_id.trim()}`;
  const day = londonToday(now);
  const parts = [
    message.email.toLowerCase(),
    message.subject ?? '',
    message.content,
    message.order_ref ?? '',
    day,
  ];
  return `hash:${createHash('sha256').update(parts.join('\u0000')).digest('hex')}`;
}

type IncomingMessage = {
  email: string;
  name?: string | null;
  subject?: string | null;
  content: string;
  order_ref?: string | null;
  message_id?: string | null;
};

/**
 * Where a customer message goes when the caller has matched it already (an e-mail's reply token or
 * In-Reply-To: services/inbound): the thread it answers and the item it is about. Left out, the sender's thread
 * and the item of the order ref (itemForMessage), as for the storefront.
 */
export interface MessageTarget {
  conversationId?: number | null;
  item?: { id: number; ref: string } | null;
  /** Only the sender's open thread takes it; else a new thread opens (an e-mail matched by its sender alone). */
  openThreadOnly?: boolean;
  /** The text the item's comment carries (an e-mail's new text without its quoted history); else the content's. */
  commentText?: string;
}

/**
 * The customer's thread for a new message, locked: the one named, else their open thread, else their latest one
 * (moved back to the inbox; with openThreadOnly, a new one instead), else a new one. Customers are told apart by
 * e-mail address, whatever its case.
 */
async function threadFor(tx: Tx, message: IncomingMessage, now: Date, target: MessageTarget = {}) {
  const [named] = target.conversationId
    ? await tx.select().from(conversations).where(eq(conversations.id, target.conversationId)).for('update')
    : [];
  if (named) return named;
  const [thread] = await tx
    .select()
    .from(conversations)
    .where(
      and(
        eq(sql`lower(${conversations.email})`, message.email.trim().toLowerCase()),
        target.openThreadOnly ? eq(conversations.active, true) : undefined,
      ),
    )
    .orderBy(desc(conversations.active), desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(1)
    .for('update');
  if (thread) return thread;
  const [created] = await tx
    .insert(conversations)
    .values({
      email: message.email,
      name: message.name ?? null,
      subject: message.subject ?? null,
      content: '',
      createdAt: now,
      updatedAt: now,
      lastMessageAt: now,
    })
    .returning();
  return created;
}

/** Makes one customer's messages take turns (inside the caller's transaction). */
export async function lockCustomer(tx: Tx, email: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`conversation:${email.trim().toLowerCase()}`}))`,
  );
}

/**
 * Stores a customer message in its thread (inside the caller's transaction, the customer locked by the caller):
 * the thread comes back to the inbox (a snooze ends) and, when the message reaches an item, it is that item's
 * customer message (deliverCustomerMessage: a comment, and the customer's reply when the item waits for one).
 */
export async function storeCustomerMessage(
  tx: Tx,
  message: IncomingMessage,
  dedupeKey: string,
  target: MessageTarget,
  now: Date,
) {
  const ref = message.order_ref?.trim() || target.item?.ref || null;
  const thread = await threadFor(tx, message, now, target);
  const content = cleanCustomerHtml(message.content);
  const item =
    target.item !== undefined ? target.item : ref ? await itemForMessage(tx, ref, message.email) : null;
  if (item) {
    await deliverCustomerMessage(tx, item.ref, {
      from: message.name ?? message.email,
      text: target.commentText ?? plainText(message.content),
    });
  }
  const [stored] = await tx
    .insert(conversationMessages)
    .values({
      conversationId: thread.id,
      subject: message.subject ?? null,
      content,
      orderRef: ref,
      orderItemId: item?.id ?? null,
      dedupeKey,
      createdAt: now,
    })
    .returning({ id: conversationMessages.id });
  await tx
    .update(conversations)
    .set({
      content,
      active: true,
      // The customer writing again brings a snoozed thread back at once.
      snoozedUntil: null,
      name: message.name ?? thread.name,
      subject: thread.subject ?? message.subject ?? null,
      ...(ref ? { orderRef: ref } : {}),
      ...(item ? { orderItemId: item.id } : {}),
      lockVersion: thread.lockVersion + 1,
      lastMessageAt: now,
      updatedAt: now,
    })
    .where(eq(conversations.id, thread.id));
  await publishChange(tx, { topic: 'conversation', id: thread.id });
  return { id: thread.id, messageId: stored.id, orderItemRef: item?.ref ?? null };
}

/**
 * Stores an incoming customer message in the customer's thread (storefront and demo seed): a follow-up joins
 * their open thread, or brings back their latest one, rather than starting a conversation. A repeat of a message
 * already stored answers its thread and changes nothing. A message naming an item of the sender's own order
 * reaches it (itemForMessage); `orderItemRef` is that item, or null.
 */
export async function receiveCustomerMessage(
  db: Db,
  message: IncomingMessage,
  now = new Date(),
): Promise<{ id: number; created: boolean; orderItemRef: string | null }> {
  const dedupeKey = messageKey(message, now);
  return transaction(db, async (tx) => {
    // One customer's messages take turns, so two at once cannot start two threads or both miss a repeat.
    await lockCustomer(tx, message.email);
    const [repeat] = await tx
      .select({ id: conversationMessages.conversationId, itemRef: orderItems.ref })
      .from(conversationMessages)
      .leftJoin(orderItems, eq(orderItems.id, conversationMessages.orderItemId))
      .where(eq(conversationMessages.dedupeKey, dedupeKey));
    if (repeat) return { id: repeat.id, created: false, orderItemRef: repeat.itemRef };
    const stored = await storeCustomerMessage(tx, message, dedupeKey, {}, now);
    return { id: stored.id, created: true, orderItemRef: stored.orderItemRef };
  });
}
