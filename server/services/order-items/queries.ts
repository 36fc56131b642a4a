/**
 * The read operations behind the dashboard, the queues and the order page.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CommentList } from '../../../domain/contract/order-item';
import type {
  DashboardPage,
  DashboardQuery,
  OrdererQueue,
  OrdererStatsList,
  QueuePage,
  QueueQuery,
} from '../../../domain/contract/queues';
import { londonToday } from '../../../domain/format';
import { groupOf, STATE_GROUPS, type StateGroup } from '../../../domain/states';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { fcoBatches, orderItems } from '../../db/schema';
import { notFound } from '../../errors';
import { jsonText } from '../../response-serializer';
import { countOpenItemsByOrderer, type OpenItemCountRow, userWithOpenItemCounts } from './orderers';
import {
  commentsAnswerJson,
  type ListPage,
  loadOrderItem,
  loadOrderItemPage,
  loadOrderItemRecord,
  loadOrderItemRecords,
  pageOrderItemRows,
} from './read';
import { orderItemDetail, orderItemWire, storefrontItemWire } from './serialize';
import type { OrdererStatsCache } from './stats-cache';

/**
 * A page of list rows as the list screens receive it, written as JSON around the rows PostgreSQL built
 * (`extra`: more keys of the answer, before the page's own).
 */
function itemPageJson(page: ListPage, query: { page: number; per_page: number }, extra = '') {
  return `{${extra}"order_items":${page.rowsJson},"page":${query.page},"per_page":${query.per_page},"total_count":${page.total},"total_pages":${Math.ceil(page.total / query.per_page)}}`;
}

/** One page of the dashboard's unassigned items, oldest first (they have waited longest). */
export async function dashboardItems(db: Db, query: DashboardQuery) {
  const page = await pageOrderItemRows(db, { kind: 'unassigned' }, query);
  return jsonText<DashboardPage>(itemPageJson(page, query));
}

/** One page of the open items assigned to one user (by despatch-by date unless asked otherwise). */
export async function queueItems(db: Db, userId: number, query: QueueQuery) {
  const page = await pageOrderItemRows(db, { kind: 'open_assigned', userId }, query);
  return jsonText<QueuePage>(itemPageJson(page, query));
}

/** One order item with its attachments, comments and timeline. */
export async function showOrderItem(db: Db, refOrId: string, viewer: SessionUser) {
  return { order_item: orderItemDetail(await loadOrderItemPage(db, refOrId), viewer) };
}

/** One order item as a shop sees it (storefront answers). */
export async function showStorefrontItem(db: Db, refOrId: string) {
  return { order_item: storefrontItemWire(await loadOrderItemRecord(db, refOrId)) };
}

/** Order items by id as records, in id order: what an action on several items answers. */
export async function showOrderItems(db: Db, ids: readonly number[], viewer: SessionUser) {
  const rows = await loadOrderItemRecords(db, ids);
  rows.sort((a, b) => a.item.id - b.item.id);
  return { order_items: rows.map((row) => orderItemWire(row, viewer)) };
}

/** The comments of one order item. */
export async function orderItemComments(db: Db, refOrId: string) {
  const row = await loadOrderItem(db, refOrId);
  return jsonText<CommentList>(await commentsAnswerJson(db, row.item.id));
}

export interface OrdererStats {
  orderer: { id: number; name: string };
  open_items: number;
  by_group: Record<StateGroup, number>;
  escalated: number;
  waiting_customer: number;
  overdue: number;
}

const emptyGroups = () => Object.fromEntries(STATE_GROUPS.map((g) => [g, 0])) as Record<StateGroup, number>;

/** The stats of each user in `rows` (their open items counted by state and flags), in the rows' order. */
function statsOf(rows: readonly OpenItemCountRow[]): OrdererStats[] {
  return rows.map((row) => {
    const s: OrdererStats = {
      orderer: { id: row.id, name: row.name },
      open_items: 0,
      by_group: emptyGroups(),
      escalated: 0,
      waiting_customer: 0,
      overdue: row.overdue,
    };
    for (const [state, isEscalated, isOnHold, waitingCustomerResponse, items] of row.counts) {
      s.open_items += items;
      s.by_group[groupOf({ currentState: state, isEscalated, isOnHold, waitingCustomerResponse })] += items;
      if (isEscalated) s.escalated += items;
      if (waitingCustomerResponse) s.waiting_customer += items;
    }
    return s;
  });
}

/** Per orderer: open items, items per state group, escalated, waiting for the customer and overdue. */
export async function ordererStats(db: Db, now = new Date()): Promise<OrdererStats[]> {
  return statsOf(await countOpenItemsByOrderer(db, londonToday(now)));
}

/** The stats answer (`{ stats }`), from `cache` when it holds today's and nothing has changed since. */
export async function ordererStatsAnswer(db: Db, cache: OrdererStatsCache, now = new Date()) {
  const json = await cache.answer(londonToday(now), async () =>
    JSON.stringify({ stats: await ordererStats(db, now) }),
  );
  return jsonText<OrdererStatsList>(json);
}

/** The first 200 FCO batches in a state, oldest first: prepared once (the orderer queue reads them every call). */
const batchesInState = preparedStatement((db) =>
  db
    .select()
    .from(fcoBatches)
    .where(eq(fcoBatches.state, sql.placeholder('state')))
    .orderBy(fcoBatches.createdAt)
    .limit(200)
    .prepare('fco_batches_in_state'),
);
/** The same, only the batches holding one of the user's items. */
const batchesHoldingItemsOf = preparedStatement((db) =>
  db
    .select()
    .from(fcoBatches)
    .where(
      and(
        eq(fcoBatches.state, sql.placeholder('state')),
        // OFFSET 0 keeps this a probe of the fco_batch_id index per batch: as a semi-join PostgreSQL walked the
        // whole index instead (dozens of times slower in EXPLAIN ANALYZE on the bench data).
        sql`exists (select 1 from ${orderItems} where ${orderItems.fcoBatchId} = ${fcoBatches.id} and ${orderItems.userId} = ${sql.placeholder('user')} offset 0)`,
      ),
    )
    .orderBy(fcoBatches.createdAt)
    .limit(200)
    .prepare('fco_batches_holding_items_of'),
);

/**
 * FCO batches in a state, oldest first, with their item refs; with an orderer, only the batches holding one
 * of their items, whoever placed the batch (an admin may place it for them). The few batches in a state come
 * from the state index and each is checked through the fco_batch_id index.
 */
export async function listFcoBatches(
  db: Db,
  state: 'pending_despatch' | 'waiting_fco',
  holdingItemsOf?: number,
) {
  const batches =
    holdingItemsOf === undefined
      ? await batchesInState(db).execute({ state })
      : await batchesHoldingItemsOf(db).execute({ state, user: holdingItemsOf });
  const items = batches.length
    ? await db
        .select({
          id: orderItems.id,
          ref: orderItems.ref,
          batchId: orderItems.fcoBatchId,
          userId: orderItems.userId,
        })
        .from(orderItems)
        .where(
          inArray(
            orderItems.fcoBatchId,
            batches.map((b) => b.id),
          ),
        )
    : [];
  return batches.map((b) =>
    fcoBatchWire(
      b,
      items.filter((i) => i.batchId === b.id),
    ),
  );
}

/** An FCO batch as the API answers it. */
export function fcoBatchWire(
  b: typeof fcoBatches.$inferSelect,
  items: { id: number; ref: string; userId?: number | null }[],
) {
  return {
    id: b.id,
    ref: b.ref,
    state: b.state,
    fco_reference: b.fcoReference,
    fco_cost: b.fcoCost,
    despatched_on: b.despatchedOn,
    despatch_cost: b.despatchCost,
    despatch_reference: b.despatchReference,
    received_on: b.receivedOn,
    lock_version: b.lockVersion,
    created_at: b.createdAt.toISOString(),
    order_items: items.map((i) => ({ id: i.id, ref: i.ref })),
  };
}

/** One orderer's page: who, their stats, their items and the FCO batches of theirs awaiting despatch. */
export async function ordererQueue(db: Db, ordererId: number, query: QueueQuery, now = new Date()) {
  // All at once: an unknown orderer is rare and its queue is simply empty.
  const [counts, page, batches] = await Promise.all([
    userWithOpenItemCounts(db, ordererId, londonToday(now)),
    pageOrderItemRows(db, { kind: 'open_assigned', userId: ordererId }, query),
    listFcoBatches(db, 'pending_despatch', ordererId),
  ]);
  if (counts.length === 0) throw notFound('Orderer');
  const { id, name, email, works } = counts[0];
  const stats = works ? statsOf(counts)[0] : null;
  const head = `"orderer":${JSON.stringify({ id, name, email })},"stats":${JSON.stringify(stats)},"fco_batches_to_despatch":${JSON.stringify(batches)},`;
  return jsonText<OrdererQueue>(itemPageJson(page, query, head));
}
