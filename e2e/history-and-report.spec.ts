/**
 * Issue 19: only comments that need action carry "Actioned"; the timeline reads in plain words (labels, £,
 * dd/MM/yyyy, names); the sales report of the current month is month to date beside the same days of the
 * previous month and of the same month last year. Each test brings its own order through the storefront API.
 */
import { expect, type Page } from '@playwright/test';
import { londonToday } from '../domain/format';
import { type ApiClient, apiAs, assignItems, createOrder, ordererId } from './api-helpers';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn, test } from './fixtures';

let admin: ApiClient;
let baseUrl: string;

test.beforeAll(async ({ baseURL }) => {
  baseUrl = baseURL ?? '';
  admin = await apiAs(baseUrl, 'admin@demo.test');
});
test.afterAll(async () => {
  await admin.dispose();
});

/** A fresh certificate of our own assigned to Alice; answers its ref and Alice's name. */
async function newItem(): Promise<{ ref: string; alice: string }> {
  const { itemRefs } = await createOrder(baseUrl, [{ net_value: 3100 }], {
    name: 'Hattie History',
    email: 'hattie@example.com',
  });
  const id = await ordererId(admin, 'alice@demo.test');
  await assignItems(admin, itemRefs, id);
  const { orderers } = await admin.get<{ orderers: { id: number; name: string }[] }>('users/orderers');
  return { ref: itemRefs[0], alice: orderers.find((o) => o.id === id)?.name ?? '' };
}

async function openItem(page: Page, ref: string) {
  await page.goto(`/orders/${ref}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order item ${ref}` })).toBeVisible();
}

test('only comments that need action carry Actioned and count as to-dos', async ({ page }) => {
  const { ref } = await newItem();
  await admin.post(`order_items/${ref}/add_note`, { note: { body: 'Chase the GRO on Monday.' } });
  await admin.post(`order_items/${ref}/escalate`, {
    escalation: { message: 'The customer needs it by Friday.' },
  });
  await admin.post(`order_items/${ref}/contact_customer`, {
    message: { body: 'We are on it and will write again soon.', response_required: false },
  });

  await signIn(page);
  await openItem(page, ref);
  const comments = page.getByRole('region', { name: 'Comments' });
  const comment = (text: string) => comments.getByTestId('comment').filter({ hasText: text });
  await expect(
    comment('Chase the GRO on Monday.').getByRole('checkbox', { name: /^Actioned: Note/ }),
  ).toBeVisible();
  await expect(
    comment('The customer needs it by Friday.').getByRole('checkbox', { name: /^Actioned: Escalation/ }),
  ).toBeVisible();
  // Our own e-mail to the customer is a record, not a to-do.
  const sent = comment('We are on it and will write again soon.');
  await expect(sent).toBeVisible();
  await expect(sent.getByRole('checkbox')).toHaveCount(0);
  await expect(comments).toContainText('2 to action');

  await comment('Chase the GRO on Monday.').getByRole('checkbox').click();
  await expect(comment('Chase the GRO on Monday.').getByRole('checkbox')).toBeChecked();
  await expect(comments).toContainText('1 to action');
  await expectNoSeriousA11yViolations(page);

  // The API refuses to action the e-mail and leaves it alone.
  const detail = await admin.get<{ order_item: { comments: { id: number; kind: string }[] } }>(
    `order_items/${ref}`,
  );
  const email = detail.order_item.comments.find((c) => c.kind === 'customer_contact');
  const refused = await admin.context.post(`/api/v1/order_items/${ref}/comments/${email?.id}/toggle.json`, {
    headers: { 'x-csrf-token': await csrfOf(admin) },
  });
  expect(refused.status()).toBe(409);
});

/** The CSRF token of a signed-in API client, read back from the session. */
async function csrfOf(api: ApiClient): Promise<string> {
  const res = await api.context.get('/api/v1/users/current_user.json');
  return ((await res.json()) as { csrf_token: string }).csrf_token;
}

test('the timeline reads in labels, pounds, dd/MM/yyyy and names', async ({ page }) => {
  const { ref, alice } = await newItem();
  await admin.post(`order_items/${ref}/gro_order_placed`, {
    gro: { reference: 'GRO-PLAIN-1', destination: 'office_orders', service: 'priority', cost: 2340 },
  });
  await admin.post(`order_items/${ref}/received_from_gro`);
  await admin.post(`order_items/${ref}/despatch`, {
    despatch: {
      despatched_on: '2026-11-23',
      carrier: 'royal_mail',
      service: 'first_class',
      cost: 65,
      reference: 'RM123GB',
    },
  });

  await signIn(page);
  await openItem(page, ref);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const entry = (title: string) => timeline.getByTestId('timeline-event').filter({ hasText: title });
  await expect(entry('Despatched')).toContainText('carrier: Royal Mail');
  await expect(entry('Despatched')).toContainText('service: 1st Class');
  await expect(entry('Despatched')).toContainText('cost: £0.65');
  await expect(entry('Despatched')).toContainText('despatched on: 23/11/2026');
  await expect(entry('GRO order placed')).toContainText('sent to: Office – orders desk');
  await expect(entry('GRO order placed')).toContainText('service: Priority');
  await expect(entry('GRO order placed')).toContainText('cost: £23.40');
  await expect(entry('Assigned')).toContainText(`to: ${alice}`);
  // No raw values, ISO dates or ids anywhere.
  const text = (await timeline.textContent()) ?? '';
  for (const raw of [
    'royal_mail',
    'first_class',
    'office_orders',
    '2026-11-23',
    'ordererId',
    'despatchedOn',
  ]) {
    expect(text).not.toContain(raw);
  }
  expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} @ \d{2}:\d{2}/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(timeline).toBeVisible();
  await expectNoSidewaysScroll(page);
});

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const LONG_MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });

/** '1–24 Nov 2026' (or '1 Nov 2026' on the 1st), the day cut at the month's end. */
function firstDays(year: number, month: number, day: number): string {
  const last = Math.min(day, new Date(Date.UTC(year, month, 0)).getUTCDate());
  const name = `${last} ${MONTH.format(Date.UTC(year, month - 1, 1))} ${year}`;
  return last === 1 ? name : `1–${name}`;
}

test('this month is month to date, beside the same days of last month and of last year', async ({ page }) => {
  // A sale placed now, so this month has something to show.
  await createOrder(baseUrl, [{ net_value: 4200 }]);
  const [year, month, day] = londonToday(new Date()).split('-').map(Number);
  const prev = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const current = firstDays(year, month, day);
  const previous = firstDays(prev.year, prev.month, day);
  const lastYear = firstDays(year - 1, month, day);

  await signIn(page);
  await page.goto(`/sales-report?year=${year}&month=${month}`);
  const note = page.getByTestId('month-to-date');
  await expect(note).toContainText(
    `${LONG_MONTH.format(Date.UTC(year, month - 1, 1))} ${year} to date (${current})`,
  );
  await expect(note).toContainText(`compared with the same days of the previous month (${previous})`);
  await expect(note).toContainText(`of the same month last year (${lastYear})`);

  const table = page.getByRole('table', { name: 'Totals and comparisons' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Measure',
    current,
    previous,
    `Change on ${previous}`,
    lastYear,
    `Change on ${lastYear}`,
  ]);
  const gross = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Gross' }) });
  const cells = gross.getByRole('cell');
  await expect(cells.nth(0)).toHaveText(/^£[\d,]+\.\d\d$/);
  await expect(cells.nth(1)).toHaveText(/^£[\d,]+\.\d\d$/);
  await expect(cells.nth(2)).toHaveText(/^([+-]?\d+\.\d%|0\.0%|—)$/);
  // The totals cards give each change with the figure compared with.
  await expect(page.getByTestId('total-gross_in_pence')).toContainText(`on ${previous} (£`);
  // Days up to today only.
  await page.getByRole('region', { name: 'Day by day' }).getByText('Table', { exact: true }).click();
  await expect(page.getByRole('table', { name: 'Day by day' }).locator('tbody tr')).toHaveCount(day);
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(note).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeInViewport();
});
