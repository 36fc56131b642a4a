/**
 * Delivers webhooks (docs/operations.md, "Webhooks"). Due deliveries are claimed and leased
 * (services/webhooks/delivery.ts), so across every instance one attempt of a delivery is in flight at a time;
 * each is sent (sender.ts) and recorded: delivered, or due again after a backoff with jitter (first retry
 * within ~10 s, then longer and longer), for up to 3 days after the event. Every attempt of an event carries
 * its one `webhook-id`. Deliveries run side by side, IN_FLIGHT at most per instance, so a receiver that is
 * slow or down never holds up the others.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { type ClaimedDelivery, claimDueDeliveries, recordAttempt } from '../services/webhooks/delivery';
import { DELIVERY_TIMEOUT_MS, type SenderOptions, sendAttempt } from './sender';

/** A claimed delivery is another instance's to take again after this (well past one attempt's timeout). */
const LEASE_MS = 6 * DELIVERY_TIMEOUT_MS;
/** Deliveries in flight at once in one instance. */
const IN_FLIGHT = 16;

const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 12 * 60 * 60 * 1000;

/**
 * The wait after the n-th failed attempt: 5 s, 15 s, 45 s … ×3 each time, at most 12 hours, jittered by ±20 %
 * so that the deliveries a receiver's outage failed together do not all come back at the same instant.
 */
export function retryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 3 ** Math.min(Math.max(0, attempts - 1), 20), LONGEST_WAIT_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface WebhookWorkerOptions extends SenderOptions {
  /** Hears each failed attempt (jobs/registry.ts logs and counts them). */
  onFailure?(failure: {
    deliveryId: number;
    url: string;
    attempts: number;
    gaveUp: boolean;
    reason: string;
  }): void;
}

/** Sends one claimed delivery and records the attempt; answers whether it was delivered. */
async function deliverOne(db: Db, delivery: ClaimedDelivery, opts: WebhookWorkerOptions, clock: () => Date) {
  const result = await sendAttempt(delivery, opts, clock);
  const now = clock();
  const outcome = await recordAttempt(
    db,
    delivery,
    result,
    now,
    new Date(now.getTime() + retryDelayMs(delivery.attempts)),
  );
  if (outcome !== 'delivered') {
    opts.onFailure?.({
      deliveryId: delivery.id,
      url: delivery.url,
      attempts: delivery.attempts,
      gaveUp: outcome === 'failed',
      reason: result.error ?? `HTTP ${result.responseStatus}`,
    });
  }
  return outcome === 'delivered';
}

/**
 * Claims what is due now (at most `batch`) and delivers it all at once, waiting for every attempt to end;
 * answers how many were claimed and delivered. For tests and tools; the job below keeps a pool going instead.
 */
export async function deliverDueWebhooks(
  db: Db,
  opts: WebhookWorkerOptions,
  clock: () => Date = () => new Date(),
  batch = IN_FLIGHT,
) {
  const claimed = await claimDueDeliveries(db, clock(), batch, LEASE_MS);
  const outcomes = await Promise.all(claimed.map((d) => deliverOne(db, d, opts, clock)));
  return { claimed: claimed.length, delivered: outcomes.filter(Boolean).length };
}

/** The background job's side of the worker: a pool of deliveries in flight, topped up at every run. */
export interface WebhookPool {
  /** Claims what is due, up to the free places in the pool, and starts sending it; does not wait for it. */
  run(): Promise<undefined>;
  /** Waits for the deliveries in flight (on shutdown; none is cut off half-way). */
  close(): Promise<void>;
}

export function createWebhookPool(
  db: Db,
  opts: WebhookWorkerOptions,
  log: Pick<FastifyBaseLogger, 'error'>,
  clock: () => Date = () => new Date(),
): WebhookPool {
  const inFlight = new Set<Promise<unknown>>();
  return {
    async run() {
      const claimed = await claimDueDeliveries(db, clock(), IN_FLIGHT - inFlight.size, LEASE_MS);
      for (const delivery of claimed) {
        // A failure to record (the database is down) leaves the delivery leased: it is tried again when the
        // lease ends, with the same webhook-id.
        const sending: Promise<unknown> = deliverOne(db, delivery, opts, clock)
          .catch((error) =>
            log.error({ err: error, delivery_id: delivery.id }, 'webhook delivery not recorded'),
          )
          .finally(() => inFlight.delete(sending));
        inFlight.add(sending);
      }
      return undefined;
    },
    async close() {
      await Promise.all(inFlight);
    },
  };
}
