/**
 * The webhooks in the OpenAPI description (3.1 `webhooks`): one POST per event type a shop's endpoint
 * receives, each with the Standard Webhooks headers the sender signs (server/webhooks/sender.ts) and the
 * event's body from its zod schema (domain/contract/webhooks.ts), so a client generator types the receiver's
 * side as well.
 */
import { z } from 'zod';
import {
  type WEBHOOK_DATA_SCHEMAS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  webhookEnvelopeSchema,
} from '../domain/contract/webhooks';

/** The Standard Webhooks headers of every delivery (https://www.standardwebhooks.com). */
const HEADERS = [
  {
    name: 'webhook-id',
    description: "The event's id: the same on every attempt of one event, so a receiver handles it once.",
    schema: { type: 'string', examples: ['msg_2f9c8a4e6b1d4c0f9e7a5b3c1d2e4f6a'] },
  },
  {
    name: 'webhook-timestamp',
    description: 'When this attempt was signed, in seconds since 1970 (UTC); refuse one far from now.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: 'webhook-signature',
    description:
      'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `<webhook-id>.<webhook-timestamp>.<body>` with ' +
      "the endpoint's secret (two while a rotated secret still signs): verify with the `standardwebhooks` package.",
    schema: { type: 'string' },
  },
] as const;

/** The JSON Schema of one zod schema, as the document's other schemas (OpenAPI 3.1 is JSON Schema 2020-12). */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
  return rest;
}

function webhookOperation(type: keyof typeof WEBHOOK_DATA_SCHEMAS, summary: string) {
  return {
    post: {
      operationId: `webhook_${type.replace('.', '_')}`,
      tags: ['webhook events'],
      summary,
      description:
        'POSTed to each active endpoint that subscribes to the event, signed with its secret. Answer 2xx once ' +
        'stored; any other answer or none within 10 s is retried with backoff (docs/storefront.md, Webhooks).',
      security: [],
      parameters: HEADERS.map((header) => ({ in: 'header', required: true, ...header })),
      requestBody: {
        required: true,
        content: { 'application/json': { schema: jsonSchemaOf(webhookEnvelopeSchema(type)) } },
      },
      responses: {
        '2XX': { description: 'Received: the event is not sent again.' },
        '4XX': { description: 'Refused (e.g. a signature that does not verify): retried with backoff.' },
        '5XX': { description: 'The receiver failed: retried with backoff.' },
      },
    },
  };
}

/** The `webhooks` of the OpenAPI description: every event type, and the test event. */
export function openApiWebhooks() {
  return Object.fromEntries([
    ...WEBHOOK_EVENT_TYPES.map((type) => [type, webhookOperation(type, WEBHOOK_EVENT_LABELS[type])]),
    [
      WEBHOOK_TEST_EVENT,
      webhookOperation(WEBHOOK_TEST_EVENT, 'The test event an admin sends to one endpoint'),
    ],
  ]);
}
