/**
 * The escalations desk (admins): every open escalated item across the orderers and the unassigned, a page at
 * a time, filtered and sorted as the other lists, each row with its escalation stage and when it was last
 * escalated, and how many of the filtered items are at each stage.
 */
import { and, eq, inArray, max } from 'drizzle-orm';
import type { EscalationRow, EscalationsPage } from '../../../domain/contract/escalations';
import type { OrderItemListRow } from '../../../domain/contract/order-item';
import type { EscalationsQuery } from '../../../domain/contract/queues';
import { CUSTOMER_STAGES, type CustomerStage, escalationStageOf } from '../../../domain/states';
import type { Db } from '../../db/client';
import { orderItemEvents } from '../../db/schema';
import { filterOf } from './list-filter';
import { countListItemsByState, pageOrderItemRows } from './read';

/** When each item was last escalated: the newest `escalate` event of its timeline (the item index). */
async function escalatedAt(db: Db, ids: number[]): Promise<Map<number, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orderItemEvents.orderItemId, at: max(orderItemEvents.createdAt) })
    .from(orderItemEvents)
    .where(and(inArray(orderItemEvents.orderItemId, ids), eq(orderItemEvents.action, 'escalate')))
    .groupBy(orderItemEvents.orderItemId);
  return new Map(rows.flatMap((r) => (r.at ? [[r.id, r.at] as const] : [])));
}

/** One page of the escalations desk with the paging totals and the counts by stage of the whole filter. */
export async function escalationsPage(
  db: Db,
  query: EscalationsQuery,
  now = new Date(),
): Promise<EscalationsPage> {
  const scope = { kind: 'escalated' } as const;
  const [{ rowsJson, total }, byState] = await Promise.all([
    pageOrderItemRows(db, scope, query, now),
    countListItemsByState(db, scope, filterOf(query), now),
  ]);
  const rows = JSON.parse(rowsJson) as OrderItemListRow[];
  const at = await escalatedAt(
    db,
    rows.map((r) => r.id),
  );
  const byStage = Object.fromEntries(CUSTOMER_STAGES.map((s) => [s, 0])) as Record<CustomerStage, number>;
  for (const { state, n } of byState) {
    const stage = escalationStageOf(state);
    if (stage) byStage[stage] += n;
  }
  return {
    order_items: rows.map(
      (row): EscalationRow => ({
        ...row,
        escalation_stage: escalationStageOf(row.current_state),
        escalated_at: at.get(row.id)?.toISOString() ?? null,
      }),
    ),
    by_stage: byStage,
    page: query.page,
    per_page: query.per_page,
    total_count: total,
    total_pages: Math.ceil(total / query.per_page),
  };
}
