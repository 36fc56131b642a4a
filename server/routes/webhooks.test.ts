/**
 * The webhook endpoint routes (admins only): each one's happy path, the orderer refused (403), a write without
 * the CSRF token refused (403), invalid input (422 naming the field, nothing changed), an unknown id (404),
 * and the wrong state (409) where there is one; and production's receiver policy (https, public addresses).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../domain/contract/webhooks';
import { buildApp } from '../app';
import { webhookDeliveries, webhookEndpoints } from '../db/schema';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';

let ctx: TestContext;
let admin: Agent;
let orderer: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
  orderer = await signInAs(ctx.app, (await buildUser(ctx.database)).email);
});
afterAll(() => ctx.close());

const base = '/api/v1/webhook_endpoints';
const RECEIVER = 'http://127.0.0.1:9/hooks';

async function create(
  agent: Agent = admin,
  body: object = { url: RECEIVER, events: ['order_item.refunded'] },
) {
  return agent.request({ method: 'POST', url: `${base}.json`, payload: { webhook_endpoint: body } });
}

async function newEndpoint() {
  const res = await create();
  expect(res.statusCode, res.body).toBe(201);
  return res.json().webhook_endpoint.id as number;
}

const endpointRow = async (id: number) =>
  (await ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];

const fieldsOf = (body: { error: { details?: { field: string }[] } }) =>
  (body.error.details ?? []).map((d) => d.field);

describe('POST /webhook_endpoints.json', () => {
  it('creates the endpoint and answers its secret once; reads never show it', async () => {
    const res = await create(admin, {
      url: RECEIVER,
      events: ['order_item.refunded', 'order_item.despatched'],
      description: 'Main shop',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { webhook_endpoint, secret } = res.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhook_endpoint).toMatchObject({
      url: RECEIVER,
      description: 'Main shop',
      events: ['order_item.refunded', 'order_item.despatched'],
      enabled: true,
      status: 'active',
      pending_count: 0,
      failed_count: 0,
    });
    expect((await endpointRow(webhook_endpoint.id)).secret).toBe(secret);
    const list = await admin.request({ method: 'GET', url: `${base}.json` });
    const show = await admin.request({ method: 'GET', url: `${base}/${webhook_endpoint.id}.json` });
    for (const read of [list, show]) {
      expect(read.statusCode).toBe(200);
      expect(read.body).not.toContain(secret.slice(6));
    }
    expect(list.json().webhook_endpoints.map((e: { id: number }) => e.id)).toContain(webhook_endpoint.id);
  });

  it('refuses an orderer (403), a missing CSRF token (403) and names each invalid field (422)', async () => {
    const before = (await ctx.database.db.select().from(webhookEndpoints)).length;
    expect((await create(orderer)).statusCode).toBe(403);
    const noCsrf = await admin.request({
      method: 'POST',
      url: `${base}.json`,
      payload: { webhook_endpoint: { url: RECEIVER, events: ['order_item.refunded'] } },
      csrf: null,
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json().error.code).toBe('csrf_failed');
    const cases: [object, string][] = [
      [{ url: 'not a url', events: ['order_item.refunded'] }, 'webhook_endpoint.url'],
      [{ url: 'ftp://shop.example/hooks', events: ['order_item.refunded'] }, 'webhook_endpoint.url'],
      [
        { url: 'https://user:pw@shop.example/hooks', events: ['order_item.refunded'] },
        'webhook_endpoint.url',
      ],
      [{ url: RECEIVER, events: [] }, 'webhook_endpoint.events'],
      [{ url: RECEIVER, events: ['order_item.eaten'] }, 'webhook_endpoint.events.0'],
      [{ url: RECEIVER, events: ['order_item.refunded', 'order_item.refunded'] }, 'webhook_endpoint.events'],
      [{ url: RECEIVER }, 'webhook_endpoint.events'],
      [
        { url: RECEIVER, events: ['order_item.refunded'], description: 'x'.repeat(201) },
        'webhook_endpoint.description',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await create(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(res.json())).toContain(field);
    }
    expect((await ctx.database.db.select().from(webhookEndpoints)).length).toBe(before);
  });
});

describe('GET /webhook_endpoints/{id}.json', () => {
  it('answers 404 for an unknown id and 403 to an orderer', async () => {
    expect((await admin.request({ method: 'GET', url: `${base}/999999.json` })).statusCode).toBe(404);
    const id = await newEndpoint();
    expect((await orderer.request({ method: 'GET', url: `${base}/${id}.json` })).statusCode).toBe(403);
    expect((await orderer.request({ method: 'GET', url: `${base}.json` })).statusCode).toBe(403);
  });
});

describe('PATCH /webhook_endpoints/{id}.json', () => {
  const patch = (id: number | string, body: object, agent: Agent = admin, csrf?: null) =>
    agent.request({ method: 'PATCH', url: `${base}/${id}.json`, payload: { webhook_endpoint: body }, csrf });

  it('changes the URL, events and description, disables and enables', async () => {
    const id = await newEndpoint();
    const changed = await patch(id, {
      url: 'http://127.0.0.1:10/new',
      events: WEBHOOK_EVENT_TYPES,
      description: 'B',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().webhook_endpoint).toMatchObject({
      url: 'http://127.0.0.1:10/new',
      events: [...WEBHOOK_EVENT_TYPES],
      description: 'B',
    });
    const disabled = await patch(id, { enabled: false });
    expect(disabled.json().webhook_endpoint).toMatchObject({ enabled: false, status: 'disabled' });
    expect((await patch(id, { enabled: true })).json().webhook_endpoint.status).toBe('active');
  });

  it('refuses an orderer, a missing CSRF token, an empty or invalid change, and an unknown id', async () => {
    const id = await newEndpoint();
    const before = await endpointRow(id);
    expect((await patch(id, { enabled: false }, orderer)).statusCode).toBe(403);
    expect((await patch(id, { enabled: false }, admin, null)).statusCode).toBe(403);
    const empty = await patch(id, {});
    expect(empty.statusCode).toBe(422);
    expect(fieldsOf(empty.json())).toContain('webhook_endpoint');
    const bad = await patch(id, { enabled: 'no', events: ['nope'] });
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad.json())).toEqual(
      expect.arrayContaining(['webhook_endpoint.enabled', 'webhook_endpoint.events.0']),
    );
    expect(await endpointRow(id)).toEqual(before);
    expect((await patch(999999, { enabled: false })).statusCode).toBe(404);
  });
});

describe('POST /webhook_endpoints/{id}/rotate_secret.json', () => {
  it('answers a new secret once and keeps the previous one for a day', async () => {
    const id = await newEndpoint();
    const { secret: old } = await endpointRow(id);
    const res = await admin.request({ method: 'POST', url: `${base}/${id}/rotate_secret.json` });
    expect(res.statusCode, res.body).toBe(200);
    const row = await endpointRow(id);
    expect(row.secret).toBe(res.json().secret);
    expect(row.previousSecret).toBe(old);
    const expires = new Date(res.json().webhook_endpoint.previous_secret_expires_at).getTime();
    expect(Math.abs(expires - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
  });

  it('refuses an orderer, a missing CSRF token and an unknown id', async () => {
    const id = await newEndpoint();
    const rotate = (agent: Agent, to: number | string, csrf?: null) =>
      agent.request({ method: 'POST', url: `${base}/${to}/rotate_secret.json`, csrf });
    const { secret } = await endpointRow(id);
    expect((await rotate(orderer, id)).statusCode).toBe(403);
    expect((await rotate(admin, id, null)).statusCode).toBe(403);
    expect((await rotate(admin, 999999)).statusCode).toBe(404);
    expect((await rotate(admin, 'abc')).statusCode).toBe(404);
    expect((await endpointRow(id)).secret).toBe(secret);
  });
});

describe('the test event and the delivery log', () => {
  it('queues a test delivery for this endpoint alone, listed in its log with its detail; 409 when disabled', async () => {
    const id = await newEndpoint();
    const other = await newEndpoint();
    const sent = await admin.request({ method: 'POST', url: `${base}/${id}/test.json` });
    expect(sent.statusCode, sent.body).toBe(201);
    const { delivery } = sent.json();
    expect(delivery).toMatchObject({
      event_type: 'webhook.test',
      status: 'pending',
      attempts: 0,
      message_id: expect.stringMatching(/^msg_/),
      last_attempt: null,
    });
    const log = await admin.request({ method: 'GET', url: `${base}/${id}/deliveries.json` });
    expect(log.statusCode).toBe(200);
    expect(log.json()).toMatchObject({ page: 1, total_count: 1, deliveries: [{ id: delivery.id }] });
    expect(
      (await admin.request({ method: 'GET', url: `${base}/${other}/deliveries.json` })).json().total_count,
    ).toBe(0);
    const pendingOnly = await admin.request({
      method: 'GET',
      url: `${base}/${id}/deliveries.json?status=failed`,
    });
    expect(pendingOnly.json().total_count).toBe(0);
    const detail = await admin.request({
      method: 'GET',
      url: `${base}/${id}/deliveries/${delivery.id}.json`,
    });
    expect(detail.statusCode).toBe(200);
    expect(JSON.parse(detail.json().delivery.payload)).toMatchObject({
      type: 'webhook.test',
      data: { message: expect.any(String) },
    });
    // The delivery belongs to its endpoint only.
    expect(
      (await admin.request({ method: 'GET', url: `${base}/${other}/deliveries/${delivery.id}.json` }))
        .statusCode,
    ).toBe(404);

    await admin.request({
      method: 'PATCH',
      url: `${base}/${other}.json`,
      payload: { webhook_endpoint: { enabled: false } },
    });
    const refused = await admin.request({ method: 'POST', url: `${base}/${other}/test.json` });
    expect(refused.statusCode).toBe(409);
  });

  it('refuses an orderer, a missing CSRF token, a bad status filter and unknown ids', async () => {
    const id = await newEndpoint();
    expect((await orderer.request({ method: 'POST', url: `${base}/${id}/test.json` })).statusCode).toBe(403);
    expect(
      (await admin.request({ method: 'POST', url: `${base}/${id}/test.json`, csrf: null })).statusCode,
    ).toBe(403);
    expect((await admin.request({ method: 'POST', url: `${base}/999999/test.json` })).statusCode).toBe(404);
    expect((await orderer.request({ method: 'GET', url: `${base}/${id}/deliveries.json` })).statusCode).toBe(
      403,
    );
    const bad = await admin.request({ method: 'GET', url: `${base}/${id}/deliveries.json?status=lost` });
    expect(bad.statusCode).toBe(422);
    expect(fieldsOf(bad.json())).toContain('status');
    expect((await admin.request({ method: 'GET', url: `${base}/999999/deliveries.json` })).statusCode).toBe(
      404,
    );
    expect(
      (await admin.request({ method: 'GET', url: `${base}/${id}/deliveries/999999.json` })).statusCode,
    ).toBe(404);
  });
});

describe('replay', () => {
  async function failedDelivery() {
    const id = await newEndpoint();
    const { delivery } = (await admin.request({ method: 'POST', url: `${base}/${id}/test.json` })).json();
    await ctx.database.db
      .update(webhookDeliveries)
      .set({ status: 'failed', attempts: 9 })
      .where(eq(webhookDeliveries.id, delivery.id));
    return { id, deliveryId: delivery.id as number };
  }

  it('sends a failed delivery again with its webhook-id; 409 while it is pending', async () => {
    const { id, deliveryId } = await failedDelivery();
    const url = `${base}/${id}/deliveries/${deliveryId}/replay.json`;
    const res = await admin.request({ method: 'POST', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({ id: deliveryId, status: 'pending', attempts: 9 });
    expect((await admin.request({ method: 'POST', url })).statusCode).toBe(409);
  });

  it('replays every failed delivery of the endpoint at once', async () => {
    const { id } = await failedDelivery();
    const res = await admin.request({ method: 'POST', url: `${base}/${id}/replay_failed.json` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ replayed: 1 });
    expect((await admin.request({ method: 'POST', url: `${base}/${id}/replay_failed.json` })).json()).toEqual(
      {
        replayed: 0,
      },
    );
  });

  it('refuses an orderer, a missing CSRF token and unknown ids', async () => {
    const { id, deliveryId } = await failedDelivery();
    const one = `${base}/${id}/deliveries/${deliveryId}/replay.json`;
    const all = `${base}/${id}/replay_failed.json`;
    for (const url of [one, all]) {
      expect((await orderer.request({ method: 'POST', url })).statusCode).toBe(403);
      expect((await admin.request({ method: 'POST', url, csrf: null })).statusCode).toBe(403);
    }
    expect(
      (await admin.request({ method: 'POST', url: `${base}/${id}/deliveries/999999/replay.json` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.request({ method: 'POST', url: `${base}/999999/replay_failed.json` })).statusCode,
    ).toBe(404);
    const [row] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId));
    expect(row.status).toBe('failed');
  });
});

describe('DELETE /webhook_endpoints/{id}.json', () => {
  it('deletes the endpoint with its deliveries and answers the endpoints left', async () => {
    const id = await newEndpoint();
    await admin.request({ method: 'POST', url: `${base}/${id}/test.json` });
    const res = await admin.request({ method: 'DELETE', url: `${base}/${id}.json` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().webhook_endpoints.map((e: { id: number }) => e.id)).not.toContain(id);
    expect(
      await ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)),
    ).toEqual([]);
    expect((await admin.request({ method: 'DELETE', url: `${base}/${id}.json` })).statusCode).toBe(404);
  });

  it('refuses an orderer and a missing CSRF token', async () => {
    const id = await newEndpoint();
    expect((await orderer.request({ method: 'DELETE', url: `${base}/${id}.json` })).statusCode).toBe(403);
    expect(
      (await admin.request({ method: 'DELETE', url: `${base}/${id}.json`, csrf: null })).statusCode,
    ).toBe(403);
    expect(await endpointRow(id)).toBeDefined();
  });
});

describe('production refuses receivers that are not https or not public', () => {
  /** An app on the same database as production configures it: strict, or WEBHOOK_ALLOW_PRIVATE=true. */
  async function productionAgent(allowPrivate: boolean) {
    const app = await buildApp({
      config: {
        storefrontApiKey: undefined,
        sessionSecret: 'test-session-secret-that-is-long-enough-to-sign',
        secureCookies: false,
        logLevel: 'silent',
        nodeEnv: 'production',
        webhooks: { requireHttps: true, allowPrivate },
      },
      database: ctx.database,
      webRoot: '/nonexistent-web-root',
      logger: false,
      live: false,
    });
    await app.ready();
    const user = await buildUser(ctx.database, { role: 'admin' });
    return { app, agent: await signInAs(app, user.email) };
  }

  it('refuses http, loopback, private and link-local addresses (422 naming the URL); allows them when told', async () => {
    const strict = await productionAgent(false);
    try {
      const refused: [string, RegExp][] = [
        ['http://shop.example.com/hooks', /https:\/\//],
        ['https://127.0.0.1/hooks', /loopback, private/],
        ['https://10.0.0.8/hooks', /loopback, private/],
        ['https://169.254.169.254/latest/meta-data', /loopback, private/],
        ['https://[::1]/hooks', /loopback, private/],
        ['https://[::ffff:127.0.0.1]/hooks', /loopback, private/],
        ['https://localhost/hooks', /loopback, private/],
      ];
      for (const [url, message] of refused) {
        const res = await create(strict.agent, { url, events: ['order_item.refunded'] });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().error.details).toEqual([
          { field: 'webhook_endpoint.url', message: expect.stringMatching(message) },
        ]);
      }
      const id = await newEndpoint();
      const change = await strict.agent.request({
        method: 'PATCH',
        url: `${base}/${id}.json`,
        payload: { webhook_endpoint: { url: 'https://192.168.1.20/hooks' } },
      });
      expect(change.statusCode).toBe(422);
      expect((await endpointRow(id)).url).toBe(RECEIVER);
      const publicOne = await create(strict.agent, {
        url: 'https://93.184.216.34/hooks',
        events: ['order_item.refunded'],
      });
      expect(publicOne.statusCode, publicOne.body).toBe(201);
    } finally {
      await strict.app.close();
    }
    const allowing = await productionAgent(true);
    try {
      const res = await create(allowing.agent, {
        url: 'https://127.0.0.1/hooks',
        events: ['order_item.refunded'],
      });
      expect(res.statusCode, res.body).toBe(201);
      // Still https only.
      expect(
        (await create(allowing.agent, { url: RECEIVER, events: ['order_item.refunded'] })).statusCode,
      ).toBe(422);
    } finally {
      await allowing.app.close();
    }
  });
});
