/** The bell: notifications grouped by order item and kind, the Unread/All filter, opening a group, mark all read. */
import { expect, type Page } from '@playwright/test';
import { apiAs, assignItems, createOrder, ordererId } from './api-helpers';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, test } from './fixtures';

/** A fresh item whose assignment reaches the orderer twice: one group of two "assigned" notifications. */
async function itemAssignedTwice(baseURL: string, email = 'bob@demo.test'): Promise<string> {
  const admin = await apiAs(baseURL, 'admin@demo.test');
  const { itemRefs } = await createOrder(baseURL, [{}]);
  const [ref] = itemRefs;
  const orderer = await ordererId(admin, email);
  const alice = await ordererId(admin, 'alice@demo.test');
  await assignItems(admin, [ref], orderer);
  await admin.post(`order_items/${ref}/reassign`, { reassign: { orderer_id: alice } });
  await admin.post(`order_items/${ref}/reassign`, { reassign: { orderer_id: orderer } });
  await admin.dispose();
  return ref;
}

/**
 * An orderer of this test's own: other tests running at the same time assign items to the demo orderers,
 * and their notifications would arrive after "Mark all read".
 */
async function ownOrderer(baseURL: string): Promise<string> {
  const admin = await apiAs(baseURL, 'admin@demo.test');
  const email = `bell-${Date.now()}-${process.pid}@demo.test`;
  await admin.post('users', {
    email,
    name: 'Nell Notified',
    role: 'orderer',
    is_orderer: true,
    password: DEMO_PASSWORD,
  });
  await admin.dispose();
  return email;
}

const openBell = async (page: Page) => {
  await page.getByTestId('notifications-bell').click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  return panel;
};

test('notifications come grouped by item and kind; a group opens its item and is read; mark all read', async ({
  page,
  baseURL,
}) => {
  const email = await ownOrderer(baseURL as string);
  // A second item, still unread when the first is opened: "Mark all read" then has something to read.
  await itemAssignedTwice(baseURL as string, email);
  const ref = await itemAssignedTwice(baseURL as string, email);
  await signIn(page, email);
  const panel = await openBell(page);

  // Unread first: the new group, titled by item and count, with its two members behind the chevron.
  await expect(panel.getByRole('radio', { name: 'Unread' })).toBeChecked();
  const group = panel.getByTestId('notification-group').filter({ hasText: `${ref} · 2 assignments` });
  await expect(group).toBeVisible();
  await expect(group).toContainText('2 new');
  await group.getByRole('button', { name: `Show the ${ref} · 2 assignments` }).click();
  await expect(group.getByRole('list', { name: `${ref} · 2 assignments` }).getByRole('listitem')).toHaveCount(
    2,
  );
  await expectNoSeriousA11yViolations(page);

  // Opening it goes to the item and reads the group.
  await group
    .getByRole('button', { name: new RegExp(`^${ref} · 2 assignments, unread: open the order item$`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/orders/${ref}$`));
  const again = await openBell(page);
  await expect(again.getByTestId('notification-group').filter({ hasText: `${ref} ·` })).toHaveCount(0);
  await again.getByText('All', { exact: true }).click();
  const readGroup = again.getByTestId('notification-group').filter({ hasText: `${ref} · 2 assignments` });
  await expect(readGroup).toBeVisible();
  await expect(readGroup).not.toHaveAttribute('data-unread');

  // Mark all read: the bell has no count, the Unread view is empty, and a second click is not offered.
  await again.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await again.getByText('Unread', { exact: true }).click();
  await expect(again.getByText('No unread notifications.')).toBeVisible();
  await expect(again.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});

test('on a phone the bell opens within the screen, without sideways scrolling', async ({ page, baseURL }) => {
  const ref = await itemAssignedTwice(baseURL as string);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'bob@demo.test');
  const panel = await openBell(page);
  await panel.getByText('All', { exact: true }).click();
  await expect(
    panel.getByTestId('notification-group').filter({ hasText: `${ref} · 2 assignments` }),
  ).toBeVisible();
  const box = (await panel.boundingBox()) ?? { x: -1, width: Number.POSITIVE_INFINITY };
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});

test('a notification that arrives while the app is open shows a banner on a phone that stays while pointed at; Dismiss (a 24 px target) closes it', async ({
  page,
  baseURL,
}) => {
  const email = await ownOrderer(baseURL as string);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, email);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  const admin = await apiAs(baseURL as string, 'admin@demo.test');
  const { itemRefs } = await createOrder(baseURL as string, [{}]);
  const [ref] = itemRefs;
  await assignItems(admin, [ref], await ordererId(admin, email));
  await admin.dispose();

  // The banner stays 2 s, then leaves; under the pointer it stays, past the time it would have gone.
  const banner = page.getByTestId('notification-banner').filter({ hasText: ref });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await banner.hover();
  await page.waitForTimeout(3500);
  await expect(banner).toBeVisible();
  await expect(banner).not.toHaveAttribute('data-leaving');
  if (process.env.PHONE_SHOTS) await page.screenshot({ path: `${process.env.PHONE_SHOTS}/banner.png` });
  const dismiss = banner.getByRole('button', { name: 'Dismiss' });
  const box = await dismiss.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);
  await dismiss.click();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
