/** /admin: reference content tabs: add, inline edit (with field errors), FAQ moves and deletes, guards. */
import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function openTab(page: Page, tab: string) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('an admin adds an FAQ, edits it inline, moves it and deletes it after confirming', async ({ page }) => {
  await signIn(page);
  await openTab(page, 'FAQs');
  await page.getByRole('combobox', { name: 'FAQ category' }).click();
  await page.getByRole('option', { name: /^Apostilles/ }).click();
  await expect(page.getByRole('table', { name: 'FAQs in Apostilles' })).toBeVisible();
  const rows = page.getByTestId('faq-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();

  // Add: an empty answer is caught at its field; what was typed stays.
  const question = unique('Is an apostille the same as legalisation?');
  await page.getByRole('button', { name: 'Add FAQ' }).click();
  const form = page.getByRole('form', { name: 'New FAQ in “Apostilles”' });
  await form.getByLabel('Question').fill(question);
  await form.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(form.getByText('Enter the answer.')).toBeVisible();
  await expect(form.getByLabel('Question')).toHaveValue(question);
  await form.getByLabel('Answer').fill('Not quite: some countries need both.');
  await form.getByRole('button', { name: 'Add FAQ' }).click();
  await expect(form).toBeHidden();
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.last()).toContainText(question);
  await expectNoSeriousA11yViolations(page);

  // Inline edit: a 422 from the server shows at its field and keeps the typed text.
  await rows
    .last()
    .getByRole('button', { name: `Edit “${question}”` })
    .click();
  const answer = page.getByRole('textbox', { name: 'Answer' });
  await answer.fill('Some countries need an apostille and then embassy legalisation.');
  await page.route('**/api/v1/faqs/*.json', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 422,
          json: {
            error: {
              code: 'invalid_input',
              message: 'Check the highlighted fields.',
              details: [{ field: 'answer', message: 'The server did not accept this answer.' }],
            },
          },
        })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The server did not accept this answer.')).toBeVisible();
  await expect(answer).toHaveValue('Some countries need an apostille and then embassy legalisation.');
  await page.unrouteAll();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(answer).toBeHidden();
  await expect(rows.last()).toContainText('Some countries need an apostille and then embassy legalisation.');

  // Moves: to the top, then down one.
  await page.getByRole('button', { name: `Move “${question}” to top` }).click();
  await expect(rows.first()).toContainText(question);
  await page.getByRole('button', { name: `Move “${question}” down` }).click();
  await expect(rows.nth(1)).toContainText(question);
  await expect(rows.first()).not.toContainText(question);

  // Delete asks first; Cancel keeps it, Delete removes it.
  await page.getByRole('button', { name: `Delete “${question}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete FAQ?' });
  await expect(dialog).toContainText(question);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(before + 1);
  await page.getByRole('button', { name: `Delete “${question}”` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(rows).toHaveCount(before);
  await expect(page.getByRole('table', { name: 'FAQs in Apostilles' })).not.toContainText(question);
});

test('an admin adds a registry and edits it inline; a blank name is refused at the field', async ({
  page,
}) => {
  await signIn(page);
  await openTab(page, 'Registries');
  const table = page.getByRole('table', { name: 'Registries' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const name = unique('Register Office Cardiff');
  await page.getByRole('button', { name: 'Add registry' }).click();
  const form = page.getByRole('form', { name: 'New registry' });
  await form.getByLabel('Details').fill('City Hall, Cardiff CF10 3ND.');
  await form.getByRole('button', { name: 'Add registry' }).click();
  await expect(form.getByText('Enter a name.')).toBeVisible();
  await expect(form.getByLabel('Details')).toHaveValue('City Hall, Cardiff CF10 3ND.');
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Add registry' }).click();
  await expect(form).toBeHidden();
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('City Hall, Cardiff CF10 3ND.');

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const nameInput = table.getByRole('textbox', { name: 'Name' });
  const details = table.getByRole('textbox', { name: 'Details' });
  await nameInput.fill('');
  await details.fill('Cardiff Register Office, City Hall, Cathays Park, CF10 3ND.');
  await table.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByText('Enter a name.')).toBeVisible();
  await expect(details).toHaveValue('Cardiff Register Office, City Hall, Cathays Park, CF10 3ND.');
  await nameInput.fill(`${name} (edited)`);
  await table.getByRole('button', { name: 'Save' }).click();
  await expect(nameInput).toBeHidden();
  const edited = table.getByRole('row').filter({ hasText: `${name} (edited)` });
  await expect(edited).toContainText('Cathays Park');

  // The change is stored: it is still there after a reload.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: `${name} (edited)` })).toContainText('Cathays Park');
});

test('an admin adds an article in the rich-text editor under a listed category', async ({ page }) => {
  await signIn(page);
  await openTab(page, 'Articles');
  await expect(page.getByRole('table', { name: 'Articles' }).getByRole('row').nth(1)).toBeVisible();
  const title = unique('Death certificates for probate');
  await page.getByRole('button', { name: 'Add article' }).click();
  const form = page.getByRole('form', { name: 'New article' });
  await form.getByLabel('Title').fill(title);
  await form.getByRole('combobox', { name: 'Certificate type' }).click();
  await page.getByRole('option', { name: 'Death certificate' }).click();
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Guides', exact: true }).click();
  await expect(form.getByRole('combobox', { name: 'Site' })).toHaveValue('UK Document Services');
  await expectNoSeriousA11yViolations(page);
  const content = form.getByRole('textbox', { name: 'Content' });
  await content.click();
  await content.pressSequentially('Order two copies.');
  await form.getByRole('button', { name: 'Add article' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Order two copies.');
  await expect(row).toContainText('Guides');
});

test('every tab of /admin is accessible', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin');
  for (const tab of ['Embassies', 'Councils', 'Parishes', 'Courts', 'FAQ categories']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('table', { name: tab }).getByRole('button').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test('a list that fails to load stops loading and says so', async ({ page }) => {
  await signIn(page);
  await page.route('**/api/v1/courts.json', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong.' } } }),
  );
  await openTab(page, 'Courts');
  await expect(page.getByTestId('load-failed')).toContainText('Could not load the courts.');
  await expect(page.getByRole('status').filter({ hasText: 'Loading courts' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Reference content' })).toBeVisible();
});

test('an orderer opening /admin sees the not-allowed page and no admin navigation', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  for (const name of ['Reference content', 'Users', 'Outbox']) {
    await expect(nav.getByRole('link', { name })).toHaveCount(0);
  }
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
