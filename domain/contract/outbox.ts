/** The outbox as admins see it (GET /outbox, POST /outbox/{id}/retry). */
import { z } from 'zod';
import { IdSchema, PagingSchema, TimestampSchema } from './common';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OutboxMessageSchema = z.object({
  id: IdSchema,
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
  order_item_ref: z.string().nullable(),
  attachment_count: z.number().int(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxPageSchema = PagingSchema.extend({ messages: z.array(OutboxMessageSchema) });
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

export const OutboxMessageResponseSchema = z.object({ message: OutboxMessageSchema });
export type OutboxMessageResponse = z.infer<typeof OutboxMessageResponseSchema>;
