// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { FIRST_REPORT_YEAR } from '../../../domain/contract/report';
import {
  changeText,
  changeTone,
  chosenMonthFromParams,
  comparisonTable,
  downloadText,
  formatMeasure,
  hasSales,
  monthLabel,
  monthParams,
  periodLabels,
  type Report,
  rangeLabel,
  reportCsv,
  reportFileName,
  reportTitle,
  reportYears,
  shortMonthLabel,
} from './report-model';

const totals = (gross: number, orders: number) => ({
  orders,
  items: orders * 2,
  gross_in_pence: gross,
  refunds_in_pence: 0,
  net_in_pence: gross,
  average_order_in_pence: orders ? Math.round(gross / orders) : 0,
});

const report: Report = {
  year: 2026,
  month: 1,
  month_to_date: false,
  period: { from: '2026-01-01', to: '2026-01-31' },
  previous_period: { from: '2025-12-01', to: '2025-12-31' },
  same_month_last_year_period: { from: '2025-01-01', to: '2025-01-31' },
  totals: totals(123450, 3),
  by_type: [
    { type: 'Birth Certificate', items: 2, gross_in_pence: 5600, refunds_in_pence: 0, net_in_pence: 5600 },
  ],
  by_region: [
    { delivery_region: 'UK', items: 2, gross_in_pence: 5600, refunds_in_pence: 0, net_in_pence: 5600 },
    { delivery_region: 'ZZ', items: 1, gross_in_pence: 100, refunds_in_pence: 0, net_in_pence: 100 },
  ],
  daily: [{ date: '2026-01-01', orders: 3, gross_in_pence: 123450, net_in_pence: 123450 }],
  previous_month: totals(100000, 2),
  same_month_last_year: totals(0, 0),
};

describe('changeText', () => {
  it('is a signed percentage, and a dash when there is nothing to compare with', () => {
    expect(changeText(150, 100)).toBe('+50.0%');
    expect(changeText(50, 100)).toBe('-50.0%');
    expect(changeText(100, 100)).toBe('0.0%');
    expect(changeText(5, 0)).toBe('—');
    expect(changeText(0, 0)).toBe('0.0%');
  });
});

describe('comparisonTable', () => {
  it('names the months compared, across a year end', () => {
    expect(comparisonTable(report).columns).toEqual([
      'Measure',
      'Jan 2026',
      'Dec 2025',
      'Change on Dec 2025',
      'Jan 2025',
      'Change on Jan 2025',
    ]);
  });
});

describe('month to date', () => {
  const mtd: Report = {
    ...report,
    year: 2027,
    month: 3,
    month_to_date: true,
    period: { from: '2027-03-01', to: '2027-03-31' },
    previous_period: { from: '2027-02-01', to: '2027-02-28' },
    same_month_last_year_period: { from: '2026-03-01', to: '2026-03-31' },
  };

  it('names the days compared, the shorter month cut at its end', () => {
    expect(periodLabels(mtd)).toEqual({
      current: '1–31 Mar 2027',
      previous: '1–28 Feb 2027',
      lastYear: '1–31 Mar 2026',
    });
    expect(comparisonTable(mtd).columns).toEqual([
      'Measure',
      '1–31 Mar 2027',
      '1–28 Feb 2027',
      'Change on 1–28 Feb 2027',
      '1–31 Mar 2026',
      'Change on 1–31 Mar 2026',
    ]);
  });

  it('titles the screen and the CSV as month to date; a past month keeps its plain name', () => {
    expect(reportTitle(mtd)).toBe('March 2027 to date (1–31 Mar 2027)');
    expect(reportCsv(mtd).split('\r\n')[0]).toBe('Sales report,March 2027 to date (1–31 Mar 2027)');
    expect(reportTitle(report)).toBe('January 2026');
    expect(rangeLabel({ from: '2026-11-01', to: '2026-11-24' }, true)).toBe('1–24 Nov 2026');
    expect(rangeLabel({ from: '2026-11-01', to: '2026-11-30' }, false)).toBe('Nov 2026');
    expect(rangeLabel({ from: '2026-12-01', to: '2026-12-01' }, true)).toBe('1 Dec 2026');
  });
});

describe('reportCsv', () => {
  const csv = reportCsv(report);
  const lines = csv.split('\r\n');

  it('starts with the month and writes money as shown, quoted where it holds a comma', () => {
    expect(lines[0]).toBe('Sales report,January 2026');
    expect(lines).toContain('Gross,"£1,234.50","£1,000.00",+23.5%,£0.00,—');
  });

  it('has each table under its heading, regions by name, days as dd/MM/yyyy', () => {
    expect(lines).toContain('By product type');
    expect(lines).toContain('Birth Certificate,2,£56.00,£0.00,£56.00');
    expect(lines).toContain('United Kingdom,2,£56.00,£0.00,£56.00');
    expect(lines).toContain('ZZ,1,£1.00,£0.00,£1.00');
    expect(lines).toContain('01/01/2026,3,"£1,234.50","£1,234.50"');
  });

  it('never lets a text cell start a spreadsheet formula', () => {
    const risky = reportCsv({ ...report, by_type: [{ ...report.by_type[0], type: '=HYPERLINK("x")' }] });
    expect(risky).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('chosenMonthFromParams', () => {
  const last = { year: 2026, month: 10 };
  const chosen = (query: string) => chosenMonthFromParams(new URLSearchParams(query), last, 2026);

  it('is last month without parameters', () => {
    expect(chosen('')).toEqual(last);
  });

  it('reads the year and month of the address', () => {
    expect(chosen('year=2025&month=2')).toEqual({ year: 2025, month: 2 });
  });

  it('falls back part by part when one is out of range or not a whole number', () => {
    expect(chosen('year=2031&month=3')).toEqual({ year: 2026, month: 3 });
    expect(chosen(`year=${FIRST_REPORT_YEAR - 1}&month=13`)).toEqual(last);
    expect(chosen('year=2025&month=1.5')).toEqual({ year: 2025, month: 10 });
  });

  it('round-trips through monthParams', () => {
    const month = { year: 2025, month: 7 };
    expect(chosenMonthFromParams(new URLSearchParams(monthParams(month)), last, 2026)).toEqual(month);
  });
});

describe('small report helpers', () => {
  it('offer the years newest first back to the first report', () => {
    const years = reportYears(2026);
    expect(years[0]).toBe('2026');
    expect(years.at(-1)).toBe(String(FIRST_REPORT_YEAR));
  });

  it('name the CSV by the month, zero-padded', () => {
    expect(reportFileName({ year: 2026, month: 1 })).toBe('sales-report-2026-01.csv');
    expect(reportFileName({ year: 2026, month: 11 })).toBe('sales-report-2026-11.csv');
  });

  it('label months long and short', () => {
    expect(monthLabel({ year: 2026, month: 1 })).toBe('January 2026');
    expect(shortMonthLabel({ year: 2026, month: 12 })).toBe('Dec 2026');
  });

  it('tell a month with sales from an empty one (a refund alone counts)', () => {
    expect(hasSales(report)).toBe(true);
    const quiet = {
      ...report,
      daily: [{ date: '2026-01-01', orders: 0, gross_in_pence: 0, net_in_pence: 0 }],
    };
    expect(hasSales(quiet)).toBe(false);
    const refund = {
      ...report,
      daily: [{ date: '2026-01-01', orders: 0, gross_in_pence: 0, net_in_pence: -500 }],
    };
    expect(hasSales(refund)).toBe(true);
  });

  it('colour a change by whether it went the good way', () => {
    expect(changeTone(120, 100, true)).toBe('good');
    expect(changeTone(80, 100, true)).toBe('bad');
    expect(changeTone(120, 100, false)).toBe('bad');
    expect(changeTone(100, 100, true)).toBeUndefined();
    expect(changeTone(5, 0, true)).toBeUndefined();
  });

  it('write the counts and money of a measure as shown', () => {
    expect(formatMeasure(1234, false)).toBe('1,234');
    expect(formatMeasure(123456, true)).toBe('£1,234.56');
  });
});

describe('downloadText', () => {
  it('downloads the text as a file with a byte order mark, then lets the link go', async () => {
    const created: Blob[] = [];
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:report';
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: { download: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicks.push({ download: this.download, href: this.href });
    });
    vi.useFakeTimers();
    try {
      downloadText('sales-report-2026-01.csv', 'a,b\r\n');
      expect(clicks).toEqual([{ download: 'sales-report-2026-01.csv', href: 'blob:report' }]);
      expect(document.querySelectorAll('a')).toHaveLength(0);
      expect(created[0].type).toBe('text/csv;charset=utf-8');
      const bytes = new Uint8Array(await created[0].arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(revoke).not.toHaveBeenCalled();
      vi.advanceTimersByTime(10_000);
      expect(revoke).toHaveBeenCalledWith('blob:report');
    } finally {
      vi.useRealTimers();
      createUrl.mockRestore();
      revoke.mockRestore();
      click.mockRestore();
    }
  });
});
