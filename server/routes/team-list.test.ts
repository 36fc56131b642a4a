/**
 * The team list (issue 49): every open item of the team across orderers and the unassigned, filtered by
 * orderer (`none`: unassigned), state and text, sorted, with counts of the filtered set that equal its rows;
 * "select all matching" on it; bad input is a 422 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchingIdsSchema } from '../../domain/contract/lists';
import { TeamListPageSchema } from '../../domain/contract/queues';
import { buildOrderItem } from '../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../test/harness';

let ctx: TestContext;
let admin: Agent;
let olga: Agent;
let olgaId: number;
let peteId: number;
const ids: Record<string, number> = {};
beforeAll(async () => {
  ctx = await createTestApp();
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  const o = await buildUser(ctx.database, { name: 'Olga Team' });
  const p = await buildUser(ctx.database, { name: 'Pete Team' });
  olgaId = o.id;
  peteId = p.id;
  admin = await signInAs(ctx.app, a.email);
  olga = await signInAs(ctx.app, o.email);
  const item = async (name: string, spec: Parameters<typeof buildOrderItem>[1]) => {
    ids[name] = (await buildOrderItem(ctx.database, spec)).id;
  };
  await item('olgaGro', { currentState: 'waiting_gro', userId: olgaId, despatchDueOn: '2020-01-02' });
  await item('olgaEscalated', {
    currentState: 'waiting_gro',
    userId: olgaId,
    isEscalated: true,
    despatchDueOn: '2099-01-05',
  });
  await item('peteGro', { currentState: 'waiting_gro', userId: peteId, despatchDueOn: '2099-01-03' });
  await item('peteDespatch', {
    currentState: 'despatch_required',
    userId: peteId,
    despatchDueOn: '2099-01-04',
  });
  await item('unassignedGro', { currentState: 'waiting_gro', despatchDueOn: '2099-01-01' });
  await item('unassigned', { currentState: 'unassigned', despatchDueOn: '2099-01-06' });
  await item('olgaDone', { currentState: 'order_complete', userId: olgaId });
  await item('peteCancelled', { currentState: 'cancelled', userId: peteId });
});
afterAll(() => ctx.close());

async function team(agent: Agent, query = '') {
  const res = await agent.request({ method: 'GET', url: `/api/v1/order_items/team.json${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return TeamListPageSchema.parse(res.json());
}
const idsOf = (page: { order_items: { id: number }[] }) => page.order_items.map((i) => i.id);

describe('GET /order_items/team.json', () => {
  it('lists every open item of the team, soonest despatch first, with counts equal to its rows', async () => {
    const page = await team(olga);
    expect(idsOf(page)).toEqual([
      ids.olgaGro,
      ids.unassignedGro,
      ids.peteGro,
      ids.peteDespatch,
      ids.olgaEscalated,
      ids.unassigned,
    ]);
    expect(page.total_count).toBe(6);
    expect(page.counts).toEqual({
      open: 6,
      by_group: { in_progress: 2, waiting: 3, escalated: 1, on_hold: 0, done: 0, cancelled: 0 },
      overdue: 1,
    });
    // The same answer on a filtered page (the dynamic query) as on the prepared one.
    expect(idsOf(await team(olga, '?q=&page=1'))).toEqual(idsOf(page));
  });

  it('filters by orderer, by the unassigned, by state and text, and counts the filtered set', async () => {
    const olgas = await team(olga, `?orderer=${olgaId}`);
    expect(idsOf(olgas)).toEqual([ids.olgaGro, ids.olgaEscalated]);
    expect(olgas.counts.open).toBe(2);
    expect(olgas.order_items.every((i) => i.user?.id === olgaId)).toBe(true);

    const unassigned = await team(olga, '?orderer=none');
    expect(idsOf(unassigned)).toEqual([ids.unassignedGro, ids.unassigned]);
    expect(unassigned.order_items.every((i) => i.user === null)).toBe(true);

    // "Everything in Waiting GRO", whoever has it: one list.
    const waitingGro = await team(olga, '?state=waiting_gro');
    expect(idsOf(waitingGro).sort()).toEqual(
      [ids.olgaGro, ids.olgaEscalated, ids.peteGro, ids.unassignedGro].sort(),
    );
    expect(waitingGro.counts).toMatchObject({ open: 4, overdue: 1 });
    expect(waitingGro.counts.by_group.escalated).toBe(1);

    const unassignedGro = await team(olga, '?orderer=none&state=waiting_gro');
    expect(idsOf(unassignedGro)).toEqual([ids.unassignedGro]);

    const text = await team(olga, '?q=despatch');
    expect(idsOf(text)).toEqual([ids.peteDespatch]);
    expect(text.counts.open).toBe(1);
  });

  it('sorts by a column either way, and pages', async () => {
    const byDueDesc = await team(olga, '?sort=due&dir=desc');
    expect(idsOf(byDueDesc)[0]).toBe(ids.unassigned);
    const byState = await team(olga, '?sort=state');
    expect(byState.order_items.map((i) => i.current_state)).toEqual(
      [...byState.order_items.map((i) => i.current_state)].sort(),
    );
    const second = await team(olga, '?per_page=4&page=2');
    expect(idsOf(second)).toEqual([ids.olgaEscalated, ids.unassigned]);
    expect(second).toMatchObject({ total_count: 6, total_pages: 2, page: 2, per_page: 4 });
    const filteredSecond = await team(olga, `?per_page=1&page=2&orderer=${olgaId}`);
    expect(idsOf(filteredSecond)).toEqual([ids.olgaEscalated]);
  });

  it('answers bad input with a 422 naming the field', async () => {
    for (const [query, field] of [
      ['?orderer=someone', 'orderer'],
      ['?orderer=0', 'orderer'],
      ['?state=nope', 'state'],
      ['?sort=colour', 'sort'],
      ['?dir=up', 'dir'],
      ['?per_page=501', 'per_page'],
      ['?due_from=2026-02-31', 'due_from'],
    ]) {
      const res = await admin.request({ method: 'GET', url: `/api/v1/order_items/team.json${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(res.json().error), query).toContain(field);
    }
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/order_items/team.json' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /order_items/ids.json?scope=team', () => {
  it('answers the ids of the filtered team list in its order', async () => {
    const res = await olga.request({
      method: 'GET',
      url: '/api/v1/order_items/ids.json?scope=team&orderer=none',
    });
    expect(res.statusCode).toBe(200);
    expect(MatchingIdsSchema.parse(res.json())).toEqual({
      ids: [ids.unassignedGro, ids.unassigned],
      total_count: 2,
      capped: false,
    });
  });
});
