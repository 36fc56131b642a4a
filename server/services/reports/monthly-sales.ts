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

type Figures = {
  orders: number;
  items: number;
  gross: number;
  refunds: number;
  by_type: { key: string; items: number; gross: number; refunds: number }[] | null;
  by_region: { key: string; items: number; gross: number; refunds: number }[] | null;
  daily: { date: string; orders: number; gross: number; refunds: number }[] | null;
};

/**
 * One month's figures in one statement: the month's sold items and refunds are each read once (materialised)
 * and every total, breakdown and daily row is derived from them.
 */
async function monthFigures(db: Db, year: number, month: number, detail: boolean): Promise<Figures> {
  const start = monthStart(year, month);
  const end = monthEnd(year, month);
  const breakdown = (key: string) =>
    sql.raw(`(
      select json_agg(json_build_object('key', k, 'items', items, 'gross', gross, 'refunds', refunds) order by gross desc, k)
      from (
        select coalesce(s.k, b.k) as k, coalesce(s.items, 0) as items, coalesce(s.gross, 0) as gross, coalesce(b.refunds, 0) as refunds
        from (select ${key} as k, count(*) as items, sum(paid) as gross from sold group by 1) s
        full join (select ${key} as k, sum(amount) as refunds from back group by 1) b on b.k = s.k
      ) t)`);
  const { rows } = await db.execute<Figures>(sql`
    with sold as materialized (
      select oi.order_id, oi.type, o.delivery_region, (o.placed_at at time zone 'Europe/London')::date as day,
        oi.net_value + coalesce(r.refunded, 0) as paid
      from orders o
      join order_items oi on oi.order_id = o.id
      left join lateral (select sum(amount) as refunded from refunds where order_item_id = oi.id) r on true
      where o.placed_at >= ${start} and o.placed_at < ${end}),
    back as materialized (
      select r.amount, (r.created_at at time zone 'Europe/London')::date as day, oi.type, o.delivery_region
      from refunds r join order_items oi on oi.id = r.order_item_id join orders o on o.id = oi.order_id
      where r.created_at >= ${start} and r.created_at < ${end})
    select
      (select count(distinct order_id) from sold)::int as orders,
      (select count(*) from sold)::int as items,
      (select coalesce(sum(paid), 0) from sold)::bigint as gross,
      (select coalesce(sum(amount), 0) from back)::bigint as refunds,
      ${detail ? breakdown('type') : sql`null`} as by_type,
      ${detail ? breakdown('delivery_region') : sql`null`} as by_region,
      ${
        detail
          ? sql`(select json_agg(json_build_object('date', to_char(days.d, 'YYYY-MM-DD'), 'orders', coalesce(s.orders, 0),
                   'gross', coalesce(s.gross, 0), 'refunds', coalesce(b.refunds, 0)) order by days.d)
                 from (select g.ts::date as d from generate_series(${start} at time zone 'Europe/London',
                         ${end} at time zone 'Europe/London' - interval '1 day', interval '1 day') as g(ts)) days
                 left join (select day, count(distinct order_id) as orders, sum(paid) as gross from sold group by day) s on s.day = days.d
                 left join (select day, sum(amount) as refunds from back group by day) b on b.day = days.d)`
          : sql`null`
      } as daily`);
  return rows[0];
}

function toTotals(f: Figures): SalesTotals {
  const gross = Number(f.gross);
  const refunds = Number(f.refunds);
  const orders = Number(f.orders);
  return {
    orders,
    items: Number(f.items),
    gross_in_pence: gross,
    refunds_in_pence: refunds,
    net_in_pence: gross - refunds,
    average_order_in_pence: orders > 0 ? Math.round(gross / orders) : 0,
  };
}

const figuresOf = (rows: Figures['by_type']) =>
  (rows ?? []).map((r) => ({
    key: r.key,
    items: Number(r.items),
    gross_in_pence: Number(r.gross),
    refunds_in_pence: Number(r.refunds),
    net_in_pence: Number(r.gross) - Number(r.refunds),
  }));

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
  const [current, previous, lastYear] = await Promise.all([
    monthFigures(db, year, month, true),
    monthFigures(db, prev.year, prev.month, false),
    monthFigures(db, year - 1, month, false),
  ]);
  return {
    report: {
      year,
      month,
      totals: toTotals(current),
      by_type: figuresOf(current.by_type).map(({ key, ...f }) => ({ type: key, ...f })),
      by_region: figuresOf(current.by_region).map(({ key, ...f }) => ({ delivery_region: key, ...f })),
      daily: (current.daily ?? []).map((d) => ({
        date: d.date,
        orders: Number(d.orders),
        gross_in_pence: Number(d.gross),
        net_in_pence: Number(d.gross) - Number(d.refunds),
      })),
      previous_month: toTotals(previous),
      same_month_last_year: toTotals(lastYear),
    },
  };
}
