/**
 * What is held about one customer, found by their e-mail address whatever its case (docs/privacy.md): their
 * orders (orders_email_lower_placed_at_idx) and everything hanging off them, the conversations from that
 * address or about those items, and their unpaid carts. The export reads these rows, the erasure rewrites
 * them; both start here so they never disagree about whose data it is.
 */
import { inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { carts, conversations, orderItems, orders } from '../../db/schema';

export interface CustomerScope {
  /** The address as given, lower-cased and trimmed. */
  email: string;
  orders: { id: number; ref: string; billingAddressId: number; shippingAddressId: number | null }[];
  items: { id: number; ref: string; currentState: string; orderableId: number }[];
  conversationIds: number[];
  carts: { id: number; billingAddressId: number }[];
}

/** The rows of the customer with this address; `lock` takes their orders' and items' rows FOR UPDATE. */
export async function customerScope(db: Db | Tx, rawEmail: string, lock = false): Promise<CustomerScope> {
  const email = rawEmail.trim().toLowerCase();
  const orderQuery = db
    .select({
      id: orders.id,
      ref: orders.ref,
      billingAddressId: orders.billingAddressId,
      shippingAddressId: orders.shippingAddressId,
    })
    .from(orders)
    .where(sql`lower(${orders.email}) = ${email}`)
    .orderBy(orders.placedAt, orders.id);
  const orderRows = lock ? await orderQuery.for('update') : await orderQuery;
  const orderIds = orderRows.map((o) => o.id);
  const itemQuery = db
    .select({
      id: orderItems.id,
      ref: orderItems.ref,
      currentState: orderItems.currentState,
      orderableId: orderItems.orderableId,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds.length ? orderIds : [0]))
    .orderBy(orderItems.id);
  const items = orderIds.length ? (lock ? await itemQuery.for('update') : await itemQuery) : [];
  const itemIds = items.map((i) => i.id);
  const convRows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      or(
        sql`lower(${conversations.email}) = ${email}`,
        itemIds.length ? inArray(conversations.orderItemId, itemIds) : undefined,
      ),
    )
    .orderBy(conversations.id);
  const cartRows = await db
    .select({ id: carts.id, billingAddressId: carts.billingAddressId })
    .from(carts)
    .where(sql`lower(${carts.email}) = ${email}`)
    .orderBy(carts.id);
  return { email, orders: orderRows, items, conversationIds: convRows.map((c) => c.id), carts: cartRows };
}

/** Whether anything at all is held under the address. */
export const holdsAnything = (scope: CustomerScope) =>
  scope.orders.length + scope.conversationIds.length + scope.carts.length > 0;

/** The address that replaces an erased one: random, so nothing links it back to the person. */
export const ERASED_DOMAIN = 'erased.invalid';
