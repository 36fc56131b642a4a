/**
 * The outbox as admins see it: GET /outbox (filtered by status, kind, recipient and London days), GET
 * /outbox/{id} (the whole message), POST /outbox/{id}/retry (a failed one, same row) and POST
 * /outbox/{id}/resend (a new copy, once per click key).
 */
import { z } from 'zod';
import { IdSchema, IsoDateSchema, PagingSchema, TEXT_LIMITS, TimestampSchema } from './common';

/** `bounced`: sent, then reported undeliverable by the recipient's server (a delivery-status report). */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'bounced'] as const;
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
  /** The message this one copies, when an admin resent it. */
  resent_from_id: IdSchema.nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxPageSchema = PagingSchema.extend({ messages: z.array(OutboxMessageSchema) });
export type OutboxPage = z.infer<typeof OutboxPageSchema>;

export const OutboxMessageResponseSchema = z.object({ message: OutboxMessageSchema });
export type OutboxMessageResponse = z.infer<typeof OutboxMessageResponseSchema>;

/** A kind of e-mail: a word made of lower-case letters and underscores, as the services name them. */
const KindSchema = z
  .string()
  .max(60, 'A kind has at most 60 characters.')
  .regex(/^[a-z_]+$/, 'A kind is lower-case letters and underscores, e.g. customer_contact.');

/** The list's filters, all optional and all in the URL; `from`/`until` are London days, both included. */
export const OutboxQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    status: z
      .enum(OUTBOX_STATUSES, { error: 'Choose pending, sending, sent, failed or bounced.' })
      .optional(),
    kind: KindSchema.optional(),
    to: z.string().trim().max(TEXT_LIMITS.email, 'Keep this under 254 characters.').optional(),
    from: IsoDateSchema.optional(),
    until: IsoDateSchema.optional(),
  })
  .refine((q) => !q.from || !q.until || q.from <= q.until, {
    path: ['until'],
    message: 'The last day must not be before the first.',
  });
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

export const OutboxKindsSchema = z.object({ kinds: z.array(z.string()) });

const OutboxAttachmentSchema = z.object({
  id: IdSchema,
  filename: z.string(),
  content_type: z.string(),
  /** Where staff download it (the order item's attachment), or null when the file is gone. */
  download_path: z.string().nullable(),
});

const OutboxCopySchema = z.object({
  id: IdSchema,
  status: z.enum(OUTBOX_STATUSES),
  created_at: TimestampSchema,
});

/** One message in full: headers, both bodies, attachments, and the copies made of it. */
export const OutboxMessageDetailSchema = OutboxMessageSchema.extend({
  from: z.string(),
  message_id: z.string(),
  next_attempt_at: TimestampSchema.nullable(),
  text_body: z.string(),
  html_body: z.string().nullable(),
  attachments: z.array(OutboxAttachmentSchema),
  resends: z.array(OutboxCopySchema),
});
export type OutboxMessageDetail = z.infer<typeof OutboxMessageDetailSchema>;

export const OutboxMessageDetailResponseSchema = z.object({ message: OutboxMessageDetailSchema });

/** A resend click: the SPA makes one key per click, so a repeated request finds the copy it made. */
export const ResendOutboxSchema = z.object({
  resend_key: z
    .string({ error: 'Send a resend_key.' })
    .min(8, 'A resend_key has 8 to 100 characters.')
    .max(100, 'A resend_key has 8 to 100 characters.')
    .regex(/^[\w-]+$/, 'A resend_key is letters, digits, - and _.'),
});
