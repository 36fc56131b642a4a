/**
 * A month's sales figures computed from the order items, orders and refunds themselves: the definition the
 * summary kept by the database triggers (migration 0008, read by monthly-sales.ts) must always agree with.
 * Tests compare the two; `npm run bench` does not use it. Decisions: docs/decisions/sales-report.md.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { pgBigint, rowsOf } from '../../db/rows';

const monthStart = (year: number, month: number) =>
  sql`make_timestamptz(${year}::int, ${month}::int, 1, 0, 0, 0, 'Europe/London')`;
// The next month's London midnight (adding an interval to a timestamptz would count in the session's zone).
const monthEnd = (year: number, month: number) =>
  month === 12 ? monthStart(year + 1, 1) : monthStart(year, month + 1);

/** A breakdown's row (by type or region), as json_build_object writes it: numbers. */
const Breakdown = z.object({ key: z.string(), items: z.number(), gross: z.number(), refunds: z.number() });

/** The month's figures as the statement answers them (its bigint totals as the driver gives them). */
const FiguresRow = z.object({
  orders: z.number(),
  items: z.number(),
  gross: pgBigint(),
  refunds: pgBigint(),
  by_type: z.array(Breakdown).nullable(),
  by_region: z.array(Breakdown).nullable(),
  daily: z
    .array(z.object({ date: z.string(), orders: z.number(), gross: z.number(), refunds: z.number() }))
    .nullable(),
});
export type Figures = z.output<typeof FiguresRow>;

/**
 * One month's figures in one statement: the month's sold items and refunds are each read once (materialised)
 * and every total, breakdown and daily row is derived from them.
 */
export async function monthFiguresFromItems(
  db: Db,
  year: number,
  month: number,
  detail: boolean,
): Promise<Figures> {
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
  const result = await db.execute(sql`
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
  return rowsOf(FiguresRow, result.rows)[0];
}
