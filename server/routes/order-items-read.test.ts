import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderItemListRowSchema } from '../../domain/contract/order-item';
import { OrdererQueueSchema, QueuePageSchema } from '../../domain/contract/queues';
import { buildOrder, buildOrderItem } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';

let ctx: TestContext;
let admin: Agent;
let annId: number;
let alice: Agent;
let aliceId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false, name: 'Ann Admin' });
  annId = a.id;
  const o = await buildUser(ctx.database, { name: 'Alice Orderer' });
  aliceId = o.id;
  admin = await signInAs(ctx.app, a.email);
  alice = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

describe('GET /order_items/{ref}.json', () => {
  it('answers the item by ref and by id with label, panels, lock_version and nested records', async () => {
    const { order, items } = await buildOrder(ctx.database, {
      customerName: 'Mary Jones',
      shippingAddress: { name: 'Mary at work' },
      items: [{ currentState: 'gro_order_required', userId: aliceId, netValue: 4500 }],
    });
    const item = items[0];
    for (const key of [item.ref, String(item.id)]) {
      const res = await alice.request({ method: 'GET', url: `/api/v1/order_items/${key}.json` });
      expect(res.statusCode).toBe(200);
      const body = res.json().order_item;
      expect(body).toMatchObject({
        id: item.id,
        ref: `${order.ref}-1`,
        current_state: 'gro_order_required',
        state_label: 'GRO Order Reqd.',
        user: { id: aliceId, name: 'Alice Orderer' },
        net_value: 4500,
        lock_version: 0,
        orderable: { type: 'Certificate', copies: 1 },
        order: {
          ref: order.ref,
          customer_name: 'Mary Jones',
          has_different_shipping_address: true,
          shipping_address: { name: 'Mary at work' },
        },
        comments: [],
        events: [],
        ukds_attachments: [],
      });
      expect(body.panels[0]).toBe('Modify Order');
      expect(body.panels).toContain('GRO Order');
      expect(body.panels.at(-1)).toBe('Add Notes');
    }
  });

  it('answers 404 JSON for an unknown ref or id', async () => {
    for (const key of ['999999-9', '987654321', '99999999999']) {
      const res = await alice.request({ method: 'GET', url: `/api/v1/order_items/${key}.json` });
      expect(res.statusCode, key).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });

  it('needs a signed-in user', async () => {
    const item = await buildOrderItem(ctx.database);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/order_items/${item.ref}.json` })).statusCode,
    ).toBe(401);
  });
});

describe('lists', () => {
  it('the dashboard lists unassigned items only; my_orders lists my open items only', async () => {
    const unassigned = await buildOrderItem(ctx.database);
    const mine = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const done = await buildOrderItem(ctx.database, { currentState: 'order_complete', userId: aliceId });
    const dash = (await admin.request({ method: 'GET', url: '/api/v1/order_items/dashboard.json' })).json();
    const dashRefs = dash.order_items.map((i: { ref: string }) => i.ref);
    expect(dashRefs).toContain(unassigned.ref);
    expect(dashRefs).not.toContain(mine.ref);
    const my = (await alice.request({ method: 'GET', url: '/api/v1/order_items/my_orders.json' })).json();
    const myRefs = my.order_items.map((i: { ref: string }) => i.ref);
    expect(myRefs).toContain(mine.ref);
    expect(myRefs).not.toContain(done.ref);
    expect(myRefs).not.toContain(unassigned.ref);
  });

  it('orderers, stats and one orderer queue', async () => {
    await buildOrderItem(ctx.database, {
      currentState: 'apostille_required',
      userId: aliceId,
      isEscalated: true,
    });
    const orderers = (await admin.request({ method: 'GET', url: '/api/v1/users/orderers.json' })).json()
      .orderers;
    expect(orderers.map((o: { name: string }) => o.name)).toContain('Alice Orderer');
    expect(orderers.map((o: { name: string }) => o.name)).not.toContain('Ann Admin');
    const stats = (await admin.request({ method: 'GET', url: '/api/v1/orderers/stats.json' })).json().stats;
    const aliceStats = stats.find((s: { orderer: { id: number } }) => s.orderer.id === aliceId);
    expect(aliceStats.open_items).toBeGreaterThanOrEqual(2);
    expect(aliceStats.escalated).toBeGreaterThanOrEqual(1);
    const queue = (
      await admin.request({ method: 'GET', url: `/api/v1/orderers/${aliceId}/order_items.json` })
    ).json();
    expect(Object.keys(queue).sort()).toEqual([
      'fco_batches_to_despatch',
      'order_items',
      'orderer',
      'page',
      'per_page',
      'stats',
      'total_count',
      'total_pages',
    ]);
    expect(queue.orderer.id).toBe(aliceId);
    // The queue counts its orderer alone; the figures are the stats list's for them.
    expect(queue.stats).toEqual(aliceStats);
    // Someone who works no queue (an admin not flagged as orderer) has a queue page but no stats.
    const annQueue = (
      await admin.request({ method: 'GET', url: `/api/v1/orderers/${annId}/order_items.json` })
    ).json();
    expect(annQueue).toMatchObject({ orderer: { id: annId }, stats: null, order_items: [] });
    expect(
      (await admin.request({ method: 'GET', url: '/api/v1/orderers/99999/order_items.json' })).statusCode,
    ).toBe(404);
  });
});

describe('queue pages', () => {
  it("pages, sorts and filters one user's open items; bad paging is 422", async () => {
    const bea = await buildUser(ctx.database, { name: 'Bea Paging' });
    const agent = await signInAs(ctx.app, bea.email);
    const values = [3000, 1000, 2000];
    for (const [n, netValue] of values.entries()) {
      await buildOrderItem(
        ctx.database,
        { currentState: 'gro_order_required', userId: bea.id, netValue, despatchDueOn: `2026-12-0${n + 1}` },
        { customerName: n === 2 ? 'Zelda Filterable' : `Customer ${n}` },
      );
    }
    await buildOrderItem(ctx.database, { currentState: 'order_complete', userId: bea.id });
    const get = (query: string) =>
      agent.request({ method: 'GET', url: `/api/v1/order_items/my_orders.json${query}` });

    const first = (await get('?per_page=2')).json();
    expect(first).toMatchObject({ page: 1, per_page: 2, total_count: 3, total_pages: 2 });
    expect(first.order_items.map((i: { despatch_due_on: string }) => i.despatch_due_on)).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    const second = (await get('?per_page=2&page=2')).json();
    expect(second.order_items).toHaveLength(1);
    expect((await get('?per_page=2&page=3')).json().order_items).toEqual([]);

    const byValue = (await get('?sort=value&dir=desc')).json().order_items;
    expect(byValue.map((i: { net_value: number }) => i.net_value)).toEqual([3000, 2000, 1000]);

    const filtered = (await get('?q=zelda')).json();
    expect(filtered.total_count).toBe(1);
    expect(filtered.order_items[0].order.customer_name).toBe('Zelda Filterable');
    // LIKE wildcards are taken literally.
    expect((await get('?q=%25')).json().total_count).toBe(0);

    for (const bad of ['?page=0', '?per_page=0', '?per_page=501', '?sort=colour', '?dir=up']) {
      expect((await get(bad)).statusCode, bad).toBe(422);
    }
    const queue = (
      await admin.request({ method: 'GET', url: `/api/v1/orderers/${bea.id}/order_items.json?per_page=1` })
    ).json();
    expect(queue).toMatchObject({ total_count: 3, total_pages: 3, per_page: 1 });
    expect(queue.order_items).toHaveLength(1);
  });
});

describe('queue sorts (each a prepared statement shape)', () => {
  it("every sort and direction answers only that user's items, in that order", async () => {
    const [ann, bob] = [
      await buildUser(ctx.database, { name: 'Ann Sorts' }),
      await buildUser(ctx.database, { name: 'Bob Sorts' }),
    ];
    const mine = [
      { netValue: 2000, due: '2026-12-03', type: 'Death Certificate', customer: 'Carla Middle' },
      { netValue: 3000, due: '2026-12-01', type: 'Adult Deed Poll', customer: 'Alma First' },
      { netValue: 1000, due: '2026-12-02', type: 'Birth Certificate', customer: 'Zara Last' },
    ];
    for (const m of mine) {
      await buildOrderItem(
        ctx.database,
        {
          currentState: 'gro_order_required',
          userId: ann.id,
          netValue: m.netValue,
          despatchDueOn: m.due,
          type: m.type,
        },
        { customerName: m.customer },
      );
    }
    await buildOrderItem(ctx.database, {
      currentState: 'gro_order_required',
      userId: bob.id,
      netValue: 9999,
    });
    const annAgent = await signInAs(ctx.app, ann.email);
    const bobAgent = await signInAs(ctx.app, bob.email);
    const list = async (agent: Agent, query: string) =>
      (await agent.request({ method: 'GET', url: `/api/v1/order_items/my_orders.json${query}` })).json();

    const expected = {
      due: [3000, 1000, 2000],
      value: [1000, 2000, 3000],
      type: [3000, 1000, 2000],
      customer: [3000, 2000, 1000],
    } as const;
    for (const [sort, ascending] of Object.entries(expected)) {
      const asc = await list(annAgent, `?sort=${sort}&dir=asc`);
      const desc = await list(annAgent, `?sort=${sort}&dir=desc`);
      expect(asc.total_count, sort).toBe(3);
      expect(
        asc.order_items.map((i: { net_value: number }) => i.net_value),
        sort,
      ).toEqual(ascending);
      expect(
        desc.order_items.map((i: { net_value: number }) => i.net_value),
        sort,
      ).toEqual([...ascending].reverse());
      // The same statement for another user answers that user's items only.
      const other = await list(bobAgent, `?sort=${sort}&dir=asc`);
      expect(
        other.order_items.map((i: { net_value: number }) => i.net_value),
        sort,
      ).toEqual([9999]);
    }
    for (const sort of ['ref', 'state']) {
      expect((await list(annAgent, `?sort=${sort}`)).total_count, sort).toBe(3);
    }
  });
});

describe('dashboard pages', () => {
  it('pages the unassigned items oldest first with the total; bad paging is 422', async () => {
    const get = (query: string) =>
      admin.request({ method: 'GET', url: `/api/v1/order_items/dashboard.json${query}` });
    const before = (await get('?per_page=1')).json();
    const made = [];
    for (let n = 0; n < 3; n++) made.push(await buildOrderItem(ctx.database));
    await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });

    const all = (await get('?per_page=500')).json();
    const total = before.total_count + 3;
    expect(all).toMatchObject({
      page: 1,
      per_page: 500,
      total_count: total,
      total_pages: Math.ceil(total / 500),
    });
    // Oldest first: the three just made are the last three, in the order they were made.
    expect(all.order_items.slice(-3).map((i: { ref: string }) => i.ref)).toEqual(made.map((i) => i.ref));

    const last = (await get(`?per_page=2&page=${Math.ceil(total / 2)}`)).json();
    expect(last).toMatchObject({ total_count: total, total_pages: Math.ceil(total / 2) });
    expect(last.order_items.at(-1).ref).toBe(made[2].ref);
    expect((await get(`?per_page=2&page=${Math.ceil(total / 2) + 1}`)).json().order_items).toEqual([]);
    // The default page is 100 items.
    expect((await get('')).json().per_page).toBe(100);

    for (const bad of ['?page=0', '?per_page=0', '?per_page=501', '?page=abc']) {
      expect((await get(bad)).statusCode, bad).toBe(422);
    }
  });
});

describe('list rows', () => {
  it('the dashboard and the queues answer list rows: exactly the list contract, no addresses or panels', async () => {
    const unassigned = await buildOrderItem(
      ctx.database,
      { netValue: 3100, orderable: { apostilleCopies: 2 } },
      { customerName: 'Rowena Listrow' },
    );
    const mine = await buildOrderItem(ctx.database, {
      currentState: 'waiting_gro',
      userId: aliceId,
      isEscalated: true,
    });
    const strictRow = OrderItemListRowSchema.strict().extend({
      orderable: OrderItemListRowSchema.shape.orderable.strict(),
      order: OrderItemListRowSchema.shape.order.strict(),
    });
    const dash = (
      await admin.request({ method: 'GET', url: '/api/v1/order_items/dashboard.json?per_page=500' })
    ).json();
    const my = (await alice.request({ method: 'GET', url: '/api/v1/order_items/my_orders.json' })).json();
    const queue = (
      await admin.request({ method: 'GET', url: `/api/v1/orderers/${aliceId}/order_items.json` })
    ).json();
    expect(QueuePageSchema.safeParse(dash).error).toBeUndefined();
    expect(QueuePageSchema.safeParse(my).error).toBeUndefined();
    expect(OrdererQueueSchema.safeParse(queue).error).toBeUndefined();
    for (const row of [...dash.order_items, ...my.order_items, ...queue.order_items]) {
      expect(strictRow.safeParse(row).error, row.ref).toBeUndefined();
    }
    const row = dash.order_items.find((i: { ref: string }) => i.ref === unassigned.ref);
    expect(row).toMatchObject({
      net_value: 3100,
      state_label: 'Unassigned',
      user: null,
      orderable: { apostille_copies: 2 },
      order: { customer_name: 'Rowena Listrow' },
    });
    const escalated = my.order_items.find((i: { ref: string }) => i.ref === mine.ref);
    expect(escalated).toMatchObject({
      state_group: 'escalated',
      user: { id: aliceId, name: 'Alice Orderer' },
    });
    expect(escalated.state_label).toMatch(/^Escalated \(/);
  });
});
