/**
 * Correcting an order's addresses and delivery region (issue 17.1): billing and shipping fields edited one at
 * a time, a shipping address added or removed, a region change applied at once when no price moves and
 * through Modify Order (for the whole order) when one does, and a translation changing kind.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, orderables, orderItemEvents, orderItems, orders, refunds } from '../../db/schema';
import { buildOrder } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { actAsRead, snapshot } from '../../test/items';

let ctx: TestContext;
let admin: Agent;
let alice: Agent;
let aliceId: number;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-addresses-')) });
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const al = await buildUser(ctx.database, { name: 'Alice Orderer' });
  aliceId = al.id;
  admin = await signInAs(ctx.app, a.email);
  alice = await signInAs(ctx.app, al.email);
});
afterAll(() => ctx.close());

const read = async (agent: Agent, ref: string) =>
  (await agent.request({ method: 'GET', url: `/api/v1/order_items/${ref}.json` })).json().order_item;

const put = (agent: Agent, ref: string, payload: object) =>
  agent.request({ method: 'PUT', url: `/api/v1/order_items/${ref}.json`, payload });

const eventsOf = (itemId: number) =>
  ctx.database.db.select().from(orderItemEvents).where(eq(orderItemEvents.orderItemId, itemId));

const courierCertificate = (subtotal: number) => ({
  currentState: 'gro_order_required' as const,
  userId: aliceId,
  netValue: subtotal,
  orderable: {
    serviceLevel: 'standard',
    copies: 1,
    despatchBy: 'courier' as const,
    subtotalInPence: subtotal,
  },
});

describe('billing address', () => {
  it('corrects one field; every item of the order shows it on its timeline and reloads', async () => {
    const { items, billing } = await buildOrder(ctx.database, {
      items: [
        { currentState: 'waiting_gro', userId: aliceId },
        { currentState: 'waiting_gro', userId: aliceId },
      ],
    });
    const [first, second] = items;
    const detail = await read(alice, first.ref);
    expect(detail.order.billing_address.id).toBe(billing.id);
    const res = await put(alice, first.ref, {
      billing_address_attributes: { id: billing.id, line_1: '10 Downing Street' },
      lock_version: detail.lock_version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_item.order.billing_address.line_1).toBe('10 Downing Street');
    expect(res.json().order_item.events[0]).toMatchObject({
      action: 'edit_field',
      payload: { record: 'billing_address_attributes', field: 'line_1', from: '1 High Street' },
    });
    const sibling = await read(alice, second.ref);
    expect(sibling.lock_version).toBe(second.lockVersion + 1);
    expect(sibling.events[0]).toMatchObject({ action: 'edit_field', payload: { via: first.ref } });

    // The same save again (a retry, a double click) writes nothing twice.
    const events = (await eventsOf(first.id)).length;
    const again = await put(alice, first.ref, {
      billing_address_attributes: { id: billing.id, line_1: '10 Downing Street' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().order_item.lock_version).toBe(res.json().order_item.lock_version);
    expect(await eventsOf(first.id)).toHaveLength(events);
  });

  it('refuses an empty required field, a bad country and another record (422), changing nothing', async () => {
    const { items, billing, order } = await buildOrder(ctx.database, {
      items: [{ currentState: 'waiting_gro', userId: aliceId }],
    });
    const before = await snapshot(ctx.database, items[0].id);
    for (const attrs of [
      { id: billing.id, name: '  ' },
      { id: billing.id, country_code: 'ZZ' },
      { id: billing.id + 100_000, city: 'Leeds' },
      { id: order.id, email: 'x@example.com' },
    ]) {
      const res = await put(alice, items[0].ref, { billing_address_attributes: attrs });
      expect(res.statusCode, res.body).toBe(422);
    }
    expect(await snapshot(ctx.database, items[0].id)).toEqual(before);
  });
});

describe('shipping address', () => {
  const address = {
    name: 'Jane at Work',
    line_1: '5 Office Park',
    city: 'Bristol',
    zip: 'BS1 4DJ',
    country_code: 'GB',
  };

  it('is added to an order that ships to the billing address, then removed again', async () => {
    const { items, order } = await buildOrder(ctx.database, {
      items: [{ currentState: 'waiting_gro', userId: aliceId }],
    });
    const ref = items[0].ref;
    expect((await read(alice, ref)).order.shipping_address).toBeNull();

    const incomplete = await put(alice, ref, { shipping_address_attributes: { name: 'Only a name' } });
    expect(incomplete.statusCode).toBe(422);
    const fields = incomplete.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['shipping_address_attributes.line_1', 'shipping_address_attributes.zip']),
    );

    const added = await put(alice, ref, { shipping_address_attributes: address });
    expect(added.statusCode, added.body).toBe(200);
    const withShipping = added.json().order_item;
    expect(withShipping.order).toMatchObject({
      has_different_shipping_address: true,
      shipping_address: { ...address, line_2: null, state: null },
    });
    expect(withShipping.events[0]).toMatchObject({
      action: 'edit_field',
      payload: { record: 'shipping_address_attributes', field: 'address', from: null },
    });
    // A second one is an edit of the first, not another address.
    expect((await put(alice, ref, { shipping_address_attributes: address })).statusCode).toBe(409);

    const shippingId = withShipping.order.shipping_address.id;
    expect(
      (await put(alice, ref, { shipping_address_attributes: { id: shippingId, _destroy: 'yes' } }))
        .statusCode,
    ).toBe(422);
    const removed = await put(alice, ref, {
      shipping_address_attributes: { id: shippingId, _destroy: true },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().order_item.order).toMatchObject({
      has_different_shipping_address: false,
      shipping_address: null,
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.shippingAddressId).toBeNull();
    expect(await ctx.database.db.select().from(addresses).where(eq(addresses.id, shippingId))).toEqual([]);
  });

  it('an orderer cannot change the address of an item that is not theirs (403)', async () => {
    const bob = await buildUser(ctx.database, { name: 'Bob Orderer' });
    const bobAgent = await signInAs(ctx.app, bob.email);
    const { items } = await buildOrder(ctx.database, {
      items: [{ currentState: 'waiting_gro', userId: aliceId }],
    });
    const res = await put(bobAgent, items[0].ref, { shipping_address_attributes: address });
    expect(res.statusCode).toBe(403);
    expect((await read(alice, items[0].ref)).order.shipping_address).toBeNull();
  });
});

describe('delivery region', () => {
  it('a change that moves no price applies at once through PUT', async () => {
    const { items, order } = await buildOrder(ctx.database, {
      items: [{ currentState: 'waiting_gro', userId: aliceId }],
    });
    const res = await put(alice, items[0].ref, { order_attributes: { id: order.id, delivery_region: 'EC' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_item.order.delivery_region).toBe('EC');
  });

  it('a change that moves a price is refused by PUT (409 price_change) and changes nothing', async () => {
    const { items, order } = await buildOrder(ctx.database, { items: [courierCertificate(7795)] });
    const before = await snapshot(ctx.database, items[0].id);
    const res = await put(alice, items[0].ref, { order_attributes: { id: order.id, delivery_region: 'NA' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('price_change');
    expect(await snapshot(ctx.database, items[0].id)).toEqual(before);
    expect(
      (await put(alice, items[0].ref, { order_attributes: { id: order.id, delivery_region: 'XX' } }))
        .statusCode,
    ).toBe(422);
  });

  it('through Modify Order: the customer pays the difference, then the order ships to the new region', async () => {
    // Certificate 2800 + courier UK 4995; courier to North America is 7495.
    const { items, order } = await buildOrder(ctx.database, { items: [courierCertificate(7795)] });
    const ref = items[0].ref;
    const waiting = await actAsRead(alice, ref, 'request_update', {
      order_item_update: { delivery_region: 'NA' },
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json().order_item).toMatchObject({
      current_state: 'waiting_upgrade_payment',
      order: { delivery_region: 'UK' },
      pending_update: {
        attributes: { delivery_region: 'NA' },
        new_total_in_pence: 10295,
        difference_in_pence: 2500,
        other_items: [],
      },
    });
    const done = await actAsRead(admin, ref, 'confirm_update');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().order_item).toMatchObject({
      current_state: 'gro_order_required',
      net_value: 10295,
      order: { delivery_region: 'NA' },
      orderable: { subtotal_in_pence: 10295 },
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row.deliveryRegion).toBe('NA');
  });

  it("reprices the order's other open items in the same request, and holds their own changes meanwhile", async () => {
    const { items } = await buildOrder(ctx.database, {
      items: [
        courierCertificate(7795),
        courierCertificate(7795),
        // Finished: not despatched again, so not repriced.
        { ...courierCertificate(7795), currentState: 'order_complete' as const },
      ],
    });
    const [first, second, done] = items;
    const estimate = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${first.ref}/price_estimate.json`,
      payload: { order_item_update: { delivery_region: 'EC' } },
    });
    expect(estimate.json().estimate).toEqual({
      current_in_pence: 15590,
      new_in_pence: 18590,
      difference_in_pence: 3000,
      other_items: [{ ref: second.ref, current_in_pence: 7795, new_in_pence: 9295 }],
    });

    const waiting = await actAsRead(alice, first.ref, 'request_update', {
      order_item_update: { delivery_region: 'EC' },
    });
    expect(waiting.json().order_item.pending_update).toMatchObject({
      difference_in_pence: 3000,
      other_items: [{ ref: second.ref, new_in_pence: 9295 }],
    });
    // While the region change waits, the other item's own change would be priced against the old region.
    const held = await actAsRead(alice, second.ref, 'request_update', { order_item_update: { copies: 2 } });
    expect(held.statusCode).toBe(409);
    expect(held.json().error.message).toContain(first.ref);

    const confirmed = await actAsRead(admin, first.ref, 'confirm_update');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().order_item).toMatchObject({ net_value: 7795 + 3000 });
    const repriced = await read(alice, second.ref);
    expect(repriced.orderable.subtotal_in_pence).toBe(9295);
    expect(repriced.order.delivery_region).toBe('EC');
    expect(repriced.events[0]).toMatchObject({
      action: 'repriced',
      payload: { via: first.ref, from_in_pence: 7795, to_in_pence: 9295 },
    });
    const [finished] = await ctx.database.db
      .select({ subtotal: orderables.subtotalInPence })
      .from(orderItems)
      .innerJoin(orderables, eq(orderables.id, orderItems.orderableId))
      .where(eq(orderItems.id, done.id));
    expect(finished.subtotal).toBe(7795);
    expect(await eventsOf(done.id)).toEqual([]);
  });

  it('a downgrade by region refunds on approval', async () => {
    // Courier to North America 7495 → UK 4995.
    const { items } = await buildOrder(ctx.database, {
      deliveryRegion: 'NA',
      items: [courierCertificate(10295)],
    });
    const ref = items[0].ref;
    const waiting = await actAsRead(alice, ref, 'request_update', {
      order_item_update: { delivery_region: 'UK' },
    });
    expect(waiting.json().order_item.current_state).toBe('waiting_downgrade_approval');
    await actAsRead(admin, ref, 'confirm_update');
    const money = await ctx.database.db.select().from(refunds).where(eq(refunds.orderItemId, items[0].id));
    expect(money.map((r) => r.amount)).toEqual([2500]);
  });
});

describe('kind of translation', () => {
  it('a certified translation becomes sworn through Modify Order, priced and renamed', async () => {
    // Certified, level 0, 1 page, 1 copy: 4995. Sworn adds 4999 + 1000 × 1 page.
    const { items } = await buildOrder(ctx.database, {
      items: [
        {
          orderableType: 'Translation',
          type: 'Certified Translation',
          currentState: 'ready_for_translation',
          userId: aliceId,
          netValue: 4995,
          orderable: {
            type: 'CertifiedTranslation',
            serviceLevel: '0',
            pages: 1,
            copies: 1,
            subtotalInPence: 4995,
          },
        },
      ],
    });
    const ref = items[0].ref;
    const waiting = await actAsRead(alice, ref, 'request_update', {
      order_item_update: { type: 'SwornTranslation' },
    });
    expect(waiting.json().order_item.pending_update).toMatchObject({ difference_in_pence: 5999 });
    const done = (await actAsRead(admin, ref, 'confirm_update')).json().order_item;
    expect(done).toMatchObject({
      type: 'Sworn Translation',
      orderable: { type: 'SwornTranslation', subtotal_in_pence: 10994 },
    });
  });

  it('is refused for a certificate (422)', async () => {
    const { items } = await buildOrder(ctx.database, { items: [courierCertificate(7795)] });
    const res = await actAsRead(alice, items[0].ref, 'request_update', {
      order_item_update: { type: 'SwornTranslation' },
    });
    expect(res.statusCode).toBe(422);
  });
});
