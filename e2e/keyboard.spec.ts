/**
 * Working from the keyboard: the command palette (Ctrl+K) opens refs, finds customers and runs the order
 * page's actions; the order page's keys; the `?` help; the header search opening an exact ref; and a one- or
 * two-letter search that keeps what was typed. Each test brings its own order through the storefront API.
 */
import { expect, type Page } from '@playwright/test';
import { type ApiClient, apiAs, assignItems, createOrder, ordererId } from './api-helpers';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, test } from './fixtures';

let admin: ApiClient;
let baseUrl: string;

test.beforeAll(async ({ baseURL }) => {
  baseUrl = baseURL ?? '';
  admin = await apiAs(baseUrl, 'admin@demo.test');
});
test.afterAll(async () => {
  await admin.dispose();
});

/** A fresh order of two items for a customer no demo order has, the items with alice. */
async function newOrder() {
  const name = `Keyla Keyboard${Date.now().toString(36)}`;
  const order = await createOrder(baseUrl, [{}, { type: 'Death Certificate' }], {
    name,
    email: `${name.replace(/\s/g, '.').toLowerCase()}@example.com`,
  });
  await assignItems(admin, order.itemRefs, await ordererId(admin, 'alice@demo.test'));
  return { ...order, customer: name };
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox');

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(paletteInput(page)).toBeFocused();
}

test('Ctrl+K opens an item ref and an order ref, and says when a ref is nobody’s', async ({ page }) => {
  const { ref: orderRef, itemRefs } = await newOrder();
  await signIn(page);

  await openPalette(page);
  await expect(paletteInput(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(palette(page).getByRole('listbox')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // An item ref opens at once on Enter.
  await paletteInput(page).fill(itemRefs[1]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${itemRefs[1]}$`));
  await expect(palette(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: `Order item ${itemRefs[1]}` })).toBeVisible();

  // An order ref opens its first item.
  await openPalette(page);
  await paletteInput(page).fill(orderRef);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${itemRefs[0]}$`));
  // Ctrl+K toggles the palette: wait until it has closed before opening it again.
  await expect(palette(page)).toBeHidden();

  // A ref of nothing says so in the palette and stays there.
  await openPalette(page);
  await paletteInput(page).fill('987654321');
  await page.keyboard.press('Enter');
  await expect(palette(page).getByTestId('palette-status')).toHaveText('No item or order 987654321');
  await expect(page).toHaveURL(new RegExp(`/orders/${itemRefs[0]}$`));

  // Esc closes it. It is still open, its input focused for another try: Ctrl+K here would close it (the chord
  // toggles), and the old step that pressed it passed only while the closing palette was still fading out.
  await expect(paletteInput(page)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
});

test('Ctrl+K finds a customer by name: arrow keys pick one of their items, Enter opens it', async ({
  page,
}) => {
  const { itemRefs, customer } = await newOrder();
  await signIn(page);
  await openPalette(page);
  await paletteInput(page).fill(customer);
  const matches = palette(page).getByRole('group', { name: 'Matching items' });
  await expect(matches.getByRole('option')).toHaveCount(2);
  await expect(matches.getByRole('option', { name: new RegExp(itemRefs[1]) })).toContainText(
    'Death Certificate',
  );
  // The first match is active; one press down makes the other one active (aria-activedescendant follows).
  const [first, second] = [matches.getByRole('option').nth(0), matches.getByRole('option').nth(1)];
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(first).toHaveAttribute('aria-selected', 'false');
  await expect(paletteInput(page)).toHaveAttribute(
    'aria-activedescendant',
    (await second.getAttribute('id')) ?? '',
  );
  const label = (await second.getAttribute('aria-label')) ?? '';
  const picked = itemRefs.find((r) => label.startsWith(`${r} `));
  expect(picked, label).toBeTruthy();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${picked}$`));
});

test('on the order page the palette runs the item’s actions, and the page’s keys work', async ({ page }) => {
  const { itemRefs } = await newOrder();
  await signIn(page);
  await page.goto(`/orders/${itemRefs[0]}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order item ${itemRefs[0]}` })).toBeVisible({
    timeout: 30_000,
  });
  const flag = page.getByRole('button', { name: 'Flag', exact: true });
  await expect(flag).toHaveAttribute('aria-pressed', 'false');

  // The screen's actions come first, filtered by what is typed.
  await openPalette(page);
  const actions = palette(page).getByRole('group', { name: 'Actions on this screen' });
  await expect(actions.getByRole('option', { name: 'Escalate panel' })).toBeVisible();
  await expect(actions.getByRole('option', { name: 'Add Notes panel' })).toBeVisible();
  await paletteInput(page).fill('flag');
  await expect(actions.getByRole('option').first()).toHaveText(/Flag this item/);
  await page.keyboard.press('Enter');
  await expect(palette(page)).toBeHidden();
  await expect(flag).toHaveAttribute('aria-pressed', 'true');

  // f toggles it back; c opens Add Notes with the cursor in the note; digits open the panels.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('f');
  await expect(flag).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('c');
  await expect(page.getByRole('tab', { name: 'Add Notes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Note' })).toBeFocused();
  // Typing in the note is typing, not shortcuts.
  await page.keyboard.type('fe1');
  await expect(page.getByRole('textbox', { name: 'Note' })).toHaveValue('fe1');
  await expect(flag).toHaveAttribute('aria-pressed', 'false');
  await page.getByRole('textbox', { name: 'Note' }).fill('');
  await page.getByRole('textbox', { name: 'Note' }).blur();
  await page.keyboard.press('1');
  await expect(page.getByRole('tab', { name: 'Modify Order' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Modify Order' })).toHaveAttribute('aria-keyshortcuts', '1');
  await expect(page.getByRole('tab', { name: 'Modify Order' })).toHaveText('Modify Order');
  await page.keyboard.press('e');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Message' }).blur();

  // An admin reassigns from the palette, after confirming.
  await openPalette(page);
  await paletteInput(page).fill('reassign to bob');
  await expect(actions.getByRole('option').first()).toHaveText(/Reassign to Bob/);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `Reassign ${itemRefs[0]}?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: /Reassign to Bob/ }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/Bob/);

  // The `a` key opens the assign menu.
  await page.keyboard.press('a');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});

test('? lists every shortcut by section; shortcuts wait while a dialog is open', async ({ page }) => {
  await signIn(page);
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  for (const section of ['Global', 'Lists', 'Conversations inbox', 'Order page'])
    await expect(help.getByRole('heading', { name: section })).toBeVisible();
  const lists = help.getByRole('region', { name: 'Lists' });
  for (const key of ['j', 'k', 'Enter', 'x'])
    await expect(lists.getByText(key, { exact: true })).toBeVisible();
  await expect(help.getByRole('region', { name: 'Global' })).toContainText('Go to the escalations');
  await expect(help.getByRole('region', { name: 'Order page' })).toContainText('Flag or unflag');
  await expectNoSeriousA11yViolations(page);
  // g s does nothing while the help is open.
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  await page.keyboard.press('g');
  await page.keyboard.press('s');
  await expect(page).toHaveURL(/\/search$/);
});

test('the header search opens an exact ref, and a short search keeps its text with a calm hint', async ({
  page,
}) => {
  const { ref: orderRef, itemRefs } = await newOrder();
  await signIn(page);
  const header = page.getByRole('textbox', { name: 'Search orders' });

  await header.fill(itemRefs[1]);
  await header.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${itemRefs[1]}$`));
  await expect(header).toHaveValue(itemRefs[1]);

  await header.fill(orderRef);
  await header.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${itemRefs[0]}$`));

  // One or two characters: the search page keeps them and says what it needs, no failure.
  await header.fill('ab');
  await header.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=ab$/);
  const input = page.getByRole('textbox', { name: 'Search for' });
  await expect(input).toHaveValue('ab');
  await expect(header).toHaveValue('ab');
  await expect(page.getByTestId('search-hint')).toHaveText('Type at least 3 characters to search.');
  await expect(page.getByText('Search Failure!')).toHaveCount(0);

  await input.fill('x');
  await page.getByRole('search', { name: 'Quick search' }).getByRole('button', { name: 'Search' }).click();
  await expect(input).toHaveValue('x');
  await expect(page.getByTestId('search-hint')).toBeVisible();
  await expect(page.getByText('Search Failure!')).toHaveCount(0);

  // A real search moves focus to its first result; an exact ref offers Enter to open it.
  await input.fill(itemRefs[1]);
  await input.press('Enter');
  const first = page.getByTestId('search-results').getByRole('link', { name: itemRefs[1], exact: true });
  await expect(first).toBeFocused();
  await expect(page.getByTestId('open-hint')).toContainText(`Enter to open ${itemRefs[1]}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${itemRefs[1]}$`));
});

test('on a phone the header’s search button opens the palette', async ({ page }) => {
  const { itemRefs } = await newOrder();
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await expect(page.getByRole('textbox', { name: 'Search orders' })).toBeHidden();
  await page.getByRole('button', { name: 'Search orders and commands' }).click();
  await expect(paletteInput(page)).toBeFocused();
  await paletteInput(page).fill(itemRefs[0]);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/orders/${itemRefs[0]}$`));
});

test('Ctrl+Enter submits the open action panel, a confirmation and a bulk dialog, never a disabled or busy one (issue 49)', async ({
  page,
}) => {
  const { itemRefs, customer } = await newOrder();
  await signIn(page);
  await page.goto(`/orders/${itemRefs[0]}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order item ${itemRefs[0]}` })).toBeVisible({
    timeout: 30_000,
  });

  // The action panel: the note is sent once, however often the chord is pressed while it is on its way.
  let notesSent = 0;
  let letThrough: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    letThrough = resolve;
  });
  await page.route('**/order_items/*/add_note*', async (route) => {
    notesSent += 1;
    await held;
    await route.fallback();
  });
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('c');
  const note = page.getByRole('textbox', { name: 'Note' });
  await expect(note).toBeFocused();
  await page.keyboard.type('Sent with Ctrl+Enter.');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('button', { name: 'Add note' })).toHaveAttribute('data-loading', /.*/);
  await page.keyboard.press('Control+Enter');
  await page.keyboard.press('Meta+Enter');
  letThrough();
  await expect(page.getByRole('region', { name: 'Comments' })).toContainText('Sent with Ctrl+Enter.');
  expect(notesSent).toBe(1);
  await page.unroute('**/order_items/*/add_note*');

  // A confirmation (no form): the chord presses its confirming button.
  await openPalette(page);
  await paletteInput(page).fill('reassign to bob');
  await expect(
    palette(page).getByRole('group', { name: 'Actions on this screen' }).getByRole('option').first(),
  ).toHaveText(/Reassign to Bob/);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `Reassign ${itemRefs[0]}?` });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Control+Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(/Bob/);

  // A bulk dialog: nothing while its button is disabled (no orderer chosen yet), then the assignment.
  await page.goto(`/search?q=${encodeURIComponent(customer)}`);
  await page.getByRole('checkbox', { name: `Tick ${itemRefs[1]}` }).check();
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: 'Assign…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign 1 item?' });
  await expect(dialog.getByLabel('Orderer')).toBeFocused();
  let bulkSent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/bulk')) bulkSent += 1;
  });
  await page.keyboard.press('Control+Enter');
  await expect(dialog.getByRole('button', { name: 'Assign 1 item' })).toBeDisabled();
  await expect(dialog).toBeVisible();
  expect(bulkSent).toBe(0);
  await dialog.getByLabel('Orderer').click();
  await page.getByRole('option', { name: 'Bob Orderer' }).click();
  await dialog.getByLabel('Orderer').focus();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('bulk-outcome')).toContainText('Assign: 1 done, 0 refused.');
  expect(bulkSent).toBe(1);
});

test('the first Ctrl+K pressed while signing in opens the palette once the shell is there (issue 49)', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await page.getByLabel(/e-?mail/i).fill('alice@demo.test');
  await page.getByLabel(/password/i).fill(DEMO_PASSWORD);
  // The sign-in answer held a moment: the chord comes while the sign-in page is still all there is.
  let answered: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answered = resolve;
  });
  let signingIn: () => void = () => {};
  const sent = new Promise<void>((resolve) => {
    signingIn = resolve;
  });
  await page.route('**/api/v1/session.json', async (route) => {
    signingIn();
    await held;
    await route.fallback();
  });
  await page.getByLabel(/password/i).press('Enter');
  await sent;
  await page.keyboard.press('Control+k');
  await expect(page.getByTestId('clock')).toHaveCount(0);
  answered();
  await expect(page.getByTestId('clock')).toBeVisible();
  await expect(paletteInput(page)).toBeFocused();
  // The palette works as ever: Esc closes it and Ctrl+K opens it again.
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await openPalette(page);
});
