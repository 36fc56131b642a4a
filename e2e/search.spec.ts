/**
 * /search: quick search with and without results, advanced search with and without results, a failed search,
 * a query too short to run, and the query kept in the URL (reload, back and forward, the header's search
 * box). Read-only: the demo data is searched, never changed.
 */
import { expect, type Page } from '@playwright/test';
import type { OrderItem } from '../domain/contract/order-item';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

/** A real order item with a surname on it, from an orderer's queue. */
async function someNamedItem(page: Page): Promise<OrderItem> {
  const { orderers } = (await (await page.request.get('/api/v1/users/orderers.json')).json()) as {
    orderers: { id: number }[];
  };
  for (const { id } of orderers) {
    const { order_items } = (await (
      await page.request.get(`/api/v1/orderers/${id}/order_items.json`)
    ).json()) as {
      order_items: { ref: string }[];
    };
    // List rows are slim: the names are on the item itself.
    for (const { ref } of order_items.slice(0, 20)) {
      const { order_item: item } = (await (
        await page.request.get(`/api/v1/order_items/${ref}.json`)
      ).json()) as {
        order_item: OrderItem;
      };
      if ((item.orderable.surname_a ?? '').length >= 3) return item;
    }
  }
  throw new Error('The demo data has no named order items in any queue.');
}

const results = (page: Page) => page.getByTestId('search-results');
const quickInput = (page: Page) => page.getByRole('textbox', { name: 'Search for' });

async function quickSearch(page: Page, text: string) {
  await quickInput(page).fill(text);
  await page.getByRole('search', { name: 'Quick search' }).getByRole('button', { name: 'Search' }).click();
}

/**
 * Presses the advanced form's Search and waits for the URL to say the search was sent (`sent`, the
 * parameters it must hold), so what is checked next is this search's answer, not the last one's. The button
 * is disabled while a search is fetched (web/routes/search/search-forms.tsx, `loading`), and a live update
 * from a parallel spec refetches the search on screen at any moment: a click landing just as such a refetch
 * starts is lost (Playwright saw the button enabled, the browser then ignored the click; the last search's
 * results stayed). So the click is made again, once the button is enabled, until the URL shows it.
 */
async function searchAdvanced(page: Page, sent: Record<string, string>) {
  const button = page
    .getByRole('search', { name: 'Advanced search' })
    .getByRole('button', { name: 'Search' });
  const holds = (url: URL) =>
    Object.entries(sent).every(([key, value]) => url.searchParams.get(key) === value);
  await expect(async () => {
    await button.click({ timeout: 5_000 });
    await expect(page).toHaveURL(holds, { timeout: 2_000 });
  }).toPass();
}

test('quick search finds an item by its ref and by a name, and says when nothing matches', async ({
  page,
}) => {
  await signIn(page);
  const item = await someNamedItem(page);
  await page.goto('/search');
  await expect(page.getByText('No search yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await quickSearch(page, item.ref);
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${item.ref}$`));
  const link = results(page).getByRole('link', { name: item.ref, exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', `/orders/${item.ref}`);
  const row = results(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: item.ref, exact: true }) });
  await expect(row).toContainText(item.type);
  await expect(row).toContainText(item.state_label);
  await expect(row).toContainText(item.order.customer_name);
  await expect(page.getByTestId('results-summary')).toContainText(/match/);
  await expectNoSeriousA11yViolations(page);

  const surname = item.orderable.surname_a ?? '';
  await quickSearch(page, surname);
  // The ref's search found the item too: its link proves this search's answer only once the URL has it.
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(surname);
  await expect(results(page).getByRole('link', { name: item.ref, exact: true })).toBeVisible();

  // The next search straight away, as a quick typist would: the URL catching up with the last search (it
  // commits a moment after the click) must not put the last query back into the box over this one. CI once
  // searched "Campbell" again here; the page now keeps what was typed (search-page.tsx, sentQuery).
  await quickSearch(page, 'qqzzxxnothing');
  await expect(page).toHaveURL(/\/search\?q=qqzzxxnothing$/);
  await expect(quickInput(page)).toHaveValue('qqzzxxnothing');
  await expect(page.getByTestId('no-results')).toContainText('No results');
  await expect(results(page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the query lives in the URL: reload, back and forward, and the header search box', async ({ page }) => {
  await signIn(page);
  const item = await someNamedItem(page);
  const surname = item.orderable.surname_a ?? '';
  const searchedFor = () => new URL(page.url()).searchParams.get('q');

  // A name goes to the search page (an exact ref would open the item: e2e/keyboard.spec.ts).
  await page.getByRole('textbox', { name: 'Search orders' }).fill(surname);
  await page.getByRole('textbox', { name: 'Search orders' }).press('Enter');
  await expect.poll(searchedFor).toBe(surname);
  await expect(quickInput(page)).toHaveValue(surname);
  await expect(results(page).getByRole('link', { name: item.ref, exact: true })).toBeVisible();

  await quickSearch(page, 'qqzzxxnothing');
  await expect(page.getByTestId('no-results')).toBeVisible();

  await page.goBack();
  await expect(quickInput(page)).toHaveValue(surname);
  await expect(results(page).getByRole('link', { name: item.ref, exact: true })).toBeVisible();

  await page.goForward();
  await expect(quickInput(page)).toHaveValue('qqzzxxnothing');
  await expect(page.getByTestId('no-results')).toBeVisible();

  await page.reload();
  await expect(quickInput(page)).toHaveValue('qqzzxxnothing');
  await expect(page.getByTestId('no-results')).toBeVisible();
});

test('advanced search by type and names, with results and with none', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  const item = await someNamedItem(page);
  const surname = item.orderable.surname_a ?? '';
  await page.goto('/search');
  await page.getByText('Advanced search', { exact: true }).click();
  await expect(page).toHaveURL(/mode=advanced/);
  const form = page.getByRole('search', { name: 'Advanced search' });
  await expect(form).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Nothing to search for is caught before the server is asked.
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Choose a type or fill in at least one name.')).toBeVisible();

  await form.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: item.type, exact: true }).click();
  await form.getByRole('textbox', { name: 'Surname (A)' }).fill(surname.toLowerCase());
  await searchAdvanced(page, { surname_a: surname.toLowerCase() });
  await expect(page).toHaveURL(/surname_a=/);
  const link = results(page).getByRole('link', { name: item.ref, exact: true });
  await expect(link).toBeVisible();
  // Every result is of the chosen type.
  const typeCells = results(page).locator('tbody tr td:nth-child(3)');
  await expect(typeCells.first()).toContainText(item.type);
  for (const text of await typeCells.allTextContents()) expect(text.startsWith(item.type)).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // Sorting by ref orders the rows without asking the server again.
  await results(page).getByRole('button', { name: 'Ref' }).click();
  await expect(results(page).getByRole('columnheader', { name: 'Ref' })).toHaveAttribute(
    'aria-sort',
    'ascending',
  );

  // Fragments of the surname and of the first name, in another case: matched through the names written.
  const firstname = item.orderable.firstname_a ?? '';
  const surnamePart = (surname.length >= 4 ? surname.slice(1) : surname).toUpperCase();
  const firstnamePart = firstname.length >= 4 ? firstname.slice(1, 4) : firstname;
  await form.getByRole('textbox', { name: 'Surname (A)' }).fill(surnamePart);
  await form.getByRole('textbox', { name: 'First name (A)' }).fill(firstnamePart);
  await searchAdvanced(page, { surname_a: surnamePart, firstname_a: firstnamePart });
  await expect(results(page).getByRole('link', { name: item.ref, exact: true })).toBeVisible();

  await form.getByRole('textbox', { name: 'First name (C)' }).fill('Qqzzxx');
  await searchAdvanced(page, { firstname_c: 'Qqzzxx' });
  await expect(page.getByTestId('no-results')).toContainText('No results');

  // The advanced search survives a reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First name (C)' })).toHaveValue('Qqzzxx');
  await expect(page.getByTestId('no-results')).toBeVisible();

  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('textbox', { name: 'Surname (A)' })).toHaveValue('');
  await expect(page.getByText('No search yet')).toBeVisible();
});

test('a quick search too short to run keeps its text with a hint; a failed search shows the alert and clears it', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/search');
  // The server refuses a query shorter than three characters: the page says so before asking, calmly.
  await quickSearch(page, 'ab');
  await expect(page).toHaveURL(/\/search\?q=ab$/);
  await expect(quickInput(page)).toHaveValue('ab');
  await expect(page.getByTestId('search-hint')).toHaveText('Type at least 3 characters to search.');
  await expect(page.getByRole('alert').filter({ hasText: 'Search Failure!' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // A search that fails (here the server breaks) shows SPEC's alert and clears the query.
  await page.route('**/api/v1/search/simple.json', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong.' } } }),
  );
  await quickSearch(page, 'qqzzxxbroken');
  await expect(page.getByRole('alert').filter({ hasText: 'Search Failure!' })).toHaveText('Search Failure!');
  await expect(quickInput(page)).toHaveValue('');
  await expect(page).toHaveURL(/\/search$/);
  await expectNoSeriousA11yViolations(page);

  // The next search clears the alert.
  await page.unroute('**/api/v1/search/simple.json');
  await quickSearch(page, 'qqzzxxnothing');
  await expect(page.getByTestId('no-results')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Search Failure!' })).toHaveCount(0);
});

test('an advanced search that fails shows the alert and clears the names', async ({ page }) => {
  await signIn(page);
  // Any failure counts, not only a refused query: here the server breaks.
  await page.route('**/api/v1/search/advanced.json', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong.' } } }),
  );
  await page.goto('/search?mode=advanced');
  const form = page.getByRole('search', { name: 'Advanced search' });
  await form.getByRole('textbox', { name: 'Surname (B)' }).fill('Jones');
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Search Failure!' })).toHaveText('Search Failure!');
  await expect(form.getByRole('textbox', { name: 'Surname (B)' })).toHaveValue('');
  await expect(page).toHaveURL(/\/search\?mode=advanced$/);
});

test('a capped count says there are more matches than were counted', async ({ page }) => {
  await signIn(page);
  const item = await someNamedItem(page);
  // The demo data is too small to reach the cap; the server's answer is marked as capped on the way.
  await page.route('**/api/v1/search/simple.json', async (route) => {
    const response = await route.fetch();
    const json = { ...(await response.json()), total: 500, total_capped: true };
    await route.fulfill({ response, json });
  });
  await page.goto(`/search?q=${item.ref}`);
  await expect(page.getByTestId('results-summary')).toContainText('More than 500 matches');
  await expect(page.getByTestId('results-summary')).toContainText('Refine the search');
});
