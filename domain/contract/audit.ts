/**
 * The audit log (admins only): who did what to whom, append-only. GET /audit_events (filtered by actor, kind,
 * target and London days, 50 a page) and GET /audit_events.csv (the same filters, every matching row).
 * docs/decisions/audit-log.md says what is recorded and why.
 */
import { z } from 'zod';
import { IdSchema, IsoDateSchema, PagingSchema, TEXT_LIMITS, TimestampSchema } from './common';

/**
 * Every kind of act the log records, grouped by its first word. A new act gets a kind here first: the
 * database keeps whatever text it is given, but the filter, the screen and the OpenAPI enum read this list.
 */
export const AUDIT_KINDS = [
  'sign_in.succeeded',
  'sign_in.failed',
  'sign_in.throttled',
  'sign_out',
  'session.ended',
  'mfa.enrolment_started',
  'mfa.enabled',
  'mfa.code_failed',
  'mfa.recovery_code_used',
  'mfa.reset',
  'mfa.policy_changed',
  'user.created',
  'user.updated',
  'user.password_reset',
  'reference.created',
  'reference.updated',
  'reference.deleted',
  'order_item.price_changed',
  'refund.recorded',
  'export.order_items_csv',
  'export.audit_csv',
  'export.customer',
  'customer.erased',
  'customer.erased_by_retention',
  'webhook_endpoint.created',
  'webhook_endpoint.updated',
  'webhook_endpoint.deleted',
  'webhook_endpoint.secret_rotated',
  'outbox.resent',
  'outbox.retried',
  'document.downloaded',
  'document.deleted_by_retention',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What an act was done to: a thing's table-like name and its id or ref (a customer is a keyed hash of the address). */
export const AUDIT_TARGET_TYPES = [
  'user',
  'session',
  'reference',
  'order_item',
  'attachment',
  'customer',
  'webhook_endpoint',
  'outbox',
  'audit_log',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** A JSON snapshot of the parts of a thing an act changed (never a password, token, secret or erased data). */
const SnapshotSchema = z.record(z.string(), z.unknown()).nullable();

export const AuditEventSchema = z.object({
  id: IdSchema,
  occurred_at: TimestampSchema,
  /** One of AUDIT_KINDS (a row written by a later release may carry a kind this one does not know). */
  kind: z.string(),
  /** Who did it; null for the system (retention) or an unknown person (a failed sign-in). */
  actor: z.object({ id: IdSchema, name: z.string() }).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** A one-line account of the act as staff would say it. */
  summary: z.string(),
  before: SnapshotSchema,
  after: SnapshotSchema,
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = PagingSchema.extend({ events: z.array(AuditEventSchema) });
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The log's filters, all optional and all in the URL; `from`/`until` are London days, both included. */
export const AuditQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    actor_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    kind: z.enum(AUDIT_KINDS, { error: 'Choose one of the kinds of act the log records.' }).optional(),
    target_type: z.enum(AUDIT_TARGET_TYPES, { error: 'Choose one of the kinds of target.' }).optional(),
    /** A target's id or ref; a customer's e-mail address is matched through its keyed hash. */
    target: z.string().trim().max(TEXT_LIMITS.email, 'Keep this under 254 characters.').optional(),
    from: IsoDateSchema.optional(),
    until: IsoDateSchema.optional(),
  })
  .refine((q) => !q.from || !q.until || q.from <= q.until, {
    path: ['until'],
    message: 'The last day must not be before the first.',
  });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;
