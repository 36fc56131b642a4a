import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPence, lastMonth, londonToday, parsePounds } from './format';

describe('money', () => {
  it.each([
    [0, '£0.00'],
    [5, '£0.05'],
    [925, '£9.25'],
    [123450, '£1,234.50'],
    [-1500, '-£15.00'],
  ])('%i pence → %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it.each([
    ['12', 1200],
    ['12.5', 1250],
    ['£1,234.50', 123450],
    ['0.99', 99],
    ['.5', 50],
    [' £9.25 ', 925],
    ['-3.00', -300],
    ['', null],
    ['abc', null],
    ['1.234', null],
    ['1,23', null],
  ])('parsePounds(%j) → %j', (text, pence) => {
    expect(parsePounds(text)).toBe(pence);
  });
});

describe('dates in Europe/London', () => {
  it('shows summer time moments in BST', () => {
    expect(formatDateTime(new Date('2026-07-01T23:30:00Z'))).toBe('02/07/2026 @ 00:30');
    expect(formatDate(new Date('2026-07-01T23:30:00Z'))).toBe('02/07/2026');
  });

  it('shows winter moments in GMT', () => {
    expect(formatDateTime('2026-01-15T09:05:00Z')).toBe('15/01/2026 @ 09:05');
  });

  it('never shifts a calendar date', () => {
    expect(formatDate('2026-03-29')).toBe('29/03/2026');
  });

  it('knows the London day', () => {
    expect(londonToday(new Date('2026-06-30T23:15:00Z'))).toBe('2026-07-01');
    expect(londonToday(new Date('2026-12-31T23:15:00Z'))).toBe('2026-12-31');
  });

  it("answers the new day from London's midnight on, asked minute after minute (the answer is reused)", () => {
    const at = (iso: string) => londonToday(new Date(iso));
    // Summer time: London's midnight is 23:00 UTC.
    expect([at('2026-06-30T22:59:00Z'), at('2026-06-30T22:59:59.999Z'), at('2026-06-30T23:00:00Z')]).toEqual([
      '2026-06-30',
      '2026-06-30',
      '2026-07-01',
    ]);
    // Winter: midnight is midnight UTC; going back in time is answered too.
    expect([at('2026-12-31T23:59:59Z'), at('2027-01-01T00:00:00Z'), at('2026-12-31T23:59:30Z')]).toEqual([
      '2026-12-31',
      '2027-01-01',
      '2026-12-31',
    ]);
  });

  it('knows last month', () => {
    expect(lastMonth(new Date('2026-01-10T12:00:00Z'))).toEqual({ year: 2025, month: 12 });
    expect(lastMonth(new Date('2026-05-31T23:30:00Z'))).toEqual({ year: 2026, month: 5 });
  });
});
