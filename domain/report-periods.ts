/**
 * The days a sales report covers and the days it is compared with (docs/decisions/sales-report-month-to-date.md).
 * A past month is compared whole with the previous month and the same month last year. The current London
 * month is month to date: 1 Nov to today (say the 24th) against 1–24 Oct and 1–24 Nov last year, each
 * comparison cut at its month's last day when that month is shorter (31 March → 1–28 February).
 */
import { londonToday } from './format';

/** A run of London calendar days, both ends included, as 'yyyy-MM-dd'. */
export interface DayRange {
  from: string;
  to: string;
}

export interface ReportPeriods {
  /** Whether the month is the current London month, reported up to today. */
  monthToDate: boolean;
  current: DayRange;
  previousMonth: DayRange;
  sameMonthLastYear: DayRange;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** How many days a month has (month 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Days 1 to `lastDay` of a month, `lastDay` cut at the month's length. */
function firstDays(year: number, month: number, lastDay: number): DayRange {
  const to = Math.min(lastDay, daysInMonth(year, month));
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(to)}` };
}

/** The London month `now` falls in: the latest month the report offers (month to date). */
export function currentLondonMonth(now: Date): { year: number; month: number } {
  const [year, month] = londonToday(now).split('-').map(Number);
  return { year, month };
}

/** The days of a report month and of its two comparisons, as of `now` (London). */
export function reportPeriods(year: number, month: number, now: Date): ReportPeriods {
  const today = londonToday(now);
  const [ty, tm, td] = today.split('-').map(Number);
  const monthToDate = ty === year && tm === month;
  const lastDay = monthToDate ? td : daysInMonth(year, month);
  const prev = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return {
    monthToDate,
    current: firstDays(year, month, lastDay),
    // A whole past month is compared with whole months, whatever their lengths.
    previousMonth: firstDays(prev.year, prev.month, monthToDate ? lastDay : 31),
    sameMonthLastYear: firstDays(year - 1, month, monthToDate ? lastDay : 31),
  };
}

/** Every day of a range as 'yyyy-MM-dd', in order. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  const end = Date.parse(`${range.to}T00:00:00Z`);
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= end; t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}
