/**
 * Live updates over server-sent events: a change made through the API reaches the signed-in browsers,
 * notifications only their recipient, and (on PostgreSQL) a change made through one app instance reaches
 * a browser connected to another instance of the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPostgres } from '../db/client';
import { listen as listenApp, openEvents } from '../test/event-stream';
import { buildOrderItem } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';
import { act } from '../test/items';

const listen = (ctx: TestContext) => listenApp(ctx.app);

let ctx: TestContext;
let baseUrl: string;
let alice: Agent;
let aliceId: number;
let bob: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  baseUrl = await listen(ctx);
  const a = await buildUser(ctx.database, { name: 'Alice' });
  aliceId = a.id;
  alice = await signInAs(ctx.app, a.email);
  bob = await signInAs(ctx.app, (await buildUser(ctx.database, { name: 'Bob' })).email);
});
afterAll(() => ctx.close());

describe('GET /api/v1/events', () => {
  it('needs a signed-in user (401 JSON)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/events' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });

  it('streams a change hint for an item changed through the API', async () => {
    const stream = await openEvents(baseUrl, alice.cookie);
    try {
      expect(stream.status).toBe(200);
      const item = await buildOrderItem(ctx.database, { currentState: 'despatch_required', userId: aliceId });
      const res = await act(alice, item.ref, 'add_note', { note: { body: 'Called the customer.' } });
      expect(res.statusCode, res.body).toBe(200);
      await expect(
        stream.waitFor((e) => e.event === 'change' && (e.data as { id: unknown }).id === item.ref),
      ).resolves.toEqual({ topic: 'order_item', id: item.ref });
    } finally {
      stream.close();
    }
  });

  it('sends a notification hint to its recipient only', async () => {
    const [aliceStream, bobStream] = await Promise.all([
      openEvents(baseUrl, alice.cookie),
      openEvents(baseUrl, bob.cookie),
    ]);
    try {
      // An admin assigning an item to Alice notifies her.
      const admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
      const other = await buildOrderItem(ctx.database);
      const res = await admin.request({
        method: 'POST',
        url: '/api/v1/order_items/assign_to_orderer.json',
        payload: { order_assignment: { orderer_id: aliceId, order_item_ids: [other.id] } },
      });
      expect(res.statusCode, res.body).toBe(200);
      await aliceStream.waitFor((e) => (e.data as { topic: string }).topic === 'notification');
      // Bob hears that the item changed, but not Alice's notification.
      await bobStream.waitFor((e) => (e.data as { id: unknown }).id === other.ref);
      expect(bobStream.events.some((e) => (e.data as { topic: string }).topic === 'notification')).toBe(
        false,
      );
    } finally {
      aliceStream.close();
      bobStream.close();
    }
  });
});

describe.runIf(process.env.TEST_DB_KIND === 'postgres')(
  'two app instances on one PostgreSQL database',
  () => {
    it('an action on one instance produces a server-sent event on the other', async () => {
      const second = await createTestApp({ database: fromPostgres(ctx.database.url ?? '', 3) });
      try {
        const secondUrl = await listen(second);
        // Sessions live in the database, so the same browser session works on either instance.
        const stream = await openEvents(secondUrl, alice.cookie);
        try {
          expect(stream.status).toBe(200);
          const item = await buildOrderItem(ctx.database, {
            currentState: 'despatch_required',
            userId: aliceId,
          });
          const res = await act(alice, item.ref, 'toggle_flag');
          expect(res.statusCode, res.body).toBe(200);
          await expect(stream.waitFor((e) => (e.data as { id: unknown }).id === item.ref)).resolves.toEqual({
            topic: 'order_item',
            id: item.ref,
          });
        } finally {
          stream.close();
        }
      } finally {
        await second.close();
      }
    });
  },
);
