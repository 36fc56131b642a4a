import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { createOrder } from './api-helpers';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const STOREFRONT_KEY = 'demo-storefront-key';

/** The session's CSRF token, for API calls made with the page's cookies. */
async function csrfToken(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/v1/users/current_user.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { csrf_token: string }).csrf_token;
}

/** Archived ("other") conversations of our own, enough for a second page; the inbox is left as it was. */
async function archiveConversations(page: Page, count: number, tag: string): Promise<void> {
  const token = await csrfToken(page.request);
  for (let i = 1; i <= count; i++) {
    const created = await page.request.post('/api/v1/storefront/messages.json', {
      headers: { Authorization: `Bearer ${STOREFRONT_KEY}` },
      data: {
        message: {
          email: `paging.${tag}.${i}@example.com`,
          name: `Paging ${tag} ${i}`,
          subject: `Paging ${tag} ${String(i).padStart(2, '0')}`,
          content: `<p>Message ${i} for the paging test.</p>`,
        },
      },
    });
    expect(created.status()).toBe(201);
    const { conversation } = (await created.json()) as { conversation: { id: number } };
    const toggled = await page.request.post(`/api/v1/conversations/${conversation.id}/toggle.json`, {
      headers: { 'X-CSRF-Token': token },
      data: {},
    });
    expect(toggled.ok()).toBe(true);
  }
}

test('an admin ticks two unassigned items and assigns them to an orderer', async ({ page, baseURL }) => {
  // Two fresh unassigned items of our own, for a customer no other test uses: the list is filtered to them
  // (`?q=`, the list filter kept in the URL), so other specs' new orders and assignments never add, move or
  // take away a row of this page while the test ticks (CI flakes: unassigned rows arriving on the last page
  // after "Tick all", and rows shifting to another page as earlier items were assigned elsewhere).
  const surname = `Dashassign${Date.now().toString(36)}`;
  const { itemRefs: refs } = await createOrder(baseURL ?? '', [{}, { type: 'Death Certificate' }], {
    name: `Dana ${surname}`,
    email: `${surname.toLowerCase()}@example.com`,
  });
  await signIn(page);
  await page.goto(`/dashboard?q=${surname}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Unassigned order items' });
  for (const ref of refs) await expect(table.getByRole('link', { name: ref, exact: true })).toBeVisible();
  await expect(table.locator('tbody tr[data-ref]')).toHaveCount(refs.length);

  const assign = page.getByRole('button', { name: 'Assign', exact: true });
  await expect(assign).toBeDisabled();

  // Tick all, then untick all: the rows follow the header box.
  const all = page.getByRole('checkbox', { name: 'Tick all items' });
  await all.check();
  for (const ref of refs) await expect(page.getByRole('checkbox', { name: `Tick ${ref}` })).toBeChecked();
  await all.uncheck();
  await expect(table.getByRole('checkbox', { checked: true })).toHaveCount(0);

  for (const ref of refs) await page.getByRole('checkbox', { name: `Tick ${ref}` }).check();
  await expect(page.getByText('2 ticked')).toBeVisible();
  // Ticked items alone are not enough: an orderer must be chosen too (SPEC section 5).
  await expect(assign).toBeDisabled();

  await page.getByRole('combobox', { name: 'Orderer' }).click();
  await page.getByRole('option', { name: 'Bob Orderer' }).click();
  await expect(assign).toBeEnabled();
  await assign.click();

  await expect(page.getByText('Assigned 2 items to Bob Orderer.')).toBeVisible();
  for (const ref of refs) await expect(table.getByRole('link', { name: ref, exact: true })).toHaveCount(0);
  // Nothing is ticked any more, so Assign waits again.
  await expect(assign).toBeDisabled();

  // The server agrees: both items now belong to Bob.
  for (const ref of refs) {
    const response = await page.request.get(`/api/v1/order_items/${ref}.json`);
    const body = (await response.json()) as { order_item: { user: { name: string } | null } };
    expect(body.order_item.user?.name).toBe('Bob Orderer');
  }
});

test('conversations switch between inbox and other, and page 25 at a time', async ({ page }) => {
  await signIn(page);
  await archiveConversations(page, 26, `${Date.now()}`);
  await page.goto('/dashboard');

  const card = page.getByTestId('conversations');
  const inbox = card.getByRole('table', { name: 'Inbox conversations' });
  await expect(inbox.getByRole('link', { name: 'Where is my certificate?', exact: true })).toBeVisible();
  await expect(inbox.getByRole('link', { name: /^Paging / })).toHaveCount(0);

  await card.getByText('Other', { exact: true }).click();
  const other = card.getByRole('table', { name: 'Other conversations' });
  await expect(other).toBeVisible();
  await expect(other.locator('tbody tr')).toHaveCount(25);
  await expect(other.getByRole('link', { name: 'Where is my certificate?', exact: true })).toHaveCount(0);
  await expect(card.getByText(/^1–25 of \d+$/)).toBeVisible();

  await card.getByRole('button', { name: 'Page 2' }).click();
  await expect(card.getByText(/^26–\d+ of \d+$/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(other.getByRole('link', { name: /^Paging / }).first()).toBeVisible();

  // The oldest archived conversation of the demo data is on the last page.
  const total = Number((await card.getByText(/^26–\d+ of \d+$/).textContent())?.split(' of ')[1]);
  const lastPage = Math.ceil(total / 25);
  if (lastPage > 2) await card.getByRole('button', { name: `Page ${lastPage}` }).click();
  await expect(other.getByRole('link', { name: 'Thank you' })).toBeVisible();

  // One page back (page 1 when there are two; more when other specs or an earlier run archived more).
  await card.getByRole('button', { name: 'Previous page' }).click();
  const previous = Math.max(lastPage, 2) - 1;
  await expect(
    card.getByText(new RegExp(`^${(previous - 1) * 25 + 1}–${previous * 25} of \\d+$`)),
  ).toBeVisible();

  // Each conversation opens in the inbox.
  const first = other.getByRole('link', { name: /^Paging / }).first();
  await expect(first).toHaveAttribute('href', /^\/conversations\/\d+$/);

  // Back to the inbox starts again at page 1.
  await card.getByText('Inbox', { exact: true }).click();
  await expect(inbox.getByRole('link', { name: 'Where is my certificate?', exact: true })).toBeVisible();
  await expect(card.getByText(/^1–\d+ of \d+$/)).toBeVisible();
});

test('the lists link to their own screens', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');

  const stats = page.getByTestId('orderer-stats');
  await expect(stats.getByRole('link', { name: 'Alice Orderer' })).toHaveAttribute(
    'href',
    /^\/work-queues\/\d+$/,
  );
  await expect(stats.getByText(/overdue/).first()).toBeVisible();

  const fco = page.getByTestId('waiting-fco');
  await expect(fco.getByRole('link', { name: /^FCO-/ }).first()).toHaveAttribute(
    'href',
    /^\/fco_batch\/\d+$/,
  );
  await expect(fco.getByRole('link', { name: /^\d+-\d+$/ }).first()).toHaveAttribute(
    'href',
    /^\/orders\/\d+-\d+$/,
  );

  const unpaid = page.getByTestId('unpaid-carts');
  await expect(unpaid.getByRole('link', { name: 'C-5001' })).toHaveAttribute('href', '/unpaid/C-5001');
  const cart = unpaid.getByRole('link').first();
  const cartRef = (await cart.textContent()) ?? '';
  await cart.click();
  await expect(page).toHaveURL(new RegExp(`/unpaid/${cartRef}$`));
});

test('an orderer sees the unassigned items but no tick boxes or assign controls', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await page.goto('/dashboard');
  const table = page.getByRole('table', { name: 'Unassigned order items' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(table.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Assign', exact: true })).toHaveCount(0);
});

test('the dashboard has no serious accessibility violations', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('table', { name: 'Unassigned order items' })).toBeVisible();
  await expect(page.getByTestId('conversations').getByRole('table')).toBeVisible();
  await expect(page.getByTestId('unpaid-carts').getByRole('table')).toBeVisible();
  await expect(page.getByTestId('orderer-stats').getByRole('list')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('dashboard.png') });
});

test("signing in loads the dashboard's code while the form is filled in, and asks for its items first", async ({
  page,
}) => {
  // The dashboard's chunk comes while the sign-in page sits idle, before anyone clicks.
  const preloaded = page.waitForRequest(/\/assets\/dashboard-page-[\w-]+\.js$/);
  await page.goto('/sign-in');
  await preloaded;
  await page.getByLabel(/e-?mail/i).fill('admin@demo.test');
  await page.getByLabel(/password/i).fill(DEMO_PASSWORD);

  const api: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) api.push(url.pathname + url.search);
  });
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const items = page.getByRole('table', { name: 'Unassigned order items' });
  await expect(items.getByRole('link').first()).toBeVisible();
  // The route's loader asked for the cards' data before the shell rendered (and asked for its own data).
  expect(api[0]).toBe('/api/v1/session.json');
  expect(api[1]).toBe('/api/v1/order_items/dashboard.json?page=1');
  expect(api.indexOf('/api/v1/carts/unpaid.json')).toBeLessThan(api.indexOf('/api/v1/notifications.json'));
});

test('the items to assign are on the page before the other cards render, which follow on their own', async ({
  page,
}) => {
  // What the document holds the moment the items' first row appears (a MutationObserver sees each commit). On a
  // fresh load the card may show grey rows first: the other cards wait for the list (their grey blocks too, so
  // the list filling does not push them down: e2e/layout-stability.spec.ts).
  await page.addInitScript(`
    new MutationObserver((_, observer) => {
      if (!document.querySelector('section[data-testid="unassigned"] tbody a')) return;
      observer.disconnect();
      window.__firstPaint = {
        conversations: !!document.querySelector('section[data-testid="conversations"]'),
        stats: !!document.querySelector('section[data-testid="orderer-stats"]'),
        placeholders: document.querySelectorAll('main [role="status"][aria-label="Loading…"]').length,
      };
    }).observe(document, { childList: true, subtree: true });
  `);
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('conversations').getByRole('table')).toBeVisible();
  await expect(page.getByTestId('orderer-stats').getByRole('list')).toBeVisible();
  expect(await page.evaluate('window.__firstPaint')).toEqual({
    conversations: false,
    stats: false,
    placeholders: 2,
  });
  await expect(page.locator('main [role="status"][aria-label="Loading…"]')).toHaveCount(0);
});

test("a closed picker's options are not on the page until it opens", async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('conversations').getByRole('table')).toBeVisible();
  // The dashboard's pickers (the orderer to assign to, the conversations' assignee), none open: no option of
  // theirs is rendered, hidden or not.
  await expect(page.locator('[role="option"]')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Orderer' }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('[role="option"]')).toHaveCount(0);
});

/**
 * What is cut in `scope`: a cell whose content is wider than the cell, a table wider than a box around it (a
 * sideways scroll that hides its last columns), or text cut with an ellipsis that has no tooltip.
 */
async function cutColumns(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((root) => {
    const cut: string[] = [];
    const text = (el: Element) => (el.textContent ?? '').trim().slice(0, 40);
    for (const cell of root.querySelectorAll('td, th'))
      if (cell.scrollWidth > cell.clientWidth + 1) cut.push(`cell "${text(cell)}" overflows`);
    for (const table of root.querySelectorAll('table'))
      for (let box = table.parentElement; box && box !== root.parentElement; box = box.parentElement)
        if (box.scrollWidth > box.clientWidth + 1) {
          cut.push(`table "${table.getAttribute('aria-label')}" is wider than its box`);
          break;
        }
    for (const el of root.querySelectorAll('*'))
      if (
        getComputedStyle(el).textOverflow === 'ellipsis' &&
        el.scrollWidth > el.clientWidth + 1 &&
        !el.closest('[title]')
      )
        cut.push(`"${text(el)}" is cut without a tooltip`);
    return cut;
  });
}

test('at 1440 × 900 the items to assign, the conversations and the escalations desk show every column (issue 49)', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/dashboard');
  await expect(page.getByTestId('unassigned').locator('tbody tr').first()).toBeVisible();
  const conversations = page.getByRole('table', { name: 'Inbox conversations' });
  await expect(conversations.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Unassigned order items' })).toContainText('Net value');
  await expect(page.getByTestId('unpaid-carts').locator('tbody tr').first()).toBeVisible();
  // Every card of the dashboard: the two lists, and the escalations, orderers, FCO batches and unpaid orders.
  expect(await cutColumns(page, 'main')).toEqual([]);

  await page.goto('/escalations');
  const desk = page.getByRole('table', { name: 'Escalated order items' });
  await expect(desk.locator('tbody tr').first()).toBeVisible();
  await expect(desk.getByText('(overdue)').first()).toBeVisible();
  expect(await cutColumns(page, 'main')).toEqual([]);
});
