import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NORMAL_STATES } from '../../domain/states';
import { createTestApp, signInAs, type TestContext } from '../test/harness';
import { DEMO_PASSWORD, seedDemoIfEmpty } from './demo';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  expect(await seedDemoIfEmpty(ctx.database.db)).toBe(true);
}, 120_000);
afterAll(() => ctx.close());

describe('demo data', () => {
  it('seeds only once', async () => {
    expect(await seedDemoIfEmpty(ctx.database.db)).toBe(false);
  });

  it('signs in with the demo credentials', async () => {
    for (const email of ['admin@demo.test', 'alice@demo.test', 'bob@demo.test']) {
      await signInAs(ctx.app, email, DEMO_PASSWORD);
    }
  });

  it('holds items in every normal state, escalated, waiting and on hold, and FCO batches both ways', async () => {
    const { rows } = await ctx.database.db.execute<{ current_state: string }>(
      sql`select distinct current_state from order_items`,
    );
    const states = rows.map((r) => r.current_state);
    expect(states).toEqual(expect.arrayContaining([...NORMAL_STATES]));
    expect(states.some((s) => s.endsWith('_escalation'))).toBe(true);
    expect(states.some((s) => s.startsWith('waiting_') && s.endsWith('_response'))).toBe(true);
    expect(states.some((s) => s.startsWith('on_hold_'))).toBe(true);
    const batches = await ctx.database.db.execute<{ state: string }>(
      sql`select distinct state from fco_batches`,
    );
    expect(batches.rows.map((b) => b.state).sort()).toEqual(['pending_despatch', 'waiting_fco']);
  });

  it('holds a year of sales, conversations both ways, unpaid carts and reference content', async () => {
    const { rows } = await ctx.database.db.execute<{
      months: number;
      inbox: number;
      archived: number;
      carts: number;
      faqs: number;
      refunds: number;
    }>(sql`
      select
        (select count(distinct date_trunc('month', placed_at))::int from orders) as months,
        (select count(*)::int from conversations where active) as inbox,
        (select count(*)::int from conversations where not active) as archived,
        (select count(*)::int from carts where state = 'unpaid') as carts,
        (select count(*)::int from faqs) as faqs,
        (select count(*)::int from refunds) as refunds`);
    const r = rows[0];
    expect(r.months).toBeGreaterThanOrEqual(12);
    expect(r.inbox).toBeGreaterThan(0);
    expect(r.archived).toBeGreaterThan(0);
    expect(r.carts).toBeGreaterThan(0);
    expect(r.faqs).toBeGreaterThan(0);
    expect(r.refunds).toBeGreaterThan(0);
  });
});
