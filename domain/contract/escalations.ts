/**
 * The escalations desk (issue 18): its rows and page. Apart from lists.ts, which the app shell loads, so that
 * the shell does not carry the order-item schemas.
 */
import { z } from 'zod';
import { CUSTOMER_STAGES } from '../states';
import { countsBy, PagingSchema, TimestampSchema } from './common';
import { OrderItemListRowSchema } from './order-item';

/** One row of the escalations desk: a list row plus its stage (gro_refunded included) and when it was escalated. */
export const EscalationRowSchema = OrderItemListRowSchema.extend({
  escalation_stage: z.enum(CUSTOMER_STAGES).nullable(),
  escalated_at: TimestampSchema.nullable(),
});
export type EscalationRow = z.infer<typeof EscalationRowSchema>;

/** GET /order_items/escalations.json: a page of the escalated items across orderers, with counts by stage. */
export const EscalationsPageSchema = PagingSchema.extend({
  order_items: z.array(EscalationRowSchema),
  by_stage: countsBy(CUSTOMER_STAGES),
});
export type EscalationsPage = z.infer<typeof EscalationsPageSchema>;
