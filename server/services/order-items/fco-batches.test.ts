import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fcoBatches, orderItems } from '../../db/schema';
import { buildOrderItem } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { snapshot } from '../../test/items';

let ctx: TestContext;
let admin: Agent;
let alice: Agent;
let bob: Agent;
let aliceId: number;
let bobId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const al = await buildUser(ctx.database);
  const b = await buildUser(ctx.database);
  aliceId = al.id;
  bobId = b.id;
  admin = await signInAs(ctx.app, a.email);
  alice = await signInAs(ctx.app, al.email);
  bob = await signInAs(ctx.app, b.email);
});
afterAll(() => ctx.close());

const apostilleItem = () =>
  buildOrderItem(ctx.database, { currentState: 'apostille_required', userId: aliceId });
const create = (agent: Agent, ids: number[], body: object = { fco_reference: 'F-1', fco_cost: 1000 }) =>
  agent.request({
    method: 'POST',
    url: '/api/v1/fco_batches.json',
    payload: { order_item_ids: ids, fco_batch: body },
  });

describe('FCO batches', () => {
  it("an orderer's queue lists the batches holding their items, whoever placed them", async () => {
    const item = await apostilleItem();
    const placedByAdmin = (await create(admin, [item.id])).json().fco_batch;
    const queueBatches = async (ordererId: number) => {
      const res = await admin.request({
        method: 'GET',
        url: `/api/v1/orderers/${ordererId}/order_items.json`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().fco_batches_to_despatch.map((b: { ref: string }) => b.ref);
    };
    expect(await queueBatches(aliceId)).toContain(placedByAdmin.ref);
    expect(await queueBatches(bobId)).not.toContain(placedByAdmin.ref);
  });

  it('refuses another orderer’s items (403) and creates no batch', async () => {
    const item = await apostilleItem();
    const before = await snapshot(ctx.database, item.id);
    const batchesBefore = (await ctx.database.db.select().from(fcoBatches)).length;
    expect((await create(bob, [item.id])).statusCode).toBe(403);
    expect(await snapshot(ctx.database, item.id)).toEqual(before);
    expect((await ctx.database.db.select().from(fcoBatches)).length).toBe(batchesBefore);
  });

  it('refuses an item not waiting for an apostille (409): no batch, no item moved', async () => {
    const good = await apostilleItem();
    const bad = await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: aliceId });
    const batchesBefore = (await ctx.database.db.select().from(fcoBatches)).length;
    expect((await create(alice, [good.id, bad.id])).statusCode).toBe(409);
    const [row] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, good.id));
    expect(row.currentState).toBe('apostille_required');
    expect((await ctx.database.db.select().from(fcoBatches)).length).toBe(batchesBefore);
  });

  it('validates input (422) and needs CSRF (403)', async () => {
    const item = await apostilleItem();
    expect((await create(alice, [item.id], { fco_reference: '', fco_cost: -5 })).statusCode).toBe(422);
    expect((await create(alice, [])).statusCode).toBe(422);
    const noCsrf = await alice.request({
      method: 'POST',
      url: '/api/v1/fco_batches.json',
      payload: { order_item_ids: [item.id], fco_batch: { fco_reference: 'F', fco_cost: 1 } },
      csrf: null,
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('only staff with items in the batch (or admins) move it; unknown batches are 404', async () => {
    const item = await apostilleItem();
    const batch = (await create(alice, [item.id])).json().fco_batch;
    const despatch = (agent: Agent) =>
      agent.request({
        method: 'POST',
        url: `/api/v1/fco_batches/${batch.ref}/despatch.json`,
        payload: { despatch: { despatch_cost: 500 }, lock_version: batch.lock_version },
      });
    expect((await despatch(bob)).statusCode).toBe(403);
    expect((await despatch(admin)).statusCode).toBe(200);
    const waiting = (
      await bob.request({ method: 'GET', url: '/api/v1/fco_batches/waiting_fco.json' })
    ).json();
    expect(waiting.fco_batches.map((b: { ref: string }) => b.ref)).toContain(batch.ref);
    const shown = await bob.request({ method: 'GET', url: `/api/v1/fco_batches/${batch.ref}.json` });
    expect(shown.json().fco_batch).toMatchObject({ state: 'waiting_fco', order_items: [{ id: item.id }] });
    expect(
      (await bob.request({ method: 'GET', url: '/api/v1/fco_batches/FCO-999999.json' })).statusCode,
    ).toBe(404);
    expect(
      (
        await alice.request({
          method: 'POST',
          url: '/api/v1/fco_batches/FCO-999999/received.json',
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a stale batch lock_version is 409 and nothing moves', async () => {
    const item = await apostilleItem();
    const batch = (await create(alice, [item.id])).json().fco_batch;
    const res = await alice.request({
      method: 'POST',
      url: `/api/v1/fco_batches/${batch.ref}/despatch.json`,
      payload: { despatch: { despatch_cost: 500 }, lock_version: batch.lock_version + 3 },
    });
    expect(res.statusCode).toBe(409);
    const [row] = await ctx.database.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(row.currentState).toBe('fco_order_placed');
  });
});
