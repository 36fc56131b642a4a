import { describe, expect, it } from 'vitest';
import { changeText, comparisonTable, type Report, reportCsv } from './report-model';

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
