/** /audit-log: admins read who did what, filter it and download it as CSV; orderers may not. */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { apiAs } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

test('an admin finds a reference change in the audit log, with who and what changed, and exports it', async ({
  page,
  baseURL,
}) => {
  // A change made through the API, as another screen would: the log shows it with its before and after.
  const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
  const name = `Audit E2E Registry ${Date.now()}`;
  const created = await admin.post<{ registry: { id: number } }>('registries', {
    registry: { name, details: 'Open 9–5' },
  });
  const id = created.registry.id;
  await admin.put(`registries/${id}`, { registry: { details: 'Open 10–4' } });
  await admin.dispose();

  await signIn(page);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Target' }).fill(`registries:${id}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`target=registries%3A${id}`));
  const rows = page.getByTestId('audit-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Reference content changed');
  await expect(rows.first()).toContainText('Open 9–5');
  await expect(rows.first()).toContainText('Open 10–4');
  await expect(rows.first()).toContainText(/Admin/);
  await expect(rows.nth(1)).toContainText('Reference content added');
  await expect(page.getByText(/^1–2 of 2 acts matching, newest first$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    'When,Kind,Actor,Address,User agent,Target type,Target,Summary,Before,After',
  );
  expect(csv).toContain(`registries:${id}`);
  expect(csv).toContain('reference.updated');
});

test('on a phone each act is a card that does not scroll sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/audit-log');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an orderer opening /audit-log sees the not-allowed page', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await page.goto('/audit-log');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
});
