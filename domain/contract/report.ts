/** The monthly sales report (PRODUCT.md section 10). */
import { z } from 'zod';

/** The first year the report offers. */
export const FIRST_REPORT_YEAR = 2012;

/** Route parameters: a month no later than this month (the server checks against London's today). */
/**
 * The month in the path, as a month: a path that is not one is a 404 (docs/decisions/api-contract.md); a month
 * outside the reported ones (before 2012, after this month) is the service's 422.
 */
export const SalesReportParamsSchema = z.object({
  year: z.coerce.number().int().min(1000, 'Choose a year.').max(9999),
  month: z.coerce.number().int().min(1, 'Choose a month.').max(12, 'Choose a month.'),
});
export type SalesReportParams = z.infer<typeof SalesReportParamsSchema>;

/** Whether a report month may be asked for: from 2012 up to `latest`, the current London month (month to date). */
export function isReportMonthAllowed(year: number, month: number, latest: { year: number; month: number }) {
  if (year < FIRST_REPORT_YEAR) return false;
  return year < latest.year || (year === latest.year && month <= latest.month);
}

/** A run of London calendar days, both ends included. */
export const DayRangeSchema = z.object({ from: z.iso.date(), to: z.iso.date() });

export const SalesTotalsSchema = z.object({
  orders: z.number().int(),
  items: z.number().int(),
  gross_in_pence: z.number().int(),
  refunds_in_pence: z.number().int(),
  net_in_pence: z.number().int(),
  average_order_in_pence: z.number().int(),
});
export type SalesTotals = z.infer<typeof SalesTotalsSchema>;

const breakdownFigures = {
  items: z.number().int(),
  gross_in_pence: z.number().int(),
  refunds_in_pence: z.number().int(),
  net_in_pence: z.number().int(),
};

export const SalesReportSchema = z.object({
  report: z.object({
    year: z.number().int(),
    month: z.number().int(),
    /** The current London month: figures up to today, compared with the same days of the other months. */
    month_to_date: z.boolean(),
    /** The days `totals`, the breakdowns and `daily` cover (the whole month, or the month to date). */
    period: DayRangeSchema,
    /** The days `previous_month` covers: the same days of the previous month, cut at its last day. */
    previous_period: DayRangeSchema,
    /** The days `same_month_last_year` covers, likewise. */
    same_month_last_year_period: DayRangeSchema,
    totals: SalesTotalsSchema,
    by_type: z.array(z.object({ type: z.string(), ...breakdownFigures })),
    by_region: z.array(z.object({ delivery_region: z.string(), ...breakdownFigures })),
    daily: z.array(
      z.object({
        date: z.string(),
        orders: z.number().int(),
        gross_in_pence: z.number().int(),
        net_in_pence: z.number().int(),
      }),
    ),
    previous_month: SalesTotalsSchema,
    same_month_last_year: SalesTotalsSchema,
  }),
});
export type SalesReport = z.infer<typeof SalesReportSchema>;
