/**
 * What the sales report screen shows, as rows of display text: the screen's tables and the CSV are both built
 * from these, so the download holds exactly the figures on screen.
 */
import { FIRST_REPORT_YEAR, type SalesReport, type SalesTotals } from '../../../domain/contract/report';
import { formatDate, formatPence } from '../../../domain/format';
import { DELIVERY_REGION_OPTIONS } from '../../../domain/options';
import { saveFile } from '../../lib/download';

export type Report = SalesReport['report'];

export interface MonthRef {
  year: number;
  month: number;
}

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortMonthFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'October 2026'. */
export const monthLabel = ({ year, month }: MonthRef) => monthFormat.format(Date.UTC(year, month - 1, 1));

/** 'Oct 2026'. */
export const shortMonthLabel = ({ year, month }: MonthRef) =>
  shortMonthFormat.format(Date.UTC(year, month - 1, 1));

const dayMonthFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

type DayRange = Report['period'];

/** A run of days: 'Oct 2026' for a whole month, '1–24 Oct 2026' for the first days of one, '1 Oct 2026' for its first. */
export function rangeLabel(range: DayRange, partial: boolean): string {
  const [year, month, lastDay] = range.to.split('-').map(Number);
  if (!partial) return shortMonthLabel({ year, month });
  const last = dayMonthFormat.format(Date.UTC(year, month - 1, lastDay));
  return lastDay === 1 ? last : `1–${last}`;
}

/** What the report and its two comparisons cover, as the screen and the CSV name them. */
export function periodLabels(report: Report): { current: string; previous: string; lastYear: string } {
  const partial = report.month_to_date;
  return {
    current: rangeLabel(report.period, partial),
    previous: rangeLabel(report.previous_period, partial),
    lastYear: rangeLabel(report.same_month_last_year_period, partial),
  };
}

/** The report's title: 'October 2026', or 'November 2026 to date (1–24 Nov 2026)' for the current month. */
export function reportTitle(report: Report): string {
  const month = monthLabel(report);
  return report.month_to_date ? `${month} to date (${periodLabels(report).current})` : month;
}

/**
 * The month the address asks for (`?year=&month=`), each part falling back to last month's when it is
 * missing or out of range (a year before the first report or after this one, a month outside 1–12).
 */
export function chosenMonthFromParams(
  params: URLSearchParams,
  last: MonthRef,
  currentYear: number,
): MonthRef {
  const read = (key: string, min: number, max: number) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n >= min && n <= max ? n : null;
  };
  return {
    year: read('year', FIRST_REPORT_YEAR, currentYear) ?? last.year,
    month: read('month', 1, 12) ?? last.month,
  };
}

/** The address parameters of a month: both parts always, so a shared link shows the same month later. */
export const monthParams = ({ year, month }: MonthRef) => ({ year: String(year), month: String(month) });

/** The years the picker offers, newest first: this year back to the first report's. */
export function reportYears(currentYear: number): string[] {
  return Array.from({ length: currentYear - FIRST_REPORT_YEAR + 1 }, (_, i) => String(currentYear - i));
}

/** The CSV's file name, e.g. 'sales-report-2026-01.csv'. */
export const reportFileName = ({ year, month }: MonthRef) =>
  `sales-report-${year}-${String(month).padStart(2, '0')}.csv`;

/** Whether any day of the month had orders or money moving (else the chart is replaced by a sentence). */
export const hasSales = (report: Report) =>
  report.daily.some((d) => d.orders > 0 || d.gross_in_pence !== 0 || d.net_in_pence !== 0);

/** Whether a change went the good way ('good'), the bad way ('bad'), or neither (none, or nothing before). */
export function changeTone(now: number, before: number, upIsGood: boolean): 'good' | 'bad' | undefined {
  if (before === 0 || now === before) return undefined;
  return now > before === upIsGood ? 'good' : 'bad';
}

const count = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', {
  style: 'percent',
  maximumFractionDigits: 1,
  minimumFractionDigits: 1,
  signDisplay: 'exceptZero',
});

/** The change from `before` to `now` as '+12.5%'; '—' when there was nothing before to compare with. */
export function changeText(now: number, before: number): string {
  if (before === 0) return now === 0 ? '0.0%' : '—';
  return percent.format((now - before) / before);
}

/** The six totals, in the order the screen shows them. */
export const MEASURES: readonly { key: keyof SalesTotals; label: string; money: boolean }[] = [
  { key: 'orders', label: 'Orders', money: false },
  { key: 'items', label: 'Items', money: false },
  { key: 'gross_in_pence', label: 'Gross', money: true },
  { key: 'refunds_in_pence', label: 'Refunds', money: true },
  { key: 'net_in_pence', label: 'Net', money: true },
  { key: 'average_order_in_pence', label: 'Average order', money: true },
];

export const formatMeasure = (value: number, money: boolean) =>
  money ? formatPence(value) : count.format(value);

const regionNames = new Map<string, string>(DELIVERY_REGION_OPTIONS.map((o) => [o.value, o.label]));
export const regionLabel = (code: string) => regionNames.get(code) ?? code;

/** A table as text: a heading, column titles and rows. */
export interface TextTable {
  title: string;
  columns: string[];
  rows: string[][];
}

/**
 * Totals of the month beside the previous month and the same month last year, with the changes; for the
 * current month, the same days of each.
 */
export function comparisonTable(report: Report): TextTable {
  const { current, previous: prev, lastYear } = periodLabels(report);
  return {
    title: 'Totals and comparisons',
    columns: ['Measure', current, prev, `Change on ${prev}`, lastYear, `Change on ${lastYear}`],
    rows: MEASURES.map(({ key, label, money }) => {
      const now = report.totals[key];
      const p = report.previous_month[key];
      const y = report.same_month_last_year[key];
      return [
        label,
        formatMeasure(now, money),
        formatMeasure(p, money),
        changeText(now, p),
        formatMeasure(y, money),
        changeText(now, y),
      ];
    }),
  };
}

const breakdownColumns = ['Items', 'Gross', 'Refunds', 'Net'];
type BreakdownRow = Report['by_type'][number];
const breakdownCells = (r: Omit<BreakdownRow, 'type'>) => [
  count.format(r.items),
  formatPence(r.gross_in_pence),
  formatPence(r.refunds_in_pence),
  formatPence(r.net_in_pence),
];

export function byTypeTable(report: Report): TextTable {
  return {
    title: 'By product type',
    columns: ['Product type', ...breakdownColumns],
    rows: report.by_type.map((r) => [r.type, ...breakdownCells(r)]),
  };
}

export function byRegionTable(report: Report): TextTable {
  return {
    title: 'By delivery region',
    columns: ['Delivery region', ...breakdownColumns],
    rows: report.by_region.map((r) => [regionLabel(r.delivery_region), ...breakdownCells(r)]),
  };
}

export function dailyTable(report: Report): TextTable {
  return {
    title: 'Day by day',
    columns: ['Date', 'Orders', 'Gross', 'Net'],
    rows: report.daily.map((d) => [
      formatDate(d.date),
      count.format(d.orders),
      formatPence(d.gross_in_pence),
      formatPence(d.net_in_pence),
    ]),
  };
}

// A cell a spreadsheet would run as a formula is written as text; amounts and percentages are left alone.
function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) && !/^[+-]?£?[\d,.]+%?$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (cells: string[]) => cells.map(csvCell).join(',');

/** The whole report as CSV: the title, then each table with its heading, blank lines between. */
export function reportCsv(report: Report): string {
  const tables = [comparisonTable(report), byTypeTable(report), byRegionTable(report), dailyTable(report)];
  const lines = [csvLine(['Sales report', reportTitle(report)])];
  for (const t of tables) lines.push('', csvLine([t.title]), csvLine(t.columns), ...t.rows.map(csvLine));
  return `${lines.join('\r\n')}\r\n`;
}

/** Starts the browser's download of a text file made here (no server round trip). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // The byte order mark makes spreadsheet programs read the £ sign as UTF-8.
  saveFile(new Blob(['\ufeff', text], { type }), filename);
}
