/**
 * The server refuses what the lists and the forms refuse (issue 17 points 8 and 9): a storefront item whose
 * type fields disagree, countries and languages not on their lists, and dates the date pickers do not offer
 * (a future despatch or arrival). Each is a 422 naming the field, and nothing is stored or moved.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceOf } from '../../../domain/pricing';
import { fcoBatches, orderables, orderItems, orders } from '../../db/schema';
import { buildOrderItem } from '../../test/factories';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from '../../test/harness';
import { act, actAsRead, snapshot } from '../../test/items';

let ctx: TestContext;
let admin: Agent;
let aliceId: number;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-lists-')) });
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  aliceId = (await buildUser(ctx.database)).id;
  admin = await signInAs(ctx.app, a.email);
});
afterAll(() => ctx.close());

let refSeq = 0;
const nextRef = () => String(771000 + (process.pid % 1000) * 10 + refSeq++);

const storefrontOrder = (ref: string, item: Record<string, unknown>, order: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/storefront/orders.json',
    headers: { authorization: `Bearer ${STOREFRONT_KEY}` },
    payload: {
      order: {
        ref,
        email: 'shop@example.com',
        delivery_region: 'UK',
        placed_at: '2026-11-01T10:00:00Z',
        billing_address: { name: 'Sam Shop', line_1: '1 Road', city: 'York', zip: 'YO1 1AA' },
        items: [item],
        ...order,
      },
    },
  });

const fieldsOf = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(422);
  return (JSON.parse(res.body).error.details as { field: string }[]).map((d) => d.field).sort();
};

const stored = async (ref: string) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.ref, ref))).length;

const certificate = { orderable_type: 'Certificate', type: 'Birth Certificate', net_value: 2800 };
const translation = (type: string, orderable: Record<string, unknown> = {}) => ({
  orderable_type: 'Translation',
  type,
  net_value: 9000,
  orderable: { service_level: '0', pages: 2, source_language: 'fr', ...orderable },
});

describe('storefront item types', () => {
  it.each([
    [
      'a Certificate sold as an Adult Deed Poll',
      { ...certificate, type: 'Adult Deed Poll', orderable: { service_level: 'standard' } },
      ['order.items.0.type'],
    ],
    [
      'a Sworn Translation whose orderable says certified',
      translation('Sworn Translation', { type: 'CertifiedTranslation' }),
      ['order.items.0.orderable.type'],
    ],
    [
      'a certificate with a translation kind',
      { ...certificate, orderable: { service_level: 'standard', type: 'SwornTranslation' } },
      ['order.items.0.orderable.type'],
    ],
    [
      'a mismatch beside other bad fields: every one is listed',
      { ...certificate, type: 'Child Deed Poll', orderable: { service_level: 'standard', copies: 0 } },
      ['order.email', 'order.items.0.orderable.copies', 'order.items.0.type'],
    ],
  ])('refuses %s (422 naming the field) and stores nothing', async (_name, item, fields) => {
    const ref = nextRef();
    const email = fields.includes('order.email') ? { email: 'not an e-mail' } : {};
    expect(fieldsOf(await storefrontOrder(ref, item, email))).toEqual(fields.sort());
    expect(await stored(ref)).toBe(0);
  });

  it.each([
    ['Sworn Translation', 'SwornTranslation'],
    ['Notarised Translation', 'NotarisedTranslation'],
    ['Certified Translation', 'CertifiedTranslation'],
  ])('a %s sent without orderable.type is stored and priced as %s', async (type, kind) => {
    const ref = nextRef();
    const res = await storefrontOrder(ref, translation(type));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.db
      .select({ type: orderables.type, subtotal: orderables.subtotalInPence })
      .from(orderItems)
      .innerJoin(orderables, eq(orderables.id, orderItems.orderableId))
      .where(eq(orderItems.ref, `${ref}-1`));
    const priced = priceOf(
      {
        type: kind,
        serviceLevel: '0',
        pages: 2,
        copies: 1,
        apostilleCopies: 0,
        scanSend: false,
        despatchBy: 'standard',
      },
      { orderableType: 'Translation', deliveryRegion: 'UK', position: 1 },
    );
    expect(row).toEqual({ type: kind, subtotal: priced });
  });

  it('a matching orderable.type is accepted', async () => {
    const res = await storefrontOrder(
      nextRef(),
      translation('Sworn Translation', { type: 'SwornTranslation' }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('countries and languages come from their lists', () => {
  it('the storefront refuses an unknown apostille country, source language and address country', async () => {
    const ref = nextRef();
    const res = await storefrontOrder(
      ref,
      { ...translation('Certified Translation', { source_language: 'zz', apostille_country: 'ZZ' }) },
      { billing_address: { name: 'Sam', line_1: '1 Road', city: 'York', zip: 'YO1', country_code: 'ZZ' } },
    );
    expect(fieldsOf(res)).toEqual(
      [
        'order.billing_address.country_code',
        'order.items.0.orderable.apostille_country',
        'order.items.0.orderable.source_language',
      ].sort(),
    );
    expect(await stored(ref)).toBe(0);
  });

  it.each(['request_update', 'price_estimate'])(
    'Modify Order (%s) refuses apostille_country "ZZ" and changes nothing',
    async (call) => {
      const item = await buildOrderItem(ctx.database, {
        currentState: 'apostille_required',
        userId: aliceId,
      });
      const before = await snapshot(ctx.database, item.id);
      const res = await actAsRead(admin, item.ref, call, {
        order_item_update: { apostille_copies: 1, apostille_country: 'ZZ' },
      });
      expect(fieldsOf(res)).toEqual(['order_item_update.apostille_country']);
      expect(await snapshot(ctx.database, item.id)).toEqual(before);
      const ok = await actAsRead(admin, item.ref, 'price_estimate', {
        order_item_update: { apostille_copies: 1, apostille_country: 'FR' },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    },
  );
});

describe('dates the date pickers do not offer', () => {
  it('an FCO batch despatched on 2030-01-01 is refused; today is accepted', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'apostille_required', userId: aliceId });
    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/fco_batches.json',
      payload: { order_item_ids: [item.id], fco_batch: { fco_reference: 'F-9', fco_cost: 100 } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().fco_batch;
    const despatch = (despatched_on: string | null) =>
      admin.request({
        method: 'POST',
        url: `/api/v1/fco_batches/${batch.ref}/despatch.json`,
        payload: { despatch: { despatched_on, despatch_cost: 500 }, lock_version: batch.lock_version },
      });
    expect(fieldsOf(await despatch('2030-01-01'))).toEqual(['despatch.despatched_on']);
    const [row] = await ctx.database.db.select().from(fcoBatches).where(eq(fcoBatches.id, batch.id));
    expect(row).toMatchObject({ state: 'pending_despatch', despatchedOn: null });
    expect((await despatch(null)).statusCode).toBe(200);
  });

  it('an item despatched or its originals received on a future day is refused', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'despatch_required', userId: aliceId });
    const before = await snapshot(ctx.database, item.id);
    const despatched = await actAsRead(admin, item.ref, 'despatch', {
      despatch: { despatched_on: '2030-01-01', carrier: 'royal_mail', service: 'first_class' },
    });
    expect(fieldsOf(despatched)).toEqual(['despatched_on']);
    const received = await act(admin, item.ref, 'original_received', {
      original_received: { received_on: '2030-01-01' },
    });
    expect(fieldsOf(received)).toEqual(['received_on']);
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
  });
});
