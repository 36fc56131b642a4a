/**
 * Undo (issue 49, docs/decisions/undo.md): after a reversible change the toast offers Undo for 5 seconds; the
 * button, or `z` while it shows, takes the change back through the API and the item's timeline says so; a
 * change someone made since makes the server refuse (409) and the toast says why, with nothing changed.
 * Each test makes its own records through the API.
 */
import { expect, type Page } from '@playwright/test';
import { type ApiClient, apiAs, createOrder } from './api-helpers';
import { signIn, test } from './fixtures';

let admin: ApiClient;
test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL ?? '', 'admin@demo.test');
});
test.afterAll(async () => {
  await admin.dispose();
});

const flaggedOf = async (ref: string) =>
  (await admin.get<{ order_item: { flagged: boolean } }>(`order_items/${ref}`)).order_item.flagged;

/** The toast whose message has the text given (hovered, it stays while the test uses it). */
function undoToast(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/** A new item of this test's own, flagged from its order page as admin: its ref, the Flag button and the toast. */
async function flagNewItem(page: Page, baseURL: string | undefined) {
  const { itemRefs } = await createOrder(baseURL ?? '', [{}]);
  const [ref] = itemRefs;
  await signIn(page);
  await page.goto(`/orders/${ref}`);
  const flag = page.getByRole('button', { name: 'Flag', exact: true });
  await expect(flag).toHaveAttribute('aria-pressed', 'false');
  await flag.click();
  await expect(flag).toHaveAttribute('aria-pressed', 'true');
  const toast = undoToast(page, 'flagged');
  await expect(toast).toBeVisible();
  await toast.hover();
  return { ref, flag, toast };
}

test('flag on the order page, then Undo: the flag is off again and the timeline says it was undone', async ({
  page,
  baseURL,
}) => {
  const { ref, flag, toast } = await flagNewItem(page, baseURL);
  expect(await flaggedOf(ref)).toBe(true);

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Undone: ${ref} flagged.` })).toBeVisible();
  await expect(flag).toHaveAttribute('aria-pressed', 'false');
  expect(await flaggedOf(ref)).toBe(false);
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Undone: flagged', { exact: true }),
  ).toBeVisible();
});

test('z undoes the last change while its toast shows', async ({ page, baseURL }) => {
  const { ref, flag } = await flagNewItem(page, baseURL);
  await page.keyboard.press('z');
  await expect(flag).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => flaggedOf(ref)).toBe(false);
});

test('a change made by someone else since: Undo is refused, the toast says why, and nothing changes', async ({
  page,
  baseURL,
}) => {
  const { ref, toast } = await flagNewItem(page, baseURL);

  // Alice flags it off and on again meanwhile: the item has changed since.
  const alice = await apiAs(baseURL ?? '', 'alice@demo.test');
  await alice.post(`order_items/${ref}/toggle_flag`);
  await alice.post(`order_items/${ref}/toggle_flag`);
  await alice.dispose();

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not undo' })).toContainText(
    `${ref} has changed since`,
  );
  expect(await flaggedOf(ref)).toBe(true);
});
