/**
 * Saved views: each user's own, with live counts that equal what the view's list shows; names unique per
 * user; a cap; validation of the screen, the name and the filter; another user's view is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SavedViewListSchema, SavedViewResponseSchema } from '../../domain/contract/lists';
import { MAX_SAVED_VIEWS } from '../services/saved-views/saved-views';
import { buildOrderItem } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';

let ctx: TestContext;
let admin: Agent;
let olga: Agent;
let pete: Agent;
let olgaId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const o = await buildUser(ctx.database, { name: 'Olga Views' });
  const p = await buildUser(ctx.database, { name: 'Pete Views' });
  olgaId = o.id;
  admin = await signInAs(ctx.app, a.email);
  olga = await signInAs(ctx.app, o.email);
  pete = await signInAs(ctx.app, p.email);
  await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: olgaId });
  await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: olgaId, isEscalated: true });
  await buildOrderItem(ctx.database, { currentState: 'despatch_required', userId: olgaId });
  await buildOrderItem(ctx.database, { currentState: 'order_complete', userId: olgaId });
  await buildOrderItem(ctx.database, { currentState: 'despatch_escalation', isEscalated: true });
});
afterAll(() => ctx.close());

const create = (agent: Agent, view: { name: string; path: string; query: string }) =>
  agent.request({ method: 'POST', url: '/api/v1/saved_views.json', payload: { saved_view: view } });
const list = async (agent: Agent) =>
  SavedViewListSchema.parse((await agent.request({ method: 'GET', url: '/api/v1/saved_views.json' })).json())
    .saved_views;

describe('saved views', () => {
  it('saves views with live counts equal to what their lists show, each user seeing their own', async () => {
    const waiting = await create(olga, {
      name: 'Waiting GRO',
      path: '/my-queue',
      query: 'state=waiting_gro&sort=due',
    });
    expect(waiting.statusCode).toBe(201);
    const saved = SavedViewResponseSchema.parse(waiting.json()).saved_view;
    expect(saved).toMatchObject({
      name: 'Waiting GRO',
      path: '/my-queue',
      query: 'state=waiting_gro&sort=due',
      count: 2,
      position: 1,
    });
    const shown = (
      await olga.request({
        method: 'GET',
        url: '/api/v1/order_items/my_orders.json?state=waiting_gro&sort=due',
      })
    ).json();
    expect(shown.total_count).toBe(saved.count);

    expect(
      (
        await create(olga, {
          name: 'Queue escalated',
          path: `/work-queues/${olgaId}`,
          query: '?flag=escalated',
        })
      ).json().saved_view,
    ).toMatchObject({ query: 'flag=escalated', count: 1, position: 2 });
    expect(
      (await create(olga, { name: 'Desk', path: '/escalations', query: '' })).json().saved_view.count,
    ).toBe(0);
    expect((await create(olga, { name: 'Dash', path: '/dashboard', query: 'q=' })).statusCode).toBe(201);

    const views = await list(olga);
    expect(views.map((v) => [v.name, v.count])).toEqual([
      ['Waiting GRO', 2],
      ['Queue escalated', 1],
      ['Desk', 0],
      ['Dash', 0],
    ]);
    // The same name is fine for someone else; their list holds only theirs.
    expect(
      (await create(pete, { name: 'Waiting GRO', path: '/my-queue', query: 'state=waiting_gro' })).json()
        .saved_view.count,
    ).toBe(0);
    expect((await list(pete)).map((v) => v.name)).toEqual(['Waiting GRO']);
    // An admin's desk view counts the escalated items.
    expect(
      (await create(admin, { name: 'Desk', path: '/escalations', query: '' })).json().saved_view.count,
    ).toBe(2);
  });

  it('renames, changes the query, deletes; another user’s view is not found', async () => {
    const made = (await create(olga, { name: 'To change', path: '/my-queue', query: '' })).json().saved_view;
    expect(made.count).toBe(3);
    const put = (agent: Agent, id: number, view: object) =>
      agent.request({ method: 'PUT', url: `/api/v1/saved_views/${id}.json`, payload: { saved_view: view } });
    const changed = await put(olga, made.id, {
      name: 'Despatch',
      path: '/my-queue',
      query: 'q=despatch_required',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().saved_view).toMatchObject({
      id: made.id,
      name: 'Despatch',
      count: 1,
      position: made.position,
    });
    expect((await put(pete, made.id, { name: 'Mine now', path: '/my-queue', query: '' })).statusCode).toBe(
      404,
    );
    expect(
      (await pete.request({ method: 'DELETE', url: `/api/v1/saved_views/${made.id}.json` })).statusCode,
    ).toBe(404);
    const renamedToTaken = await put(olga, made.id, { name: 'Desk', path: '/my-queue', query: '' });
    expect(renamedToTaken.statusCode).toBe(409);
    expect(renamedToTaken.json().error.code).toBe('conflict');

    const deleted = await olga.request({ method: 'DELETE', url: `/api/v1/saved_views/${made.id}.json` });
    expect(deleted.statusCode).toBe(200);
    expect(SavedViewListSchema.parse(deleted.json()).saved_views.map((v) => v.name)).not.toContain(
      'Despatch',
    );
    expect(
      (await olga.request({ method: 'DELETE', url: `/api/v1/saved_views/${made.id}.json` })).statusCode,
    ).toBe(404);
  });

  it('refuses a taken name (409), a bad screen, name or filter (422), and more than the cap (422)', async () => {
    const dup = await create(olga, { name: 'Waiting GRO', path: '/dashboard', query: '' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toMatch(/already have a view/);
    for (const bad of [
      { name: 'x', path: '/reports', query: '' },
      { name: 'x', path: '/work-queues/abc', query: '' },
      { name: 'x', path: 'https://evil.example/dashboard', query: '' },
      { name: '   ', path: '/dashboard', query: '' },
      { name: 'y'.repeat(61), path: '/dashboard', query: '' },
      { name: 'x', path: '/dashboard', query: 'state=nope' },
      { name: 'x', path: '/dashboard', query: 'due_from=2026-02-31' },
    ]) {
      const res = await create(olga, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(res.json().error.code).toBe('invalid_input');
    }
    // Without the CSRF token a write is refused.
    expect(
      (
        await olga.request({
          method: 'POST',
          url: '/api/v1/saved_views.json',
          payload: { saved_view: { name: 'n', path: '/dashboard', query: '' } },
          csrf: null,
        })
      ).statusCode,
    ).toBe(403);

    const have = (await list(olga)).length;
    for (let n = have; n < MAX_SAVED_VIEWS; n++) {
      expect((await create(olga, { name: `View ${n}`, path: '/dashboard', query: '' })).statusCode).toBe(201);
    }
    const over = await create(olga, { name: 'One too many', path: '/dashboard', query: '' });
    expect(over.statusCode).toBe(422);
    expect(over.json().error.message).toMatch(/at most 30/);
  });
});
