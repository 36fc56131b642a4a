/**
 * The webhook deliveries the worker (server/webhooks/worker.ts) sends: claimed with FOR UPDATE SKIP LOCKED and
 * leased (status `sending` until the lease ends), so one attempt of a delivery is in flight at a time across
 * every instance; then recorded with its attempt (the delivery log) as delivered, due again after a backoff,
 * or failed once its retry window has passed. A delivery is claimed only when no earlier delivery of the same
 * order item (its ordering key) to the same endpoint is still pending or in flight, so each receiver gets the
 * events of an item in the order they happened. An endpoint with no success for FAILING_AFTER_MS while its
 * deliveries fail is marked failing, and every admin told once.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { formatDateTime } from '../../../domain/format';
import type { Db, Tx } from '../../db/client';
import { transaction } from '../../db/client';
import { users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { publishChange } from '../live/publish';
import { recordNotification } from '../notifications/notifications';

/** A day of failures without a success marks an endpoint failing (and tells the admins). */
export const FAILING_AFTER_MS = 24 * 60 * 60 * 1000;

/** A claimed delivery with what sending it needs: the body, the id, the receiver and its secrets. */
export interface ClaimedDelivery {
  id: number;
  /** Attempts so far, this one included. */
  attempts: number;
  expiresAt: Date;
  messageId: string;
  payload: string;
  endpointId: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretExpiresAt: Date | null;
}

/** Claims up to `batch` due deliveries of enabled endpoints, oldest first, each leased for `leaseMs`. */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  batch: number,
  leaseMs: number,
): Promise<ClaimedDelivery[]> {
  if (batch <= 0) return [];
  return transaction(db, async (tx) => {
    const earlier = sql`select 1 from ${webhookDeliveries} p
      where p.endpoint_id = ${webhookDeliveries.endpointId}
        and p.ordering_key = ${webhookDeliveries.orderingKey}
        and p.id < ${webhookDeliveries.id}
        and p.status in ('pending', 'sending')`;
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          inArray(webhookDeliveries.status, ['pending', 'sending']),
          sql`${webhookDeliveries.nextAttemptAt} <= ${now}`,
          eq(webhookEndpoints.enabled, true),
          sql`not exists (${earlier})`,
        ),
      )
      .orderBy(webhookDeliveries.nextAttemptAt, webhookDeliveries.id)
      .limit(batch)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(webhookDeliveries)
      .set({
        status: 'sending',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + leaseMs),
      })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning({
        id: webhookDeliveries.id,
        attempts: webhookDeliveries.attempts,
        expiresAt: webhookDeliveries.expiresAt,
        eventId: webhookDeliveries.eventId,
        endpointId: webhookDeliveries.endpointId,
      });
    const details = await tx
      .select({
        id: webhookDeliveries.id,
        messageId: webhookEvents.messageId,
        payload: webhookEvents.payload,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
        previousSecret: webhookEndpoints.previousSecret,
        previousSecretExpiresAt: webhookEndpoints.previousSecretExpiresAt,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        inArray(
          webhookDeliveries.id,
          claimed.map((c) => c.id),
        ),
      );
    const byId = new Map(details.map((d) => [d.id, d]));
    return claimed
      .sort((a, b) => a.id - b.id)
      .flatMap((c) => {
        const d = byId.get(c.id);
        return d ? [{ ...c, ...d }] : [];
      });
  });
}

/** What one attempt came to, as the sender saw it. */
export interface AttemptResult {
  delivered: boolean;
  responseStatus: number | null;
  latencyMs: number;
  /** The first 2 KB of the answer. */
  responseBody: string;
  error: string | null;
}

/**
 * Records an attempt in the log and its delivery's new state: delivered; failed for good when `now` is past
 * its retry window; else pending again at `retryAt`. The delivery changes only if this attempt still holds
 * it (a lease taken over by another instance leaves it to that one). The endpoint's health follows: a success
 * clears its failing marks; a failure starts them, and one that has lasted FAILING_AFTER_MS marks it failing
 * and notifies every active admin, once.
 */
export async function recordAttempt(
  db: Db,
  delivery: Pick<ClaimedDelivery, 'id' | 'attempts' | 'expiresAt' | 'endpointId' | 'url'>,
  result: AttemptResult,
  now: Date,
  retryAt: Date,
): Promise<'delivered' | 'pending' | 'failed'> {
  const outcome = result.delivered ? 'delivered' : now >= delivery.expiresAt ? 'failed' : 'pending';
  await transaction(db, async (tx) => {
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      attemptedAt: now,
      outcome: result.delivered ? 'delivered' : 'failed',
      responseStatus: result.responseStatus,
      latencyMs: result.latencyMs,
      responseBody: result.responseBody,
      error: result.error,
    });
    await tx
      .update(webhookDeliveries)
      .set(
        outcome === 'delivered'
          ? { status: 'delivered', deliveredAt: now, nextAttemptAt: now }
          : { status: outcome, nextAttemptAt: outcome === 'failed' ? now : retryAt },
      )
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.status, 'sending'),
          eq(webhookDeliveries.attempts, delivery.attempts),
        ),
      );
    if (result.delivered) {
      await tx
        .update(webhookEndpoints)
        .set({ lastSuccessAt: now, failingSince: null, failingNotifiedAt: null })
        .where(eq(webhookEndpoints.id, delivery.endpointId));
      return;
    }
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now})` })
      .where(eq(webhookEndpoints.id, delivery.endpointId))
      .returning({
        failingSince: webhookEndpoints.failingSince,
        failingNotifiedAt: webhookEndpoints.failingNotifiedAt,
      });
    if (
      endpoint?.failingSince &&
      !endpoint.failingNotifiedAt &&
      now.getTime() - endpoint.failingSince.getTime() >= FAILING_AFTER_MS
    ) {
      await markFailing(tx, delivery, endpoint.failingSince, now);
    }
  });
  return outcome;
}

/** Marks the endpoint failing (once: the condition re-checks it) and tells every active admin. */
async function markFailing(
  tx: Tx,
  delivery: Pick<ClaimedDelivery, 'endpointId' | 'url'>,
  since: Date,
  now: Date,
) {
  const [marked] = await tx
    .update(webhookEndpoints)
    .set({ failingNotifiedAt: now })
    .where(and(eq(webhookEndpoints.id, delivery.endpointId), isNull(webhookEndpoints.failingNotifiedAt)))
    .returning({ id: webhookEndpoints.id });
  if (!marked) return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.active, true)));
  for (const admin of admins) {
    const change = await recordNotification(tx, {
      userId: admin.id,
      kind: 'webhook_failing',
      message: `Webhooks to ${delivery.url} have failed since ${formatDateTime(since)}: the shop is not hearing of changes. Deliveries are still retried; see Webhooks.`,
    });
    await publishChange(tx, change);
  }
}
