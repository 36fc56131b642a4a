import { expect } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, test } from './fixtures';

test('a signed-out visitor is sent to sign-in, and the page is accessible', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('button', { name: /sign in/i })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a wrong password shows a clear message and keeps the user on sign-in', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel(/e-?mail/i).fill('bob@demo.test');
  await page.getByLabel(/password/i).fill('not-the-password');
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByLabel(/e-?mail/i)).toHaveValue('bob@demo.test');
});

test('the admin signs in and sees the dashboard shell with a ticking clock', async ({ page }) => {
  await signIn(page, 'admin@demo.test', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const nav = page.getByRole('navigation');
  for (const name of ['Dashboard', 'My queue', 'Search', 'Sales report']) {
    await expect(nav.getByRole('link', { name, exact: false }).first()).toBeVisible();
  }
  const clock = page.getByTestId('clock');
  const first = await clock.textContent();
  await expect(clock).not.toHaveText(first ?? '', { timeout: 3000 });
  await expectNoSeriousA11yViolations(page);
});

test('an unknown route redirects to /dashboard', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('clock')).toBeVisible();
});

test('signing out ends the session', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await page.getByRole('button', { name: /alice/i }).click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/sign-in/);
});
