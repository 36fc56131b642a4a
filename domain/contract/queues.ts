/** Orderers, their stats and queues, and FCO batches (PRODUCT.md sections 2 and 10). */
import { z } from 'zod';
import { STATE_GROUPS } from '../states';
import { IdSchema, IsoDateSchema, TimestampSchema, UserRefSchema } from './common';
import { OrderItemSchema } from './order-item';

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

/** GET /orderers/{id}/order_items: one orderer's work queue page. */
export const OrdererQueueSchema = z.object({
  orderer: OrdererSchema,
  stats: OrdererStatsSchema.nullable(),
  order_items: z.array(OrderItemSchema),
  fco_batches_to_despatch: z.array(FcoBatchSchema),
});
export type OrdererQueue = z.infer<typeof OrdererQueueSchema>;
