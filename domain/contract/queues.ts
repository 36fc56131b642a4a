/** Orderers, their stats and queues, and FCO batches (PRODUCT.md sections 2 and 10). */
import { z } from 'zod';
import { STATE_GROUPS } from '../states';
import {
  countsBy,
  IdSchema,
  IsoDateSchema,
  PageQuerySchema,
  PagingSchema,
  TimestampSchema,
  UserRefSchema,
} from './common';
import { LIST_SCOPES, ListFilterSchema } from './lists';
import { OrderItemListRowSchema } from './order-item';

export const OrdererSchema = z.object({ id: IdSchema, name: z.string(), email: z.string() });
export type Orderer = z.infer<typeof OrdererSchema>;

export const OrdererListSchema = z.object({ orderers: z.array(OrdererSchema.extend({ role: z.string() })) });
export type OrdererList = z.infer<typeof OrdererListSchema>;

/** Per orderer: open items, items per state group, escalated, waiting for the customer, overdue. */
export const OrdererStatsSchema = z.object({
  orderer: UserRefSchema,
  open_items: z.number().int(),
  by_group: countsBy(STATE_GROUPS),
  escalated: z.number().int(),
  waiting_customer: z.number().int(),
  overdue: z.number().int(),
});
export type OrdererStats = z.infer<typeof OrdererStatsSchema>;

export const OrdererStatsListSchema = z.object({ stats: z.array(OrdererStatsSchema) });
export type OrdererStatsList = z.infer<typeof OrdererStatsListSchema>;

/** Where an FCO batch stands: made up, sent to the FCO, back from it. */
export const FCO_BATCH_STATES = ['pending_despatch', 'waiting_fco', 'received'] as const;

export const FcoBatchSchema = z.object({
  id: IdSchema,
  ref: z.string(),
  state: z.enum(FCO_BATCH_STATES),
  fco_reference: z.string(),
  fco_cost: z.number().int(),
  despatched_on: IsoDateSchema.nullable(),
  despatch_cost: z.number().int().nullable(),
  despatch_reference: z.string().nullable(),
  received_on: IsoDateSchema.nullable(),
  lock_version: z.number().int(),
  created_at: TimestampSchema,
  order_items: z.array(z.object({ id: IdSchema, ref: z.string() })),
});
export type FcoBatch = z.infer<typeof FcoBatchSchema>;

export const FcoBatchResponseSchema = z.object({ fco_batch: FcoBatchSchema });
export type FcoBatchResponse = z.infer<typeof FcoBatchResponseSchema>;

export const FcoBatchListSchema = z.object({ fco_batches: z.array(FcoBatchSchema) });
export type FcoBatchList = z.infer<typeof FcoBatchListSchema>;

/** A list page's rows when the query does not say (`per_page`): what every list screen asks for. */
export const LIST_PER_PAGE = 100;

/** How a queue can be ordered: despatch-by date (default), ref, type, state, customer name, net value. */
export const QUEUE_SORTS = ['due', 'ref', 'type', 'state', 'customer', 'value'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/**
 * The query of a queue page: `page`, `per_page` (100, at most 500), `sort`, `dir` and the list filter
 * (lists.ts ListFilterSchema: `group`, `state`, `flag`, `type`, `orderer`, `due_from`, `due_to`, `q`).
 */
export const QueueQuerySchema = PageQuerySchema.extend({
  ...ListFilterSchema.shape,
  per_page: z.coerce.number().int().min(1).max(500).default(LIST_PER_PAGE),
  sort: z.enum(QUEUE_SORTS).default('due'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type QueueQuery = z.infer<typeof QueueQuerySchema>;

/**
 * The query of the dashboard's unassigned items: `page`, `per_page` (100, at most 500), the list filter, and
 * `sort`/`dir` as a queue's; without `sort`, oldest (longest waiting) first.
 */
export const DashboardQuerySchema = PageQuerySchema.extend({
  ...ListFilterSchema.shape,
  per_page: z.coerce.number().int().min(1).max(500).default(LIST_PER_PAGE),
  sort: z.enum(QUEUE_SORTS).optional(),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/** How the escalations desk can be ordered: a queue's sorts and when the item was escalated (the default). */
export const ESCALATION_SORTS = [...QUEUE_SORTS, 'escalated_at'] as const;
export type EscalationSort = (typeof ESCALATION_SORTS)[number];

/** The query of the escalations desk: paging, the list filter, `sort` (oldest escalation first) and `dir`. */
export const EscalationsQuerySchema = PageQuerySchema.extend({
  ...ListFilterSchema.shape,
  per_page: z.coerce.number().int().min(1).max(500).default(LIST_PER_PAGE),
  sort: z.enum(ESCALATION_SORTS).default('escalated_at'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type EscalationsQuery = z.infer<typeof EscalationsQuerySchema>;

/**
 * The query of GET /order_items/ids.json: which list (`scope`; `orderer_id` names the work queue), its filter
 * and its sort, so the ids come in the list's order.
 */
export const MatchingIdsQuerySchema = z
  .object({
    ...ListFilterSchema.shape,
    scope: z.enum(LIST_SCOPES),
    orderer_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    sort: z.enum(ESCALATION_SORTS).optional(),
    dir: z.enum(['asc', 'desc']).default('asc'),
  })
  .refine((q) => q.scope !== 'work_queue' || q.orderer_id !== undefined, {
    path: ['orderer_id'],
    message: 'Choose the orderer whose queue it is.',
  });
export type MatchingIdsQuery = z.infer<typeof MatchingIdsQuerySchema>;

/** GET /order_items/my_orders: one page of the signed-in user's open items. */
export const QueuePageSchema = PagingSchema.extend({ order_items: z.array(OrderItemListRowSchema) });
export type QueuePage = z.infer<typeof QueuePageSchema>;

/** GET /order_items/dashboard: one page of the unassigned items, oldest (longest waiting) first. */
export const DashboardPageSchema = QueuePageSchema;
export type DashboardPage = QueuePage;

/** GET /orderers/{id}/order_items: one orderer's work queue, its items one page at a time. */
export const OrdererQueueSchema = QueuePageSchema.extend({
  orderer: OrdererSchema,
  stats: OrdererStatsSchema.nullable(),
  fco_batches_to_despatch: z.array(FcoBatchSchema),
});
export type OrdererQueue = z.infer<typeof OrdererQueueSchema>;

/**
 * The query of the team list (GET /order_items/team.json): paging, the list filter (`orderer` a user id or
 * `none` for the unassigned), and `sort`/`dir` as a queue's (soonest despatch-by date first).
 */
export const TeamListQuerySchema = QueueQuerySchema;
export type TeamListQuery = QueueQuery;

/** How many of the team list's filtered items there are in all, in each state group, and overdue. */
export const TeamListCountsSchema = z.object({
  open: z.number().int(),
  by_group: countsBy(STATE_GROUPS),
  overdue: z.number().int(),
});
export type TeamListCounts = z.infer<typeof TeamListCountsSchema>;

/** GET /order_items/team.json: one page of every open item of the team, with the filtered set's counts. */
export const TeamListPageSchema = QueuePageSchema.extend({ counts: TeamListCountsSchema });
export type TeamListPage = z.infer<typeof TeamListPageSchema>;
