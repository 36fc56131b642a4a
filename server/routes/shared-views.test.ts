/**
 * Saved views shared with the team (issue 49): everyone sees a shared view with its owner and a count as
 * they would see the list; its owner or an administrator may change, unshare or delete it; another orderer
 * gets 403 and changes nothing; a private view stays private (404); bad input is a 422 naming the field.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SavedViewListSchema, SavedViewResponseSchema } from '../../domain/contract/lists';
import { savedViews } from '../db/schema';
import { buildOrderItem } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';

let ctx: TestContext;
let admin: Agent;
let olga: Agent;
let pete: Agent;
let olgaId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false, name: 'Ann Admin' });
  const o = await buildUser(ctx.database, { name: 'Olga Shares' });
  const p = await buildUser(ctx.database, { name: 'Pete Sees' });
  olgaId = o.id;
  admin = await signInAs(ctx.app, a.email);
  olga = await signInAs(ctx.app, o.email);
  pete = await signInAs(ctx.app, p.email);
  await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: olgaId });
  await buildOrderItem(ctx.database, { currentState: 'waiting_gro', userId: p.id });
  await buildOrderItem(ctx.database, { currentState: 'waiting_gro' });
});
afterAll(() => ctx.close());

type ViewInput = { name: string; path: string; query: string; shared?: boolean };
const create = async (agent: Agent, view: ViewInput) => {
  const res = await agent.request({
    method: 'POST',
    url: '/api/v1/saved_views.json',
    payload: { saved_view: view },
  });
  expect(res.statusCode, res.body).toBe(201);
  return SavedViewResponseSchema.parse(res.json()).saved_view;
};
const put = (agent: Agent, id: number, view: unknown) =>
  agent.request({ method: 'PUT', url: `/api/v1/saved_views/${id}.json`, payload: { saved_view: view } });
const del = (agent: Agent, id: number) =>
  agent.request({ method: 'DELETE', url: `/api/v1/saved_views/${id}.json` });
const list = async (agent: Agent) =>
  SavedViewListSchema.parse((await agent.request({ method: 'GET', url: '/api/v1/saved_views.json' })).json())
    .saved_views;
const stored = async (id: number) =>
  (await ctx.database.db.select().from(savedViews).where(eq(savedViews.id, id)))[0];

describe('shared saved views', () => {
  it('a shared view shows to everyone with its owner, after their own; a private one only to its owner', async () => {
    const shared = await create(olga, {
      name: 'All Waiting GRO',
      path: '/items',
      query: 'state=waiting_gro',
      shared: true,
    });
    expect(shared).toMatchObject({ shared: true, count: 3, can_change: true, owner: { id: olgaId } });
    const secret = await create(olga, { name: 'Mine only', path: '/my-queue', query: 'state=waiting_gro' });
    expect(secret.shared).toBe(false);
    await create(pete, { name: 'Pete’s own', path: '/my-queue', query: 'q=x' });

    const petes = await list(pete);
    expect(petes.map((v) => [v.name, v.shared, v.can_change, v.owner.name])).toEqual([
      ['Pete’s own', false, true, 'Pete Sees'],
      ['All Waiting GRO', true, false, 'Olga Shares'],
    ]);
    // The count is the list as Pete would see it (the team list is the same for everyone).
    expect(petes[1].count).toBe(3);
    expect((await list(admin)).map((v) => [v.name, v.can_change])).toEqual([['All Waiting GRO', true]]);
    // Pete cannot reach Olga's private view at all.
    expect((await put(pete, secret.id, { name: 'x', path: '/items', query: '' })).statusCode).toBe(404);
    expect((await del(pete, secret.id)).statusCode).toBe(404);
  });

  it('refuses another orderer 403 on a shared view and changes nothing', async () => {
    const view = (await list(pete)).find((v) => v.name === 'All Waiting GRO');
    if (!view) throw new Error('no shared view');
    const before = await stored(view.id);
    const rename = await put(pete, view.id, { name: 'Hijacked', path: '/items', query: '', shared: false });
    expect(rename.statusCode).toBe(403);
    expect(rename.json().error.code).toBe('forbidden');
    const remove = await del(pete, view.id);
    expect(remove.statusCode).toBe(403);
    expect(await stored(view.id)).toEqual(before);
  });

  it('its owner renames and unshares it; then it is private again', async () => {
    const view = (await list(olga)).find((v) => v.name === 'All Waiting GRO');
    if (!view) throw new Error('no shared view');
    const renamed = await put(olga, view.id, {
      name: 'Waiting GRO, all',
      path: '/items',
      query: 'state=waiting_gro',
    });
    expect(renamed.statusCode).toBe(200);
    // Absent `shared` keeps the sharing.
    expect(renamed.json().saved_view).toMatchObject({ name: 'Waiting GRO, all', shared: true });
    expect((await list(pete)).map((v) => v.name)).toContain('Waiting GRO, all');
    const unshared = await put(olga, view.id, {
      name: 'Waiting GRO, all',
      path: '/items',
      query: 'state=waiting_gro',
      shared: false,
    });
    expect(unshared.json().saved_view.shared).toBe(false);
    expect((await list(pete)).map((v) => v.name)).not.toContain('Waiting GRO, all');
    expect((await list(admin)).map((v) => v.name)).not.toContain('Waiting GRO, all');
    // Now private, an administrator cannot reach it either.
    expect((await put(admin, view.id, { name: 'x', path: '/items', query: '' })).statusCode).toBe(404);
  });

  it('an administrator changes and deletes someone else’s shared view; the owner stays the owner', async () => {
    const view = await create(olga, {
      name: 'Unassigned',
      path: '/items',
      query: 'orderer=none',
      shared: true,
    });
    expect(view.count).toBe(1);
    const changed = await put(admin, view.id, {
      name: 'Nobody’s items',
      path: '/items',
      query: 'orderer=none&sort=ref',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().saved_view).toMatchObject({
      name: 'Nobody’s items',
      owner: { id: olgaId, name: 'Olga Shares' },
      shared: true,
      can_change: true,
    });
    expect((await stored(view.id)).userId).toBe(olgaId);
    const deleted = await del(admin, view.id);
    expect(deleted.statusCode).toBe(200);
    expect(await stored(view.id)).toBeUndefined();
  });

  it('refuses a bad `shared` (422 naming the field) and keeps an /items view’s filter checked', async () => {
    for (const [view, field] of [
      [{ name: 'x', path: '/items', query: '', shared: 'yes' }, 'shared'],
      [{ name: 'x', path: '/items', query: 'orderer=someone' }, 'orderer'],
      [{ name: 'x', path: '/item', query: '' }, 'path'],
    ] as const) {
      const res = await olga.request({
        method: 'POST',
        url: '/api/v1/saved_views.json',
        payload: { saved_view: view },
      });
      expect(res.statusCode, JSON.stringify(view)).toBe(422);
      expect(JSON.stringify(res.json().error)).toContain(field);
    }
    const mine = (await list(olga))[0];
    const bad = await put(olga, mine.id, { name: mine.name, path: mine.path, query: mine.query, shared: 1 });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().error)).toContain('shared');
    expect((await stored(mine.id)).shared).toBe(mine.shared);
  });
});
