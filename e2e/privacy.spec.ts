/**
 * UK GDPR requests from the screens (issue 50 items 3 and 4): an admin exports a customer's data from the
 * order page (a ZIP download holding the uploaded document), is refused the erasure while the item is open
 * (the server's words in the dialog), erases once it is cancelled, and the address then finds nothing in
 * Search. The customer and the document are this spec's own, made through the API.
 */
import { readFile } from 'node:fs/promises';
import { expect, request as playwrightRequest } from '@playwright/test';
import { type ApiClient, apiAs, assignItems, createOrder, ordererId } from './api-helpers';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let admin: ApiClient;
let baseUrl: string;
test.beforeAll(async ({ baseURL }) => {
  baseUrl = baseURL ?? '';
  admin = await apiAs(baseUrl, 'admin@demo.test');
});
test.afterAll(async () => {
  await admin.dispose();
});

/** Uploads a PDF to the item as the admin (multipart, with the CSRF token). */
async function uploadDocument(ref: string) {
  const context = await playwrightRequest.newContext({ baseURL: baseUrl });
  const signIn = await context.post('/api/v1/session.json', {
    data: { email: 'admin@demo.test', password: DEMO_PASSWORD },
  });
  const { csrf_token: csrf } = (await signIn.json()) as { csrf_token: string };
  const res = await context.post(`/api/v1/order_items/${ref}/attachments.json`, {
    headers: { 'x-csrf-token': csrf },
    multipart: { file: { name: 'passport-scan.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(res.status(), await res.text()).toBe(201);
  await context.dispose();
}

test('an admin exports a customer’s data, is refused the erasure while work is open, then erases', async ({
  page,
}) => {
  test.slow();
  const email = `privacy-${Date.now()}@example.com`;
  const { itemRefs } = await createOrder(baseUrl, [{}], { name: 'Petra Privacy', email });
  const [ref] = itemRefs;
  await uploadDocument(ref);

  await signIn(page);
  await page.goto(`/orders/${ref}`);
  await expect(page.getByRole('heading', { name: `Order item ${ref}` })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });

  const downloading = page.waitForEvent('download');
  await summary.getByRole('link', { name: 'Export customer data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^customer-data-\d{4}-\d\d-\d\d\.zip$/);
  const zip = await readFile(await download.path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  expect(zip.includes(Buffer.from(`documents/${ref}/`))).toBe(true);
  expect(zip.includes(PDF)).toBe(true);

  await summary.getByRole('button', { name: 'Erase customer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this customer’s personal data?' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Erase customer' });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The customer asked us by e-mail');
  await dialog.getByRole('textbox', { name: 'Type the customer’s e-mail address to confirm' }).fill(email);
  await expect(confirm).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('erase-dialog-1440.png') });
  await expectNoSeriousA11yViolations(page);
  await confirm.click();
  await expect(dialog.getByRole('alert')).toContainText(`The customer still has open work: ${ref}`);

  // Cancelling is a step of an escalation, on an item someone works.
  await assignItems(admin, [ref], await ordererId(admin, 'alice@demo.test'));
  await admin.post(`order_items/${ref}/escalate`, { escalation: { message: 'Customer wants to cancel.' } });
  await admin.post(`order_items/${ref}/cancel_refund`, {
    cancel_refund: { action: 'cancel', reason: 'duplicate' },
  });
  await confirm.click();
  await expect(dialog.getByRole('status')).toContainText('Erased 1 order (1 item)');
  await expect(dialog.getByRole('status')).toContainText('1 document');
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(summary).toContainText('Erased customer');
  await expect(summary).not.toContainText('Petra Privacy');

  await page.goto(`/search?q=${encodeURIComponent(email)}`);
  await expect(page.getByText('No results', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Customer' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: ref })).toHaveCount(0);
});

test('the customer actions fit a phone screen', async ({ page }) => {
  const email = `privacy-phone-${Date.now()}@example.com`;
  const { itemRefs } = await createOrder(baseUrl, [{}], { name: 'Pat Phone', email });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(`/orders/${itemRefs[0]}`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByRole('link', { name: 'Export customer data' })).toBeVisible();
  await summary.getByRole('button', { name: 'Erase customer' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('erase-dialog-390.png') });
  await page.keyboard.press('Escape');
  await page.goto(`/search?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('region', { name: 'Customer' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('search-customer-390.png'), fullPage: true });
});
