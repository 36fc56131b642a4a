/**
 * Orderer stats count each open item in the group the domain's `groupOf` gives it (state and flags), the
 * same group its badge shows: the SQL's counts are compared with the domain function over a built set.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_STATES, groupOf, STATE_GROUPS, type StateGroup } from '../../../domain/states';
import { buildOrder } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: Agent;
let ordererId: number;
beforeAll(async () => {
  ctx = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'ukds-stats-')) });
  const a = await buildUser(ctx.database, { role: 'admin', is_orderer: false });
  ordererId = (await buildUser(ctx.database, { name: 'Stats Orderer' })).id;
  admin = await signInAs(ctx.app, a.email);
});
afterAll(() => ctx.close());

describe('orderer stats', () => {
  it('count by_group, escalated and waiting exactly as groupOf and the flags say, over every open state', async () => {
    const flagSets = [
      { isEscalated: false, isOnHold: false, waitingCustomerResponse: false },
      { isEscalated: true, isOnHold: false, waitingCustomerResponse: false },
      { isEscalated: true, isOnHold: true, waitingCustomerResponse: true },
      { isEscalated: false, isOnHold: false, waitingCustomerResponse: true },
    ];
    const open = ALL_STATES.filter((s) => s !== 'order_complete' && s !== 'cancelled');
    const specs = open.flatMap((currentState, i) => {
      const flags = flagSets[i % flagSets.length];
      const other = flagSets[(i + 1) % flagSets.length];
      return [
        { currentState, userId: ordererId, ...flags },
        { currentState, userId: ordererId, ...other },
      ];
    });
    // Closed items never count, whatever their flags.
    const closed = [
      { currentState: 'cancelled' as const, userId: ordererId, isEscalated: true },
      { currentState: 'order_complete' as const, userId: ordererId },
    ];
    await buildOrder(ctx.database, { items: [...specs, ...closed] });

    const expected = Object.fromEntries(STATE_GROUPS.map((g) => [g, 0])) as Record<StateGroup, number>;
    for (const s of specs) expected[groupOf(s)] += 1;

    const res = await admin.request({ method: 'GET', url: '/api/v1/orderers/stats.json' });
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().stats.find((s: { orderer: { id: number } }) => s.orderer.id === ordererId);
    expect(mine.open_items).toBe(specs.length);
    expect(mine.by_group).toEqual(expected);
    expect(mine.escalated).toBe(specs.filter((s) => s.isEscalated).length);
    expect(mine.waiting_customer).toBe(specs.filter((s) => s.waitingCustomerResponse).length);
    // The point of the fix: escalated flags on non-escalation states are counted as escalated.
    expect(mine.by_group.escalated).toBeGreaterThan(
      specs.filter((s) => s.currentState.endsWith('_escalation')).length,
    );
  });
});
