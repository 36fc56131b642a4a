/**
 * 2-step verification (issue 50): a fresh user turns it on from Account security by typing the key shown on
 * the screen (the test computes the codes as an authenticator app would), then signs in with a code.
 * The everyone-policy is left alone here (the API tests cover it): other specs sign the demo users in.
 */
import { expect } from '@playwright/test';
import { generate } from 'otplib';
import { apiAs } from './api-helpers';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, test, waitForStillScreen } from './fixtures';

const codeAt = (secret: string, ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

test('a user turns on 2-step verification from the key on screen, then signs in with a code', async ({
  page,
  baseURL,
}, testInfo) => {
  const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
  const email = `mfa-${Date.now()}-${testInfo.workerIndex}@demo.test`;
  try {
    await admin.post('users', { email, name: 'Morgan Twofactor', role: 'orderer', password: DEMO_PASSWORD });
  } finally {
    await admin.dispose();
  }

  await signIn(page, email);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Account security' }).click();
  await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
  await expect(page.getByTestId('session-row').filter({ hasText: 'This browser' })).toBeVisible();

  await page.getByRole('button', { name: 'Turn on 2-step verification' }).click();
  await expect(page.getByTestId('mfa-qr')).toBeVisible();
  const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await waitForStillScreen(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Code from the app').fill(await codeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(page.getByText('On', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();

  // Sign out, then back in: the password alone asks for a code.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /sign out/i }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  const code = page.getByTestId('sign-in-code');
  await expect(code).toBeVisible();
  await waitForStillScreen(page);
  await expectNoSeriousA11yViolations(page);

  // A wrong code is refused on the field; the next step's code (the enrolment used this one) signs in.
  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not right or was already used.')).toBeVisible();
  await code.fill(await codeAt(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('clock')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});
