/**
 * The orderers' stats cache through the running app (stats-cache.ts): the stats are served from memory, yet
 * whoever changes a count through the API sees it in their very next call, and a change made behind the
 * app's back (psql, a job, another instance) is seen once its trigger's NOTIFY arrives: milliseconds; the
 * tests allow two seconds. Two instances: multi-instance.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, users } from '../../db/schema';
import { waitUntil } from '../../test/app-process';
import { buildOrderItem } from '../../test/factories';
import { buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signInAs>>;
beforeAll(async () => {
  ctx = await createTestApp();
  const user = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  admin = await signInAs(ctx.app, user.email);
});
afterAll(() => ctx.close());

interface Stats {
  orderer: { id: number; name: string };
  open_items: number;
  escalated: number;
}

async function stats(): Promise<Stats[]> {
  const res = await admin.request({ method: 'GET', url: '/api/v1/orderers/stats.json' });
  expect(res.statusCode).toBe(200);
  return res.json().stats;
}
const statsOf = async (userId: number) => (await stats()).find((s) => s.orderer.id === userId);

/** Turns the count tables' NOTIFY triggers (migration 0026) off or on: a change then goes unannounced. */
async function countNotices(on: boolean) {
  for (const [table, trigger] of [
    ['open_item_counts', 'open_item_counts_notify'],
    ['open_item_due_counts', 'open_item_due_counts_notify'],
  ])
    await ctx.database.db.execute(
      sql.raw(`alter table ${table} ${on ? 'enable' : 'disable'} trigger ${trigger}`),
    );
}

describe('orderer stats cache, through the app', () => {
  it('serves the stats from memory, and a change made through the API is counted in the next call', async () => {
    await countNotices(false);
    try {
      const orderer = await buildUser(ctx.database, { name: 'Cached Orderer' });
      await buildOrderItem(ctx.database, { currentState: 'apostille_required', userId: orderer.id });
      // What was announced before (the new user) lands within milliseconds; then the stats are read and kept.
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await statsOf(orderer.id))?.open_items).toBe(1);
      // Counted, but nothing announces it: the kept answer is served.
      await buildOrderItem(ctx.database, { currentState: 'apostille_required', userId: orderer.id });
      expect((await statsOf(orderer.id))?.open_items).toBe(1);
      // An assignment through the API: its answer is sent only after this instance forgot the stats, so the
      // next call counts it (and the unannounced item) without waiting for any NOTIFY.
      const fresh = await buildOrderItem(ctx.database);
      const res = await admin.request({
        method: 'POST',
        url: '/api/v1/order_items/assign_to_orderer.json',
        payload: { order_assignment: { orderer_id: orderer.id, order_item_ids: [fresh.id] } },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await statsOf(orderer.id))?.open_items).toBe(3);
    } finally {
      await countNotices(true);
    }
  });

  it('an item changed in SQL behind the app is counted within two seconds', async () => {
    const orderer = await buildUser(ctx.database, { name: 'Escalated Orderer' });
    const item = await buildOrderItem(ctx.database, {
      currentState: 'apostille_required',
      userId: orderer.id,
    });
    expect((await statsOf(orderer.id))?.escalated).toBe(0);
    await ctx.database.db.update(orderItems).set({ isEscalated: true }).where(eq(orderItems.id, item.id));
    await waitUntil('the escalation counted', async () => (await statsOf(orderer.id))?.escalated === 1, 2000);
  });

  it('an orderer added, renamed or removed from the queues in SQL is seen within two seconds', async () => {
    await stats();
    const added = await buildUser(ctx.database, { name: 'Added Orderer' });
    await waitUntil('the new orderer listed', async () => (await statsOf(added.id)) !== undefined, 2000);
    await ctx.database.db.update(users).set({ name: 'Renamed Orderer' }).where(eq(users.id, added.id));
    await waitUntil(
      'the new name shown',
      async () => (await statsOf(added.id))?.orderer.name === 'Renamed Orderer',
      2000,
    );
    await ctx.database.db.update(users).set({ isOrderer: false }).where(eq(users.id, added.id));
    await waitUntil('the orderer gone', async () => (await statsOf(added.id)) === undefined, 2000);
  });
});
