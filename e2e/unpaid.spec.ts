/**
 * /unpaid/:orderRef: notify and close (the edited apology goes to the outbox, the cart leaves the unpaid list)
 * and close without an e-mail. Each test brings its own cart through the storefront.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Cart } from '../domain/contract/conversations';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const STOREFRONT = { Authorization: 'Bearer demo-storefront-key' };

let counter = 0;
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** An unpaid cart as the shop reports it: a marriage certificate with an apostille, £125.00. */
async function createCart(request: APIRequestContext) {
  const tag = unique().toUpperCase();
  const cart = {
    ref: `E2E-${tag}`,
    email: `cart-${tag.toLowerCase()}@example.com`,
    name: `Morgan Cart ${tag}`,
  };
  const response = await request.post('/api/v1/storefront/carts.json', {
    headers: STOREFRONT,
    data: {
      cart: {
        ref: cart.ref,
        email: cart.email,
        billing_address: { name: cart.name, line_1: '3 Quay Street', city: 'Bristol', zip: 'BS1 4DJ' },
        items: [
          { type: 'Marriage Certificate', net_value: 4500 },
          { type: 'Apostille', net_value: 8000 },
        ],
        total_in_pence: 12500,
      },
    },
  });
  expect(response.status()).toBe(201);
  return cart;
}

async function unpaidRefs(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/v1/carts/unpaid.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { carts: Cart[] }).carts.map((c) => c.ref);
}

test('notify and close: the edited apology is e-mailed and the cart is no longer unpaid', async ({
  page,
  request,
}) => {
  const cart = await createCart(request);
  await signIn(page);
  expect(await unpaidRefs(page)).toContain(cart.ref);
  await page.goto(`/unpaid/${cart.ref}`);

  await expect(page.getByRole('heading', { level: 1, name: `Unpaid cart ${cart.ref}` })).toBeVisible();
  const items = page.getByTestId('cart-items');
  await expect(items).toContainText('Marriage Certificate');
  await expect(items).toContainText('£45.00');
  await expect(items).toContainText('£80.00');
  await expect(page.getByTestId('cart-total')).toHaveText('£125.00');
  await expect(page.getByText(cart.email).first()).toBeVisible();
  const body = page.getByLabel('Message');
  await expect(body).toHaveValue(new RegExp(`^Dear ${cart.name},`));
  await expect(body).toHaveValue(new RegExp(cart.ref));
  await expectNoSeriousA11yViolations(page);

  // An empty e-mail is not sent.
  await body.fill('');
  await page.getByRole('button', { name: 'Notify and close' }).click();
  await expect(page.getByText('Enter the e-mail to the customer.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Restore the original text' }).click();
  await expect(body).toHaveValue(new RegExp(`^Dear ${cart.name},`));

  await body.press('End');
  await body.pressSequentially('\nP.S. Your discount code still works.');
  await page.getByRole('button', { name: 'Notify and close' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the e-mail and close the cart?' });
  await expect(dialog).toContainText(cart.email);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Send and close' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  expect(await unpaidRefs(page)).not.toContain(cart.ref);
  const outbox = (await (await page.request.get('/api/v1/outbox.json')).json()) as {
    messages: { to: string; kind: string }[];
  };
  expect(outbox.messages).toContainEqual(expect.objectContaining({ to: cart.email, kind: 'unpaid_cart' }));

  // The closed cart offers nothing more.
  await page.goto(`/unpaid/${cart.ref}`);
  await expect(page.getByText(`The apology was e-mailed to ${cart.email}.`)).toBeVisible();
  await expect(page.getByText(/This cart was closed on \d{2}\/\d{2}\/\d{4} @ \d{2}:\d{2}/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notify and close' })).toHaveCount(0);
});

test('close without an e-mail, after a change of mind', async ({ page, request }) => {
  const cart = await createCart(request);
  await signIn(page);
  await page.goto(`/unpaid/${cart.ref}`);

  await page.getByRole('button', { name: 'Close', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Close the cart without an e-mail?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await unpaidRefs(page)).toContain(cart.ref);

  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close cart' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await unpaidRefs(page)).not.toContain(cart.ref);
  const outbox = (await (await page.request.get('/api/v1/outbox.json')).json()) as {
    messages: { to: string }[];
  };
  expect(outbox.messages.map((m) => m.to)).not.toContain(cart.email);

  await page.goto(`/unpaid/${cart.ref}`);
  await expect(
    page.getByText('It was closed without an e-mail to the customer.', { exact: false }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('an unknown cart says so', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await page.goto('/unpaid/NO-SUCH-CART');
  await expect(page.getByText('There is no cart NO-SUCH-CART.')).toBeVisible();
});
