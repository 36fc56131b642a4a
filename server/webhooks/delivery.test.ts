/**
 * Webhooks with real parts (issue 48): staff actions through the API write events in their transaction; the
 * worker's own functions deliver them over HTTP to receivers this test starts on 127.0.0.1, which verify
 * them with standardwebhooks and their copy of the secret. Time is the worker's clock, moved by the test.
 */
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebhookEnvelopeSchema } from '../../domain/contract/webhooks';
import { transaction } from '../db/client';
import { notifications, orderItems, webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema';
import { SYSTEM_ACTOR } from '../services/audit/record';
import { applyItemAction, lockOrderItem } from '../services/order-items/run-action';
import { claimDueDeliveries } from '../services/webhooks/delivery';
import { createEndpoint } from '../services/webhooks/endpoints';
import { buildOrderItem, type ItemSpec } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';
import { actAsRead } from '../test/items';
import { answerWith, type Receiver, startReceiver, webhookHeaders } from '../test/webhook-receiver';
import { deliverDueWebhooks, retryDelayMs } from './worker';

let ctx: TestContext;
let admin: Agent;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const user = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  adminId = user.id;
  admin = await signInAs(ctx.app, user.email);
});
afterAll(() => ctx.close());

const receivers: Receiver[] = [];
const receiver = async (opts: Parameters<typeof startReceiver>[0] = {}) => {
  const r = await startReceiver(opts);
  receivers.push(r);
  return r;
};
afterEach(async () => {
  // Each test's endpoints go with their deliveries, so the next test's drains see only its own.
  await ctx.database.db.delete(webhookEndpoints);
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const allowAll = { policy: { requireHttps: false, allowPrivate: true } };

/** Creates an endpoint through the API; answers its id and secret. */
async function subscribe(url: string, events: string[]) {
  const res = await admin.request({
    method: 'POST',
    url: '/api/v1/webhook_endpoints.json',
    payload: { webhook_endpoint: { url, events } },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { webhook_endpoint, secret } = res.json();
  return { id: webhook_endpoint.id as number, secret: secret as string };
}

const escalated: ItemSpec = {
  currentState: 'despatch_escalation',
  isEscalated: true,
  stateBeforeEscalation: 'despatch_required',
  netValue: 2800,
};

async function refund(ref: string, amount: number) {
  const res = await actAsRead(admin, ref, 'cancel_refund', {
    cancel_refund: { action: 'refund_only', reason: 'over_payment', amount },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A clock the test moves: the worker's `now`. */
function clock(start = new Date()) {
  let at = start.getTime();
  const now = () => new Date(at);
  const advance = (ms: number) => {
    at += ms;
  };
  return Object.assign(now, { advance });
}

const deliveryLog = async (endpointId: number) =>
  (
    await admin.request({ method: 'GET', url: `/api/v1/webhook_endpoints/${endpointId}/deliveries.json` })
  ).json();

describe('a refund', () => {
  it('delivers one signed order_item.refunded that standardwebhooks verifies with the receiver’s secret', async () => {
    const shop = await receiver();
    const { id, secret } = await subscribe(shop.url, ['order_item.refunded']);
    const item = await buildOrderItem(ctx.database, escalated, { ref: '700101' });
    await refund(item.ref, 1000);

    expect(await deliverDueWebhooks(ctx.database.db, allowAll)).toEqual({ claimed: 1, delivered: 1 });
    expect(shop.received).toHaveLength(1);
    const [got] = shop.received;
    const verified = new Webhook(secret).verify(got.body, webhookHeaders(got));
    expect(WebhookEnvelopeSchema.parse(verified)).toEqual({
      type: 'order_item.refunded',
      timestamp: expect.any(String),
      data: {
        order_ref: '700101',
        order_item_ref: '700101-1',
        amount_in_pence: 1000,
        refund_action: 'refund_only',
        reason: 'over_payment',
        net_value_in_pence: 1800,
      },
    });
    // Another secret does not verify it: the signature is the endpoint's own.
    const other = await subscribe(shop.url, ['order_item.refunded']);
    expect(() => new Webhook(other.secret).verify(got.body, webhookHeaders(got))).toThrow();
    expect(got.headers['content-type']).toBe('application/json');

    // Nothing more is due: delivered once.
    expect(await deliverDueWebhooks(ctx.database.db, allowAll)).toEqual({ claimed: 0, delivered: 0 });
    const log = await deliveryLog(id);
    expect(log.deliveries).toEqual([
      expect.objectContaining({
        event_type: 'order_item.refunded',
        order_item_ref: '700101-1',
        status: 'delivered',
        attempts: 1,
        message_id: got.headers['webhook-id'],
        last_attempt: expect.objectContaining({ outcome: 'delivered', response_status: 200 }),
      }),
    ]);
  });

  it('a cancellation with a refund sends state_changed, cancelled and refunded, in that order', async () => {
    const shop = await receiver();
    await subscribe(shop.url, ['order_item.state_changed', 'order_item.cancelled', 'order_item.refunded']);
    const item = await buildOrderItem(ctx.database, escalated);
    const res = await actAsRead(admin, item.ref, 'cancel_refund', {
      cancel_refund: { action: 'full', reason: 'customer_request' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // One at a time: the events of one item go in order.
    for (let i = 0; i < 3; i++) await deliverDueWebhooks(ctx.database.db, allowAll);
    const bodies = shop.received.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => b.type)).toEqual([
      'order_item.state_changed',
      'order_item.cancelled',
      'order_item.refunded',
    ]);
    expect(bodies[0].data).toMatchObject({ from_state: 'despatch_escalation', to_state: 'cancelled' });
    expect(bodies[1].data).toMatchObject({ refunded_in_pence: 2800, net_value_in_pence: 0 });
    expect(bodies[2].data).toMatchObject({ amount_in_pence: 2800, refund_action: 'full' });
  });
});

describe('retries', () => {
  it('a receiver answering 500 then 200 sees the same webhook-id twice and the log shows both', async () => {
    const shop = await receiver({
      answer: (n, request, response) =>
        n === 0
          ? answerWith(500, 'database locked')(n, request, response)
          : answerWith(200)(n, request, response),
    });
    const { id } = await subscribe(shop.url, ['order_item.refunded']);
    const item = await buildOrderItem(ctx.database, escalated);
    await refund(item.ref, 500);
    const now = clock();

    expect(await deliverDueWebhooks(ctx.database.db, allowAll, now)).toEqual({ claimed: 1, delivered: 0 });
    // Not due again at once: the first retry comes within ~10 s.
    expect((await deliverDueWebhooks(ctx.database.db, allowAll, now)).claimed).toBe(0);
    now.advance(retryDelayMs(1, () => 1) + 1);
    expect(await deliverDueWebhooks(ctx.database.db, allowAll, now)).toEqual({ claimed: 1, delivered: 1 });

    expect(shop.received).toHaveLength(2);
    expect(shop.received[1].headers['webhook-id']).toBe(shop.received[0].headers['webhook-id']);
    expect(shop.received[1].body).toBe(shop.received[0].body);
    const [delivery] = (await deliveryLog(id)).deliveries;
    const detail = (
      await admin.request({
        method: 'GET',
        url: `/api/v1/webhook_endpoints/${id}/deliveries/${delivery.id}.json`,
      })
    ).json().delivery;
    expect(detail).toMatchObject({ status: 'delivered', attempts: 2, payload: shop.received[0].body });
    expect(detail.attempt_log).toEqual([
      expect.objectContaining({ outcome: 'delivered', response_status: 200, response_body: 'ok' }),
      expect.objectContaining({ outcome: 'failed', response_status: 500, response_body: 'database locked' }),
    ]);
  });

  it('a receiver that is down gets backoff, then the delivery once it is up, with the same webhook-id', async () => {
    const first = await receiver();
    const { port, url } = first;
    await first.close();
    const { id } = await subscribe(url, ['order_item.refunded']);
    const item = await buildOrderItem(ctx.database, escalated);
    await refund(item.ref, 700);
    const now = clock();

    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await deliverDueWebhooks(ctx.database.db, allowAll, now)).toEqual({ claimed: 1, delivered: 0 });
      const [row] = await ctx.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, id));
      waits.push(row.nextAttemptAt.getTime() - now().getTime());
      now.advance(waits.at(-1) ?? 0);
    }
    // Backoff: 5 s, 15 s, 45 s (±20 %), the first within ~10 s.
    expect(waits[0]).toBeLessThanOrEqual(6_000);
    expect(waits[1]).toBeGreaterThan(waits[0]);
    expect(waits[2]).toBeGreaterThan(waits[1]);
    const log = await deliveryLog(id);
    expect(log.deliveries[0]).toMatchObject({
      status: 'pending',
      attempts: 3,
      last_attempt: {
        outcome: 'failed',
        response_status: null,
        error: expect.stringMatching(/ECONNREFUSED/),
      },
    });

    const back = await receiver({ port });
    expect(await deliverDueWebhooks(ctx.database.db, allowAll, now)).toEqual({ claimed: 1, delivered: 1 });
    expect(back.received).toHaveLength(1);
    expect(back.received[0].headers['webhook-id']).toBe(log.deliveries[0].message_id);
  });

  it('gives up after 3 days, marks the endpoint failing after a day and tells the admins; replay sends it again', async () => {
    const shop = await receiver({ answer: answerWith(503, 'maintenance') });
    const { id } = await subscribe(shop.url, ['order_item.refunded']);
    const item = await buildOrderItem(ctx.database, escalated);
    await refund(item.ref, 100);
    const now = clock();
    const told = async () =>
      (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, adminId))).filter(
        (n) => n.kind === 'webhook_failing',
      );

    await deliverDueWebhooks(ctx.database.db, allowAll, now);
    const show = async () =>
      (await admin.request({ method: 'GET', url: `/api/v1/webhook_endpoints/${id}.json` })).json()
        .webhook_endpoint;
    expect(await show()).toMatchObject({
      status: 'active',
      failing_since: expect.any(String),
      pending_count: 1,
    });
    now.advance(25 * 60 * 60 * 1000);
    await deliverDueWebhooks(ctx.database.db, allowAll, now);
    expect(await show()).toMatchObject({ status: 'failing' });
    expect(await told()).toHaveLength(1);
    now.advance(2 * 24 * 60 * 60 * 1000);
    await deliverDueWebhooks(ctx.database.db, allowAll, now);
    // Told once, however often it fails.
    expect(await told()).toHaveLength(1);
    expect(await show()).toMatchObject({ status: 'failing', pending_count: 0, failed_count: 1 });

    shop.answer = answerWith(204, '');
    const replay = await admin.request({
      method: 'POST',
      url: `/api/v1/webhook_endpoints/${id}/replay_failed.json`,
    });
    expect(replay.json()).toEqual({ replayed: 1 });
    expect(await deliverDueWebhooks(ctx.database.db, allowAll, now)).toEqual({ claimed: 1, delivered: 1 });
    expect(new Set(shop.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(await show()).toMatchObject({ status: 'active', failing_since: null, failed_count: 0 });
  });

  it('a delivery whose worker died is taken again when its lease ends, with the same webhook-id', async () => {
    const shop = await receiver();
    await subscribe(shop.url, ['order_item.refunded']);
    const item = await buildOrderItem(ctx.database, escalated);
    await refund(item.ref, 100);
    const now = clock();
    // A worker claims it and dies before sending (a restart): nothing is lost.
    expect(await claimDueDeliveries(ctx.database.db, now(), 10, 60_000)).toHaveLength(1);
    expect((await deliverDueWebhooks(ctx.database.db, allowAll, now)).claimed).toBe(0);
    now.advance(61_000);
    expect(await deliverDueWebhooks(ctx.database.db, allowAll, now)).toEqual({ claimed: 1, delivered: 1 });
    const [event] = await ctx.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.orderingKey, item.ref));
    expect(shop.received.map((r) => r.headers['webhook-id'])).toEqual([event.messageId]);
  });
});

describe('what a receiver answers never holds up the others', () => {
  it('a slow, a redirecting, a huge and a garbage answer each cost one attempt; the good receiver gets its event', async () => {
    const slow = await receiver({ answer: () => undefined });
    const elsewhere = await receiver();
    const redirect = await receiver({
      answer: (_n, _r, response) => response.writeHead(307, { location: elsewhere.url }).end(),
    });
    const huge = await receiver({
      answer: (_n, _r, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end('x'.repeat(5 * 1024 * 1024));
      },
    });
    const garbage = await receiver({
      answer: (_n, _r, response) => response.writeHead(200).end(Buffer.from([0xff, 0xfe, 0x00, 0x9c])),
    });
    const good = await receiver();
    for (const r of [slow, redirect, huge, garbage, good]) await subscribe(r.url, ['order_item.refunded']);
    const item = await buildOrderItem(ctx.database, escalated);
    await refund(item.ref, 300);

    const started = Date.now();
    const round = await deliverDueWebhooks(ctx.database.db, { ...allowAll, timeoutMs: 2_000 });
    // The slow receiver's attempt ends at its timeout, and the others did not wait for it.
    expect(Date.now() - started).toBeLessThan(8_000);
    // The huge answer and the garbage one are 2xx: delivered; the slow one timed out; the redirect failed.
    expect(round).toEqual({ claimed: 5, delivered: 3 });
    expect(good.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
    const rows = await ctx.database.db.select().from(webhookDeliveries);
    expect(rows.map((r) => r.status).sort()).toEqual([
      'delivered',
      'delivered',
      'delivered',
      'pending',
      'pending',
    ]);

    const endpoints = (await admin.request({ method: 'GET', url: '/api/v1/webhook_endpoints.json' })).json()
      .webhook_endpoints as { id: number; url: string }[];
    const lastAttempt = async (url: string) => {
      const endpoint = endpoints.find((e) => e.url === url);
      const [delivery] = (await deliveryLog(endpoint?.id ?? 0)).deliveries;
      return (
        await admin.request({
          method: 'GET',
          url: `/api/v1/webhook_endpoints/${endpoint?.id}/deliveries/${delivery.id}.json`,
        })
      ).json().delivery.attempt_log[0];
    };
    expect(await lastAttempt(slow.url)).toMatchObject({
      outcome: 'failed',
      error: 'No answer within 2 s.',
    });
    expect(await lastAttempt(redirect.url)).toMatchObject({
      outcome: 'failed',
      response_status: 307,
      error: `Redirect to ${elsewhere.url} not followed.`,
    });
    const hugeAttempt = await lastAttempt(huge.url);
    expect(hugeAttempt.outcome).toBe('delivered');
    expect(hugeAttempt.response_body).toBe('x'.repeat(2048));
  });
});

describe('order', () => {
  it('the events of one item reach an endpoint in the order they happened, the next only after the one before', async () => {
    const shop = await receiver({ answer: answerWith(500) });
    await subscribe(shop.url, ['order_item.refunded']);
    const item = await buildOrderItem(ctx.database, { ...escalated, currentState: 'order_complete' });
    const other = await buildOrderItem(ctx.database, escalated);
    await refund(item.ref, 100);
    await refund(item.ref, 200);
    await refund(other.ref, 300);
    const now = clock();

    // The first refund of the item and the other item's refund go; the second refund waits for the first.
    expect((await deliverDueWebhooks(ctx.database.db, allowAll, now)).claimed).toBe(2);
    now.advance(60_000);
    expect((await deliverDueWebhooks(ctx.database.db, allowAll, now)).claimed).toBe(2);
    shop.answer = answerWith(200);
    now.advance(60_000);
    await deliverDueWebhooks(ctx.database.db, allowAll, now);
    await deliverDueWebhooks(ctx.database.db, allowAll, now);
    const amounts = shop.received
      .map((r) => JSON.parse(r.body).data)
      .filter((d) => d.order_item_ref === item.ref)
      .map((d) => d.amount_in_pence);
    // 100 failed twice, then was delivered; only then 200, delivered at its first attempt.
    expect(amounts).toEqual([100, 100, 100, 200]);
  });
});

describe('several workers', () => {
  it('two drains at once deliver each event once', async () => {
    const shop = await receiver({
      answer: (_n, _r, response) => setTimeout(() => response.writeHead(200).end('ok'), 100),
    });
    await subscribe(shop.url, ['order_item.refunded']);
    for (let i = 0; i < 6; i++) {
      const item = await buildOrderItem(ctx.database, escalated);
      await refund(item.ref, 100 + i);
    }
    const [a, b] = await Promise.all([
      deliverDueWebhooks(ctx.database.db, allowAll, undefined, 4),
      deliverDueWebhooks(ctx.database.db, allowAll, undefined, 4),
    ]);
    const c = await deliverDueWebhooks(ctx.database.db, allowAll);
    expect(a.delivered + b.delivered + c.delivered).toBe(6);
    const ids = shop.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });
});

describe('secret rotation', () => {
  it('signs with both secrets for 24 hours, then with the new one only', async () => {
    const shop = await receiver();
    const { id, secret: old } = await subscribe(shop.url, ['order_item.refunded']);
    const rotated = await admin.request({
      method: 'POST',
      url: `/api/v1/webhook_endpoints/${id}/rotate_secret.json`,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(old);
    expect(rotated.json().webhook_endpoint.previous_secret_expires_at).toEqual(expect.any(String));

    const item = await buildOrderItem(ctx.database, { ...escalated, currentState: 'order_complete' });
    await refund(item.ref, 100);
    await deliverDueWebhooks(ctx.database.db, allowAll);
    const [within] = shop.received;
    expect(String(within.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(old).verify(within.body, webhookHeaders(within))).toBeTruthy();
    expect(new Webhook(fresh).verify(within.body, webhookHeaders(within))).toBeTruthy();

    await refund(item.ref, 200);
    // A day later: the old secret no longer signs.
    const later = clock(new Date(Date.now() + 24 * 60 * 60 * 1000 + 60_000));
    await deliverDueWebhooks(ctx.database.db, allowAll, later);
    const after = shop.received[1];
    const msgId = String(after.headers['webhook-id']);
    const signedAt = new Date(Number(after.headers['webhook-timestamp']) * 1000);
    expect(after.headers['webhook-signature']).toBe(new Webhook(fresh).sign(msgId, signedAt, after.body));
    expect(new Webhook(old).sign(msgId, signedAt, after.body)).not.toBe(after.headers['webhook-signature']);
  });
});

describe('the receiver policy', () => {
  const strict = { requireHttps: true, allowPrivate: false };

  it('re-checks the address at delivery: a host that now resolves to loopback is not sent to', async () => {
    const shop = await receiver();
    // Saved while the name resolved to a public address (DNS rebinding changes it afterwards).
    const { webhook_endpoint } = await createEndpoint(
      ctx.database.db,
      { url: `https://hooks.shop.example:${shop.port}/hooks`, events: ['order_item.refunded'] },
      strict,
      SYSTEM_ACTOR,
      async () => [{ address: '93.184.216.34', family: 4 }],
    );
    const item = await buildOrderItem(ctx.database, escalated);
    await refund(item.ref, 100);
    const round = await deliverDueWebhooks(ctx.database.db, {
      policy: strict,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(round).toEqual({ claimed: 1, delivered: 0 });
    expect(shop.received).toHaveLength(0);
    const [delivery] = (await deliveryLog(webhook_endpoint.id)).deliveries;
    expect(delivery.last_attempt.error).toMatch(
      /hooks\.shop\.example is at 127\.0\.0\.1, a loopback, private/,
    );
  });
});

describe('events are written with their change', () => {
  it('a change that rolls back writes no event; a refused action writes none either', async () => {
    const shop = await receiver();
    await subscribe(shop.url, ['order_item.refunded', 'order_item.state_changed']);
    const item = await buildOrderItem(ctx.database, escalated);
    await expect(
      transaction(ctx.database.db, async (tx) => {
        const row = await lockOrderItem(tx, item.ref);
        await applyItemAction(tx, row, {
          action: { type: 'cancel_refund', action: 'full', reason: 'duplicate', amount: null, notes: null },
          actor: { kind: 'user', id: adminId, role: 'admin' },
        });
        expect(
          await tx.select().from(webhookEvents).where(eq(webhookEvents.orderingKey, item.ref)),
        ).toHaveLength(2);
        throw new Error('something later in the transaction failed');
      }),
    ).rejects.toThrow('something later');
    // A refusal (refund_only on an item with nothing left): 409, nothing written.
    const nothingLeft = await buildOrderItem(ctx.database, { ...escalated, netValue: 0 });
    const refused = await actAsRead(admin, nothingLeft.ref, 'cancel_refund', {
      cancel_refund: { action: 'refund_only', reason: 'duplicate', amount: 100 },
    });
    expect(refused.statusCode).toBe(409);
    const events = await ctx.database.db.select().from(webhookEvents);
    expect(events.filter((e) => [item.ref, nothingLeft.ref].includes(e.orderingKey))).toEqual([]);
    const [row] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row.currentState).toBe('despatch_escalation');
  });

  it('with no endpoint subscribed to a type, nothing is written for it', async () => {
    const shop = await receiver();
    await subscribe(shop.url, ['order_item.despatched']);
    const item = await buildOrderItem(ctx.database, escalated);
    await refund(item.ref, 100);
    expect(
      await ctx.database.db.select().from(webhookEvents).where(eq(webhookEvents.orderingKey, item.ref)),
    ).toEqual([]);
  });
});
