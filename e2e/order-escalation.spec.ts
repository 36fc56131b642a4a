/**
 * Escalation on the order page: escalate (a message is required), the admin contacts the customer with
 * response_required as a real boolean, postpones the reminder and returns the item; Cancellations & Refunds
 * offers only what the server allows. Each test brings its own order through the storefront API.
 */
import { expect, type Page } from '@playwright/test';
import { type ApiClient, apiAs, assignItems, createOrder, type NewItem, ordererId } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const ESCALATE_FAILED = 'ERROR: Could not escalate. Check you provided a message.';

let admin: ApiClient;
let baseUrl: string;

test.beforeAll(async ({ baseURL }) => {
  baseUrl = baseURL ?? '';
  admin = await apiAs(baseUrl, 'admin@demo.test');
});
test.afterAll(async () => {
  await admin.dispose();
});

async function newAssignedItem(item: NewItem = {}, to = 'bob@demo.test'): Promise<string> {
  const { itemRefs } = await createOrder(baseUrl, [item], {
    name: 'Esme Escalate',
    email: 'esme@example.com',
  });
  await assignItems(admin, itemRefs, await ordererId(admin, to));
  return itemRefs[0];
}

async function escalated(item: NewItem = {}): Promise<string> {
  const ref = await newAssignedItem(item);
  await admin.post(`order_items/${ref}/escalate`, {
    escalation: { message: 'The customer gave two dates.' },
  });
  return ref;
}

const summary = (page: Page) => page.getByRole('region', { name: 'Summary' });
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

async function openItem(page: Page, ref: string) {
  await page.goto(`/orders/${ref}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order item ${ref}` })).toBeVisible();
}

async function expectState(page: Page, label: string) {
  await expect(page.getByTestId('item-state').locator('[data-group]')).toHaveText(label);
}

test('escalating without a message shows the exact alert; with one the item is escalated', async ({
  page,
}) => {
  const ref = await newAssignedItem();
  await signIn(page, 'bob@demo.test');
  await openItem(page, ref);
  await tab(page, 'Escalate').click();
  await page.getByRole('button', { name: 'Escalate', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: ESCALATE_FAILED })).toHaveText(ESCALATE_FAILED);
  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole('textbox', { name: 'Message' })
    .fill('The registration district does not match the town.');
  await page.getByRole('button', { name: 'Escalate', exact: true }).click();
  await expectState(page, 'Escalated');
  await expect(tab(page, 'Escalate')).toHaveCount(0);
  // The admin-only panels are not offered to the orderer.
  await expect(tab(page, 'Contact Customer')).toHaveCount(0);
  await expect(tab(page, 'Cancellations & Refunds')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Comments' })).toContainText('The registration district');
});

test('the admin contacts the customer (response required as a boolean), postpones, then returns the item', async ({
  page,
}) => {
  const ref = await escalated();
  await signIn(page);
  await openItem(page, ref);
  await expect(page.getByRole('tablist').getByRole('tab')).toHaveText([
    'Modify Order',
    'Contact Customer',
    'Return to Orderer',
    'Cancellations & Refunds',
    'Add Notes',
  ]);

  await tab(page, 'Contact Customer').click();
  await page.getByRole('button', { name: 'Send to customer' }).click();
  await expect(page.getByText('Enter a message to the customer.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Message to the customer' }).fill('Which date of birth is right?');
  await expect(page.getByRole('checkbox', { name: 'Response required from the customer' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  const request = page.waitForRequest((r) => r.url().endsWith(`/order_items/${ref}/contact_customer.json`));
  await page.getByRole('button', { name: 'Send to customer' }).click();
  const body = (await request).postDataJSON() as {
    message: { response_required: unknown };
    lock_version: unknown;
  };
  expect(body.message.response_required).toBe(true);
  expect(typeof body.lock_version).toBe('number');
  await expectState(page, 'Waiting Customer');
  // One label, one colour: "Waiting Customer" is the waiting group even on an escalated item.
  await expect(page.getByTestId('item-state').locator('[data-group]')).toHaveAttribute(
    'data-group',
    'waiting',
  );

  await page.getByRole('button', { name: 'Postpone notification' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Postpone 7 days' }).click();
  await expectState(page, 'On Hold');
  await expect(page.getByTestId('item-state').locator('[data-group]')).toHaveAttribute(
    'data-group',
    'on_hold',
  );
  await expect(page.getByRole('button', { name: 'Postpone notification' })).toHaveCount(0);

  await tab(page, 'Return to Orderer').click();
  await page
    .getByRole('textbox', { name: 'Message for the orderer' })
    .fill('Customer confirmed 1961; go ahead.');
  await page.getByRole('button', { name: 'Return to orderer' }).click();
  await expectState(page, 'GRO Order Reqd.');
  await expect(tab(page, 'Escalate')).toBeVisible();
  await expect(tab(page, 'Contact Customer')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText('Returned to orderer')).toBeVisible();
});

test('contact without a required response sends false and leaves the item escalated', async ({ page }) => {
  const ref = await escalated();
  await signIn(page);
  await openItem(page, ref);
  await tab(page, 'Contact Customer').click();
  await page
    .getByRole('textbox', { name: 'Message to the customer' })
    .fill('We are on it; no need to reply.');
  await page.getByRole('checkbox', { name: 'Response required from the customer' }).uncheck();
  const request = page.waitForRequest((r) => r.url().endsWith('/contact_customer.json'));
  await page.getByRole('button', { name: 'Send to customer' }).click();
  expect(
    ((await request).postDataJSON() as { message: { response_required: unknown } }).message.response_required,
  ).toBe(false);
  await expect(page.getByRole('region', { name: 'Comments' })).toContainText(
    'We are on it; no need to reply.',
  );
  await expectState(page, 'Escalated');
});

test('Cancellations & Refunds offers every action on an open item and cancels with a partial refund', async ({
  page,
}) => {
  const ref = await escalated({ net_value: 5600, orderable: { copies: 2 } });
  await signIn(page);
  await openItem(page, ref);
  await tab(page, 'Cancellations & Refunds').click();
  const actions = page.getByRole('radiogroup', { name: 'Action' }).getByRole('radio');
  await expect(actions).toHaveCount(4);
  for (const name of [
    'Cancel (no refund)',
    'Cancel with partial refund',
    'Cancel with full refund',
    'Refund only',
  ]) {
    await expect(page.getByRole('radio', { name })).toBeVisible();
  }
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await expect(page.getByRole('option')).toHaveCount(20);
  await page.getByRole('option', { name: 'Customer request' }).click();

  await page.getByRole('radio', { name: 'Cancel with partial refund' }).check();
  const amount = page.getByRole('textbox', { name: 'Refund amount' });
  await amount.fill('56.00');
  await page.getByRole('button', { name: 'Continue…' }).click();
  await expect(page.getByText('Enter an amount above £0.00 and below £56.00.')).toBeVisible();
  await amount.fill('20');
  await page.getByRole('button', { name: 'Continue…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm' });
  await expect(dialog).toContainText(`Cancel ${ref} and refund £20.00 of £56.00?`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  // The escalation stays (PRODUCT.md section 5): the panel now offers only a further refund.
  await expectState(page, 'Escalated (Cancelled)');
  await expect(page.getByTestId('item-state').locator('[data-group]')).toHaveAttribute(
    'data-group',
    'escalated',
  );
  await expect(summary(page)).toContainText('£36.00');
  await tab(page, 'Cancellations & Refunds').click();
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'Refund only' })).toBeChecked();
  // A further refund needs no new escalation.
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Customer request' }).click();
  await page.getByRole('textbox', { name: 'Refund amount' }).fill('5');
  await page.getByRole('button', { name: 'Continue…' }).click();
  await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(summary(page)).toContainText('£31.00');
  await expectState(page, 'Escalated (Cancelled)');
});

test('a complete escalated item offers only a refund; an unescalated item offers none', async ({ page }) => {
  const ref = await newAssignedItem({ net_value: 2800 });
  await admin.post(`order_items/${ref}/gro_order_placed`, {
    gro: { reference: 'GRO-DIRECT', destination: 'customer', service: 'standard' },
  });
  await admin.post(`order_items/${ref}/received_from_gro`);
  const plain = await newAssignedItem();
  await signIn(page);

  await openItem(page, plain);
  await expect(tab(page, 'Escalate')).toBeVisible();
  await expect(tab(page, 'Cancellations & Refunds')).toHaveCount(0);

  await openItem(page, ref);
  await expectState(page, 'Complete');
  await admin.post(`order_items/${ref}/escalate`, {
    escalation: { message: 'Customer says it never arrived.' },
  });
  await page.reload();
  await tab(page, 'Cancellations & Refunds').click();
  await expect(page.getByRole('radio')).toHaveCount(1);
  await expect(page.getByRole('radio', { name: 'Refund only' })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Lost in the post' }).click();
  await page.getByRole('textbox', { name: 'Refund amount' }).fill('5');
  await page.getByRole('button', { name: 'Continue…' }).click();
  await page.getByRole('dialog', { name: 'Confirm' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(summary(page)).toContainText('£23.00');
  await expectState(page, 'Escalated (Complete)');
});

test('an orderer sees the escalated demo items without the admin-only panels', async ({ page }) => {
  const { order_items: items } = await admin.get<{ order_items: { ref: string; is_escalated: boolean }[] }>(
    `orderers/${await ordererId(admin, 'alice@demo.test')}/order_items`,
  );
  const item = items.find((i) => i.is_escalated);
  expect(item).toBeTruthy();
  await signIn(page, 'alice@demo.test');
  await openItem(page, item?.ref ?? '');
  await expect(
    summary(page)
      .getByText(/Escalated|On Hold|Waiting Customer/)
      .first(),
  ).toBeVisible();
  await expect(tab(page, 'Add Notes')).toBeVisible();
  for (const name of ['Contact Customer', 'Return to Orderer', 'Cancellations & Refunds', 'Escalate']) {
    await expect(tab(page, name)).toHaveCount(0);
  }
  await expectNoSeriousA11yViolations(page);
});
