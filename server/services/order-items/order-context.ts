/**
 * The order context of an item page (issue 18): the item's order, every item of that order with its state,
 * and the customer's other orders, found by the order's e-mail whatever its case (newest first, at most 20,
 * each with its item counts and first item so the page can link to it). The e-mail lookup uses the index on
 * (lower(email), placed_at) (migration 0012).
 */
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { OrderContext } from '../../../domain/contract/order-context';
import { stateLabel } from '../../../domain/labels';
import { groupOf } from '../../../domain/states';
import type { Db } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { isOpenState } from '../../db/states-sql';
import { loadOrderItem } from './read';

/** How many of the customer's other orders the page lists (the count says how many there are in all). */
export const CUSTOMER_ORDERS_SHOWN = 20;

/** The items of one order in their position order, with what a state badge and a link need. */
async function orderItemsOf(db: Db, orderId: number): Promise<OrderContext['items']> {
  const rows = await db
    .select({
      id: orderItems.id,
      ref: orderItems.ref,
      type: orderItems.type,
      currentState: orderItems.currentState,
      isEscalated: orderItems.isEscalated,
      isOnHold: orderItems.isOnHold,
      waitingCustomerResponse: orderItems.waitingCustomerResponse,
      userId: users.id,
      userName: users.name,
    })
    .from(orderItems)
    .leftJoin(users, eq(users.id, orderItems.userId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  return rows.map((r) => {
    return {
      id: r.id,
      ref: r.ref,
      type: r.type,
      current_state: r.currentState,
      state_label: stateLabel(r),
      state_group: groupOf(r),
      user: r.userId !== null && r.userName !== null ? { id: r.userId, name: r.userName } : null,
    };
  });
}

/** The customer's orders other than this one, by e-mail in any case: a page of the newest and the count. */
async function customerOrdersOf(db: Db, order: { id: number; email: string }) {
  const sameCustomer = and(
    eq(sql`lower(${orders.email})`, order.email.toLowerCase()),
    ne(orders.id, order.id),
  );
  const firstItemRef = sql<string | null>`(
    select ${orderItems.ref} from ${orderItems} where ${orderItems.orderId} = ${orders.id}
    order by ${orderItems.position}, ${orderItems.id} limit 1)`;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: orders.id,
        ref: orders.ref,
        placedAt: orders.placedAt,
        itemCount: count(orderItems.id),
        openItems:
          sql<number>`count(${orderItems.id}) filter (where ${isOpenState(orderItems.currentState)})`.mapWith(
            Number,
          ),
        firstItemRef,
      })
      .from(orders)
      .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(sameCustomer)
      .groupBy(orders.id)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(CUSTOMER_ORDERS_SHOWN),
    db.select({ n: count() }).from(orders).where(sameCustomer),
  ]);
  return {
    customer_orders: rows.map((r) => ({
      id: r.id,
      ref: r.ref,
      placed_at: r.placedAt.toISOString(),
      item_count: r.itemCount,
      open_items: r.openItems,
      first_item_ref: r.firstItemRef,
    })),
    customer_order_count: n,
  };
}

/** The context of the item with this id or ref; 404 when there is none. */
export async function orderContext(db: Db, key: string): Promise<OrderContext> {
  const { order, billing } = await loadOrderItem(db, key);
  const [items, customer] = await Promise.all([orderItemsOf(db, order.id), customerOrdersOf(db, order)]);
  return {
    order: { id: order.id, ref: order.ref, email: order.email, customer_name: billing.name },
    items,
    ...customer,
  };
}
