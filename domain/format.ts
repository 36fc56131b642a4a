/** Money and date formatting shared by the SPA, e-mails and the server, always in Europe/London. */

/** The business's time zone (PRODUCT.md section 1). */
export const BUSINESS_TIME_ZONE = 'Europe/London';

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });

/** Integer pence as pounds, e.g. 123450 → '£1,234.50'. */
export function formatPence(pence: number): string {
  return gbp.format(pence / 100);
}

const poundsPattern = /^(-)?£?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{1,2}))?$/;

/** Pounds typed by a user ('£1,234.5', '12', '0.99') as integer pence; null when it is not an amount. */
export function parsePounds(text: string): number | null {
  const match = poundsPattern.exec(text.trim());
  if (!match || (match[2] === undefined && match[3] === undefined)) return null;
  const pounds = Number((match[2] ?? '0').replaceAll(',', ''));
  const pence = Number((match[3] ?? '0').padEnd(2, '0'));
  const total = pounds * 100 + pence;
  if (!Number.isSafeInteger(total)) return null;
  return match[1] ? -total : total;
}

/** Pence as the plain pounds a form field shows, e.g. 925 → '9.25' (no symbol, no separators). */
export function penceToPoundsInput(pence: number): string {
  return (pence / 100).toFixed(2);
}

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * London's wall clock, read by one formatter made once: a date's fields in Europe/London. Intl does the
 * time-zone arithmetic natively; a TZDate per value cost a visible share of a screen's render (a timeline
 * formats every entry) and of cheap API calls.
 */
const londonClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A moment's London date and time, each field zero-padded ('2026', '07', '02', '00', '30', '05'). */
export interface LondonTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The London wall-clock fields of a moment; a RangeError for an invalid date, as date-fns gives. */
export function londonTime(value: Date | string | number): LondonTime {
  const time: LondonTime = { year: '', month: '', day: '', hour: '', minute: '', second: '' };
  for (const part of londonClock.formatToParts(new Date(value))) {
    if (part.type in time) time[part.type as keyof LondonTime] = part.value;
  }
  return time;
}

/** A date as 'dd/MM/yyyy' in London; a 'yyyy-MM-dd' calendar date is shown as is, never shifted. */
export function formatDate(value: Date | string): string {
  if (typeof value === 'string' && calendarDate.test(value)) {
    const [y, m, d] = value.split('-');
    return `${d}/${m}/${y}`;
  }
  const { year, month, day } = londonTime(value);
  return `${day}/${month}/${year}`;
}

/** A moment as 'dd/MM/yyyy @ HH:mm' in London. */
export function formatDateTime(value: Date | string): string {
  const { year, month, day, hour, minute } = londonTime(value);
  return `${day}/${month}/${year} @ ${hour}:${minute}`;
}

/** The last minute londonToday was asked about, and its answer (most calls ask about the same minute). */
let lastToday = { minute: Number.NaN, day: '' };

/**
 * The London calendar day of a moment as 'yyyy-MM-dd' ("today" for despatch dates and overdue counts). The day
 * can only change on a whole minute (London's offsets are whole hours), so one minute's answer is reused: the
 * time-zone arithmetic was a visible share of a cheap API call's time.
 */
export function londonToday(now: Date): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastToday.minute) {
    const london = londonTime(now);
    lastToday = { minute, day: `${london.year}-${london.month}-${london.day}` };
  }
  return lastToday.day;
}

/** The month before the London month of `now`, the sales report's default and latest allowed month. */
export function lastMonth(now: Date): { year: number; month: number } {
  const london = londonTime(now);
  const year = Number(london.year);
  const month = Number(london.month) - 1; // this month, 1-based, less one
  return month === 0 ? { year: year - 1, month: 12 } : { year, month };
}
