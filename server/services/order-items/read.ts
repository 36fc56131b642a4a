/**
 * Reading order items: resolving a path segment (id or ref), loading everything the order page needs in a
 * handful of indexed queries, and the list queries behind the dashboard and the queues.
 */
import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNull,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { keyKind } from '../../../domain/contract/common';
import type { ListFilter } from '../../../domain/contract/lists';
import {
  AttachmentSchema,
  type Attachment as AttachmentWire,
  CommentListSchema,
  type Comment as CommentWire,
  type OrderItem,
  type OrderItemEvent as OrderItemEventWire,
} from '../../../domain/contract/order-item';
import {
  type EscalationSort,
  LIST_PER_PAGE,
  type QueueQuery,
  type QueueSort,
} from '../../../domain/contract/queues';
import { londonToday } from '../../../domain/format';
import type { OrderItemState } from '../../../domain/states';
import type { WorkAttachment } from '../../../domain/workflow/types';
import type { Db, Tx } from '../../db/client';
import { type JsonColumnsOf, jsonObjectSql } from '../../db/json-sql';
import { preparedMapped, preparedStatement } from '../../db/prepared';
import { readsSideBySide } from '../../db/reads';
import { compileRowMapper } from '../../db/row-mapper';
import {
  type addresses,
  attachments,
  comments,
  groOrders,
  orderables,
  orderItemEvents,
  orderItems,
  orders,
  users,
} from '../../db/schema';
import { isInState, isOpenState } from '../../db/states-sql';
import { notFound } from '../../errors';
import { filterOf, hasFilter, listFilterCondition, needsJoins } from './list-filter';
import {
  type APP_KEYS,
  actor,
  assignedTo,
  assignee,
  attachment,
  attachmentJson,
  author,
  billing,
  comment,
  commentJson,
  event,
  eventJson,
  itemRecordJson,
  listRowJson,
  reviewer,
  shipping,
} from './wire';

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

/**
 * `columns` of the item joined to its orderable, order, addresses and assignee: the item's row, or its record
 * as JSON (and the order page's lists). Each read's rows are typed by its own mapper (compileRowMapper).
 */
const joinedItems = (db: Db | Tx, columns: SelectedFields) =>
  db
    .select(columns)
    .from(orderItems)
    .innerJoin(orderables, eq(orderables.id, orderItems.orderableId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(billing, eq(billing.id, orders.billingAddressId))
    .leftJoin(shipping, eq(shipping.id, orders.shippingAddressId))
    .leftJoin(assignee, eq(assignee.id, orderItems.userId));

/** The item with its orderable, order, addresses and assignee; exported for row-mapper.test.ts. */
export const baseQuery = (db: Db | Tx) => joinedItems(db, itemColumns);

/**
 * One item of a joined read by id or by ref, each a prepared statement mapped by `map` (`<name>_by_id`,
 * `<name>_by_ref`), and the loader taking either: 404 when unknown.
 */
function oneItemReads<T>(
  select: (db: Db | Tx) => { where(where: SQL): { getSQL(): SQL } },
  map: (rows: unknown[][]) => T[],
  name: string,
) {
  const byId = preparedMapped(
    `${name}_by_id`,
    (db) => select(db).where(eq(orderItems.id, sql.placeholder('id'))),
    map,
  );
  const byRef = preparedMapped(
    `${name}_by_ref`,
    (db) => select(db).where(eq(orderItems.ref, sql.placeholder('ref'))),
    map,
  );
  const load = async (db: Db | Tx, refOrId: string | number): Promise<T> => {
    const key = String(refOrId).trim();
    const named = keyKind(key);
    if (named.kind === 'none') throw notFound('Order item');
    const [row] =
      named.kind === 'id' ? await byId(db).execute({ id: named.id }) : await byRef(db).execute({ ref: key });
    if (!row) throw notFound('Order item');
    return row;
  };
  return { byId, load };
}

/** The WHERE clause for a path segment that is either a numeric id or a ref like 100234-2. */
export function itemKey(refOrId: string | number): SQL {
  const key = String(refOrId).trim();
  const named = keyKind(key);
  if (named.kind === 'none') return sql`false`;
  return named.kind === 'id' ? eq(orderItems.id, named.id) : eq(orderItems.ref, key);
}

/** Rows of `baseQuery` as OrderItemRow, mapped by a mapper made for this shape (row-mapper.ts). */
const itemRows = compileRowMapper<OrderItemRow>(itemColumns, ['shipping', 'assignee']);

const itemReads = oneItemReads(baseQuery, itemRows, 'order_item');

/** Loads one order item with its orderable, order, addresses and assignee; 404 when unknown. */
export const loadOrderItem = itemReads.load;

/**
 * What the state machine reads of an item beyond its row (run-action.ts `toWorkItem`): its files' review, and the
 * destination of its latest GRO order. Read with the row by the statement an action runs once the item is
 * locked: one round trip, not two.
 */
const attachmentReviewJson = jsonObjectSql(
  AttachmentSchema.pick({ id: true, selected: true, approved: true }),
  {
    id: attachments.id,
    selected: attachments.selected,
    approved: attachments.approved,
  } satisfies JsonColumnsOf<WorkAttachment>,
);
const actionFactColumns = {
  attachmentReview: sql<WorkAttachment[]>`coalesce(
    (select json_agg(${attachmentReviewJson} order by ${attachments.id})
      from ${attachments} where ${attachments.orderItemId} = ${orderItems.id}),
    '[]'::json)`,
  groDestination: sql<string | null>`(select ${groOrders.destination} from ${groOrders}
    where ${groOrders.orderItemId} = ${orderItems.id}
    order by ${groOrders.createdAt} desc, ${groOrders.id} desc limit 1)`,
};

/** An item's row with what the state machine reads beyond it: what an action works on. */
export type ActionItemRow = OrderItemRow & {
  attachmentReview: WorkAttachment[];
  groDestination: string | null;
};
const actionColumns = { ...itemColumns, ...actionFactColumns };
const actionReads = oneItemReads(
  (db) => joinedItems(db, actionColumns),
  compileRowMapper<ActionItemRow>(actionColumns, ['shipping', 'assignee']),
  'order_item_for_action',
);

/** Loads one order item with its files' review and latest GRO destination (an action's view); 404 when unknown. */
export const loadOrderItemForAction = actionReads.load;

/** The timeline's newest entries the order page shows, and its comments' oldest. */
const TIMELINE_LIMIT = 200;
const COMMENTS_LIMIT = 500;

/**
 * The comments of the item in the row (`order_items`), the oldest COMMENTS_LIMIT, oldest first, with their
 * author and whether they need action, as a JSON array in the answer's shape (CommentSchema): the order page's
 * and the comments call's.
 */
const commentsJson = sql`coalesce((select json_agg(${commentJson} order by ${comment.createdAt}, ${comment.id})
    from (select * from ${comments} where ${comments.orderItemId} = ${orderItems.id}
      order by ${comments.createdAt}, ${comments.id} limit ${sql.raw(String(COMMENTS_LIMIT))}) ${sql.identifier('comment')}
    left join ${users} ${sql.identifier('author')} on ${author.id} = ${comment.userId}), '[]')`;

/**
 * The order page's lists of the item in the row (`order_items`), each a JSON array in the answer's shape
 * (OrderItemDetailSchema, from wire.ts): `ukds_attachments` oldest first with their reviewer, `comments` (the
 * oldest COMMENTS_LIMIT) with their author and whether they need action, `events` (the newest TIMELINE_LIMIT)
 * with who did them and, for an assignment (or its undo), the orderer's name.
 */
const pageListColumns = {
  attachments: sql<
    AttachmentWire[]
  >`coalesce((select json_agg(${attachmentJson} order by ${attachment.createdAt}, ${attachment.id})
    from ${attachments} ${sql.identifier('attachment')}
    left join ${users} ${sql.identifier('reviewer')} on ${reviewer.id} = ${attachment.reviewedById}
    where ${attachment.orderItemId} = ${orderItems.id}), '[]')`,
  comments: sql<CommentWire[]>`${commentsJson}`,
  events: sql<
    OrderItemEventWire[]
  >`coalesce((select json_agg(${eventJson} order by ${event.createdAt} desc, ${event.id} desc)
    from (select * from ${orderItemEvents} where ${orderItemEvents.orderItemId} = ${orderItems.id}
      order by ${orderItemEvents.createdAt} desc, ${orderItemEvents.id} desc
      limit ${sql.raw(String(TIMELINE_LIMIT))}) ${sql.identifier('event')}
    left join ${users} ${sql.identifier('actor')} on ${actor.id} = ${event.userId}
    left join ${users} ${sql.identifier('assigned_to')} on ${event.action} in ('assign', 'undo')
      and ${assignedTo.id} = (${event.payload} ->> 'ordererId')::int), '[]')`,
};

const itemsByIds = preparedMapped(
  'order_items_by_ids',
  (db) => baseQuery(db).where(sql`${orderItems.id} = any(${sql.placeholder('ids')}::int[])`),
  itemRows,
);

/**
 * The order items with these ids (in no particular order; search answers them in its own). One id is read by
 * `order_item_by_id`: PostgreSQL keeps one plan of that statement per connection, while `= any($1)` with a
 * single id looked cheaper re-planned each time (1.2 ms of planning for 0.1 ms of work, on a slow machine).
 */
export async function loadOrderItemRows(db: Db | Tx, ids: readonly number[]): Promise<OrderItemRow[]> {
  if (ids.length === 0) return [];
  if (ids.length === 1) return itemReads.byId(db).execute({ id: ids[0] });
  return itemsByIds(db).execute({ ids });
}

/** The record's JSON with the item's columns its pending change and panels are computed from. */
const recordColumns = {
  record: sql<ItemRecordJson>`${itemRecordJson}`,
  item: {
    id: orderItems.id,
    currentState: orderItems.currentState,
    orderableType: orderItems.orderableType,
    userId: orderItems.userId,
    isEscalated: orderItems.isEscalated,
    netValue: orderItems.netValue,
    pendingUpdate: orderItems.pendingUpdate,
  },
};

/** The record as PostgreSQL writes it: every key but the app's (wire.ts APP_KEYS). */
export type ItemRecordJson = Omit<OrderItem, (typeof APP_KEYS)[number]>;

/** An item's record as PostgreSQL wrote it, and the columns `orderItemWire` (serialize.ts) completes it from. */
export type ItemRecordRow = {
  record: ItemRecordJson;
  item: Pick<
    typeof orderItems.$inferSelect,
    'id' | 'currentState' | 'orderableType' | 'userId' | 'isEscalated' | 'netValue' | 'pendingUpdate'
  >;
};

/** An order item's record with its page's lists: the order page, in one statement. */
export type OrderItemPageRow = ItemRecordRow & {
  attachments: AttachmentWire[];
  comments: CommentWire[];
  events: OrderItemEventWire[];
};
const pageColumns = { ...recordColumns, ...pageListColumns };
const pageRows = compileRowMapper<OrderItemPageRow>(pageColumns, []);
const pageReads = oneItemReads((db) => joinedItems(db, pageColumns), pageRows, 'order_item_page');

const recordRows = compileRowMapper<ItemRecordRow>(recordColumns, []);
const recordReads = oneItemReads((db) => joinedItems(db, recordColumns), recordRows, 'order_item_record');
const recordsByIds = preparedMapped(
  'order_item_records_by_ids',
  (db) => joinedItems(db, recordColumns).where(sql`${orderItems.id} = any(${sql.placeholder('ids')}::int[])`),
  recordRows,
);

/** Loads one order item's record (the answer of the storefront's item call); 404 when unknown. */
export const loadOrderItemRecord = recordReads.load;

/**
 * The records of the order items with these ids, in no particular order: search results and the answers of
 * actions on several items. One id is read by its own statement (see loadOrderItemRows).
 */
export async function loadOrderItemRecords(db: Db | Tx, ids: readonly number[]): Promise<ItemRecordRow[]> {
  if (ids.length === 0) return [];
  if (ids.length === 1) return recordReads.byId(db).execute({ id: ids[0] });
  return recordsByIds(db).execute({ ids });
}

/**
 * Loads one order item with everything its page shows (its record, and its attachments, comments and
 * timeline) as JSON, in one statement; 404 when unknown.
 */
export const loadOrderItemPage = pageReads.load;

/** A page of list rows: their JSON (an array, in the list's order) and how many items the list has in all. */
export interface ListPage {
  rowsJson: string;
  total: number;
}

/** The rows of a list in `order`, each as JSON with its place in that order (`n`). */
const listRows = (db: Db | Tx, order: SQL[]) =>
  db
    .select({
      row: sql`${listRowJson}`.as('row'),
      n: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('n'),
    })
    .from(orderItems)
    .innerJoin(orderables, eq(orderables.id, orderItems.orderableId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(billing, eq(billing.id, orders.billingAddressId))
    .leftJoin(assignee, eq(assignee.id, orderItems.userId))
    .$dynamic();

/** One statement for a whole page: its rows aggregated into one JSON array, and the list's count. */
const pageOf = (db: Db | Tx, rows: ReturnType<typeof listRows>, count: SQLWrapper) => {
  const page = rows.as('page');
  return db
    .select({
      rowsJson: sql<string>`coalesce(json_agg(${page.row} order by ${page.n}), '[]')::text`,
      // A query inside sql`` is written in parentheses: a scalar subquery.
      total: sql<number>`${count}`.mapWith(Number),
    })
    .from(page);
};

/** The latest escalation of the item (its timeline's last `escalate` event): the escalations desk's sort. */
const escalatedAtSql = sql<Date | null>`(select max(e.created_at) from ${orderItemEvents} e
  where e.order_item_id = ${orderItems.id} and e.action = 'escalate')`;

const SORT_COLUMNS = {
  due: orderItems.despatchDueOn,
  ref: orderItems.ref,
  type: orderItems.type,
  state: orderItems.currentState,
  customer: billing.name,
  value: orderItems.netValue,
  escalated_at: escalatedAtSql,
} as const satisfies Record<EscalationSort, unknown>;

/**
 * Which items a list shows: the dashboard's unassigned ones, one user's open ones (a queue), every open
 * escalated one (the escalations desk), or every open one, whoever has it (the team list; its `orderer`
 * filter narrows it to one orderer or the unassigned).
 */
export type ListScope =
  | { kind: 'unassigned' }
  | { kind: 'open_assigned'; userId: number }
  | { kind: 'escalated' }
  | { kind: 'team' };
type PreparedScope = Exclude<ListScope['kind'], 'escalated'>;

/** The scope's condition; the user is a placeholder in prepared statements, a value otherwise. */
const scopeWhere = (scope: ListScope['kind'], userId: Placeholder | number) => {
  switch (scope) {
    case 'unassigned':
      return itemFilters.unassigned();
    case 'open_assigned':
      return and(sql`${orderItems.userId} = ${userId}`, itemFilters.open());
    case 'escalated':
      return and(eq(orderItems.isEscalated, true), itemFilters.open());
    case 'team':
      return itemFilters.open();
  }
};

const listOrder = (sort: EscalationSort | undefined, dir: 'asc' | 'desc' | undefined) => {
  const column = sort ? SORT_COLUMNS[sort] : undefined;
  return [
    ...(column ? [dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`] : []),
    asc(orderItems.createdAt),
    asc(orderItems.id),
  ];
};

/**
 * The page of an unfiltered list sorted by an item column: its ids come from the item indexes alone and only
 * those rows are joined (a "deferred join"). Prepared once per scope, sort and paging (a few dozen shapes at
 * most), so a list call neither rebuilds the SQL nor re-plans it.
 *
 * `first`: the first page of LIST_PER_PAGE rows (what every list screen opens on), with its paging written in
 * the statement. With the limit and offset as parameters PostgreSQL costs a generic plan as if a tenth of the
 * list were read, so it planned a fresh plan on every call (2–3 ms on a slow machine, a third of the page's
 * time in the database); with them written in, it keeps one plan per connection. Other pages and sizes pass
 * them as parameters.
 */
type Paging = 'first' | 'any';

/**
 * The team scope's items (every open item) as a derived table under the table's own name, so the list's
 * columns (`"order_items"."despatch_due_on"`) name its columns. `offset 0` fences it off: PostgreSQL plans it
 * on its own, reading the open items by the open-item indexes (a few thousand rows whatever the table's size),
 * and sorts them. Without the fence it walked a whole-table index in the list's order (despatch-by, ref,
 * type) and dropped the closed items on the way: 0.3 to 1 s at 1,000,000 items, whose oldest are all closed;
 * fenced, 8 to 17 ms (docs/decisions/team-list-and-shared-views.md).
 */
const openItemsFenced = (condition: SQL | undefined) =>
  sql`(select * from ${orderItems} where ${condition ?? sql`true`} offset 0) ${sql.identifier('order_items')}`;

/**
 * The ids of a list's items matching `condition`, in `order`, from order_items alone (the team scope through
 * its fence, openItemsFenced); the caller adds the limit.
 */
const idsInOrder = (db: Db | Tx, scope: ListScope['kind'], condition: SQL | undefined, order: SQL[]) =>
  scope === 'team'
    ? db
        // Written as SQL: Drizzle refuses a column of a table the FROM does not name (it names the fence).
        .select({ id: sql<number>`${orderItems.id}` })
        .from(openItemsFenced(condition))
        .orderBy(...order)
        .$dynamic()
    : db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(condition)
        .orderBy(...order)
        .$dynamic();

const deferredPages = new Map<string, ReturnType<typeof deferredPageStatement>>();
function deferredPageStatement(
  scope: PreparedScope,
  sort: QueueSort | undefined,
  dir: 'asc' | 'desc',
  paging: Paging,
) {
  const name = `list_${scope}_${sort ?? 'created'}_${dir}${paging === 'first' ? '_first' : ''}`;
  const order = listOrder(sort, dir);
  const where = scopeWhere(scope, sql.placeholder('user'));
  // Our own constant, never user input.
  const limit =
    paging === 'first'
      ? sql.raw(`limit ${LIST_PER_PAGE}`)
      : sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  return preparedStatement((db) =>
    pageOf(
      db,
      listRows(db, order).where(
        sql`${orderItems.id} in (select ${orderItems.id} from ${
          scope === 'team' ? openItemsFenced(where) : sql`${orderItems} where ${where}`
        } order by ${sql.join(order, sql`, `)} ${limit})`,
      ),
      // Without a filter the count needs no joins (an index-only count of the scope's items).
      db.select({ n: count() }).from(orderItems).where(where),
    ).prepare(name),
  );
}
const deferredPage = (
  scope: PreparedScope,
  sort: QueueSort | undefined,
  dir: 'asc' | 'desc',
  paging: Paging,
) => {
  const key = `${scope}:${sort}:${dir}:${paging}`;
  let statement = deferredPages.get(key);
  if (!statement) {
    statement = deferredPageStatement(scope, sort, dir, paging);
    deferredPages.set(key, statement);
  }
  return statement;
};

/** The query of a list: paging, sort and the filter fields (lists.ts ListFilter). */
export type ListQuery = Pick<QueueQuery, 'page' | 'per_page'> &
  Partial<ListFilter> & { sort?: EscalationSort; dir?: 'asc' | 'desc' };

/** A scope and a filter as one condition, for the dynamic (filtered) queries. */
function listCondition(scope: ListScope, filter: ListFilter, now: Date) {
  const userId = scope.kind === 'open_assigned' ? scope.userId : 0;
  return and(
    scopeWhere(scope.kind, userId),
    listFilterCondition(filter, { customerName: billing.name, email: orders.email }, londonToday(now)),
  );
}

/** How many items a scope and filter match, as a query: from the item indexes alone unless the text needs the joins. */
function countQuery(db: Db | Tx, scope: ListScope, filter: ListFilter, now: Date) {
  const condition = listCondition(scope, filter, now);
  return needsJoins(filter)
    ? db
        .select({ n: count() })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(billing, eq(billing.id, orders.billingAddressId))
        .where(condition)
    : db.select({ n: count() }).from(orderItems).where(condition);
}

/** How many items a scope and filter match. */
export async function countListItems(
  db: Db | Tx,
  scope: ListScope,
  filter: ListFilter,
  now = new Date(),
): Promise<number> {
  const [{ n }] = await countQuery(db, scope, filter, now);
  return n;
}

/**
 * One page of a list's rows, sorted and filtered as the list screens ask (without a sort: oldest first),
 * with the total count, in one statement. Items without a value for the sort column go last either way; ties
 * keep the oldest first. An unfiltered dashboard or queue (every list as it first opens) runs on prepared
 * statements; a filter, the customer sort and the escalations desk build their SQL.
 */
export async function pageOrderItemRows(
  db: Db | Tx,
  scope: ListScope,
  query: ListQuery,
  now = new Date(),
): Promise<ListPage> {
  const offset = (query.page - 1) * query.per_page;
  const filter = filterOf(query);
  const { sort } = query;
  if (scope.kind !== 'escalated' && !hasFilter(filter) && sort !== 'customer' && sort !== 'escalated_at') {
    const userId = scope.kind === 'open_assigned' ? scope.userId : 0;
    const paging = query.page === 1 && query.per_page === LIST_PER_PAGE ? 'first' : 'any';
    const page = deferredPage(scope.kind, sort, query.dir ?? 'asc', paging);
    const [answer] = await page(db).execute({ user: userId, limit: query.per_page, offset });
    return answer;
  }
  const condition = listCondition(scope, filter, now);
  const order = listOrder(sort, query.dir);
  // Without text or the customer sort the page is chosen from order_items alone and only its rows are
  // joined (the deferred join of the prepared pages); the text needs the order and billing address joined.
  const rows =
    needsJoins(filter) || sort === 'customer'
      ? listRows(db, order)
          .where(condition)
          .orderBy(...order)
          .limit(query.per_page)
          .offset(offset)
      : listRows(db, order).where(
          inArray(
            orderItems.id,
            idsInOrder(db, scope.kind, condition, order).limit(query.per_page).offset(offset),
          ),
        );
  const [answer] = await pageOf(db, rows, countQuery(db, scope, filter, now));
  return answer;
}

/** How many items a scope and filter match in each state (the escalations desk's counts by stage). */
export async function countListItemsByState(
  db: Db | Tx,
  scope: ListScope,
  filter: ListFilter,
  now = new Date(),
): Promise<{ state: string; n: number }[]> {
  const condition = listCondition(scope, filter, now);
  const columns = { state: orderItems.currentState, n: count() };
  return needsJoins(filter)
    ? db
        .select(columns)
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(billing, eq(billing.id, orders.billingAddressId))
        .where(condition)
        .groupBy(orderItems.currentState)
    : db.select(columns).from(orderItems).where(condition).groupBy(orderItems.currentState);
}

/** The filtered items of a list by state, the three flags that decide a group, and whether overdue. */
export interface StateFlagCount {
  state: OrderItemState;
  isEscalated: boolean;
  isOnHold: boolean;
  waitingCustomerResponse: boolean;
  overdue: boolean;
  n: number;
}

/**
 * How many items a scope and filter match per state, group-deciding flags and overdue (the team list's
 * counts by group, `groupOf` applied by the caller). Without text it reads order_items alone: for open
 * items, the open-state index holds every column it groups by (migration 0019), so no row is visited.
 */
export async function countListItemsByStateAndFlags(
  db: Db | Tx,
  scope: ListScope,
  filter: ListFilter,
  now = new Date(),
): Promise<StateFlagCount[]> {
  const condition = listCondition(scope, filter, now);
  const overdue = sql<boolean>`coalesce(${orderItems.despatchDueOn} < ${londonToday(now)}::date, false)`;
  const columns = {
    state: sql<OrderItemState>`${orderItems.currentState}`,
    isEscalated: orderItems.isEscalated,
    isOnHold: orderItems.isOnHold,
    waitingCustomerResponse: orderItems.waitingCustomerResponse,
    overdue,
    n: count(),
  };
  // By the select list's positions: the date is a parameter, and two parameters are two expressions to
  // PostgreSQL, so `group by <the same expression>` would not match the select's.
  const grouped = sql.raw('1, 2, 3, 4, 5');
  return needsJoins(filter)
    ? db
        .select(columns)
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(billing, eq(billing.id, orders.billingAddressId))
        .where(condition)
        .groupBy(grouped)
    : db.select(columns).from(orderItems).where(condition).groupBy(grouped);
}

/**
 * The ids of every item a list matches, in the list's order, at most `cap` of them, with the total: what
 * "select all N matching" acts on.
 */
export async function listItemIds(
  db: Db | Tx,
  scope: ListScope,
  query: Partial<ListFilter> & { sort?: EscalationSort; dir?: 'asc' | 'desc' },
  cap: number,
  now = new Date(),
): Promise<{ ids: number[]; total: number }> {
  const filter = filterOf(query);
  const condition = listCondition(scope, filter, now);
  const order = listOrder(query.sort, query.dir);
  const joined = needsJoins(filter) || query.sort === 'customer';
  const [rows, total] = await readsSideBySide(db, [
    () =>
      joined
        ? db
            .select({ id: orderItems.id })
            .from(orderItems)
            .innerJoin(orders, eq(orders.id, orderItems.orderId))
            .innerJoin(billing, eq(billing.id, orders.billingAddressId))
            .where(condition)
            .orderBy(...order)
            .limit(cap)
        : idsInOrder(db, scope.kind, condition, order).limit(cap),
    () => countListItems(db, scope, filter, now),
  ]);
  return { ids: rows.map((r) => r.id), total };
}

const itemCommentsJson = preparedStatement((db) =>
  db
    .select({ json: sql<string>`${jsonObjectSql(CommentListSchema, { comments: commentsJson })}::text` })
    .from(orderItems)
    .where(eq(orderItems.id, sql.placeholder('id')))
    .prepare('order_item_comments'),
);

/** The comments answer of an item (`{ comments }`, CommentListSchema) as JSON text PostgreSQL writes. */
export async function commentsAnswerJson(db: Db | Tx, orderItemId: number): Promise<string> {
  const [row] = await itemCommentsJson(db).execute({ id: orderItemId });
  return row?.json ?? '{"comments":[]}';
}

export const itemFilters = {
  unassigned: () => and(isNull(orderItems.userId), isInState(orderItems.currentState, 'unassigned')),
  assignedTo: (userId: number) => eq(orderItems.userId, userId),
  inStates: (states: readonly OrderItemState[]) => inArray(orderItems.currentState, [...states]),
  open: () => isOpenState(orderItems.currentState),
};
