import { describe, expect, it } from 'vitest';
import { currentLondonMonth, daysInMonth, daysOf, reportPeriods } from './report-periods';

describe('reportPeriods', () => {
  it('a past month: whole months compared', () => {
    expect(reportPeriods(2026, 10, new Date('2026-11-24T12:00:00Z'))).toEqual({
      monthToDate: false,
      current: { from: '2026-10-01', to: '2026-10-31' },
      previousMonth: { from: '2026-09-01', to: '2026-09-30' },
      sameMonthLastYear: { from: '2025-10-01', to: '2025-10-31' },
    });
  });

  it('the current month: 1–24 Nov 2026 against 1–24 Oct 2026 and 1–24 Nov 2025', () => {
    expect(reportPeriods(2026, 11, new Date('2026-11-24T12:00:00Z'))).toEqual({
      monthToDate: true,
      current: { from: '2026-11-01', to: '2026-11-24' },
      previousMonth: { from: '2026-10-01', to: '2026-10-24' },
      sameMonthLastYear: { from: '2025-11-01', to: '2025-11-24' },
    });
  });

  it('a shorter previous month is cut at its last day: 31 March against 1–28 February', () => {
    const p = reportPeriods(2027, 3, new Date('2027-03-31T12:00:00Z'));
    expect(p.current).toEqual({ from: '2027-03-01', to: '2027-03-31' });
    expect(p.previousMonth).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(p.sameMonthLastYear).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    // 29 February 2028 against 1–28 February 2027; 30 March 2028 against all of leap February.
    expect(reportPeriods(2028, 2, new Date('2028-02-29T12:00:00Z')).sameMonthLastYear).toEqual({
      from: '2027-02-01',
      to: '2027-02-28',
    });
    expect(reportPeriods(2028, 3, new Date('2028-03-30T12:00:00Z')).previousMonth).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
  });

  it('January compares with December of the year before', () => {
    const p = reportPeriods(2027, 1, new Date('2027-01-10T12:00:00Z'));
    expect(p.previousMonth).toEqual({ from: '2026-12-01', to: '2026-12-10' });
    expect(p.sameMonthLastYear).toEqual({ from: '2026-01-01', to: '2026-01-10' });
  });

  it('today is the London day: 23:30 UTC on 31 July is 1 August in London (summer time)', () => {
    const now = new Date('2026-07-31T23:30:00Z');
    expect(currentLondonMonth(now)).toEqual({ year: 2026, month: 8 });
    expect(reportPeriods(2026, 8, now)).toMatchObject({
      monthToDate: true,
      current: { from: '2026-08-01', to: '2026-08-01' },
    });
    expect(reportPeriods(2026, 7, now).monthToDate).toBe(false);
    // In winter London is UTC: 23:30 UTC on 30 November is still November.
    expect(currentLondonMonth(new Date('2026-11-30T23:30:00Z'))).toEqual({ year: 2026, month: 11 });
  });
});

describe('daysInMonth and daysOf', () => {
  it('knows leap years and lists a range including both ends, across a clock change', () => {
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2027, 2)).toBe(28);
    expect(daysOf({ from: '2026-10-24', to: '2026-10-27' })).toEqual([
      '2026-10-24',
      '2026-10-25',
      '2026-10-26',
      '2026-10-27',
    ]);
  });
});
