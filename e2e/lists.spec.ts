/**
 * The list screens of issue 18, driven as staff would: the filter bar (text and state control, kept in the
 * URL), count cards linking to the filtered list, saved views in the navigation, "select all matching" with a
 * bulk flag and its per-item result, the escalations desk's bulk reassign, the list keys, and no sideways
 * scrolling on a phone. Each test makes its own order through the storefront API, with a customer name of
 * its own to filter by, so parallel specs never share an item.
 */
import { expect, type Page } from '@playwright/test';
import { type ApiClient, apiAs, assignItems, createOrder, ordererId } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

let seq = 0;
/** A customer surname no other test uses, so a text filter finds exactly this test's items. */
function uniqueName(base: string): string {
  seq += 1;
  return `${base}${Date.now().toString(36)}${seq}`;
}

/** A fresh order of `count` certificates for a unique customer, assigned to the orderer. */
async function itemsFor(baseURL: string, admin: ApiClient, email: string, count: number, surname: string) {
  const { itemRefs } = await createOrder(
    baseURL,
    Array.from({ length: count }, () => ({})),
    { name: `Lisa ${surname}`, email: `${surname.toLowerCase()}@example.com` },
  );
  const id = await ordererId(admin, email);
  await assignItems(admin, itemRefs, id);
  return { refs: itemRefs, ordererId: id };
}

const rowOf = (page: Page, ref: string) => page.locator(`tbody tr[data-ref="${ref}"]`);

test('filter a queue by state with the text box and the state control; the URL keeps it across a reload', async ({
  page,
  baseURL,
}) => {
  const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
  const bob = await apiAs(baseURL ?? '', 'bob@demo.test');
  const surname = uniqueName('Filterby');
  const { refs, ordererId: bobId } = await itemsFor(baseURL ?? '', admin, 'bob@demo.test', 2, surname);
  // One item moves on to "Waiting GRO"; the other stays at "GRO Order Reqd.".
  await bob.post(`order_items/${refs[0]}/gro_order_placed`, {
    gro: { reference: `GRO-${refs[0]}`, destination: 'office_orders', service: 'standard' },
  });

  await signIn(page);
  await page.goto(`/work-queues/${bobId}`);
  const table = page.getByRole('table', { name: /Order items of Bob/ });
  await expect(table.locator('tbody tr').first()).toBeVisible();

  // The text box matches state labels on the server: "Waiting GRO" and the customer.
  const text = page.getByLabel(/Filter order items/);
  await expect(text).toHaveAttribute('placeholder', 'Filter by ref, type, state or customer');
  await text.fill('Waiting GRO');
  await expect(page).toHaveURL(/q=Waiting\+GRO/);
  await expect(rowOf(page, refs[0])).toBeVisible();
  await expect(rowOf(page, refs[1])).toHaveCount(0);
  await text.fill(surname);
  await expect(rowOf(page, refs[0])).toBeVisible();
  await expect(rowOf(page, refs[1])).toBeVisible();

  // The state control narrows further; its choice shows as a removable chip.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByPlaceholder('Any state').click();
  await page.getByRole('option', { name: 'GRO Order Reqd.' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/state=gro_order_required/);
  await expect(rowOf(page, refs[1])).toBeVisible();
  await expect(rowOf(page, refs[0])).toHaveCount(0);
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips).toContainText('State: GRO Order Reqd.');
  await expectNoSeriousA11yViolations(page);

  // Reload: the same filter, from the URL.
  await page.reload();
  await expect(page.getByLabel(/Filter order items/)).toHaveValue(surname);
  await expect(rowOf(page, refs[1])).toBeVisible();
  await expect(rowOf(page, refs[0])).toHaveCount(0);

  // Removing the chip brings the other item back; "Clear all" clears the rest.
  await chips.getByRole('button', { name: /Remove filter State/ }).click();
  await expect(rowOf(page, refs[0])).toBeVisible();
  await expect(page).not.toHaveURL(/state=/);
  await chips.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(new RegExp(`/work-queues/${bobId}$`));
  await admin.dispose();
  await bob.dispose();
});

test('a count card opens the list filtered to what it counts', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await page.goto('/my-queue');
  const counts = page.getByRole('group', { name: 'Item counts' });
  await counts.getByRole('link', { name: /^Waiting: \d+/ }).click();
  await expect(page).toHaveURL(/\/my-queue\?group=waiting$/);
  const table = page.getByRole('table', { name: 'My order items' });
  // Every row shown is in the waiting group (once the filtered page has replaced the one before).
  await expect
    .poll(async () => [
      ...new Set(
        await table
          .locator('tbody [data-group]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-group'))),
      ),
    ])
    .toEqual(['waiting']);
  await expect(page.getByRole('group', { name: 'Active filters' })).toContainText('Group: Waiting');
});

test('save a filtered list as a view: it shows in the navigation with its count and opens the list', async ({
  page,
  baseURL,
}) => {
  const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
  const surname = uniqueName('Saveview');
  await itemsFor(baseURL ?? '', admin, 'alice@demo.test', 2, surname);
  await signIn(page, 'alice@demo.test');
  await page.goto(`/my-queue?q=${surname}`);
  await expect(page.getByRole('table', { name: 'My order items' }).locator('tbody tr')).toHaveCount(2);

  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  // The name starts as the filter in words.
  await expect(dialog.getByLabel('Name')).toHaveValue(surname);
  const name = `Lisa ${surname.slice(-6)}`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save view' }).click();

  const views = page.getByRole('group', { name: 'Views' });
  const link = views.getByRole('link', { name: new RegExp(name) });
  await expect(link).toBeVisible();
  await expect(link).toContainText('2');
  await page.goto('/dashboard');
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/my-queue\\?q=${surname}$`));
  await expect(page.getByRole('table', { name: 'My order items' }).locator('tbody tr')).toHaveCount(2);

  // Renamed, then deleted, from its menu in the navigation.
  const renamed = `${name} renamed`;
  await views.getByRole('button', { name: `Options of view ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: `Rename “${name}”` });
  await rename.getByLabel('Name').fill(renamed);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(views.getByRole('link', { name: new RegExp(renamed) })).toBeVisible();
  await views.getByRole('button', { name: `Options of view ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(views.getByRole('link', { name: new RegExp(renamed) })).toHaveCount(0);
  await admin.dispose();
});

test('select all matching, then flag them: a confirmation with the count and the per-item result', async ({
  page,
  baseURL,
}) => {
  const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
  const surname = uniqueName('Bulkflag');
  const { refs } = await itemsFor(baseURL ?? '', admin, 'bob@demo.test', 3, surname);
  await signIn(page, 'bob@demo.test');
  await page.goto(`/my-queue?q=${surname}`);
  await expect(page.getByRole('table', { name: 'My order items' }).locator('tbody tr')).toHaveCount(3);

  await page.getByRole('checkbox', { name: `Tick ${refs[0]}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar).toContainText('1 selected');
  await bar.getByRole('button', { name: 'Select all 3 matching' }).click();
  await expect(bar).toContainText('All 3 items matching selected');
  for (const ref of refs) await expect(page.getByRole('checkbox', { name: `Tick ${ref}` })).toBeChecked();

  await bar.getByRole('button', { name: 'Flag', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Flag 3 items?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Flag 3 items' }).click();

  const outcome = page.getByTestId('bulk-outcome');
  await expect(outcome).toContainText('Flag: 3 done, 0 refused.');
  // Nothing refused, so nothing stays ticked; the list shows the flags.
  await expect(bar).toHaveCount(0);
  for (const ref of refs) await expect(rowOf(page, ref).getByLabel('Flagged')).toBeVisible();
  for (const ref of refs) {
    const { order_item } = await admin.get<{ order_item: { flagged: boolean } }>(`order_items/${ref}`);
    expect(order_item.flagged).toBe(true);
  }
  await admin.dispose();
});

test('the escalations desk lists escalated items with orderer, stage and age; an admin reassigns in bulk', async ({
  page,
  baseURL,
}) => {
  const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
  const surname = uniqueName('Deskesc');
  const { refs } = await itemsFor(baseURL ?? '', admin, 'alice@demo.test', 2, surname);
  for (const ref of refs)
    await admin.post(`order_items/${ref}/escalate`, {
      escalation: { message: 'The customer gave two dates.' },
    });

  await signIn(page);
  await page.getByRole('link', { name: /^Escalations/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Escalations' })).toBeVisible();
  await page.getByLabel(/Filter escalated order items/).fill(surname);
  const table = page.getByRole('table', { name: 'Escalated order items' });
  for (const ref of refs) {
    await expect(rowOf(page, ref)).toContainText('Alice Orderer');
    await expect(rowOf(page, ref)).toContainText('today');
  }
  await expect(table.locator('tbody tr')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('checkbox', { name: 'Tick all items on this page' }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: 'Assign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign 2 items?' });
  await dialog.getByLabel('Orderer').click();
  await page.getByRole('option', { name: 'Bob Orderer' }).click();
  await dialog.getByRole('button', { name: 'Assign 2 items' }).click();
  await expect(page.getByTestId('bulk-outcome')).toContainText('Assign: 2 done, 0 refused.');
  for (const ref of refs) await expect(rowOf(page, ref)).toContainText('Bob Orderer');
  for (const ref of refs) {
    const { order_item } = await admin.get<{ order_item: { user: { name: string } } }>(`order_items/${ref}`);
    expect(order_item.user.name).toBe('Bob Orderer');
  }

  // The dashboard's card counts by stage and links to the desk.
  await page.goto('/dashboard');
  const card = page.getByTestId('escalations');
  await expect(card.getByRole('group', { name: 'Escalations by stage' })).toBeVisible();
  await card.getByRole('link', { name: 'Open the desk' }).click();
  await expect(page).toHaveURL(/\/escalations$/);
  await admin.dispose();
});

test('j / k move through a list, x ticks, Enter opens; keys typed in the filter stay there', async ({
  page,
  baseURL,
}) => {
  const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
  const surname = uniqueName('Keysjk');
  const { refs } = await itemsFor(baseURL ?? '', admin, 'bob@demo.test', 3, surname);
  await signIn(page, 'bob@demo.test');
  await page.goto(`/my-queue?q=${surname}&sort=ref`);
  const rows = page.getByRole('table', { name: 'My order items' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);

  await page.keyboard.press('j');
  await expect(rows.nth(0)).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1)).toBeFocused();
  await expect(rows.nth(1)).toHaveAttribute('data-active', '');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(1)).toBeFocused();
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Tick ${refs[1]}` })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Bulk actions' })).toContainText('1 selected');

  // Typing in the filter box is typing: no move, no tick.
  await page.getByLabel(/Filter my order items/).press('End');
  await page.getByLabel(/Filter my order items/).press('x');
  await expect(page.getByRole('checkbox', { name: `Tick ${refs[1]}` })).toBeChecked();
  await expect(page.getByLabel(/Filter my order items/)).toHaveValue(`${surname}x`);
  await page.getByLabel(/Filter my order items/).press('Backspace');

  await rows.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${refs[1]}$`));
  await admin.dispose();
});

test('no list screen scrolls sideways on a phone (390×844)', async ({ page, baseURL }) => {
  const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
  const aliceId = await ordererId(admin, 'alice@demo.test');
  await admin.dispose();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  for (const path of [
    '/dashboard',
    '/my-queue',
    `/work-queues/${aliceId}`,
    `/work-queues/${aliceId}?group=waiting`,
    '/escalations',
    '/search?q=Smith',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('table').first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), {
        message: `${path} scrolls sideways`,
      })
      .toBe(true);
  }
  // The state badges keep their whole label.
  await page.goto(`/work-queues/${aliceId}`);
  const badge = page.locator('tbody [data-group]').first();
  await expect(badge).toBeVisible();
  expect(await badge.evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
});

test.describe('in a browser set to US English', () => {
  test.use({ locale: 'en-US' });

  test('the despatch-by filter reads and shows dd/MM/yyyy, not the browser’s mm/dd/yyyy (issue 49)', async ({
    page,
  }) => {
    await signIn(page, 'alice@demo.test');
    await page.goto('/my-queue');
    await page.getByRole('button', { name: /^Filters/ }).click();
    const from = page.getByRole('textbox', { name: 'Despatch by from' });
    const to = page.getByRole('textbox', { name: 'Despatch by to' });
    await expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');

    // Day first: 07/03 is the 7th of March, and 25/03 a day no US date could be.
    await from.fill('07/03/2026');
    await from.blur();
    await to.fill('25/03/2026');
    await to.blur();
    await expect(page).toHaveURL(/due_from=2026-03-07/);
    await expect(page).toHaveURL(/due_to=2026-03-25/);
    await expect(from).toHaveValue('07/03/2026');
    await expect(to).toHaveValue('25/03/2026');
    const chips = page.getByRole('group', { name: 'Active filters' });
    await expect(chips).toContainText('Despatch from 07/03/2026');
    await expect(chips).toContainText('Despatch to 25/03/2026');

    // From the URL (a reload, a shared link) the fields show the same days the same way.
    await page.reload();
    await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(from).toHaveValue('07/03/2026');
    await expect(to).toHaveValue('25/03/2026');
    await expectNoSeriousA11yViolations(page);
  });
});
