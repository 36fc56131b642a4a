/** /users: an admin creates a user, edits it inline, resets its password and deactivates it. */
import { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

test('an admin creates a user, changes their role, resets their password and deactivates them', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row').filter({ hasText: 'alice@demo.test' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const name = `Carol Tester ${stamp}`;
  const email = `carol.${stamp}@demo.test`;

  // Create: a short password is refused at its field; the rest of the form is kept.
  await page.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('form', { name: 'New user' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Initial password').fill('too-short');
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByText('Passwords have at least 12 characters.')).toBeVisible();
  await expect(form.getByLabel('E-mail')).toHaveValue(email);
  await form.getByRole('button', { name: 'Generate a password' }).click();
  await expect(form.getByLabel('Initial password')).toHaveValue(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(name);
  await expect(row).toContainText('Orderer');
  await expect(row).toContainText('Active');

  // The same e-mail again is refused at the e-mail field by the server.
  await page.getByRole('button', { name: 'Add user' }).click();
  await form.getByLabel('Name').fill('Someone Else');
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Generate a password' }).click();
  await form.getByRole('button', { name: 'Create user' }).click();
  await expect(form.getByText('Already taken.')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Someone Else');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Inline edit: make them an administrator without a queue.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await table.getByLabel('Role').click();
  await page.getByRole('option', { name: 'Administrator' }).click();
  await table.getByRole('checkbox', { name: 'Orderer' }).uncheck();
  await table.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Administrator');
  await expect(row.getByRole('cell').nth(3)).toHaveText('No');

  // Reset password: a generated one is offered, set, then shown to pass on.
  await row.getByRole('button', { name: `Reset the password of ${name}` }).click();
  const reset = page.getByRole('dialog', { name: 'Reset password' });
  await expect(reset.getByLabel('New password')).toHaveValue(/.{12,}/);
  await reset.getByLabel('New password').fill('a-brand-new-password');
  await reset.getByRole('button', { name: 'Set password' }).click();
  await expect(reset.getByTestId('new-password')).toHaveText('a-brand-new-password');
  await expectNoSeriousA11yViolations(page);
  await reset.getByRole('button', { name: 'Done' }).click();
  await expect(reset).toBeHidden();

  // Deactivate asks first.
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate user?' });
  await expect(confirm).toContainText(email);
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Deactivated');
  await expect(row.getByRole('button', { name: `Reactivate ${name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an admin cannot deactivate their own account', async ({ page }) => {
  await signIn(page);
  await page.goto('/users');
  const me = page.getByRole('row').filter({ hasText: 'admin@demo.test' });
  await expect(me).toContainText('You');
  await expect(me.getByRole('button', { name: 'Deactivate Ada Admin' })).toBeDisabled();
});

test('an orderer opening /users sees the not-allowed page', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await page.goto('/users');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
});
