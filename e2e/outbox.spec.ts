/** /outbox: the customer e-mails and their delivery state, paged. */
import { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

test('an admin sees the outbox messages with their delivery state, page by page', async ({ page }) => {
  await signIn(page);
  await page.goto('/outbox');
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  const rows = page.getByTestId('outbox-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByRole('link', { name: /^\d+-\d+$/ })).toHaveAttribute(
    'href',
    /^\/orders\/\d+-\d+$/,
  );
  await expect(rows.first()).toContainText(/@example\.com/);
  await expect(rows.first()).toContainText(/Pending|Sending|Sent|Failed/);
  await expect(rows.first()).toContainText(/\d+ attempts?/);
  await expect(page.getByText(/^1–\d+ of \d+ messages, newest first$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The demo data fills more than one page of 50.
  await expect(rows).toHaveCount(50);
  const pages = page.getByRole('navigation', { name: 'Outbox pages' }).first();
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/\/outbox\?page=2$/);
  await expect(page.getByText(/^51–\d+ of \d+ messages, newest first$/)).toBeVisible();
  await expect(rows.first()).toBeVisible();
});

test('an orderer opening /outbox sees the not-allowed page', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await page.goto('/outbox');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});
