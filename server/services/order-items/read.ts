/**
 * Reading order items: resolving a path segment (id or ref), loading everything the order page needs in a
 * handful of indexed queries, and the list queries behind the dashboard and the queues.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { QueueQuery, QueueSort } from '../../../domain/contract/queues';
import type { Db, Tx } from '../../db/client';
import {
  addresses,
  attachments,
  comments,
  orderables,
  orderItemEvents,
  orderItems,
  orders,
  users,
} from '../../db/schema';
import { notFound } from '../../errors';

const billing = alias(addresses, 'billing');
const shipping = alias(addresses, 'shipping');
const assignee = alias(users, 'assignee');

/** The columns every order-item read selects: the item, what was bought, the order and its people. */
const itemColumns = {
  item: orderItems,
  orderable: orderables,
  order: orders,
  billing,
  shipping,
  assignee: { id: assignee.id, name: assignee.name },
};

export type OrderItemRow = {
  item: typeof orderItems.$inferSelect;
  orderable: typeof orderables.$inferSelect;
  order: typeof orders.$inferSelect;
  billing: typeof addresses.$inferSelect;
  shipping: typeof addresses.$inferSelect | null;
  assignee: { id: number; name: string } | null;
};

const baseQuery = (db: Db | Tx) =>
  db
    .select(itemColumns)
    .from(orderItems)
    .innerJoin(orderables, eq(orderables.id, orderItems.orderableId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(billing, eq(billing.id, orders.billingAddressId))
    .leftJoin(shipping, eq(shipping.id, orders.shippingAddressId))
    .leftJoin(assignee, eq(assignee.id, orderItems.userId));

/** The WHERE clause for a path segment that is either a numeric id or a ref like 100234-2. */
export function itemKey(refOrId: string | number): SQL {
  const key = String(refOrId).trim();
  return /^\d+$/.test(key) ? eq(orderItems.id, Number(key)) : eq(orderItems.ref, key);
}

/** Loads one order item with its orderable, order, addresses and assignee; 404 when unknown. */
export async function loadOrderItem(db: Db | Tx, refOrId: string | number): Promise<OrderItemRow> {
  const key = String(refOrId).trim();
  if (/^\d+$/.test(key) && Number(key) > 2_147_483_647) throw notFound('Order item');
  const [row] = await baseQuery(db).where(itemKey(key)).limit(1);
  if (!row) throw notFound('Order item');
  return row;
}

/** Order items matching a condition, in a stable order, bounded. */
export async function listOrderItemRows(
  db: Db | Tx,
  where: SQL | undefined,
  opts: { limit?: number; order?: 'oldest' | 'newest' } = {},
): Promise<OrderItemRow[]> {
  const order =
    opts.order === 'newest'
      ? [desc(orderItems.createdAt), desc(orderItems.id)]
      : [asc(orderItems.createdAt), asc(orderItems.id)];
  return baseQuery(db)
    .where(where)
    .orderBy(...order)
    .limit(opts.limit ?? 500);
}

/**
 * The columns a list row needs (the dashboard and the queues): the item's own, the order's ref and customer,
 * the assignee, the apostille count. No shipping address and not the whole orderable: a page of 100 rows maps
 * ~30 columns a row, not ~100.
 */
const listColumns = {
  item: {
    id: orderItems.id,
    ref: orderItems.ref,
    type: orderItems.type,
    orderableType: orderItems.orderableType,
    currentState: orderItems.currentState,
    isEscalated: orderItems.isEscalated,
    isOnHold: orderItems.isOnHold,
    waitingCustomerResponse: orderItems.waitingCustomerResponse,
    flagged: orderItems.flagged,
    netValue: orderItems.netValue,
    fcoBatchId: orderItems.fcoBatchId,
    originalReceivedOn: orderItems.originalReceivedOn,
    despatchDueOn: orderItems.despatchDueOn,
    lockVersion: orderItems.lockVersion,
    createdAt: orderItems.createdAt,
    updatedAt: orderItems.updatedAt,
  },
  order: {
    id: orders.id,
    ref: orders.ref,
    email: orders.email,
    deliveryRegion: orders.deliveryRegion,
    placedAt: orders.placedAt,
  },
  apostilleCopies: orderables.apostilleCopies,
  customerName: billing.name,
  assignee: { id: assignee.id, name: assignee.name },
};

export type OrderItemListRow = {
  item: { [K in keyof typeof listColumns.item]: (typeof orderItems.$inferSelect)[K] };
  order: { [K in keyof typeof listColumns.order]: (typeof orders.$inferSelect)[K] };
  apostilleCopies: (typeof orderables.$inferSelect)['apostilleCopies'];
  customerName: string;
  assignee: { id: number; name: string } | null;
};

const listQuery = (db: Db | Tx) =>
  db
    .select(listColumns)
    .from(orderItems)
    .innerJoin(orderables, eq(orderables.id, orderItems.orderableId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(billing, eq(billing.id, orders.billingAddressId))
    .leftJoin(assignee, eq(assignee.id, orderItems.userId));

const SORT_COLUMNS = {
  due: orderItems.despatchDueOn,
  ref: orderItems.ref,
  type: orderItems.type,
  state: orderItems.currentState,
  customer: billing.name,
  value: orderItems.netValue,
} as const satisfies Record<QueueSort, unknown>;

/**
 * One page of list rows matching a condition, sorted and filtered as the queue screens ask (the dashboard:
 * oldest first, unfiltered), with the total count. Items without a value for the sort column go last either
 * way; ties keep the oldest first.
 */
export async function pageOrderItemRows(
  db: Db | Tx,
  where: SQL | undefined,
  query: Pick<QueueQuery, 'page' | 'per_page'> & Partial<Pick<QueueQuery, 'sort' | 'dir' | 'q'>>,
): Promise<{ rows: OrderItemListRow[]; total: number }> {
  const needle = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const condition = and(
    where,
    needle
      ? or(
          ilike(orderItems.ref, needle),
          ilike(orderItems.type, needle),
          ilike(billing.name, needle),
          ilike(orders.email, needle),
        )
      : undefined,
  );
  const column = query.sort ? SORT_COLUMNS[query.sort] : undefined;
  const order = [
    ...(column
      ? [query.dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`]
      : []),
    asc(orderItems.createdAt),
    asc(orderItems.id),
  ];
  const offset = (query.page - 1) * query.per_page;
  // Sorted by an item column and unfiltered, the page's ids come from the item indexes alone and only those
  // 100 rows are joined (a "deferred join"); by customer or with a filter the joins are needed to choose.
  const deferred = !needle && query.sort !== 'customer';
  const page = deferred
    ? listQuery(db)
        .where(
          inArray(
            orderItems.id,
            db
              .select({ id: orderItems.id })
              .from(orderItems)
              .where(where)
              .orderBy(...order)
              .limit(query.per_page)
              .offset(offset),
          ),
        )
        .orderBy(...order)
    : listQuery(db)
        .where(condition)
        .orderBy(...order)
        .limit(query.per_page)
        .offset(offset);
  const [rows, [{ n }]] = await Promise.all([
    page,
    // Without a filter the count needs no joins (an index-only count of the user's open items).
    needle
      ? db
          .select({ n: count() })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .innerJoin(billing, eq(billing.id, orders.billingAddressId))
          .where(condition)
      : db.select({ n: count() }).from(orderItems).where(where),
  ]);
  return { rows, total: n };
}

/** The timeline, comments and attachments of one item (for the order page). */
export async function loadOrderItemDetails(db: Db | Tx, orderItemId: number) {
  const [events, commentRows, attachmentRows] = await Promise.all([
    db
      .select({
        id: orderItemEvents.id,
        action: orderItemEvents.action,
        fromState: orderItemEvents.fromState,
        toState: orderItemEvents.toState,
        payload: orderItemEvents.payload,
        createdAt: orderItemEvents.createdAt,
        userName: users.name,
      })
      .from(orderItemEvents)
      .leftJoin(users, eq(users.id, orderItemEvents.userId))
      .where(eq(orderItemEvents.orderItemId, orderItemId))
      .orderBy(desc(orderItemEvents.createdAt), desc(orderItemEvents.id))
      .limit(200),
    listComments(db, orderItemId),
    db
      .select()
      .from(attachments)
      .where(eq(attachments.orderItemId, orderItemId))
      .orderBy(asc(attachments.createdAt), asc(attachments.id)),
  ]);
  return { events, comments: commentRows, attachments: attachmentRows };
}

/** Comments on an item, oldest first, with their authors. */
export async function listComments(db: Db | Tx, orderItemId: number) {
  return db
    .select({
      id: comments.id,
      kind: comments.kind,
      body: comments.body,
      actioned: comments.actioned,
      createdAt: comments.createdAt,
      userId: comments.userId,
      userName: users.name,
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.orderItemId, orderItemId))
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(500);
}

export const itemFilters = {
  unassigned: () => and(isNull(orderItems.userId), eq(orderItems.currentState, 'unassigned')),
  assignedTo: (userId: number) => eq(orderItems.userId, userId),
  inStates: (states: readonly string[]) => inArray(orderItems.currentState, [...states]),
  open: () => sql`${orderItems.currentState} not in ('order_complete', 'cancelled')`,
};
