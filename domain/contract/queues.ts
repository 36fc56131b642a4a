/** Orderers, their stats and queues, and FCO batches (PRODUCT.md sections 2 and 10). */
import { z } from 'zod';
import { STATE_GROUPS } from '../states';
import {
  IdSchema,
  IsoDateSchema,
  PageQuerySchema,
  PagingSchema,
  TimestampSchema,
  UserRefSchema,
} from './common';
import { OrderItemListRowSchema } from './order-item';

export const OrdererSchema = z.object({ id: IdSchema, name: z.string(), email: z.string() });
export type Orderer = z.infer<typeof OrdererSchema>;

export const OrdererListSchema = z.object({ orderers: z.array(OrdererSchema.extend({ role: z.string() })) });
export type OrdererList = z.infer<typeof OrdererListSchema>;

/** Per orderer: open items, items per state group, escalated, waiting for the customer, overdue. */
export const OrdererStatsSchema = z.object({
  orderer: UserRefSchema,
  open_items: z.number().int(),
  by_group: z.record(z.enum(STATE_GROUPS), z.number().int()),
  escalated: z.number().int(),
  waiting_customer: z.number().int(),
  overdue: z.number().int(),
});
export type OrdererStats = z.infer<typeof OrdererStatsSchema>;

export const OrdererStatsListSchema = z.object({ stats: z.array(OrdererStatsSchema) });
export type OrdererStatsList = z.infer<typeof OrdererStatsListSchema>;

export const FcoBatchSchema = z.object({
  id: IdSchema,
  ref: z.string(),
  state: z.enum(['pending_despatch', 'waiting_fco', 'received']),
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

/** How a queue can be ordered: despatch-by date (default), ref, type, state, customer name, net value. */
export const QUEUE_SORTS = ['due', 'ref', 'type', 'state', 'customer', 'value'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];

/** The query of a queue page: `page`, `per_page` (100, at most 500), `sort`, `dir` and a filter `q`. */
export const QueueQuerySchema = PageQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(500).default(100),
  sort: z.enum(QUEUE_SORTS).default('due'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  /** Part of a ref, type, customer name or e-mail. */
  q: z.string().trim().max(100).optional(),
});
export type QueueQuery = z.infer<typeof QueueQuerySchema>;

/** The query of the dashboard's unassigned items: `page` and `per_page` (100, at most 500); oldest first. */
export const DashboardQuerySchema = PageQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(500).default(100),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

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
