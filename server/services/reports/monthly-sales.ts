/**
 * The monthly sales report (PRODUCT.md section 10). Decisions (docs/decisions/search-and-report.md, and
 * docs/decisions/sales-report-month-to-date.md for the current month): a sale
 * belongs to the London month its order was placed in; gross is what the customer paid for the item (its
 * net value plus everything refunded on it); refunds belong to the London month they were made in;
 * net = gross − refunds; the average order is gross ÷ orders.
 *
 * A month is read from the day-by-day summary the database keeps by triggers (`sales_daily`,
 * `sales_daily_orders`, migration 0008): about a thousand rows a month, whatever the number of items.
 * `from-items.ts` computes the same figures from the items themselves; tests hold the two equal.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isReportMonthAllowed, type SalesReport, type SalesTotals } from '../../../domain/contract/report';
import {
  currentLondonMonth,
  type DayRange,
  daysInMonth,
  daysOf,
  reportPeriods,
} from '../../../domain/report-periods';
import type { Db } from '../../db/client';
import { preparedSql } from '../../db/prepared';
import { pgBigint } from '../../db/rows';
import { salesDaily, salesDailyOrders } from '../../db/schema';
import { invalidInput } from '../../errors';
import type { Figures } from './from-items';

const pad = (n: number) => String(n).padStart(2, '0');

type Breakdown = NonNullable<Figures['by_type']>;

function breakdown(rows: { key: string; items: number; gross: number; refunds: number }[]): Breakdown {
  const byKey = new Map<string, Breakdown[number]>();
  for (const r of rows) {
    const b = byKey.get(r.key) ?? { key: r.key, items: 0, gross: 0, refunds: 0 };
    b.items += r.items;
    b.gross += r.gross;
    b.refunds += r.refunds;
    byKey.set(r.key, b);
  }
  return [...byKey.values()]
    .filter((b) => b.items !== 0 || b.gross !== 0 || b.refunds !== 0)
    .sort((a, b) => b.gross - a.gross || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** One month's figures from the summary. */
export function monthFigures(db: Db, year: number, month: number): Promise<Figures> {
  return rangeFigures(db, {
    from: `${year}-${pad(month)}-01`,
    to: `${year}-${pad(month)}-${daysInMonth(year, month)}`,
  });
}

/** Which of the grouping sets a summary row belongs to (PostgreSQL's `grouping()` of day, type, region). */
const BY_DAY = 0b011;
const BY_TYPE = 0b101;
const BY_REGION = 0b110;

/**
 * The figures of a run of London days (a month, or a month to date) from the summary: two indexed range
 * reads, summed by PostgreSQL into the few rows the report shows (per day, per type, per region: about fifty
 * rows instead of a thousand cells to carry and add up here).
 */
/** The summary's cells of a run of days, summed per day, per type and per region (grouping sets). */
const rangeCells = preparedSql(
  sql`
  select ${salesDaily.day}::text as day, ${salesDaily.type} as type, ${salesDaily.deliveryRegion} as region,
    grouping(${salesDaily.day}, ${salesDaily.type}, ${salesDaily.deliveryRegion})::int as g,
    sum(${salesDaily.items})::int as items, sum(${salesDaily.gross})::bigint as gross,
    sum(${salesDaily.refunds})::bigint as refunds
  from ${salesDaily}
  where ${salesDaily.day} between ${sql.placeholder('from')} and ${sql.placeholder('to')}
  group by grouping sets ((${salesDaily.day}), (${salesDaily.type}), (${salesDaily.deliveryRegion}))`,
  'sales_range_cells',
  z.object({
    day: z.string().nullable(),
    type: z.string().nullable(),
    region: z.string().nullable(),
    g: z.number(),
    items: z.number(),
    gross: pgBigint(),
    refunds: pgBigint(),
  }),
);

/** The orders of each day of a run of days. */
const rangeOrders = preparedSql(
  sql`
  select ${salesDailyOrders.day}::text as day, ${salesDailyOrders.orders} as orders
  from ${salesDailyOrders}
  where ${salesDailyOrders.day} between ${sql.placeholder('from')} and ${sql.placeholder('to')}`,
  'sales_range_orders',
  z.object({ day: z.string(), orders: z.number() }),
);

async function rangeFigures(db: Db, { from, to }: DayRange): Promise<Figures> {
  // Prepared once: built and parsed once per connection, whatever the month.
  const [rows, orderRows] = await Promise.all([
    rangeCells(db).execute({ from, to }),
    rangeOrders(db).execute({ from, to }),
  ]);
  const daily = new Map(
    daysOf({ from, to }).map((date) => [date, { date, orders: 0, gross: 0, refunds: 0 }]),
  );
  const cells = rows.map((r) => ({
    ...r,
    g: Number(r.g),
    items: Number(r.items),
    gross: Number(r.gross),
    refunds: Number(r.refunds),
  }));
  for (const r of cells) {
    const d = r.g === BY_DAY && r.day ? daily.get(r.day) : undefined;
    if (!d) continue;
    d.gross += r.gross;
    d.refunds += r.refunds;
  }
  for (const r of orderRows) {
    const d = daily.get(r.day);
    if (d) d.orders += Number(r.orders);
  }
  const days = [...daily.values()];
  const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((n, d) => n + pick(d), 0);
  const keyed = (g: number, key: (r: (typeof cells)[number]) => string | null) =>
    cells.flatMap((r) => {
      const k = key(r);
      return r.g === g && k !== null ? [{ key: k, items: r.items, gross: r.gross, refunds: r.refunds }] : [];
    });
  return {
    orders: sum((d) => d.orders),
    items: cells.filter((r) => r.g === BY_DAY).reduce((n, r) => n + r.items, 0),
    gross: sum((d) => d.gross),
    refunds: sum((d) => d.refunds),
    by_type: breakdown(keyed(BY_TYPE, (r) => r.type)),
    by_region: breakdown(keyed(BY_REGION, (r) => r.region)),
    daily: days,
  };
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

/**
 * The report for a London month from January 2012 up to this month. This month is month to date, compared
 * with the same days of the previous month and of the same month last year (domain/report-periods.ts).
 */
export async function monthlySalesReport(
  db: Db,
  year: number,
  month: number,
  now = new Date(),
): Promise<SalesReport> {
  if (!isReportMonthAllowed(year, month, currentLondonMonth(now))) {
    throw invalidInput('Choose a month from January 2012 up to this month.', [
      { field: 'month', message: 'The report is available up to this month (month to date).' },
    ]);
  }
  const periods = reportPeriods(year, month, now);
  const [current, previous, lastYear] = await Promise.all([
    rangeFigures(db, periods.current),
    rangeFigures(db, periods.previousMonth),
    rangeFigures(db, periods.sameMonthLastYear),
  ]);
  return {
    report: {
      year,
      month,
      month_to_date: periods.monthToDate,
      period: periods.current,
      previous_period: periods.previousMonth,
      same_month_last_year_period: periods.sameMonthLastYear,
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
