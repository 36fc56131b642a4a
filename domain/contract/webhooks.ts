/**
 * Webhooks (issue 48): what the back office tells the shops, signed as Standard Webhooks do
 * (docs/storefront.md, "Webhooks"). The one source of each event's payload (`data`), of the envelope every
 * delivery carries, and of the admin API's bodies and answers: POST/GET /webhook_endpoints, GET/PATCH/DELETE
 * /webhook_endpoints/{id}, POST …/rotate_secret, …/test, …/replay_failed, GET …/deliveries and
 * …/deliveries/{delivery_id}, POST …/deliveries/{delivery_id}/replay.
 */
import { z } from 'zod';
import { CANCEL_REASONS } from '../options';
import { CARRIERS, DESPATCH_SERVICE_VALUES } from '../pricing';
import { ALL_STATES, type OrderItemState } from '../states';
import { REFUND_ACTIONS } from '../workflow/types';
import { IdSchema, IsoDateSchema, PagingSchema, TimestampSchema } from './common';
import { OrderItemUpdateAttributesSchema } from './order-item-actions';

/** The events a shop may subscribe an endpoint to, in the order one action sends them. */
export const WEBHOOK_EVENT_TYPES = [
  'order_item.state_changed',
  'order_item.cancelled',
  'order_item.refunded',
  'order_item.update_requested',
  'order_item.despatched',
  'order_item.documents_rejected',
  'conversation.replied',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "send a test event" delivers to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What admins read for each event (the screen's checkboxes). */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookEventType, string>> = {
  'order_item.state_changed': 'An order item moved to another state',
  'order_item.cancelled': 'An order item was cancelled',
  'order_item.refunded': 'Money was refunded on an order item',
  'order_item.update_requested': 'A change waits for the customer to pay or approve',
  'order_item.despatched': 'An order item was despatched',
  'order_item.documents_rejected': "The customer's documents were rejected",
  'conversation.replied': 'Staff replied to a customer message',
};

const STATE_VALUES = ALL_STATES as [OrderItemState, ...OrderItemState[]];
const StateSchema = z.enum(STATE_VALUES);
const CANCEL_REASON_VALUES = CANCEL_REASONS.map((r) => r.value) as [
  (typeof CANCEL_REASONS)[number]['value'],
  ...(typeof CANCEL_REASONS)[number]['value'][],
];
const CARRIER_VALUES = CARRIERS.map((c) => c.value) as [
  (typeof CARRIERS)[number]['value'],
  ...(typeof CARRIERS)[number]['value'][],
];

/** Every order-item event names the order and the item by the refs the shop sent, never by our ids. */
const ItemRefsSchema = z.object({
  order_ref: z.string().describe('The order ref the shop sent, e.g. "700100".'),
  order_item_ref: z.string().describe('The item: "<order ref>-<position>", e.g. "700100-1".'),
});

export const StateChangedDataSchema = ItemRefsSchema.extend({
  from_state: StateSchema,
  to_state: StateSchema,
  /** The workflow action that moved it (docs/workflow.md), e.g. `despatch`, `cancel_refund`. */
  action: z.string(),
});

export const CancelledDataSchema = ItemRefsSchema.extend({
  reason: z.enum(CANCEL_REASON_VALUES),
  /** Refunded with the cancellation (0: cancelled without a refund); a refund also sends order_item.refunded. */
  refunded_in_pence: z.number().int().min(0),
  net_value_in_pence: z
    .number()
    .int()
    .min(0)
    .describe('What the customer has paid for the item, net of refunds.'),
});

export const RefundedDataSchema = ItemRefsSchema.extend({
  amount_in_pence: z.number().int().min(1).describe('Refund this to the customer, in pence.'),
  /** How staff refunded: with a cancellation (`partial`, `full`), alone (`refund_only`), or a cheaper change (`downgrade`). */
  refund_action: z.enum(REFUND_ACTIONS),
  reason: z.enum(CANCEL_REASON_VALUES),
  net_value_in_pence: z
    .number()
    .int()
    .min(0)
    .describe('What the customer has paid for the item after this refund.'),
});

export const UpdateRequestedDataSchema = ItemRefsSchema.extend({
  /** `payment_required`: the customer pays amount_in_pence more; `approval_required`: they approve and get it back. */
  kind: z.enum(['payment_required', 'approval_required']),
  amount_in_pence: z
    .number()
    .int()
    .min(1)
    .describe(
      'What the customer must pay (payment_required) or will be refunded on approval (approval_required).',
    ),
  /** The change staff made, in the fields of the order item update. */
  changes: OrderItemUpdateAttributesSchema,
  new_subtotal_in_pence: z.number().int().min(0),
  /** How the shop confirms, once the customer has paid or approved: this storefront call. */
  confirm: z.object({ method: z.literal('POST'), path: z.string() }),
});

export const DespatchedDataSchema = ItemRefsSchema.extend({
  despatched_on: IsoDateSchema,
  carrier: z.enum(CARRIER_VALUES),
  /** The carrier's service (`first_class`, `signed_for` … as the despatch form lists them). */
  service: z.enum(DESPATCH_SERVICE_VALUES),
  tracking_reference: z.string().nullable(),
});

export const DocumentsRejectedDataSchema = ItemRefsSchema.extend({
  /** What staff told the customer is wrong with the documents (also e-mailed to them). */
  feedback: z.string(),
  /** Where the customer uploads new ones: the storefront upload call. */
  upload: z.object({ method: z.literal('POST'), path: z.string() }),
});

export const ConversationRepliedDataSchema = z.object({
  /** The conversation's id as POST /storefront/messages answered it. */
  conversation_id: IdSchema,
  customer_email: z.string(),
  subject: z.string().nullable(),
  order_ref: z.string().nullable(),
  order_item_ref: z.string().nullable(),
  /** The reply as e-mailed to the customer (plain text). */
  reply: z.string(),
});

export const TestDataSchema = z.object({ message: z.string() });

/** Each event type's `data`. */
export const WEBHOOK_DATA_SCHEMAS = {
  'order_item.state_changed': StateChangedDataSchema,
  'order_item.cancelled': CancelledDataSchema,
  'order_item.refunded': RefundedDataSchema,
  'order_item.update_requested': UpdateRequestedDataSchema,
  'order_item.despatched': DespatchedDataSchema,
  'order_item.documents_rejected': DocumentsRejectedDataSchema,
  'conversation.replied': ConversationRepliedDataSchema,
  [WEBHOOK_TEST_EVENT]: TestDataSchema,
} as const;

type DataSchemas = typeof WEBHOOK_DATA_SCHEMAS;
/** One event as the back office writes it: its type and its data. */
export type WebhookEvent = {
  [T in keyof DataSchemas]: { type: T; data: z.infer<DataSchemas[T]> };
}[keyof DataSchemas];

/** The body of one delivery (Standard Webhooks): the type, when it happened, and the data. */
export function webhookEnvelopeSchema<T extends keyof DataSchemas>(type: T) {
  return z.object({
    type: z.literal(type),
    timestamp: TimestampSchema.describe('When it happened, ISO 8601 (UTC).'),
    data: WEBHOOK_DATA_SCHEMAS[type],
  });
}

/** Any delivery's body. */
export const WebhookEnvelopeSchema = z.discriminatedUnion(
  'type',
  (Object.keys(WEBHOOK_DATA_SCHEMAS) as (keyof DataSchemas)[]).map(webhookEnvelopeSchema) as unknown as [
    ReturnType<typeof webhookEnvelopeSchema>,
    ...ReturnType<typeof webhookEnvelopeSchema>[],
  ],
);
export type WebhookEnvelope = z.infer<typeof WebhookEnvelopeSchema>;

// ---------------------------------------------------------------- the admin API

const URL_MESSAGE = 'Enter the full address of the receiver, e.g. https://shop.example.com/webhooks.';

/** The receiver's address: http(s), no user name or password in it (production asks https; see the service). */
export const WebhookUrlSchema = z
  .string({ error: URL_MESSAGE })
  .trim()
  .max(2000, 'An address has at most 2,000 characters.')
  .pipe(z.url({ protocol: /^https?$/, error: URL_MESSAGE }))
  .refine((url) => {
    const parsed = URL.canParse(url) ? new URL(url) : null;
    return !parsed || (parsed.username === '' && parsed.password === '');
  }, 'Leave the user name and password out of the address; the signature proves who sends.');

const EventsSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Choose events from the list.' }), {
    error: 'Choose at least one event.',
  })
  .min(1, 'Choose at least one event.')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((events) => new Set(events).size === events.length, 'Name each event once.');

const DescriptionSchema = z.string().trim().max(200, 'Keep the description under 200 characters.');

export const NewWebhookEndpointSchema = z.object({
  webhook_endpoint: z.object({
    url: WebhookUrlSchema,
    events: EventsSchema,
    description: DescriptionSchema.optional(),
  }),
});
export type NewWebhookEndpoint = z.infer<typeof NewWebhookEndpointSchema>['webhook_endpoint'];

export const WebhookEndpointChangesSchema = z.object({
  webhook_endpoint: z
    .object({
      url: WebhookUrlSchema,
      events: EventsSchema,
      description: DescriptionSchema,
      /** false: nothing new is delivered (deliveries waiting stay, and go when it is enabled again). */
      enabled: z.boolean({ error: 'Enabled is true or false.' }),
    })
    .partial()
    .refine((c) => Object.keys(c).length > 0, 'Send at least one of url, events, description, enabled.'),
});
export type WebhookEndpointChanges = z.infer<typeof WebhookEndpointChangesSchema>['webhook_endpoint'];

/** `failing`: no delivery has succeeded for a day while some failed (admins were told). */
export const WEBHOOK_ENDPOINT_STATUSES = ['active', 'failing', 'disabled'] as const;

export const WebhookEndpointSchema = z.object({
  id: IdSchema,
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  /** The first failure since the last success (null: the last delivery succeeded, or none failed). */
  failing_since: TimestampSchema.nullable(),
  last_success_at: TimestampSchema.nullable(),
  /** Until then the secret before the last rotation still signs each delivery too (null: no rotation pending). */
  previous_secret_expires_at: TimestampSchema.nullable(),
  pending_count: z.number().int().min(0),
  failed_count: z.number().int().min(0),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointResponseSchema = z.object({ webhook_endpoint: WebhookEndpointSchema });
export const WebhookEndpointListSchema = z.object({ webhook_endpoints: z.array(WebhookEndpointSchema) });

/** Shown once, when the endpoint is created or its secret rotated: the receiver verifies with it. */
export const WebhookSecretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/=]+$/)
  .describe('The signing secret, `whsec_` and base64: shown only in this answer.');
export const WebhookEndpointWithSecretSchema = z.object({
  webhook_endpoint: WebhookEndpointSchema,
  secret: WebhookSecretSchema,
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliveryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: z
    .enum(WEBHOOK_DELIVERY_STATUSES, { error: 'Choose pending, sending, delivered or failed.' })
    .optional(),
});

const AttemptOutcomeSchema = z.enum(['delivered', 'failed']);

/** One try at a delivery, as the log shows it. */
export const WebhookAttemptSchema = z.object({
  id: IdSchema,
  attempted_at: TimestampSchema,
  outcome: AttemptOutcomeSchema,
  /** The receiver's HTTP status (null: no answer: refused, timed out, an address not allowed …). */
  response_status: z.number().int().nullable(),
  latency_ms: z.number().int().min(0),
  /** The first 2 KB of the receiver's answer. */
  response_body: z.string(),
  /** Why it failed when there was no answer, or a redirect that was not followed. */
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: IdSchema,
  /** The `webhook-id` header: the same on every attempt, so a receiver can drop a repeat. */
  message_id: z.string(),
  event_type: z.string(),
  order_item_ref: z.string().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int().min(0),
  /** When it is tried next (pending), or when the lease of the attempt in flight ends (sending). */
  next_attempt_at: TimestampSchema.nullable(),
  /** It is given up if still failing then. */
  expires_at: TimestampSchema,
  delivered_at: TimestampSchema.nullable(),
  created_at: TimestampSchema,
  last_attempt: WebhookAttemptSchema.omit({ response_body: true }).nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryPageSchema = PagingSchema.extend({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

export const WebhookDeliveryResponseSchema = z.object({ delivery: WebhookDeliverySchema });

export const WebhookDeliveryDetailSchema = z.object({
  delivery: WebhookDeliverySchema.extend({
    /** The body as sent (every attempt sends the same). */
    payload: z.string(),
    /** Every attempt, newest first. */
    attempt_log: z.array(WebhookAttemptSchema),
  }),
});
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetailSchema>['delivery'];

export const WebhookReplayedSchema = z.object({
  replayed: z.number().int().min(0).describe('How many failed deliveries are pending again.'),
});
