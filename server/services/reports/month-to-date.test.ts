/**
 * The current month's sales report is month to date, compared with the same days of the previous month and of
 * the same month last year (docs/decisions/sales-report-month-to-date.md). The clock is fixed: the route reads
 * `new Date()`, so only Date is faked (the database's own timers keep running).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refunds } from '../../db/schema';
import { buildOrder } from '../../test/factories';
import { type Agent, buildUser, createTestApp, signInAs, type TestContext } from '../../test/harness';
import { monthlySalesReport } from './monthly-sales';

let ctx: TestContext;
let admin: Agent;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signInAs(ctx.app, (await buildUser(ctx.database, { role: 'admin' })).email);
  const order = (placedAt: string, netValue: number) =>
    buildOrder(ctx.database, { placedAt: new Date(placedAt), items: [{ netValue }] });
  // November 2026 to the 24th (London is on GMT): 2000 + 1000; the 25th is not there yet.
  await order('2026-11-03T10:00:00Z', 2000);
  await order('2026-11-24T10:00:00Z', 1000);
  // October 2026, British Summer Time until the 25th: 22:30 UTC on the 24th is 23:30 London, the 24th (in);
  // 23:30 UTC on the 24th is 00:30 London on the 25th (out), as is the 28th.
  const october = await order('2026-10-10T12:00:00Z', 5000);
  await order('2026-10-24T22:30:00Z', 400);
  await order('2026-10-24T23:30:00Z', 7000);
  await order('2026-10-28T12:00:00Z', 8000);
  // 300 of the October order refunded on 20 November: a November refund, and October's gross is 5300.
  await ctx.database.db.insert(refunds).values({
    orderItemId: october.items[0].id,
    action: 'refund_only',
    amount: 300,
    reason: 'over_payment',
    createdAt: new Date('2026-11-20T12:00:00Z'),
  });
  // November 2025: the 24th is in, the 25th out.
  await order('2025-11-24T12:00:00Z', 1200);
  await order('2025-11-25T12:00:00Z', 900);
  // September 2026 has 30 days: its 30th is in a comparison with 1–31 October.
  await order('2026-09-30T12:00:00Z', 600);
});
afterEach(() => vi.useRealTimers());
afterAll(() => ctx.close());

const get = (year: number, month: number) =>
  admin.request({ method: 'GET', url: `/api/v1/sales-reports/monthly/${year}/${month}.json` });

describe('the current month, month to date', () => {
  it('on 24/11/2026: 1–24 Nov 2026 against 1–24 Oct 2026 and 1–24 Nov 2025', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T15:00:00Z'));
    const res = await get(2026, 11);
    expect(res.statusCode, res.body).toBe(200);
    const { report } = res.json();
    expect(report).toMatchObject({
      year: 2026,
      month: 11,
      month_to_date: true,
      period: { from: '2026-11-01', to: '2026-11-24' },
      previous_period: { from: '2026-10-01', to: '2026-10-24' },
      same_month_last_year_period: { from: '2025-11-01', to: '2025-11-24' },
    });
    expect(report.totals).toEqual({
      orders: 2,
      items: 2,
      gross_in_pence: 3000,
      refunds_in_pence: 300,
      net_in_pence: 2700,
      average_order_in_pence: 1500,
    });
    // 5300 (10 Oct, with the 300 refunded later) + 400 (23:30 London on the 24th).
    expect(report.previous_month).toMatchObject({ orders: 2, gross_in_pence: 5700, refunds_in_pence: 0 });
    expect(report.same_month_last_year).toMatchObject({ orders: 1, gross_in_pence: 1200 });
    // One row a day up to today, not the days still to come.
    expect(report.daily).toHaveLength(24);
    expect(report.daily.at(-1)).toEqual({
      date: '2026-11-24',
      orders: 1,
      gross_in_pence: 1000,
      net_in_pence: 1000,
    });
  });

  it('the previous month in full, once it is over: October asked on 24/11/2026', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T15:00:00Z'));
    const { report } = (await get(2026, 10)).json();
    expect(report.month_to_date).toBe(false);
    expect(report.period).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(report.totals).toMatchObject({ orders: 4, gross_in_pence: 5300 + 400 + 7000 + 8000 });
    // The whole of September, 30 days.
    expect(report.previous_period).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(report.previous_month).toMatchObject({ orders: 1, gross_in_pence: 600 });
  });

  it('a shorter previous month is cut at its last day: on 31 October, 1–31 Oct against 1–30 Sep', async () => {
    const { report } = await monthlySalesReport(ctx.database.db, 2026, 10, new Date('2026-10-31T12:00:00Z'));
    expect(report.month_to_date).toBe(true);
    expect(report.period).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(report.previous_period).toEqual({ from: '2026-09-01', to: '2026-09-30' });
    expect(report.previous_month).toMatchObject({ orders: 1, gross_in_pence: 600 });
    expect(report.same_month_last_year_period).toEqual({ from: '2025-10-01', to: '2025-10-31' });
  });

  it('London time decides the month: 00:30 London on 1 August is August, month to date', async () => {
    const { report } = await monthlySalesReport(ctx.database.db, 2026, 8, new Date('2026-07-31T23:30:00Z'));
    expect(report).toMatchObject({ month_to_date: true, period: { from: '2026-08-01', to: '2026-08-01' } });
    expect(report.daily).toHaveLength(1);
    await expect(
      monthlySalesReport(ctx.database.db, 2026, 9, new Date('2026-07-31T23:30:00Z')),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('next month is still refused (422) and nothing is read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T15:00:00Z'));
    const res = await get(2026, 12);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details).toEqual([
      { field: 'month', message: 'The report is available up to this month (month to date).' },
    ]);
  });
});
