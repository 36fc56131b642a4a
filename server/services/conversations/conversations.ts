/**
 * Customer conversations: the inbox (active) and the archive, replies (e-mailed through the outbox), and the
 * transfer of a conversation to an order item, where it becomes a comment and counts as the customer's reply.
 * Customer HTML is sanitised when it is stored and again when it is served.
 */
import { createHash } from 'node:crypto';
import { asc, count, desc, eq } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import { londonToday } from '../../../domain/format';
import { stateLabel } from '../../../domain/labels';
import type { OrderItemState } from '../../../domain/states';
import { isWaitingForCustomer } from '../../../domain/workflow/escalation';
import type { Db, Tx } from '../../db/client';
import { comments, conversationReplies, conversations, orderItems, orders, users } from '../../db/schema';
import { AppError, invalidInput, notFound } from '../../errors';
import { publishChange } from '../../live/publish';
import { enqueueEmail } from '../../mail/outbox';
import { applyItemAction, lockOrderItem, toWorkItem } from '../order-items/run-action';

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

type ConversationRow = typeof conversations.$inferSelect & { itemRef: string | null };

const wire = (
  c: ConversationRow,
  replies?: { id: number; content: string; user: string | null; createdAt: Date }[],
) => ({
  id: c.id,
  email: c.email,
  name: c.name,
  subject: c.subject,
  content: cleanCustomerHtml(c.content),
  active: c.active,
  order_ref: c.orderRef,
  order_item_ref: c.itemRef,
  created_at: c.createdAt.toISOString(),
  ...(replies
    ? {
        replies: replies.map((r) => ({
          id: r.id,
          content: r.content,
          user: r.user,
          created_at: r.createdAt.toISOString(),
        })),
      }
    : {}),
});

const selectConversation = (db: Db | Tx) =>
  db
    .select({ conversation: conversations, itemRef: orderItems.ref })
    .from(conversations)
    .leftJoin(orderItems, eq(orderItems.id, conversations.orderItemId));

/** One page (25) of the inbox (active) or the archive, newest first. */
export async function listConversations(db: Db, active: boolean, page: number) {
  const [rows, [{ n }]] = await Promise.all([
    selectConversation(db)
      .where(eq(conversations.active, active))
      .orderBy(desc(conversations.createdAt), desc(conversations.id))
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE),
    db.select({ n: count() }).from(conversations).where(eq(conversations.active, active)),
  ]);
  return {
    conversations: rows.map((r) => wire({ ...r.conversation, itemRef: r.itemRef })),
    page,
    per_page: PER_PAGE,
    total_count: n,
    total_pages: Math.ceil(n / PER_PAGE),
  };
}

/** One conversation with our replies. */
export async function showConversation(db: Db | Tx, id: number) {
  const [row] = await selectConversation(db).where(eq(conversations.id, id)).limit(1);
  if (!row) throw notFound('Conversation');
  const replies = await db
    .select({
      id: conversationReplies.id,
      content: conversationReplies.content,
      user: users.name,
      createdAt: conversationReplies.createdAt,
    })
    .from(conversationReplies)
    .leftJoin(users, eq(users.id, conversationReplies.userId))
    .where(eq(conversationReplies.conversationId, id))
    .orderBy(asc(conversationReplies.createdAt));
  return { conversation: wire({ ...row.conversation, itemRef: row.itemRef }, replies) };
}

async function lockConversation(tx: Tx, id: number) {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
  if (!row) throw notFound('Conversation');
  return row;
}

/**
 * Replies by e-mail and archives the conversation. Only an inbox conversation can be answered: the reply
 * archives it under the row lock, so a repeated or concurrent reply finds it archived and sends nothing.
 */
export async function replyToConversation(db: Db, id: number, content: string, userId: number) {
  await db.transaction(async (tx) => {
    const c = await lockConversation(tx, id);
    if (!c.active) {
      throw new AppError(
        'wrong_state',
        'This conversation is archived, so it has been answered or put away: move it back to the inbox to reply again.',
      );
    }
    await tx.insert(conversationReplies).values({ conversationId: id, userId, content });
    await enqueueEmail(tx, {
      kind: 'conversation_reply',
      to: c.email,
      subject: c.subject ? `Re: ${c.subject}` : 'Your message to UK Document Services',
      text: content,
    });
    await tx
      .update(conversations)
      .set({ active: false, updatedAt: new Date() })
      .where(eq(conversations.id, id));
    await publishChange(tx, { topic: 'conversation', id });
  });
  return showConversation(db, id);
}

/** Archives an inbox conversation, or brings an archived one back to the inbox. */
export async function toggleConversation(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const c = await lockConversation(tx, id);
    await tx
      .update(conversations)
      .set({ active: !c.active, updatedAt: new Date() })
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
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Attaches a conversation to an order item and archives it. The ref is an item ref or an order ref; an order
 * with several items needs `itemRef` (409 `choose_item` lists them), and an order of another e-mail address
 * than the sender's needs `confirmDifferentCustomer` (409 `different_customer` names both), because the
 * message counts as that item's customer reply. Every refusal changes nothing.
 */
export async function transferConversation(db: Db, id: number, request: TransferRequest) {
  const itemRef = await db.transaction(async (tx) => {
    const c = await lockConversation(tx, id);
    // A transfer archives the conversation with its item: a repeat would post the message on the item twice.
    if (!c.active && c.orderItemId !== null) {
      throw new AppError('wrong_state', 'This conversation has already been transferred to an order item.');
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
      text: plainText(c.content),
    });
    await tx
      .update(conversations)
      .set({ active: false, orderItemId: item.id, orderRef: item.ref, updatedAt: new Date() })
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
          state_label: stateLabel({ ...r, currentState: r.currentState as OrderItemState }),
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

/**
 * Stores an incoming customer message as an inbox conversation (storefront and demo seed); a repeat of a
 * message already stored answers the stored conversation and changes nothing. A message naming an item of
 * the sender's own order reaches it (itemForMessage); `orderItemRef` is that item, or null.
 */
export async function receiveCustomerMessage(
  db: Db,
  message: {
    email: string;
    name?: string | null;
    subject?: string | null;
    content: string;
    order_ref?: string | null;
    message_id?: string | null;
  },
  now = new Date(),
): Promise<{ id: number; created: boolean; orderItemRef: string | null }> {
  const dedupeKey = messageKey(message, now);
  return db.transaction(async (tx) => {
    const ref = message.order_ref?.trim() || null;
    // Insert first: a concurrent repeat waits on the unique key and then finds the row.
    const [row] = await tx
      .insert(conversations)
      .values({
        email: message.email,
        name: message.name ?? null,
        subject: message.subject ?? null,
        content: cleanCustomerHtml(message.content),
        orderRef: ref,
        dedupeKey,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: conversations.dedupeKey })
      .returning({ id: conversations.id });
    if (!row) {
      const [existing] = await selectConversation(tx).where(eq(conversations.dedupeKey, dedupeKey));
      return { id: existing.conversation.id, created: false, orderItemRef: existing.itemRef };
    }
    const item = ref ? await itemForMessage(tx, ref, message.email) : null;
    if (item) {
      await deliverCustomerMessage(tx, item.ref, {
        from: message.name ?? message.email,
        text: plainText(message.content),
      });
      await tx.update(conversations).set({ orderItemId: item.id }).where(eq(conversations.id, row.id));
    }
    await publishChange(tx, { topic: 'conversation', id: row.id });
    return { id: row.id, created: true, orderItemRef: item?.ref ?? null };
  });
}
