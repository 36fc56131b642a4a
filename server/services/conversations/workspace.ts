/**
 * The conversation workspace around a thread: staff-only notes, the assignee, and the sender's orders with
 * their items (so a message can be transferred to one in a click).
 */

import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CustomerOrders } from '../../../domain/contract/conversations';
import { stateLabel } from '../../../domain/labels';
import { groupOf } from '../../../domain/states';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { conversationNotes, conversations, orderItems, orders, users } from '../../db/schema';
import { invalidInput, notFound } from '../../errors';
import { publishChange } from '../live/publish';
import { lockConversation, showConversation } from './conversations';

/** How many of the customer's orders the workspace lists (the newest; the count says how many in all). */
export const CUSTOMER_ORDERS_SHOWN = 10;

/** Adds a note for staff to the thread. It is never e-mailed, and it does not move the thread's lock_version. */
export async function addNote(db: Db, id: number, body: string, userId: number) {
  await transaction(db, async (tx) => {
    await lockConversation(tx, id);
    await tx.insert(conversationNotes).values({ conversationId: id, userId, body });
    await tx.update(conversations).set({ updatedAt: new Date() }).where(eq(conversations.id, id));
    await publishChange(tx, { topic: 'conversation', id });
  });
  return showConversation(db, id);
}

/** Active staff by name: who a thread can be assigned to. */
export async function listAssignees(db: Db) {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.active, true))
    .orderBy(asc(users.name), asc(users.id));
  return { assignees: rows };
}

/** Assigns the thread to an active member of staff, or unassigns it (null). */
export async function assignConversation(db: Db, id: number, assigneeId: number | null) {
  await transaction(db, async (tx) => {
    await lockConversation(tx, id);
    if (assigneeId !== null) {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, assigneeId), eq(users.active, true)));
      if (!user) {
        throw invalidInput('Check the highlighted fields.', [
          { field: 'conversation.assignee_id', message: 'Choose an active member of staff.' },
        ]);
      }
    }
    await tx.update(conversations).set({ assigneeId, updatedAt: new Date() }).where(eq(conversations.id, id));
    await publishChange(tx, { topic: 'conversation', id });
  });
  return showConversation(db, id);
}

/**
 * The sender's orders, matched by e-mail whatever its case (the index on lower(email), placed_at of migration
 * 0014), newest first, each with its items.
 */
export async function customerOrders(db: Db, id: number): Promise<CustomerOrders> {
  const [c] = await db
    .select({ email: conversations.email })
    .from(conversations)
    .where(eq(conversations.id, id));
  if (!c) throw notFound('Conversation');
  const sameCustomer = eq(sql`lower(${orders.email})`, c.email.trim().toLowerCase());
  const [found, [{ n }]] = await Promise.all([
    db
      .select({ id: orders.id, ref: orders.ref, placedAt: orders.placedAt })
      .from(orders)
      .where(sameCustomer)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(CUSTOMER_ORDERS_SHOWN),
    db.select({ n: count() }).from(orders).where(sameCustomer),
  ]);
  const items =
    found.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            ref: orderItems.ref,
            type: orderItems.type,
            netValue: orderItems.netValue,
            currentState: orderItems.currentState,
            isEscalated: orderItems.isEscalated,
            isOnHold: orderItems.isOnHold,
            waitingCustomerResponse: orderItems.waitingCustomerResponse,
          })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              found.map((o) => o.id),
            ),
          )
          .orderBy(asc(orderItems.position), asc(orderItems.id));
  return {
    email: c.email,
    orders: found.map((o) => ({
      ref: o.ref,
      placed_at: o.placedAt.toISOString(),
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => {
          return {
            ref: i.ref,
            type: i.type,
            current_state: i.currentState,
            state_label: stateLabel(i),
            state_group: groupOf(i),
            net_value: i.netValue,
          };
        }),
    })),
    order_count: n,
  };
}
