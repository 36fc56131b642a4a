/**
 * Hostile and malformed input is refused with a 4xx in the project's error shape, never a 500: impossible
 * calendar dates, NUL bytes and lone surrogates, numbers beyond PostgreSQL's integer range, malformed
 * multipart, a missing attachment file, over-long text, and a storefront order with many bad fields.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorSchema } from '../domain/contract/session';
import { londonToday } from '../domain/format';
import { attachments, orders } from './db/schema';
import { buildOrderItem } from './test/factories';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from './test/harness';
import { act, multipartFile, PNG_BYTES } from './test/items';

let ctx: TestContext;
let admin: Agent;
let alice: Agent;
let aliceId: number;
let dataDir: string;
beforeAll(async () => {
  dataDir = path.join((await import('node:os')).tmpdir(), `ukds-input-${process.pid}-${Date.now()}`);
  ctx = await createTestApp({ dataDir });
  const adminUser = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const aliceUser = await buildUser(ctx.database);
  aliceId = aliceUser.id;
  admin = await signInAs(ctx.app, adminUser.email);
  alice = await signInAs(ctx.app, aliceUser.email);
});
afterAll(async () => {
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Asserts the status and the `{"error":{"code","message"}}` shape; answers the error. */
function refused(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const parsed = ErrorSchema.safeParse(JSON.parse(res.body));
  expect(parsed.success, res.body).toBe(true);
  return JSON.parse(res.body).error as { code: string; message: string; details?: { field: string }[] };
}

const fields = (error: { details?: { field: string }[] }) => (error.details ?? []).map((d) => d.field);

const storefront = (url: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/storefront/${url}`,
    headers: { authorization: `Bearer ${STOREFRONT_KEY}` },
    payload: payload as object,
  });

const order = (ref: string, overrides: Record<string, unknown> = {}, orderable: object = {}) => ({
  order: {
    ref,
    email: 'shop@example.com',
    delivery_region: 'UK',
    placed_at: '2026-11-01T10:00:00Z',
    billing_address: { name: 'Sam Shop', line_1: '1 Road', city: 'York', zip: 'YO1 1AA' },
    items: [
      {
        orderable_type: 'Certificate',
        type: 'Birth Certificate',
        net_value: 2800,
        orderable: { service_level: 'standard', copies: 1, ...orderable },
      },
    ],
    ...overrides,
  },
});

describe('dates are real calendar dates', () => {
  it('an impossible despatch date, received date or event date is 422 naming the field', async () => {
    const item = await buildOrderItem(ctx.database, {
      currentState: 'despatch_required',
      userId: aliceId,
    });
    const despatch = await act(alice, item.ref, 'despatch', {
      lock_version: item.lockVersion,
      despatch: { despatched_on: '2026-02-31', carrier: 'royal_mail', service: 'First Class' },
    });
    expect(fields(refused(despatch, 422))).toContain('despatch.despatched_on');

    const received = await act(alice, item.ref, 'original_received', {
      original_received: { received_on: '2025-02-29' },
    });
    expect(fields(refused(received, 422))).toContain('original_received.received_on');

    const edit = await alice.request({
      method: 'PUT',
      url: `/api/v1/order_items/${item.ref}.json`,
      payload: { orderable_attributes: { id: item.orderable.id, event_date: '2026-13-01' } },
    });
    expect(fields(refused(edit, 422))).toContain('orderable_attributes.event_date');
    // Year 0 passes ISO 8601 but PostgreSQL has no such year.
    const yearZero = await alice.request({
      method: 'PUT',
      url: `/api/v1/order_items/${item.ref}.json`,
      payload: { orderable_attributes: { id: item.orderable.id, event_date: '0000-01-01' } },
    });
    refused(yearZero, 422);
    const leapDay = await alice.request({
      method: 'PUT',
      url: `/api/v1/order_items/${item.ref}.json`,
      payload: { orderable_attributes: { id: item.orderable.id, event_date: '2024-02-29' } },
    });
    expect(leapDay.statusCode, leapDay.body).toBe(200);
  });
});

describe('text PostgreSQL cannot store', () => {
  it('a NUL or a lone surrogate in a body or query is 422 naming the field, in a path 404', async () => {
    const item = await buildOrderItem(ctx.database, { userId: aliceId });
    const nul = await act(alice, item.ref, 'add_note', { note: { body: 'a\u0000b' } });
    expect(fields(refused(nul, 422))).toEqual(['note.body']);
    // JSON text with an escaped lone surrogate: JSON.parse accepts it, UTF-8 cannot hold it.
    const surrogate = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/add_note.json`,
      headers: { 'content-type': 'application/json' },
      payload: '{"note":{"body":"a\\ud800b"}}',
    });
    expect(fields(refused(surrogate, 422))).toEqual(['note.body']);
    const query = await alice.request({ method: 'GET', url: '/api/v1/order_items/my_orders.json?q=%00' });
    expect(fields(refused(query, 422))).toEqual(['q']);
    refused(await alice.request({ method: 'GET', url: '/api/v1/order_items/%00.json' }), 404);
    refused(await alice.request({ method: 'GET', url: '/api/v1/carts/a%00b.json' }), 404);
    // A well-formed pair (an emoji) is ordinary text.
    const emoji = await act(alice, item.ref, 'add_note', { note: { body: 'ok \ud83d\ude00' } });
    expect(emoji.statusCode, emoji.body).toBe(200);
  });
});

describe('data nested deeper than any call needs', () => {
  // Valid JSON that the checks walking a body would overflow the stack on (a 500 before).
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it('is 422 on every kind of route, signed in or not, and changes nothing', async () => {
    const item = await buildOrderItem(ctx.database, { userId: aliceId });
    const before = await alice.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` });
    const note = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/add_note.json`,
      headers: { 'content-type': 'application/json' },
      payload: `{"note":{"body":${deep(10_000)}}}`,
    });
    const error = refused(note, 422);
    expect(error.details?.[0]?.field).toBe(`note.body${'.0'.repeat(30)}`);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/session.json',
      headers: { 'content-type': 'application/json' },
      payload: deep(100_000),
    });
    refused(signIn, 422);
    const shop = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/storefront/orders.json',
      headers: { authorization: `Bearer ${STOREFRONT_KEY}`, 'content-type': 'application/json' },
      payload: `{"order":${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}}`,
    });
    refused(shop, 422);
    const after = await alice.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` });
    expect(after.body).toBe(before.body);
  });

  it('as deep as a real call nests is checked as usual', async () => {
    // A storefront order nests 4 deep (order.items.0.orderable); its text is still checked at that depth.
    const res = await storefront('orders.json', order('910001', {}, { source_language: 'a\u0000b' }));
    expect(fields(refused(res, 422))).toEqual(['order.items.0.orderable.source_language']);
  });
});

describe('numbers beyond the integer range never reach the database', () => {
  it('ids and numeric refs above 2,147,483,647 are 404 in a path, 422 in a body', async () => {
    const big = '2147483648';
    refused(await act(alice, big, 'toggle_flag'), 404);
    refused(await act(alice, '99999999999999', 'add_note', { note: { body: 'x' } }), 404);
    refused(
      await alice.request({
        method: 'PUT',
        url: `/api/v1/order_items/${big}.json`,
        payload: { order_attributes: { id: 1, phone: '1' } },
      }),
      404,
    );
    refused(await admin.request({ method: 'GET', url: `/api/v1/fco_batches/${big}.json` }), 404);
    refused(await admin.request({ method: 'POST', url: `/api/v1/fco_batches/${big}/received.json` }), 404);
    refused(await admin.request({ method: 'GET', url: `/api/v1/conversations/${big}.json` }), 404);
    refused(await admin.request({ method: 'PUT', url: `/api/v1/faqs/${big}.json`, payload: {} }), 404);
    const ids = await alice.request({
      method: 'POST',
      url: '/api/v1/notifications/mark_read.json',
      payload: { notification_ids: [2147483648] },
    });
    expect(fields(refused(ids, 422))).toEqual(['notification_ids.0']);
    const lock = await act(alice, '1', 'toggle_flag', { lock_version: 2 ** 40 });
    expect(fields(refused(lock, 422))).toEqual(['lock_version']);
  });
});

describe('uploads and downloads', () => {
  it('a multipart body without its closing boundary is a 4xx, and nothing is stored', async () => {
    const item = await buildOrderItem(ctx.database, { userId: aliceId });
    const { payload, headers } = multipartFile('scan.png', PNG_BYTES, 'image/png');
    const cut = payload.subarray(0, payload.length - 12);
    for (const send of [
      () =>
        alice.request({
          method: 'POST',
          url: `/api/v1/order_items/${item.ref}/attachments.json`,
          payload: cut,
          headers,
        }),
      () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/v1/storefront/order_items/${item.ref}/attachments.json`,
          payload: cut,
          headers: { ...headers, authorization: `Bearer ${STOREFRONT_KEY}` },
        }),
    ]) {
      const res = await send();
      expect([400, 422], res.body).toContain(res.statusCode);
      refused(res, res.statusCode);
    }
    const garbage = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/attachments.json`,
      payload: 'not multipart at all',
      headers,
    });
    expect([400, 422], garbage.body).toContain(garbage.statusCode);
    refused(garbage, garbage.statusCode);
    const stored = await ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.orderItemId, item.id));
    expect(stored).toEqual([]);
  });

  it('a download whose stored file is missing is a 404 in the error shape', async () => {
    const item = await buildOrderItem(ctx.database, { userId: aliceId });
    const upload = multipartFile('scan.png', PNG_BYTES, 'image/png');
    const res = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/attachments.json`,
      ...upload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db
      .select()
      .from(attachments)
      .where(eq(attachments.orderItemId, item.id));
    const url = `/api/v1/order_items/${item.ref}/attachments/${row.id}/file`;
    expect((await alice.request({ method: 'GET', url })).statusCode).toBe(200);
    rmSync(path.join(dataDir, 'attachments', row.storageKey));
    const error = refused(await alice.request({ method: 'GET', url }), 404);
    expect(error.code).toBe('not_found');
  });
});

describe("Fastify's own errors have the project's shape", () => {
  it('unknown routes, bad JSON, an unsupported type, a bad URL and a body too large', async () => {
    refused(await alice.request({ method: 'GET', url: '/api/v1/no_such_thing.json' }), 404);
    const badJson = await alice.request({
      method: 'POST',
      url: '/api/v1/search/simple.json',
      headers: { 'content-type': 'application/json' },
      payload: '{"search":',
    });
    refused(badJson, 422);
    const unsupported = await alice.request({
      method: 'POST',
      url: '/api/v1/search/simple.json',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(unsupported.statusCode).toBeGreaterThanOrEqual(400);
    expect(unsupported.statusCode).toBeLessThan(500);
    refused(unsupported, unsupported.statusCode);
    refused(await alice.request({ method: 'GET', url: '/api/v1/order_items/%E0%A4%A.json' }), 404);
    const tooLarge = await alice.request({
      method: 'POST',
      url: '/api/v1/search/simple.json',
      payload: { search: { query: 'x'.repeat(2 * 1024 * 1024) } },
    });
    refused(tooLarge, 413);
  });
});

describe('maximum lengths', () => {
  it('the storefront message e-mail is at most 254 characters', async () => {
    const email = `${'a'.repeat(80_000)}@example.com`;
    const res = await storefront('messages.json', { message: { email, content: 'Hello' } });
    expect(fields(refused(res, 422))).toEqual(['message.email']);
  });
});

describe('a paid storefront order with bad fields', () => {
  it('is refused with a 422 naming every bad field, logged with its ref; corrected, it is stored', async () => {
    const warn = vi.spyOn(ctx.app.log, 'warn');
    const bad = order(
      '880001',
      { email: 'not an e-mail', placed_at: '2026-02-31T10:00:00Z' },
      { event_date: '2026-02-31', copies: 0 },
    );
    bad.order.items.push({
      orderable_type: 'Certificate',
      type: 'Birth Certificate',
      net_value: 2800,
      orderable: { service_level: 'no-such-level', copies: 1 },
    });
    const error = refused(await storefront('orders.json', bad), 422);
    expect(fields(error).sort()).toEqual(
      [
        'order.email',
        'order.placed_at',
        'order.items.0.orderable.event_date',
        'order.items.0.orderable.copies',
        'order.items.1.orderable.service_level',
      ].sort(),
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ order_ref: '880001', issues: expect.any(Array) }),
      expect.stringContaining('storefront order refused'),
    );
    expect(await ctx.database.db.select().from(orders).where(eq(orders.ref, '880001'))).toEqual([]);
    const good = await storefront('orders.json', order('880001', {}, { event_date: '2024-02-29' }));
    expect(good.statusCode, good.body).toBe(201);
  });
});

describe("a storefront order item's event date and product line", () => {
  const shopOrder = (ref: string, items: object[]) => ({ order: { ...order(ref).order, items } });
  const day = (offsetDays: number) =>
    new Date(Date.parse(`${londonToday(new Date())}T12:00:00Z`) + offsetDays * 86_400_000)
      .toISOString()
      .slice(0, 10);
  const birth = (orderable: object) => ({
    orderable_type: 'Certificate',
    type: 'Birth Certificate',
    net_value: 2800,
    orderable: { service_level: 'standard', ...orderable },
  });
  const stored = async (ref: string) => ctx.database.db.select().from(orders).where(eq(orders.ref, ref));

  it('an event date after today (London) is 422 naming the field, and nothing is stored; today is taken', async () => {
    const future = await storefront('orders.json', shopOrder('880101', [birth({ event_date: day(1) })]));
    expect(fields(refused(future, 422))).toEqual(['order.items.0.orderable.event_date']);
    expect(await stored('880101')).toEqual([]);
    const today = await storefront('orders.json', shopOrder('880101', [birth({ event_date: day(0) })]));
    expect(today.statusCode, today.body).toBe(201);
  });

  it('fields of another product line are 422 naming each, and nothing is stored', async () => {
    const body = shopOrder('880102', [
      birth({ event_date: '1990-03-14', certificate_country: 'EW' }),
      {
        orderable_type: 'AdultDeedPoll',
        type: 'Adult Deed Poll',
        net_value: 2800,
        orderable: {
          service_level: 'standard',
          firstname_a: 'Old',
          firstname_b: 'New',
          event_date: '1990-03-14',
          event_place: 'Leeds',
          certificate_country: 'EW',
          pages: 2,
        },
      },
    ]);
    const error = refused(await storefront('orders.json', body), 422);
    expect(fields(error).sort()).toEqual([
      'order.items.1.orderable.certificate_country',
      'order.items.1.orderable.event_date',
      'order.items.1.orderable.event_place',
      'order.items.1.orderable.pages',
    ]);
    expect(await stored('880102')).toEqual([]);
  });
});
