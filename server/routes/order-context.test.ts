import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrderContextSchema } from '../../domain/contract/order-context';
import { buildOrder } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';

let ctx: TestContext;
let alice: Agent;
let aliceId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const o = await buildUser(ctx.database, { name: 'Alice Orderer' });
  aliceId = o.id;
  alice = await signInAs(ctx.app, o.email);
});
afterAll(() => ctx.close());

const contextOf = (key: string) =>
  alice.request({ method: 'GET', url: `/api/v1/order_items/${encodeURIComponent(key)}/context.json` });

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));

describe('GET /order_items/{ref}/context.json', () => {
  it("answers the order, all its items by position, and the customer's other orders by e-mail in any case", async () => {
    const email = 'Pat.Lee@Example.test';
    const older = await buildOrder(ctx.database, {
      email: 'pat.lee@example.test',
      placedAt: day(1),
      items: [{ currentState: 'order_complete', userId: aliceId }, { currentState: 'waiting_gro' }],
    });
    const newer = await buildOrder(ctx.database, { email: 'PAT.LEE@EXAMPLE.TEST', placedAt: day(3) });
    await buildOrder(ctx.database, { email: 'someone.else@example.test', placedAt: day(2) });
    const { order, items } = await buildOrder(ctx.database, {
      email,
      customerName: 'Pat Lee',
      placedAt: day(2),
      items: [{ currentState: 'waiting_gro', userId: aliceId, isEscalated: true }, {}, { flagged: true }],
    });

    const res = await contextOf(items[1].ref);
    expect(res.statusCode, res.body).toBe(200);
    const body = OrderContextSchema.parse(res.json());
    expect(body.order).toEqual({ id: order.id, ref: order.ref, email, customer_name: 'Pat Lee' });
    expect(body.items).toEqual([
      {
        id: items[0].id,
        ref: items[0].ref,
        type: 'Birth Certificate',
        current_state: 'waiting_gro',
        state_label: 'Escalated (Waiting GRO)',
        state_group: 'escalated',
        user: { id: aliceId, name: 'Alice Orderer' },
      },
      expect.objectContaining({ ref: items[1].ref, current_state: 'unassigned', user: null }),
      expect.objectContaining({ ref: items[2].ref, state_label: 'Unassigned' }),
    ]);
    expect(body.customer_orders).toEqual([
      {
        id: newer.order.id,
        ref: newer.order.ref,
        placed_at: day(3).toISOString(),
        item_count: 1,
        open_items: 1,
        first_item_ref: newer.items[0].ref,
      },
      {
        id: older.order.id,
        ref: older.order.ref,
        placed_at: day(1).toISOString(),
        item_count: 2,
        open_items: 1,
        first_item_ref: older.items[0].ref,
      },
    ]);
    expect(body.customer_order_count).toBe(2);

    // By id too, and from any item of the order.
    const byId = OrderContextSchema.parse((await contextOf(String(items[0].id))).json());
    expect(byId.items.map((i) => i.ref)).toEqual(items.map((i) => i.ref));
  });

  it('lists the 20 newest other orders and counts them all', async () => {
    const email = `many-${Date.now()}@example.test`;
    for (let n = 1; n <= 22; n++) await buildOrder(ctx.database, { email, placedAt: day(n) });
    const { items } = await buildOrder(ctx.database, { email, placedAt: day(25) });
    const body = OrderContextSchema.parse((await contextOf(items[0].ref)).json());
    expect(body.customer_order_count).toBe(22);
    expect(body.customer_orders).toHaveLength(20);
    expect(body.customer_orders[0].placed_at).toBe(day(22).toISOString());
    expect(body.customer_orders.at(-1)?.placed_at).toBe(day(3).toISOString());
  });

  it('answers an order with no other orders with an empty list', async () => {
    const { items } = await buildOrder(ctx.database, { email: `only-${Date.now()}@example.test` });
    const body = OrderContextSchema.parse((await contextOf(items[0].ref)).json());
    expect(body.customer_orders).toEqual([]);
    expect(body.customer_order_count).toBe(0);
  });

  it('answers 404 for an unknown ref or id and 401 without a session', async () => {
    for (const key of ['999999-9', '987654321', 'no such ref']) {
      const res = await contextOf(key);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/order_items/1/context.json' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('can find a customer’s orders by the index on lower(email), newest first', async () => {
    // The test tables are tiny, so the planner would scan them anyway: ask whether the index can serve.
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from orders where lower(email) = 'pat@example.test' order by placed_at desc limit 20`,
      );
    });
    expect(JSON.stringify(plan)).toContain('orders_email_lower_placed_at_idx');
  });
});
