/**
 * The order context on the item page (issue 18): the order's items as links with their states (this one
 * marked), the order ref in the details leading to them, and the customer's other orders (found by e-mail in
 * any case) one click away, each opening its first item.
 */
import { expect } from '@playwright/test';
import { apiAs, assignItems, createOrder, ordererId } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

test('the item page links to the order’s other items and the customer’s other orders', async ({
  page,
  baseURL,
}) => {
  const email = `context-${Date.now()}@example.com`;
  const earlier = await createOrder(baseURL ?? '', [{}], { name: 'Cora Context', email });
  const order = await createOrder(baseURL ?? '', [{}, { type: 'Death Certificate' }], {
    name: 'Cora Context',
    email: email.toUpperCase(),
  });
  const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
  await assignItems(admin, [order.itemRefs[0]], await ordererId(admin, 'alice@demo.test'));
  await admin.dispose();

  await signIn(page);
  const [first, second] = order.itemRefs;
  await page.goto(`/orders/${second}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order item ${second}` })).toBeVisible();

  const context = page.getByRole('region', { name: `Order ${order.ref}` });
  await expect(context.getByText(`Order ${order.ref} · 2 items`)).toBeVisible();
  await expect(context.getByRole('link', { name: second })).toHaveAttribute('aria-current', 'page');
  await expect(context.getByRole('listitem').filter({ hasText: first })).toContainText('GRO Order Reqd.');
  await expect(context.getByRole('listitem').filter({ hasText: second })).toContainText('Unassigned');

  // The order ref in the details card is a link to the order's items.
  await expect(page.getByRole('link', { name: order.ref, exact: true })).toHaveAttribute(
    'href',
    '#order-context',
  );

  await context.getByRole('button', { name: 'Customer’s other orders (1)' }).click();
  const popover = page.getByRole('dialog');
  await expect(popover.getByText(`Orders placed with ${email.toUpperCase()}`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await popover.getByRole('link', { name: `Order ${earlier.ref}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Order item ${earlier.itemRefs[0]}` }),
  ).toBeVisible();
  const earlierContext = page.getByRole('region', { name: `Order ${earlier.ref}` });
  await expect(earlierContext.getByRole('button', { name: 'Customer’s other orders (1)' })).toBeVisible();

  // And back to the other item of the first order through its link.
  await page.goBack();
  await context.getByRole('link', { name: first }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order item ${first}` })).toBeVisible();
  await expect(context.getByRole('link', { name: first })).toHaveAttribute('aria-current', 'page');
});

test('opening an item from a list asks for the item and its order’s context together', async ({ page }) => {
  await signIn(page);
  const link = page.getByRole('table', { name: 'Unassigned order items' }).getByRole('link').first();
  const ref = ((await link.textContent()) ?? '').trim();
  const events: string[] = [];
  page.on('request', (r) => events.push(`request ${new URL(r.url()).pathname}`));
  page.on('response', (r) => events.push(`response ${new URL(r.url()).pathname}`));
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: `Order item ${ref}` })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Order / })).toBeVisible();
  // The route's loader sent both before the item came back (the page alone asks for the context only once
  // the item is there and rendered).
  const item = `/api/v1/order_items/${ref}.json`;
  const context = `/api/v1/order_items/${ref}/context.json`;
  expect(events.indexOf(`request ${context}`)).toBeGreaterThan(-1);
  expect(events.indexOf(`request ${context}`)).toBeLessThan(events.indexOf(`response ${item}`));
});
