/** Search results narrowed by a list filter (`search.filter`), applied in SQL before the count. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrderItem } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';

let ctx: TestContext;
let agent: Agent;
let userId: number;
beforeAll(async () => {
  ctx = await createTestApp();
  const user = await buildUser(ctx.database);
  userId = user.id;
  agent = await signInAs(ctx.app, user.email);
});
afterAll(() => ctx.close());

const post = (kind: 'simple' | 'advanced', search: object) =>
  agent.request({ method: 'POST', url: `/api/v1/search/${kind}.json`, payload: { search } });
const refs = (res: Awaited<ReturnType<typeof post>>) =>
  res
    .json()
    .results.map((r: { ref: string }) => r.ref)
    .sort();

describe('search.filter', () => {
  it('narrows quick and advanced search by state, flag, orderer and text', async () => {
    const customer = { customerName: 'Winifred Sieveright' };
    const names = { orderable: { firstnameA: 'Quillon', surnameA: 'Sieveright' } };
    const waiting = await buildOrderItem(
      ctx.database,
      { currentState: 'waiting_gro', userId, ...names },
      customer,
    );
    const escalated = await buildOrderItem(
      ctx.database,
      { currentState: 'despatch_escalation', isEscalated: true, userId, ...names },
      customer,
    );
    const unassigned = await buildOrderItem(ctx.database, { ...names }, customer);

    expect(refs(await post('simple', { query: 'sieveright' }))).toEqual(
      [waiting.ref, escalated.ref, unassigned.ref].sort(),
    );
    const byState = await post('simple', { query: 'sieveright', filter: { state: 'waiting_gro' } });
    expect(refs(byState)).toEqual([waiting.ref]);
    expect(byState.json()).toMatchObject({ total: 1, total_capped: false });
    expect(refs(await post('simple', { query: 'sieveright', filter: { flag: 'escalated' } }))).toEqual([
      escalated.ref,
    ]);
    expect(refs(await post('simple', { query: 'sieveright', filter: { orderer: 'none' } }))).toEqual([
      unassigned.ref,
    ]);
    expect(
      refs(await post('simple', { query: 'sieveright', filter: { q: 'winifred', group: 'waiting' } })),
    ).toEqual([waiting.ref]);
    expect(
      refs(await post('advanced', { query: { firstname_a: 'Quillon' }, filter: { q: 'Escalated' } })),
    ).toEqual([escalated.ref]);
    expect(refs(await post('advanced', { query: { firstname_a: 'Quillon' }, filter: {} }))).toHaveLength(3);
  });

  it('a bad filter is 422', async () => {
    for (const filter of [{ state: 'nope' }, { orderer: 'someone' }, { due_to: '2026-13-01' }, 'state=x']) {
      const res = await post('simple', { query: 'sieveright', filter });
      expect(res.statusCode, JSON.stringify(filter)).toBe(422);
    }
  });
});
