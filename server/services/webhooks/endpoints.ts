/**
 * Webhook endpoints as admins manage them (issue 48): create (the secret is answered this once), list, show,
 * change, enable or disable, rotate the secret (the previous one still signs for a day), delete; and each
 * endpoint's delivery log, replay of one delivery or of every failed one, and a test event.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  type NewWebhookEndpoint,
  WEBHOOK_TEST_EVENT,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryDetail,
  type WebhookDeliveryPage,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointChanges,
} from '../../../domain/contract/webhooks';
import type { Db } from '../../db/client';
import { transaction } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { AppError, invalidInput, notFound } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/record';
import { envelopeOf, newMessageId, RETRY_WINDOW_MS } from './events';
import { type ReceiverPolicy, ReceiverRefused, type Resolve, receiverAddresses } from './receiver-address';

/** After a rotation the previous secret signs too for this long, while the receivers change theirs. */
export const PREVIOUS_SECRET_VALID_MS = 24 * 60 * 60 * 1000;

const PER_PAGE = 25;

/** A new signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks' libraries read it. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Whether the policy allows the receiver's address; a 422 naming the URL field when not. */
async function checkReceiver(url: string, policy: ReceiverPolicy, resolve?: Resolve) {
  try {
    await receiverAddresses(new URL(url), policy, resolve);
  } catch (error) {
    if (!(error instanceof ReceiverRefused)) throw error;
    throw invalidInput('Check the highlighted fields.', [
      { field: 'webhook_endpoint.url', message: error.message },
    ]);
  }
}

/** Pending (or in flight) and failed deliveries of each endpoint. */
async function deliveryCounts(db: Db, endpointIds: number[]) {
  if (endpointIds.length === 0) return new Map<number, { pending: number; failed: number }>();
  const rows = await db
    .select({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, n: count() })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.endpointId, endpointIds),
        inArray(webhookDeliveries.status, ['pending', 'sending', 'failed']),
      ),
    )
    .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status);
  const counts = new Map<number, { pending: number; failed: number }>();
  for (const r of rows) {
    const c = counts.get(r.endpointId) ?? { pending: 0, failed: 0 };
    if (r.status === 'failed') c.failed += r.n;
    else c.pending += r.n;
    counts.set(r.endpointId, c);
  }
  return counts;
}

function wire(row: EndpointRow, counts = { pending: 0, failed: 0 }): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    status: !row.enabled ? 'disabled' : row.failingNotifiedAt ? 'failing' : 'active',
    failing_since: row.failingSince?.toISOString() ?? null,
    last_success_at: row.lastSuccessAt?.toISOString() ?? null,
    previous_secret_expires_at:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    pending_count: counts.pending,
    failed_count: counts.failed,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an endpoint: never its secrets. */
const AUDITED_FIELDS = ['url', 'description', 'events', 'enabled'] as const;
const auditedFields = (row: EndpointRow) => ({
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
});

async function endpointRow(db: Db, id: number): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

async function endpointWire(db: Db, row: EndpointRow) {
  return wire(row, (await deliveryCounts(db, [row.id])).get(row.id));
}

/** Every endpoint, oldest first, with its pending and failed deliveries. */
export async function listEndpoints(db: Db) {
  const rows = await db.select().from(webhookEndpoints).orderBy(webhookEndpoints.id);
  const counts = await deliveryCounts(
    db,
    rows.map((r) => r.id),
  );
  return { webhook_endpoints: rows.map((r) => wire(r, counts.get(r.id))) };
}

export async function showEndpoint(db: Db, id: number) {
  return { webhook_endpoint: await endpointWire(db, await endpointRow(db, id)) };
}

/** Creates an endpoint; its secret is in this answer and never again. */
export async function createEndpoint(
  db: Db,
  input: NewWebhookEndpoint,
  policy: ReceiverPolicy,
  actor: AuditActor,
  resolve?: Resolve,
) {
  await checkReceiver(input.url, policy, resolve);
  const secret = newSecret();
  const row = await transaction(db, async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({ url: input.url, events: input.events, description: input.description ?? '', secret })
      .returning();
    await recordAudit(tx, actor, {
      kind: 'webhook_endpoint.created',
      targetType: 'webhook_endpoint',
      targetId: created.id,
      summary: `Added the webhook endpoint ${created.url}`,
      after: auditedFields(created),
    });
    return created;
  });
  return { webhook_endpoint: wire(row), secret };
}

/** Changes an endpoint's URL, events, description or whether it is enabled. */
export async function updateEndpoint(
  db: Db,
  id: number,
  changes: WebhookEndpointChanges,
  policy: ReceiverPolicy,
  actor: AuditActor,
  resolve?: Resolve,
) {
  await endpointRow(db, id);
  if (changes.url !== undefined) await checkReceiver(changes.url, policy, resolve);
  const row = await transaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for('update');
    if (!before) throw notFound('Webhook endpoint');
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        ...(changes.url !== undefined ? { url: changes.url } : {}),
        ...(changes.events !== undefined ? { events: changes.events } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    const changed = changedFields(auditedFields(before), auditedFields(after), AUDITED_FIELDS);
    if (changed) {
      await recordAudit(tx, actor, {
        kind: 'webhook_endpoint.updated',
        targetType: 'webhook_endpoint',
        targetId: id,
        summary: `Changed the webhook endpoint ${after.url}`,
        ...changed,
      });
    }
    return after;
  });
  return { webhook_endpoint: await endpointWire(db, row) };
}

/** Deletes an endpoint with its deliveries and their log; answers the endpoints left. */
export async function deleteEndpoint(db: Db, id: number, actor: AuditActor) {
  await transaction(db, async (tx) => {
    const [deleted] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!deleted) throw notFound('Webhook endpoint');
    await recordAudit(tx, actor, {
      kind: 'webhook_endpoint.deleted',
      targetType: 'webhook_endpoint',
      targetId: id,
      summary: `Deleted the webhook endpoint ${deleted.url}`,
      before: auditedFields(deleted),
    });
  });
  return listEndpoints(db);
}

/**
 * A new secret, answered this once; the current one becomes the previous, which signs each delivery as well
 * (a second signature in `webhook-signature`) for PREVIOUS_SECRET_VALID_MS, while the receivers change over.
 */
export async function rotateSecret(db: Db, id: number, actor: AuditActor, now = new Date()) {
  const secret = newSecret();
  const row = await transaction(db, async (tx) => {
    const [rotated] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: webhookEndpoints.secret,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_VALID_MS),
        secret,
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!rotated) throw notFound('Webhook endpoint');
    await recordAudit(tx, actor, {
      kind: 'webhook_endpoint.secret_rotated',
      targetType: 'webhook_endpoint',
      targetId: id,
      summary: `Rotated the signing secret of the webhook endpoint ${rotated.url}`,
    });
    return rotated;
  });
  return { webhook_endpoint: await endpointWire(db, row), secret };
}

// ---------------------------------------------------------------- the delivery log

const deliveryColumns = {
  id: webhookDeliveries.id,
  messageId: webhookEvents.messageId,
  type: webhookEvents.type,
  orderingKey: webhookDeliveries.orderingKey,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  expiresAt: webhookDeliveries.expiresAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};
type DeliveryRow = Pick<
  typeof webhookDeliveries.$inferSelect,
  'id' | 'orderingKey' | 'status' | 'attempts' | 'nextAttemptAt' | 'expiresAt' | 'deliveredAt' | 'createdAt'
> & {
  messageId: string;
  type: string;
};
type AttemptRow = typeof webhookAttempts.$inferSelect;

const attemptWire = (a: AttemptRow): WebhookAttempt => ({
  id: a.id,
  attempted_at: a.attemptedAt.toISOString(),
  outcome: a.outcome,
  response_status: a.responseStatus,
  latency_ms: a.latencyMs,
  response_body: a.responseBody,
  error: a.error,
});

function deliveryWire(d: DeliveryRow, last: AttemptRow | undefined): WebhookDelivery {
  const open = d.status === 'pending' || d.status === 'sending';
  const { response_body: _body, ...lastAttempt } = last ? attemptWire(last) : { response_body: '' };
  return {
    id: d.id,
    message_id: d.messageId,
    event_type: d.type,
    // The ordering key of an order item's events is its ref.
    order_item_ref: d.type.startsWith('order_item.') ? d.orderingKey : null,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: open ? d.nextAttemptAt.toISOString() : null,
    expires_at: d.expiresAt.toISOString(),
    delivered_at: d.deliveredAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
    last_attempt: last ? (lastAttempt as WebhookDelivery['last_attempt']) : null,
  };
}

/** The latest attempt of each delivery. */
async function lastAttempts(db: Db, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return new Map<number, AttemptRow>();
  const rows = await db
    .selectDistinctOn([webhookAttempts.deliveryId])
    .from(webhookAttempts)
    .where(inArray(webhookAttempts.deliveryId, deliveryIds))
    .orderBy(webhookAttempts.deliveryId, desc(webhookAttempts.id));
  return new Map(rows.map((r) => [r.deliveryId, r]));
}

/** An endpoint's deliveries, newest first, 25 a page, optionally of one status. */
export async function listDeliveries(
  db: Db,
  endpointId: number,
  query: { page: number; status?: WebhookDeliveryStatus },
): Promise<WebhookDeliveryPage> {
  await endpointRow(db, endpointId);
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(PER_PAGE)
      .offset((query.page - 1) * PER_PAGE),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const last = await lastAttempts(
    db,
    rows.map((r) => r.id),
  );
  return {
    page: query.page,
    per_page: PER_PAGE,
    total_count: total.n,
    total_pages: Math.ceil(total.n / PER_PAGE),
    deliveries: rows.map((r) => deliveryWire(r, last.get(r.id))),
  };
}

async function deliveryRow(db: Db, endpointId: number, deliveryId: number) {
  const [row] = await db
    .select({ ...deliveryColumns, payload: webhookEvents.payload })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
  if (!row) throw notFound('Webhook delivery');
  return row;
}

/** One delivery with the body it sends and every attempt, newest first. */
export async function showDelivery(
  db: Db,
  endpointId: number,
  deliveryId: number,
): Promise<{ delivery: WebhookDeliveryDetail }> {
  const row = await deliveryRow(db, endpointId, deliveryId);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(desc(webhookAttempts.id));
  return {
    delivery: {
      ...deliveryWire(row, attempts[0]),
      payload: row.payload,
      attempt_log: attempts.map(attemptWire),
    },
  };
}

/** Pending again, due now, with a new retry window; its webhook-id (and body) stay the same. */
const replayed = (now: Date) => ({
  status: 'pending' as const,
  nextAttemptAt: now,
  expiresAt: new Date(now.getTime() + RETRY_WINDOW_MS),
  deliveredAt: null,
});

/** Sends a delivered or failed delivery again (409 while it is still pending or in flight). */
export async function replayDelivery(db: Db, endpointId: number, deliveryId: number, now = new Date()) {
  await deliveryRow(db, endpointId, deliveryId);
  const [row] = await db
    .update(webhookDeliveries)
    .set(replayed(now))
    .where(
      and(eq(webhookDeliveries.id, deliveryId), inArray(webhookDeliveries.status, ['delivered', 'failed'])),
    )
    .returning({ id: webhookDeliveries.id });
  if (!row) {
    throw new AppError('wrong_state', 'This delivery is still pending: it is tried again by itself.');
  }
  return showDeliverySummary(db, endpointId, deliveryId);
}

async function showDeliverySummary(db: Db, endpointId: number, deliveryId: number) {
  const row = await deliveryRow(db, endpointId, deliveryId);
  return { delivery: deliveryWire(row, (await lastAttempts(db, [deliveryId])).get(deliveryId)) };
}

/** Sends every failed delivery of the endpoint again; answers how many. */
export async function replayFailed(db: Db, endpointId: number, now = new Date()) {
  await endpointRow(db, endpointId);
  const rows = await db
    .update(webhookDeliveries)
    .set(replayed(now))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'failed')))
    .returning({ id: webhookDeliveries.id });
  return { replayed: rows.length };
}

/** Queues a `webhook.test` event for this endpoint alone, whatever it subscribes to; answers its delivery. */
export async function sendTestEvent(db: Db, endpointId: number, now = new Date()) {
  const deliveryId = await transaction(db, async (tx) => {
    const [endpoint] = await tx
      .select({ enabled: webhookEndpoints.enabled })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpointId))
      .for('share');
    if (!endpoint) throw notFound('Webhook endpoint');
    if (!endpoint.enabled) {
      throw new AppError('wrong_state', 'This endpoint is disabled: enable it to send a test event.');
    }
    const payload = envelopeOf(
      {
        type: WEBHOOK_TEST_EVENT,
        data: { message: 'A test event from the UK Document Services back office.' },
      },
      now,
    );
    const orderingKey = `test:${endpointId}`;
    const [event] = await tx
      .insert(webhookEvents)
      .values({ type: WEBHOOK_TEST_EVENT, messageId: newMessageId(), orderingKey, payload, createdAt: now })
      .returning({ id: webhookEvents.id });
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({
        eventId: event.id,
        endpointId,
        orderingKey,
        nextAttemptAt: now,
        expiresAt: new Date(now.getTime() + RETRY_WINDOW_MS),
        createdAt: now,
      })
      .returning({ id: webhookDeliveries.id });
    return delivery.id;
  });
  return showDeliverySummary(db, endpointId, deliveryId);
}
