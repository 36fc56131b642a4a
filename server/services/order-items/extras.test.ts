import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres } from '../../db/client';
import { orderItemEvents, orderItems, refunds } from '../../db/schema';
import { buildOrder, buildOrderItem } from '../../test/factories';
import {
  type Agent,
  buildUser,
  createTestApp,
  STOREFRONT_KEY,
  signInAs,
  type TestContext,
} from '../../test/harness';
import { act, actAsRead, multipartFile, PNG_BYTES, snapshot } from '../../test/items';
import { runItemAction } from './run-action';

let ctx: TestContext;
let admin: Agent;
let alice: Agent;
let bob: Agent;
let aliceId: number;
let bobId: number;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-extras-')) });
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const al = await buildUser(ctx.database, { name: 'Alice Orderer' });
  const b = await buildUser(ctx.database, { name: 'Bob Orderer' });
  aliceId = al.id;
  bobId = b.id;
  admin = await signInAs(ctx.app, a.email);
  alice = await signInAs(ctx.app, al.email);
  bob = await signInAs(ctx.app, b.email);
});
afterAll(() => ctx.close());

describe('assignment', () => {
  it('assigns several unassigned items at once and notifies the orderer', async () => {
    const { items } = await buildOrder(ctx.database, {
      items: [{}, { orderableType: 'AdultDeedPoll' }, { orderableType: 'Translation' }],
    });
    const res = await admin.request({
      method: 'POST',
      url: '/api/v1/order_items/assign_to_orderer.json',
      payload: { order_assignment: { orderer_id: aliceId, order_item_ids: items.map((i) => i.id) } },
    });
    expect(res.statusCode, res.body).toBe(200);
    // It answers the assigned items as records, in id order.
    expect(
      res.json().order_items.map((i: { id: number; user: { id: number } | null }) => [i.id, i.user?.id]),
    ).toEqual(items.map((i) => [i.id, aliceId]).sort((a, b) => a[0] - b[0]));
    const states = await ctx.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, items[0].orderId));
    expect(states.map((s) => [s.currentState, s.userId]).sort()).toEqual(
      [
        ['gro_order_required', aliceId],
        ['review_documents', aliceId],
        ['review_documents', aliceId],
      ].sort(),
    );
    const notes = (await alice.request({ method: 'GET', url: '/api/v1/notifications.json' })).json();
    expect(
      notes.notifications.some((n: { order_item_ref: string }) => n.order_item_ref === items[0].ref),
    ).toBe(true);
  });

  it('orderers may not assign (403), nothing changes', async () => {
    const item = await buildOrderItem(ctx.database);
    const res = await alice.request({
      method: 'POST',
      url: '/api/v1/order_items/assign_to_orderer.json',
      payload: { order_assignment: { orderer_id: aliceId, order_item_ids: [item.id] } },
    });
    expect(res.statusCode).toBe(403);
    const [row] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row.userId).toBeNull();
  });

  it('needs an orderer and at least one item (422)', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/v1/order_items/assign_to_orderer.json',
      payload: { order_assignment: { orderer_id: aliceId, order_item_ids: [] } },
    });
    expect(res.statusCode).toBe(422);
  });

  it('is all or nothing: one refused item leaves the others unassigned', async () => {
    const free = await buildOrderItem(ctx.database);
    const already = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const res = await admin.request({
      method: 'POST',
      url: '/api/v1/order_items/assign_to_orderer.json',
      payload: { order_assignment: { orderer_id: aliceId, order_item_ids: [free.id, already.id] } },
    });
    expect(res.statusCode).toBe(409);
    const [row] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, free.id));
    expect(row.userId).toBeNull();
  });

  it('reassigns an item to another orderer (admin only)', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const refused = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/reassign.json`,
      payload: { reassign: { orderer_id: bobId } },
    });
    expect(refused.statusCode).toBe(403);
    const res = await admin.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/reassign.json`,
      payload: { reassign: { orderer_id: bobId } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order_item).toMatchObject({ user: { id: bobId }, current_state: 'waiting_gro' });
  });
});

describe('Modify Order', () => {
  it('prices without changing anything', async () => {
    const item = await buildOrderItem(ctx.database, {
      currentState: 'gro_order_required',
      userId: aliceId,
      orderable: { serviceLevel: 'standard', copies: 1, subtotalInPence: 2800 },
    });
    const before = await snapshot(ctx.database, item.id);
    const res = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/price_estimate.json`,
      payload: { order_item_update: { service_level: 'rapid', copies: 2 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      estimate: { current_in_pence: 2800, new_in_pence: 9000, difference_in_pence: 6200, other_items: [] },
    });
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
  });

  it('an upgrade waits for payment, and an admin confirms it', async () => {
    const item = await buildOrderItem(ctx.database, {
      currentState: 'gro_order_required',
      userId: aliceId,
      orderable: { serviceLevel: 'standard', copies: 1, subtotalInPence: 2800 },
    });
    const waiting = await actAsRead(alice, item.ref, 'request_update', { order_item_update: { copies: 2 } });
    expect(waiting.json().order_item).toMatchObject({
      current_state: 'waiting_upgrade_payment',
      state_label: 'Waiting Customer',
    });
    expect((await actAsRead(alice, item.ref, 'confirm_update')).statusCode).toBe(403);
    const done = await actAsRead(admin, item.ref, 'confirm_update');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().order_item).toMatchObject({
      current_state: 'gro_order_required',
      orderable: { copies: 2, subtotal_in_pence: 5600 },
    });
  });

  it("the shop's update_confirmed answers the updated item as the shop sees it, without staff-only fields", async () => {
    const item = await buildOrderItem(ctx.database, {
      currentState: 'gro_order_required',
      userId: aliceId,
      flagged: true,
      orderable: { serviceLevel: 'standard', copies: 1, subtotalInPence: 2800 },
    });
    await actAsRead(alice, item.ref, 'request_update', { order_item_update: { copies: 2 } });
    const confirm = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/storefront/order_items/${item.ref}/update_confirmed.json`,
        headers: { authorization: `Bearer ${STOREFRONT_KEY}` },
        payload: {},
      });
    const res = await confirm();
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().order_item;
    expect(view).toMatchObject({
      ref: item.ref,
      current_state: 'gro_order_required',
      state_label: 'GRO Order Reqd.',
      pending_update: null,
      net_value: 5600,
      orderable: { copies: 2, subtotal_in_pence: 5600 },
      order: { ref: item.order.ref, email: item.order.email },
    });
    for (const hidden of ['id', 'user', 'panels', 'flagged', 'fco_batch_id', 'is_reorder', 'lock_version'])
      expect(view, hidden).not.toHaveProperty(hidden);
    // Confirmed once: a repeat finds nothing waiting.
    expect((await confirm()).statusCode).toBe(409);
  });

  it('a downgrade refunds the difference on approval; a withdrawn one changes nothing', async () => {
    const make = () =>
      buildOrderItem(ctx.database, {
        currentState: 'gro_order_required',
        userId: aliceId,
        netValue: 5600,
        orderable: { serviceLevel: 'standard', copies: 2, subtotalInPence: 5600 },
      });
    const a = await make();
    expect(
      (await actAsRead(alice, a.ref, 'request_update', { order_item_update: { copies: 1 } })).json()
        .order_item.current_state,
    ).toBe('waiting_downgrade_approval');
    const confirmed = (await actAsRead(admin, a.ref, 'confirm_update')).json().order_item;
    expect(confirmed).toMatchObject({ current_state: 'gro_order_required', net_value: 2800 });
    const money = await ctx.database.db.select().from(refunds).where(eq(refunds.orderItemId, a.id));
    expect(money.map((r) => r.amount)).toEqual([2800]);

    const b = await make();
    await actAsRead(alice, b.ref, 'request_update', { order_item_update: { copies: 1 } });
    const withdrawn = (await actAsRead(admin, b.ref, 'withdraw_update')).json().order_item;
    expect(withdrawn).toMatchObject({
      current_state: 'gro_order_required',
      net_value: 5600,
      orderable: { copies: 2 },
    });
  });
});

describe('inline edits (PUT)', () => {
  it('changes one field and records it on the timeline', async () => {
    const { items } = await buildOrder(ctx.database, {
      shippingAddress: { name: 'Old Name' },
      items: [{ currentState: 'waiting_gro', userId: aliceId }],
    });
    const item = items[0];
    const detail = (
      await alice.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` })
    ).json().order_item;
    const res = await alice.request({
      method: 'PUT',
      url: `/api/v1/order_items/${item.ref}.json`,
      payload: {
        shipping_address_attributes: { id: detail.order.shipping_address.id, name: 'New Name' },
        lock_version: 0,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().order_item;
    expect(body.order.shipping_address.name).toBe('New Name');
    expect(body.events[0]).toMatchObject({
      action: 'edit_field',
      payload: { field: 'name', from: 'Old Name', to: 'New Name' },
    });

    const surname = await alice.request({
      method: 'PUT',
      url: `/api/v1/order_items/${item.ref}.json`,
      payload: { orderable_attributes: { id: detail.orderable.id, surname_a: 'Jones' } },
    });
    expect(surname.json().order_item.orderable.surname_a).toBe('Jones');
  });

  it.each([
    [
      'two fields at once',
      (d: { orderable: { id: number } }) => ({
        orderable_attributes: { id: d.orderable.id, surname_a: 'A', firstname_a: 'B' },
      }),
    ],
    [
      'a priced field',
      (d: { orderable: { id: number } }) => ({ orderable_attributes: { id: d.orderable.id, copies: 5 } }),
    ],
    ['another record id', () => ({ orderable_attributes: { id: 999999, surname_a: 'A' } })],
    [
      'a bad e-mail',
      (d: { order: { id: number } }) => ({ order_attributes: { id: d.order.id, email: 'not-an-email' } }),
    ],
    ['no record', () => ({})],
    [
      'an event date in the future',
      (d: { orderable: { id: number } }) => ({
        orderable_attributes: { id: d.orderable.id, event_date: '2999-01-01' },
      }),
    ],
  ])('refuses %s with 422 and changes nothing', async (_name, body) => {
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const detail = (
      await alice.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` })
    ).json().order_item;
    const before = await snapshot(ctx.database, item.id);
    const res = await alice.request({
      method: 'PUT',
      url: `/api/v1/order_items/${item.ref}.json`,
      payload: body(detail),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
  });

  it('refuses another orderer (403)', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const detail = (
      await alice.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` })
    ).json().order_item;
    const res = await bob.request({
      method: 'PUT',
      url: `/api/v1/order_items/${item.ref}.json`,
      payload: { order_attributes: { id: detail.order.id, phone: '0123' } },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('comments', () => {
  it('any member of staff toggles a comment actioned', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    await act(alice, item.ref, 'add_note', { note: { body: 'Chase on Monday' } });
    const list = (
      await bob.request({ method: 'GET', url: `/api/v1/order_items/${item.id}/comments.json` })
    ).json();
    const comment = list.comments[0];
    expect(comment).toMatchObject({ body: 'Chase on Monday', actioned: false });
    const res = await bob.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/comments/${comment.id}/toggle.json`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    // Like every item action it answers the updated item, here with the comment ticked.
    const answered = res.json().order_item;
    expect(answered.ref).toBe(item.ref);
    expect(answered.comments.find((c: { id: number }) => c.id === comment.id)).toMatchObject({
      actioned: true,
    });
    const other = await buildOrderItem(ctx.database);
    const wrong = await bob.request({
      method: 'POST',
      url: `/api/v1/order_items/${other.ref}/comments/${comment.id}/toggle.json`,
      payload: {},
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('uploads, approves in a cycle and downloads', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'scan_send_required', userId: aliceId });
    const up = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/attachments.json`,
      ...multipartFile('a.png', PNG_BYTES),
    });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().order_item.ukds_attachments[0].id;
    const approvals = [];
    for (let i = 0; i < 3; i++) {
      const res = await act(alice, item.ref, `attachments/${id}/toggle_approval`);
      approvals.push(res.json().order_item.ukds_attachments[0].approved);
    }
    expect(approvals).toEqual([true, false, true]);
    const file = await alice.request({
      method: 'GET',
      url: `/api/v1/order_items/${item.ref}/attachments/${id}/file`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG_BYTES)).toBe(0);
  });

  it('refuses an executable renamed .pdf (422) and keeps nothing', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'scan_send_required', userId: aliceId });
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)]);
    const res = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/attachments.json`,
      ...multipartFile('invoice.pdf', elf, 'application/pdf'),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(
      (await alice.request({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` })).json().order_item
        .ukds_attachments,
    ).toEqual([]);
  });

  it('refuses a file over the limit (413)', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'scan_send_required', userId: aliceId });
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(21 * 1024 * 1024)]);
    const res = await alice.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/attachments.json`,
      ...multipartFile('big.png', big),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses another orderer (403)', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'scan_send_required', userId: aliceId });
    const res = await bob.request({
      method: 'POST',
      url: `/api/v1/order_items/${item.ref}/attachments.json`,
      ...multipartFile('a.png', PNG_BYTES),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('cover letter', () => {
  it('is a PDF naming the customer and the order ref', async () => {
    const { order, items } = await buildOrder(ctx.database, {
      customerName: 'Margaret Thistlewood',
      items: [{}],
    });
    const res = await alice.request({
      method: 'GET',
      url: `/api/v1/order_items/${items[0].ref}/cover_letter.pdf`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const standardFontDataUrl = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;
    const pdf = await getDocument({ data: new Uint8Array(res.rawPayload), standardFontDataUrl }).promise;
    const page = await pdf.getPage(1);
    const text = (await page.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('Margaret Thistlewood');
    expect(text).toContain(order.ref);
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')('concurrency (PostgreSQL)', () => {
  it('the same transition from two connections at once: exactly one succeeds, one event', async () => {
    const item = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const url = ctx.database.url;
    expect(url).toBeTruthy();
    const second = fromPostgres(url ?? '', 2);
    try {
      const actor = { kind: 'user' as const, id: aliceId, role: 'orderer' as const };
      const results = await Promise.allSettled([
        runItemAction(ctx.database.db, { key: item.ref, action: { type: 'received_from_gro' }, actor }),
        runItemAction(second.db, { key: item.ref, action: { type: 'received_from_gro' }, actor }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect((rejected as PromiseRejectedResult).reason.code).toBe('wrong_state');
      const events = await ctx.database.db
        .select()
        .from(orderItemEvents)
        .where(eq(orderItemEvents.orderItemId, item.id));
      expect(events).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
