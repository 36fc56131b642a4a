/** The order context of an item page (issue 18): the order's items and the customer's other orders. */
import { z } from 'zod';
import { IdSchema, TimestampSchema } from './common';
import { OrderItemListRowSchema } from './order-item';

/** GET /order_items/{ref}/context.json: the order's other items and the customer's other orders. */
export const OrderContextSchema = z.object({
  order: z.object({ id: IdSchema, ref: z.string(), email: z.string(), customer_name: z.string() }),
  items: z.array(
    OrderItemListRowSchema.pick({
      id: true,
      ref: true,
      type: true,
      current_state: true,
      state_label: true,
      state_group: true,
      user: true,
    }),
  ),
  /** The customer's other orders (same e-mail, any case; this one left out), newest first, at most 20. */
  customer_orders: z.array(
    z.object({
      id: IdSchema,
      ref: z.string(),
      placed_at: TimestampSchema,
      item_count: z.number().int(),
      open_items: z.number().int(),
      first_item_ref: z.string().nullable(),
    }),
  ),
  /** How many other orders the customer has in all (customer_orders shows the newest 20). */
  customer_order_count: z.number().int(),
});
export type OrderContext = z.infer<typeof OrderContextSchema>;
