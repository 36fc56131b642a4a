import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { lastMonth, londonToday } from '../domain/format';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Reads the simple CSV the screen writes: quoted fields may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** The rows of one titled section of the CSV, its column titles first. */
function section(rows: string[][], title: string): string[][] {
  const start = rows.findIndex((r) => r.length === 1 && r[0] === title);
  expect(start, `CSV section "${title}"`).toBeGreaterThan(-1);
  const out: string[][] = [];
  for (let i = start + 1; i < rows.length && !(rows[i].length === 1 && rows[i][0] === ''); i++)
    out.push(rows[i]);
  return out;
}

async function choose(page: Page, field: 'Month' | 'Year', option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the report opens on last month with a chart, and the CSV holds the figures on screen', async ({
  page,
}) => {
  const last = lastMonth(new Date());
  const requests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/sales-reports/monthly/')) requests.push(new URL(r.url()).pathname);
  });
  await signIn(page);
  await page.goto('/sales-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales report' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(MONTHS[last.month - 1]);
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(String(last.year));

  // The chart of the days: recharts draws an svg inside the chart region.
  const daily = page.getByRole('region', { name: 'Day by day' });
  await expect(daily.getByTestId('daily-chart').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(daily.locator('.recharts-bar-rectangle').first()).toBeAttached();
  // Only last month is asked for (a live update from a parallel spec may ask for it again).
  expect(requests.length).toBeGreaterThan(0);
  expect(new Set(requests)).toEqual(
    new Set([`/api/v1/sales-reports/monthly/${last.year}/${last.month}.json`]),
  );

  const shown = async (key: string) =>
    ((await page.getByTestId(`total-${key}`).getByTestId('value').textContent()) ?? '').trim();
  const onScreen = {
    Orders: await shown('orders'),
    Items: await shown('items'),
    Gross: await shown('gross_in_pence'),
    Refunds: await shown('refunds_in_pence'),
    Net: await shown('net_in_pence'),
    'Average order': await shown('average_order_in_pence'),
  };
  expect(onScreen.Gross).toMatch(/^£[\d,]+\.\d\d$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const month = String(last.month).padStart(2, '0');
  expect(download.suggestedFilename()).toBe(`sales-report-${last.year}-${month}.csv`);
  const csvPath = await download.path();
  const rows = parseCsv((await readFile(csvPath, 'utf8')).replace(/^\ufeff/, ''));

  expect(rows[0]).toEqual(['Sales report', `${MONTHS[last.month - 1]} ${last.year}`]);
  const totals = section(rows, 'Totals and comparisons');
  for (const [label, value] of Object.entries(onScreen)) {
    const row = totals.find((r) => r[0] === label);
    expect(row?.[1], `CSV ${label}`).toBe(value);
  }

  // Every comparison and breakdown row on screen is in the CSV, cell for cell.
  for (const title of ['Totals and comparisons', 'By product type', 'By delivery region']) {
    const table = page.getByRole('table', { name: title });
    const screenRows = await table
      .locator('tr')
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('th, td'), (c) => (c.textContent ?? '').trim())),
      );
    expect(section(rows, title)).toEqual(screenRows);
  }

  // The day-by-day table (the chart's data) is in the CSV too.
  await daily.getByText('Table', { exact: true }).click();
  const dayRows = page.getByRole('table', { name: 'Day by day' }).locator('tbody tr');
  const daysInMonth = new Date(Date.UTC(last.year, last.month, 0)).getUTCDate();
  await expect(dayRows).toHaveCount(daysInMonth);
  expect(section(rows, 'Day by day')).toHaveLength(daysInMonth + 1);
  await expect(dayRows.first().locator('th')).toHaveText(`01/${month}/${last.year}`);
});

test('a month after this month is flagged and never asked for', async ({ page }) => {
  // The browser's clock is fixed (the server keeps the real one: the months asked for are in its past), so the
  // test runs the same in every month of the year: in a real December the next month was in a year the
  // picker did not offer yet. Mid-January, last month is December of the year before: the year is changed too.
  await page.clock.setFixedTime(new Date('2026-01-15T12:00:00Z'));
  const year = 2026;
  const nextMonth = 2;
  const last = { year: 2025, month: 12 };
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/sales-reports/monthly/')) asked.push(new URL(r.url()).pathname);
  });

  await signIn(page);
  await page.goto('/sales-report');
  await expect(page.getByTestId('sales-report')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveValue(MONTHS[last.month - 1]);
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(String(last.year));

  await choose(page, 'Year', String(year));
  await choose(page, 'Month', MONTHS[nextMonth - 1]);

  const alert = page.getByRole('alert').filter({ hasText: 'is after this month' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(`${MONTHS[nextMonth - 1]} ${year} is after this month.`);
  await expect(page.getByRole('combobox', { name: 'Month' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await expect(page.getByTestId('sales-report')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(asked.filter((p) => p.endsWith(`/monthly/${year}/${nextMonth}.json`))).toEqual([]);

  // Back to a month that is allowed: the error goes and the report loads.
  await choose(page, 'Year', String(last.year));
  await choose(page, 'Month', MONTHS[last.month - 1]);
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('sales-report')).toBeVisible();
  expect(asked.filter((p) => p.endsWith(`/monthly/${year}/${nextMonth}.json`))).toEqual([]);
});

test('years run from 2012 to the current year, and an empty month says so', async ({ page }) => {
  await signIn(page);
  await page.goto('/sales-report');
  await page.getByRole('combobox', { name: 'Year' }).click();
  const years = page.getByRole('option');
  const currentYear = Number(londonToday(new Date()).slice(0, 4));
  await expect(years).toHaveCount(currentYear - 2012 + 1);
  await expect(years.first()).toHaveText(String(currentYear));
  await expect(years.last()).toHaveText('2012');
  await years.last().click();
  await choose(page, 'Month', 'March');
  await expect(page).toHaveURL(/year=2012&month=3/);
  await expect(page.getByText('No sales in March 2012.')).toBeVisible();
  await expect(page.getByTestId('total-orders').getByTestId('value')).toHaveText('0');
});

test('an orderer may not open the sales report', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await page.goto('/sales-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeVisible();
});

test('the sales report has no serious accessibility violations', async ({ page }) => {
  await signIn(page);
  await page.goto('/sales-report');
  await expect(page.getByTestId('daily-chart').locator('svg.recharts-surface').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('sales-report.png') });

  // The days as a table (the chart's text alternative) too.
  await page.getByRole('region', { name: 'Day by day' }).getByText('Table', { exact: true }).click();
  await expect(page.getByRole('table', { name: 'Day by day' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
