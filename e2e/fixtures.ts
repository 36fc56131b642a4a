/** Shared steps for the browser tests: sign in as a demo user, scan a page with axe. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';

/** Signs in through the real sign-in page and waits for the app shell. */
export async function signIn(page: Page, email = 'admin@demo.test', password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByTestId('clock')).toBeVisible();
}

/** Fails on serious or critical accessibility violations of the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Toasts are left out: while one fades in or out axe measures its text at partial opacity and reports a
  // contrast failure that a user never sees at rest.
  const results = await new AxeBuilder({ page }).exclude('.mantine-Notifications-root').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}
