/**
 * Webhook events are written like e-mail (the transactional outbox): in the same transaction as the change,
 * so a shop hears of a change exactly when it committed. One statement writes an action's events and their
 * deliveries: each event is inserted only when an enabled endpoint subscribes to its type, and fanned out at
 * once to those endpoints (INSERT … SELECT), so with no endpoint subscribed nothing is written at all. For a
 * workflow action the statement is two WITHs of the item's own UPDATE (order-items/item-update.ts): no round
 * trip of its own (docs/performance.md, "Webhooks").
 */
import { randomBytes } from 'node:crypto';
import { sql, type WithSubquery } from 'drizzle-orm';
import type { WebhookEvent } from '../../../domain/contract/webhooks';
import type { Db, Tx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';

/** An event is tried for this long after it happened (then it waits, failed, for an admin to replay it). */
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

/** A `webhook-id`: the same on every attempt of an event, unique across events. */
export const newMessageId = () => `msg_${Date.now().toString(36)}${randomBytes(10).toString('hex')}`;

/** The exact body every delivery of an event sends and signs (Standard Webhooks' envelope). */
export const envelopeOf = (event: WebhookEvent, at: Date) =>
  JSON.stringify({ type: event.type, timestamp: at.toISOString(), data: event.data });

/** The rows of an action's events, in the order they are sent; `key` orders them per receiver. */
function eventRows(events: readonly WebhookEvent[], key: string, at: Date) {
  return events.map((event, n) => ({
    n,
    type: event.type,
    message_id: newMessageId(),
    ordering_key: key,
    payload: envelopeOf(event, at),
  }));
}

/** The two WITHs of `events` (see webhookEventsWith), typed for a caller that selects from them. */
function eventWiths(tx: Db | Tx, events: readonly WebhookEvent[], key: string, at: Date) {
  const rows = JSON.stringify(eventRows(events, key, at));
  const expires = new Date(at.getTime() + RETRY_WINDOW_MS);
  const written = tx.$with('webhook_events_written', { id: webhookEvents.id }).as(
    sql`insert into ${webhookEvents} (type, message_id, ordering_key, payload, created_at)
        select e.type, e.message_id, e.ordering_key, e.payload, ${at}
        from jsonb_to_recordset(${rows}::jsonb)
          as e(n int, type text, message_id text, ordering_key text, payload text)
        where exists (
          select 1 from ${webhookEndpoints} w where w.enabled and e.type = any(w.events)
        )
        order by e.n
        returning id, type, ordering_key`,
  );
  const fanned = tx.$with('webhook_deliveries_written', { id: webhookDeliveries.id }).as(
    sql`insert into ${webhookDeliveries} (event_id, endpoint_id, ordering_key, next_attempt_at, expires_at, created_at)
        select e.id, w.id, e.ordering_key, ${at}, ${expires}, ${at}
        from webhook_events_written e
        join ${webhookEndpoints} w on w.enabled and e.type = any(w.events)
        order by e.id, w.id
        returning id`,
  );
  return { written, fanned };
}

/**
 * The two WITHs that write `events` and one delivery of each to every enabled endpoint subscribed to it:
 * for a caller that runs them with a statement of its own (nothing runs here). None when there is no event.
 */
export function webhookEventsWith(
  tx: Db | Tx,
  events: readonly WebhookEvent[],
  key: string,
  at: Date,
): WithSubquery[] {
  if (events.length === 0) return [];
  const { written, fanned } = eventWiths(tx, events, key, at);
  return [written, fanned];
}

/** Writes `events` (and their deliveries) inside the caller's transaction, as one statement. */
export async function enqueueWebhookEvents(
  tx: Db | Tx,
  events: readonly WebhookEvent[],
  key: string,
  at = new Date(),
): Promise<void> {
  if (events.length === 0) return;
  const { written, fanned } = eventWiths(tx, events, key, at);
  await tx.with(written, fanned).select({ id: fanned.id }).from(fanned);
}
