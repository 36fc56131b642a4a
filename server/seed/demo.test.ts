import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonToday } from '../../domain/format';
import {
  ALL_STATES,
  ESCALATION_STATES,
  ON_HOLD_STATES,
  ORDERABLE_TYPES,
  PRODUCT_LINES,
  productLine,
  WAITING_CUSTOMER_STATES,
} from '../../domain/states';
import { endDuePostponements, sendDueReminders } from '../jobs/scheduled';
import { ingestOrder } from '../services/orders/ingest-order';
import { createTestApp, signInAs, type TestContext } from '../test/harness';
import { buildDemo, DEMO_PASSWORD, seedDemoIfEmpty } from './demo';

let ctx: TestContext;
let seededAt: Date;
let progress: number[];
beforeAll(async () => {
  ctx = await createTestApp();
  progress = [];
  expect(await seedDemoIfEmpty(ctx.database.db, (f) => progress.push(f))).toBe(true);
  // What the server does within a minute of its first start: the scheduled jobs run on the seeded set.
  seededAt = new Date();
  await sendDueReminders(ctx.database.db, seededAt);
  await endDuePostponements(ctx.database.db, seededAt);
}, 60_000);
afterAll(() => ctx.close());

const rowsOf = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await ctx.database.db.execute<T>(query)).rows;

describe('demo data', () => {
  it('seeds only once', async () => {
    expect(await seedDemoIfEmpty(ctx.database.db)).toBe(false);
  });

  it('reports its progress from 0 to 1, never going back', () => {
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('signs in with the demo credentials', async () => {
    for (const email of ['admin@demo.test', 'alice@demo.test', 'bob@demo.test']) {
      await signInAs(ctx.app, email, DEMO_PASSWORD);
    }
  });

  it('holds items in every one of the 43 states, on every product line, after the scheduler has run', async () => {
    const states = await rowsOf<{ current_state: string }>(
      sql`select distinct current_state from order_items`,
    );
    expect(states.map((r) => r.current_state).sort()).toEqual([...ALL_STATES].sort());
    const types = await rowsOf<{ orderable_type: string }>(
      sql`select distinct orderable_type from order_items`,
    );
    expect(types.map((r) => r.orderable_type).sort()).toEqual([...ORDERABLE_TYPES].sort());
    const lines = new Set(
      types.map((r) => productLine(r.orderable_type as (typeof ORDERABLE_TYPES)[number])),
    );
    expect([...lines].sort()).toEqual([...PRODUCT_LINES].sort());
  });

  it('holds every flag: escalated, on hold until a future day, waiting, flagged, overdue, cancelled but escalated', async () => {
    const [r] = await rowsOf<Record<string, number>>(sql`
      select
        count(*) filter (where is_escalated)::int as escalated,
        count(*) filter (where is_on_hold and on_hold_until > ${seededAt.toISOString()}::timestamptz)::int as held,
        count(*) filter (where is_on_hold and (on_hold_until is null or on_hold_until <= now()))::int as stale_holds,
        count(*) filter (where waiting_customer_response)::int as waiting,
        count(*) filter (where flagged)::int as flagged,
        count(*) filter (where despatch_due_on < ${londonToday(seededAt)}::date
          and current_state not in ('order_complete', 'cancelled'))::int as overdue,
        count(*) filter (where current_state = 'cancelled' and is_escalated)::int as cancelled_escalated,
        count(*) filter (where user_id is null)::int as unassigned,
        count(*) filter (where fco_batch_id is not null)::int as batched
      from order_items`);
    for (const key of [
      'escalated',
      'held',
      'waiting',
      'flagged',
      'overdue',
      'cancelled_escalated',
      'unassigned',
      'batched',
    ])
      expect(r[key], key).toBeGreaterThan(0);
    expect(r.stale_holds).toBe(0);
    const batches = await rowsOf<{ state: string }>(sql`select distinct state from fco_batches`);
    expect(batches.map((b) => b.state).sort()).toEqual(['pending_despatch', 'waiting_fco']);
  });

  it('is what the services would have written: flags match states, each action on the timeline, lock_version counts them', async () => {
    const q = (states: readonly string[]) => sql.raw(states.map((s) => `'${s}'`).join(', '));
    const [r] = await rowsOf<Record<string, number>>(sql`
      select
        count(*) filter (where current_state in (${q(ESCALATION_STATES)}) and not is_escalated)::int as escalation_unflagged,
        count(*) filter (where is_escalated and state_before_escalation is null and current_state <> 'cancelled')::int as no_state_before,
        count(*) filter (where current_state in (${q(ON_HOLD_STATES)})
          and not (is_on_hold and on_hold_until is not null))::int as hold_unflagged,
        count(*) filter (where current_state in (${q(WAITING_CUSTOMER_STATES)})
          and not (waiting_customer_response or pending_update is not null))::int as waiting_unflagged,
        count(*) filter (where (waiting_customer_response or current_state in (${q(WAITING_CUSTOMER_STATES)}))
          and next_reminder_at is null)::int as no_reminder,
        count(*) filter (where current_state in ('waiting_upgrade_payment', 'waiting_downgrade_approval',
          'on_hold_waiting_upgrade_payment', 'on_hold_waiting_downgrade_approval')
          and (pending_update is null or state_before_update is null))::int as update_unrecorded,
        count(*) filter (where lock_version <> (select count(*) from order_item_events e where e.order_item_id = i.id))::int as lock_mismatch,
        count(*) filter (where current_state <> coalesce((select e.to_state from order_item_events e
          where e.order_item_id = i.id order by e.id desc limit 1), 'unassigned'))::int as timeline_mismatch
      from order_items i`);
    expect(r).toEqual({
      escalation_unflagged: 0,
      no_state_before: 0,
      hold_unflagged: 0,
      waiting_unflagged: 0,
      no_reminder: 0,
      update_unrecorded: 0,
      lock_mismatch: 0,
      timeline_mismatch: 0,
    });
  });

  it('leaves the identity sequences past the seeded ids, so new rows insert', async () => {
    const order = await ingestOrder(ctx.database.db, {
      order: {
        ref: '999000111',
        email: 'new@example.com',
        delivery_region: 'UK',
        placed_at: new Date().toISOString(),
        billing_address: { name: 'New Customer', line_1: '1 High Street', city: 'Leeds', zip: 'LS1 4AP' },
        items: [
          {
            orderable_type: 'Certificate',
            type: 'Birth Certificate',
            net_value: 0,
            orderable: { service_level: 'standard' },
          },
        ],
      },
    });
    expect(order.created).toBe(true);
  });

  it('holds a year of sales, conversations both ways, unpaid carts and reference content', async () => {
    const [r] = await rowsOf<Record<string, number>>(sql`
      select
        (select count(distinct date_trunc('month', placed_at))::int from orders) as months,
        (select count(*)::int from conversations where active) as inbox,
        (select count(*)::int from conversations where not active) as archived,
        (select count(*)::int from carts where state = 'unpaid') as carts,
        (select count(*)::int from faqs) as faqs,
        (select count(*)::int from refunds) as refunds,
        (select count(*)::int from sales_daily) as sales_days`);
    expect(r.months).toBeGreaterThanOrEqual(12);
    for (const key of ['inbox', 'archived', 'carts', 'faqs', 'refunds', 'sales_days'])
      expect(r[key], key).toBeGreaterThan(0);
  });

  it('leaves each user a handful of unread notifications (3 to 8), the older ones read', async () => {
    const rows = await rowsOf<{ email: string; unread: number; read: number }>(sql`
      select u.email, count(*) filter (where n.read_at is null)::int as unread,
        count(*) filter (where n.read_at is not null)::int as read
      from users u join notifications n on n.user_id = u.id group by u.email`);
    for (const email of ['admin@demo.test', 'alice@demo.test', 'bob@demo.test']) {
      const row = rows.find((r) => r.email === email);
      expect(row?.unread, email).toBeGreaterThanOrEqual(3);
      expect(row?.unread, email).toBeLessThanOrEqual(8);
      expect(row?.read, email).toBeGreaterThan(0);
    }
    const [late] = await rowsOf<{ n: number }>(sql`
      select count(*)::int as n from notifications r join notifications u
        on u.user_id = r.user_id and u.read_at is null and r.read_at is not null and r.created_at > u.created_at`);
    expect(late.n, 'a read notification newer than an unread one').toBe(0);
  });

  it('is deterministic: the same moment builds the same rows', async () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const [a, b] = await Promise.all([buildDemo(now), buildDemo(now)]);
    expect(JSON.stringify([a.orders, a.items, a.events, a.outbox, a.notifications])).toBe(
      JSON.stringify([b.orders, b.items, b.events, b.outbox, b.notifications]),
    );
  });
});
