/**
 * The monthly sales report (PRODUCT.md section 10), computed in SQL. Decisions (docs/decisions/sales-report.md):
 * a sale belongs to the London month its order was placed in; gross is what the customer paid for the item
 * (its net value plus everything refunded on it); refunds belong to the London month they were made in;
 * net = gross − refunds; the average order is gross ÷ orders.
 */
import { sql } from 'drizzle-orm';
import { isReportMonthAllowed, type SalesReport, type SalesTotals } from '../../../domain/contract/report';
import { lastMonth } from '../../../domain/format';
import type { Db } from '../../db/client';
import { invalidInput } from '../../errors';

const monthStart = (year: number, month: number) =>
  sql`make_timestamptz(${year}::int, ${month}::int, 1, 0, 0, 0, 'Europe/London')`;
// The next month's London midnight (adding an interval to a timestamptz would count in the session's zone).
const monthEnd = (year: number, month: number) =>
  month === 12 ? monthStart(year + 1, 1) : monthStart(year, month + 1);

/** Items of orders placed in the month with what was paid for each. */
const soldItems = (year: number, month: number) => sql`
  select oi.id, oi.order_id, oi.type, o.delivery_region, o.placed_at,
    oi.net_value + coalesce((select sum(r.amount) from refunds r where r.order_item_id = oi.id), 0) as paid
  from orders o join order_items oi on oi.order_id = o.id
  where o.placed_at >= ${monthStart(year, month)} and o.placed_at < ${monthEnd(year, month)}`;

/** Refunds made in the month, with the item's type and the order's region. */
const monthRefunds = (year: number, month: number) => sql`
  select r.amount, r.created_at, oi.type, o.delivery_region
  from refunds r join order_items oi on oi.id = r.order_item_id join orders o on o.id = oi.order_id
  where r.created_at >= ${monthStart(year, month)} and r.created_at < ${monthEnd(year, month)}`;

async function totals(db: Db, year: number, month: number): Promise<SalesTotals> {
  const { rows } = await db.execute<{ orders: number; items: number; gross: number; refunds: number }>(sql`
    select
      (select count(distinct order_id)::int from (${soldItems(year, month)}) s) as orders,
      (select count(*)::int from (${soldItems(year, month)}) s) as items,
      (select coalesce(sum(paid), 0)::bigint from (${soldItems(year, month)}) s) as gross,
      (select coalesce(sum(amount), 0)::bigint from (${monthRefunds(year, month)}) r) as refunds`);
  const r = rows[0];
  const gross = Number(r.gross);
  const refunds = Number(r.refunds);
  return {
    orders: Number(r.orders),
    items: Number(r.items),
    gross_in_pence: gross,
    refunds_in_pence: refunds,
    net_in_pence: gross - refunds,
    average_order_in_pence: Number(r.orders) > 0 ? Math.round(gross / Number(r.orders)) : 0,
  };
}

async function breakdown(db: Db, year: number, month: number, column: 'type' | 'delivery_region') {
  const key = sql.raw(column);
  const { rows } = await db.execute<{ key: string; items: number; gross: number; refunds: number }>(sql`
    with sold as (select ${key} as key, count(*)::int as items, sum(paid)::bigint as gross
                  from (${soldItems(year, month)}) s group by 1),
         back as (select ${key} as key, sum(amount)::bigint as refunds
                  from (${monthRefunds(year, month)}) r group by 1)
    select coalesce(sold.key, back.key) as key, coalesce(sold.items, 0) as items,
      coalesce(sold.gross, 0) as gross, coalesce(back.refunds, 0) as refunds
    from sold full join back on back.key = sold.key
    order by 3 desc, 1`);
  return rows.map((r) => ({
    key: r.key,
    items: Number(r.items),
    gross_in_pence: Number(r.gross),
    refunds_in_pence: Number(r.refunds),
    net_in_pence: Number(r.gross) - Number(r.refunds),
  }));
}

async function daily(db: Db, year: number, month: number) {
  const { rows } = await db.execute<{ date: string; orders: number; gross: number; refunds: number }>(sql`
    with days as (
      select d::date as date
      from generate_series(${monthStart(year, month)} at time zone 'Europe/London',
                           ${monthEnd(year, month)} at time zone 'Europe/London' - interval '1 day',
                           interval '1 day') d),
    sold as (
      select (placed_at at time zone 'Europe/London')::date as date, count(distinct order_id)::int as orders,
        sum(paid)::bigint as gross
      from (${soldItems(year, month)}) s group by 1),
    back as (
      select (created_at at time zone 'Europe/London')::date as date, sum(amount)::bigint as refunds
      from (${monthRefunds(year, month)}) r group by 1)
    select to_char(days.date, 'YYYY-MM-DD') as date, coalesce(sold.orders, 0) as orders,
      coalesce(sold.gross, 0) as gross, coalesce(back.refunds, 0) as refunds
    from days left join sold on sold.date = days.date left join back on back.date = days.date
    order by days.date`);
  return rows.map((r) => ({
    date: r.date,
    orders: Number(r.orders),
    gross_in_pence: Number(r.gross),
    net_in_pence: Number(r.gross) - Number(r.refunds),
  }));
}

/** The report for a London month from January 2012 up to last month. */
export async function monthlySalesReport(
  db: Db,
  year: number,
  month: number,
  now = new Date(),
): Promise<SalesReport> {
  if (!isReportMonthAllowed(year, month, lastMonth(now))) {
    throw invalidInput('Choose a month from January 2012 up to last month.', [
      { field: 'month', message: 'The report is available up to last month.' },
    ]);
  }
  const prev = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const [current, byType, byRegion, days, previous, lastYear] = await Promise.all([
    totals(db, year, month),
    breakdown(db, year, month, 'type'),
    breakdown(db, year, month, 'delivery_region'),
    daily(db, year, month),
    totals(db, prev.year, prev.month),
    totals(db, year - 1, month),
  ]);
  return {
    report: {
      year,
      month,
      totals: current,
      by_type: byType.map(({ key, ...f }) => ({ type: key, ...f })),
      by_region: byRegion.map(({ key, ...f }) => ({ delivery_region: key, ...f })),
      daily: days,
      previous_month: previous,
      same_month_last_year: lastYear,
    },
  };
}
