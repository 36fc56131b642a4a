/**
 * The team list (/items, issue 49), driven as staff would: every open item of the team in one list, filtered
 * by orderer and by the unassigned (kept in the URL), its counts, sorted by a column either way, a bulk assign
 * from it; a view of it saved and shared with the team, seen by another user under From the team, then unshared.
 * Each test makes its own order through the storefront API with a customer name of its own to filter by, so
 * parallel specs never share an item.
 */
import { expect, type Page } from '@playwright/test';
import { apiAs, assignItems, createOrder, ordererId } from './api-helpers';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn, test } from './fixtures';

let seq = 0;
/** A customer surname no other test uses, so a text filter finds exactly this test's items. */
function uniqueName(base: string): string {
  seq += 1;
  return `${base}${Date.now().toString(36)}${seq}`;
}

/** A fresh order of three certificates: the first two assigned to Bob, the third left unassigned. */
async function teamItems(baseURL: string, surname: string) {
  const admin = await apiAs(baseURL, 'admin@demo.test');
  const { itemRefs } = await createOrder(baseURL, [{}, {}, {}], {
    name: `Tina ${surname}`,
    email: `${surname.toLowerCase()}@example.com`,
  });
  const bobId = await ordererId(admin, 'bob@demo.test');
  await assignItems(admin, itemRefs.slice(0, 2), bobId);
  return { admin, refs: itemRefs, bobId };
}

const rowOf = (page: Page, ref: string) => page.locator(`tbody tr[data-ref="${ref}"]`);
const table = (page: Page) => page.getByRole('table', { name: 'Team order items' });
const shownRefs = (page: Page) =>
  table(page)
    .locator('tbody tr[data-ref]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-ref')));

async function chooseOrderer(page: Page, name: string) {
  const orderer = page.getByRole('combobox', { name: 'Orderer' });
  if (!(await orderer.isVisible())) await page.getByRole('button', { name: /^Filters/ }).click();
  await orderer.click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('filter the team list by orderer and by the unassigned, sort it, and assign in bulk from it', async ({
  page,
  baseURL,
}) => {
  const surname = uniqueName('Teamlist');
  const { admin, refs, bobId } = await teamItems(baseURL ?? '', surname);

  await signIn(page);
  await page.getByRole('link', { name: 'Team list' }).click();
  await expect(page).toHaveURL(/\/items$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team list' })).toBeVisible();
  await page.getByLabel(/Filter team order items/).fill(surname);
  await expect(table(page).locator('tbody tr')).toHaveCount(3);
  await expect(rowOf(page, refs[0])).toContainText('Bob Orderer');
  await expect(rowOf(page, refs[2])).toContainText('Unassigned');
  const counts = page.getByRole('group', { name: 'Item counts' });
  await expect(counts.getByRole('link', { name: /^Open: 3,/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // One orderer's items, then the unassigned: the URL keeps the choice.
  await chooseOrderer(page, 'Bob Orderer');
  await expect(page).toHaveURL(new RegExp(`orderer=${bobId}`));
  await expect(table(page).locator('tbody tr')).toHaveCount(2);
  await expect(rowOf(page, refs[2])).toHaveCount(0);
  await expect(counts.getByRole('link', { name: /^Open: 2,/ })).toBeVisible();
  await chooseOrderer(page, 'Unassigned');
  await expect(page).toHaveURL(/orderer=none/);
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await expect(rowOf(page, refs[2])).toBeVisible();
  await page.reload();
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips).toContainText('Unassigned');
  await chips.getByRole('button', { name: 'Remove filter Unassigned' }).click();
  await expect(table(page).locator('tbody tr')).toHaveCount(3);

  // Sorted by ref, one way then the other.
  await table(page).getByRole('button', { name: 'Ref' }).click();
  await expect(page).toHaveURL(/sort=ref/);
  await expect.poll(() => shownRefs(page)).toEqual([...refs].sort());
  await table(page).getByRole('button', { name: 'Ref' }).click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect.poll(() => shownRefs(page)).toEqual([...refs].sort().reverse());

  // Every item of the list to Alice, whoever had it.
  await page.getByRole('checkbox', { name: 'Tick all items on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: 'Assign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign 3 items?' });
  await dialog.getByLabel('Orderer').click();
  await page.getByRole('option', { name: 'Alice Orderer' }).click();
  await dialog.getByRole('button', { name: 'Assign 3 items' }).click();
  await expect(page.getByTestId('bulk-outcome')).toContainText('Assign: 3 done, 0 refused.');
  for (const ref of refs) await expect(rowOf(page, ref)).toContainText('Alice Orderer');
  for (const ref of refs) {
    const { order_item } = await admin.get<{ order_item: { user: { name: string } } }>(`order_items/${ref}`);
    expect(order_item.user.name).toBe('Alice Orderer');
  }
  await admin.dispose();
});

test('a view of the team list shared with the team shows to another user, until it is unshared', async ({
  page,
  browser,
  baseURL,
}) => {
  const surname = uniqueName('Teamview');
  const { admin } = await teamItems(baseURL ?? '', surname);
  await admin.dispose();

  await signIn(page, 'alice@demo.test');
  await page.goto(`/items?q=${surname}&orderer=none`);
  await expect(table(page).locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  const name = `Unassigned ${surname.slice(-6)}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('checkbox', { name: /Share with the team/ }).check();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  const mine = page
    .getByRole('group', { name: 'Views', exact: true })
    .getByRole('link', { name: new RegExp(name) });
  await expect(mine).toContainText('Shared with the team');

  // Bob sees it under From the team, with its owner and count, and may open it but not change it.
  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await signIn(bob, 'bob@demo.test');
  const teamViews = bob.getByRole('group', { name: 'From the team' });
  const shared = teamViews.getByRole('link', { name: new RegExp(name) });
  await expect(shared).toContainText('By Alice Orderer');
  await expect(shared).toContainText('1');
  await expect(teamViews.getByRole('button', { name: `Options of view ${name}` })).toHaveCount(0);
  await shared.click();
  await expect(bob).toHaveURL(new RegExp(`/items\\?q=${surname}&orderer=none$`));
  await expect(table(bob).locator('tbody tr')).toHaveCount(1);
  await expectNoSeriousA11yViolations(bob);

  // Alice stops sharing it: gone from Bob's navigation.
  await page
    .getByRole('group', { name: 'Views', exact: true })
    .getByRole('button', { name: `Options of view ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Stop sharing' }).click();
  await expect(mine).not.toContainText('Shared with the team');
  await bob.reload();
  await expect(table(bob).locator('tbody tr')).toHaveCount(1);
  await expect(bob.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);
  await bobContext.close();
});

test('the team list fits a phone (390×844) without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/items?orderer=none');
  await expect(table(page)).toBeVisible();
  await expectNoSidewaysScroll(page);
});
