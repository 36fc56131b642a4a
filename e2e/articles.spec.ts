/**
 * Articles in the rich-text editor (toolbar and keyboard formatting survive saving and reopening), the
 * managed article categories, and reordering FAQs by keyboard dragging and by the move buttons (kept after a
 * reload). Each test makes its own categories and FAQs through the API, so parallel specs never share them.
 */
import { expect } from '@playwright/test';
import { type ApiClient, apiAs } from './api-helpers';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn, test } from './fixtures';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function withAdminApi<T>(baseURL: string | undefined, use: (api: ApiClient) => Promise<T>) {
  const api = await apiAs(baseURL ?? '', 'admin@demo.test');
  try {
    return await use(api);
  } finally {
    await api.dispose();
  }
}

test('an admin writes a formatted article with the toolbar and the keyboard; it reopens formatted', async ({
  page,
  baseURL,
}) => {
  // Typing key by key through a rich-text editor, with three accessibility scans, on a shared 2-core machine.
  test.slow();
  const categoryName = unique('Probate guides');
  const category = await withAdminApi(baseURL, (api) =>
    api.post<{ article_category: { id: number } }>('article_categories', { name: categoryName }),
  );
  await signIn(page);
  await page.goto('/admin?tab=articles');
  await expect(page.getByRole('table', { name: 'Articles' }).getByRole('row').nth(1)).toBeVisible();

  const title = unique('Death certificates for probate');
  await page.getByRole('button', { name: 'Add article' }).click();
  const form = page.getByRole('form', { name: 'New article' });
  const content = form.getByRole('textbox', { name: 'Content' });
  await expect(content).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form.getByLabel('Title').fill(title);
  // Certificate type and site are picked from their lists; the one site is chosen already.
  await expect(form.getByRole('combobox', { name: 'Site' })).toHaveValue('UK Document Services');
  await form.getByRole('combobox', { name: 'Certificate type' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Birth certificate',
    'Marriage certificate',
    'Death certificate',
    'Divorce certificate',
    'Deed poll',
    'Translation',
  ]);
  await page.getByRole('option', { name: 'Death certificate' }).click();

  // Saving without a category or content is stopped at those fields, keeping what was typed.
  await form.getByRole('button', { name: 'Add article' }).click();
  await expect(form.getByText('Choose a category.')).toBeVisible();
  await expect(form.getByText('Enter the content.')).toBeVisible();
  await expect(form.getByLabel('Title')).toHaveValue(title);

  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: categoryName }).click();

  // Toolbar: a heading; keyboard: bold (Ctrl+B); toolbar: italic, a bullet list and a quote; Ctrl+K: a link.
  await content.click();
  await form.getByRole('button', { name: 'Heading 2' }).click();
  await content.pressSequentially('Probate');
  await content.press('Enter');
  await content.pressSequentially('Order ');
  await content.press('Control+b');
  await content.pressSequentially('two');
  await content.press('Control+b');
  await content.pressSequentially(' copies, ');
  await form.getByRole('button', { name: 'Italic' }).click();
  await content.pressSequentially('certified');
  await form.getByRole('button', { name: 'Italic' }).click();
  await content.press('Enter');
  await form.getByRole('button', { name: 'Bullet list' }).click();
  await content.pressSequentially('One for the bank');
  await content.press('Enter');
  await content.press('Enter');
  await form.getByRole('button', { name: 'Blockquote' }).click();
  await content.pressSequentially('Ask the registry first.');
  await content.press('Enter');
  await content.press('Enter');
  await content.pressSequentially('GOV.UK');
  for (let i = 0; i < 'GOV.UK'.length; i += 1) await content.press('Shift+ArrowLeft');
  await content.press('Control+k');
  const url = page.getByRole('textbox', { name: 'Enter URL' });
  await url.fill('https://www.gov.uk/wills-probate-inheritance');
  await url.press('Enter');
  await expect(content.getByRole('link', { name: 'GOV.UK' })).toBeVisible();

  await form.getByRole('button', { name: 'Add article' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Probate Order two copies, certified');
  await expect(row).toContainText(categoryName);
  await expect(row).toContainText('Death certificate');

  // Stored as the editor made it, the category by id, the type and site as their lists' values.
  const stored = await withAdminApi(baseURL, (api) =>
    api.get<{
      articles: {
        title: string;
        content: string;
        category_id: number;
        certificate_type: string;
        site: string;
      }[];
    }>('articles'),
  );
  const article = stored.articles.find((a) => a.title === title);
  expect(article?.category_id).toBe(category.article_category.id);
  expect(article).toMatchObject({ certificate_type: 'death', site: 'ukds' });
  expect(article?.content).toContain('<h2>Probate</h2>');
  expect(article?.content).toContain('<strong>two</strong>');
  expect(article?.content).toContain('<em>certified</em>');
  expect(article?.content).toMatch(/<ul><li><p>One for the bank<\/p><\/li><\/ul>/);
  expect(article?.content).toContain('<blockquote><p>Ask the registry first.</p></blockquote>');
  expect(article?.content).toContain('href="https://www.gov.uk/wills-probate-inheritance"');

  // Reopened after a reload, the editor shows the same formatting.
  await page.reload();
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const reopened = page.getByRole('textbox', { name: 'Content' });
  await expect(reopened.getByRole('heading', { level: 2, name: 'Probate' })).toBeVisible();
  await expect(reopened.locator('strong', { hasText: 'two' })).toBeVisible();
  await expect(reopened.locator('em', { hasText: 'certified' })).toBeVisible();
  await expect(reopened.getByRole('listitem')).toHaveText('One for the bank');
  await expect(reopened.locator('blockquote')).toHaveText('Ask the registry first.');
  await expect(reopened.getByRole('link', { name: 'GOV.UK' })).toHaveAttribute(
    'href',
    'https://www.gov.uk/wills-probate-inheritance',
  );
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(categoryName);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // The category is in use now: deleting it is refused, naming how many articles use it.
  await page.getByRole('tab', { name: 'Article categories' }).click();
  const categoryRow = page.getByTestId('article-category-row').filter({ hasText: categoryName });
  await expect(categoryRow).toContainText('1 article');
  await categoryRow.getByRole('button', { name: `Delete “${categoryName}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete article category?' });
  await expect(dialog).toContainText('1 article uses');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 article uses this category')).toBeVisible();
  await expect(categoryRow).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an admin reorders FAQs by keyboard dragging and by the move buttons; the order is kept', async ({
  page,
  baseURL,
}) => {
  const title = unique('Reorder');
  const categoryId = await withAdminApi(baseURL, async (api) => {
    const created = await api.post<{ faq_category: { id: number } }>('faq_categories', {
      site: 'ukds',
      title,
    });
    const id = created.faq_category.id;
    for (const question of ['Alpha?', 'Bravo?', 'Charlie?'])
      await api.post(`faq_categories/${id}/faqs`, { question, answer: `About ${question}` });
    return id;
  });
  await signIn(page);
  await page.goto(`/admin?tab=faqs&category=${categoryId}`);
  const rows = page.getByTestId('faq-row');
  const order = (questions: string[]) =>
    expect(rows).toHaveText(questions.map((q) => new RegExp(q.replace('?', '\\?'))));
  await order(['Alpha?', 'Bravo?', 'Charlie?']);

  // Keyboard dragging: Space lifts the row by its handle, the arrows move it, Space drops it.
  const handle = page.getByRole('button', { name: 'Drag “Charlie?” to reorder' });
  await handle.focus();
  await handle.press('Space');
  await expect(rows.filter({ hasText: 'Charlie?' })).toHaveAttribute('data-dragging', 'true');
  await handle.press('ArrowUp');
  await handle.press('ArrowUp');
  await handle.press('Space');
  await order(['Charlie?', 'Alpha?', 'Bravo?']);
  await expect(page.getByText('Moved “Charlie?” to position 1 of 3.')).toBeAttached();
  await page.reload();
  await order(['Charlie?', 'Alpha?', 'Bravo?']);

  // The move buttons do the same without dragging.
  await page.getByRole('button', { name: 'Move “Bravo?” up' }).click();
  await order(['Charlie?', 'Bravo?', 'Alpha?']);
  await page.getByRole('button', { name: 'Move “Charlie?” to bottom' }).click();
  await order(['Bravo?', 'Alpha?', 'Charlie?']);
  await page.reload();
  await order(['Bravo?', 'Alpha?', 'Charlie?']);
  await expectNoSeriousA11yViolations(page);
});

test('the article categories and FAQ categories tabs are accessible', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin');
  for (const tab of ['Article categories', 'FAQ categories']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('table', { name: tab }).getByRole('button').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the article editor, its toolbar and the sortable lists fit the screen', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin?tab=articles');
    await page.getByRole('button', { name: 'Add article' }).click();
    const form = page.getByRole('form', { name: 'New article' });
    await expect(form.getByRole('textbox', { name: 'Content' })).toBeVisible();
    await expect(form.getByRole('button', { name: 'Redo' })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    await page.goto('/admin?tab=faqs');
    await expect(page.getByTestId('faq-row').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.goto('/admin?tab=article_categories');
    await expect(page.getByTestId('article-category-row').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
