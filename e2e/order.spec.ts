/**
 * The order page (/orders/:orderId): a certificate walked from GRO order to dispatch, IPS notes, documents
 * reviewed and translated, the live Modify Order estimate, inline edits, header toggles, failures with the
 * server's words, and a 409 between two browser contexts. Each test brings its own order through the
 * storefront API, so parallel specs never act on the same item; the demo data supplies the look and the
 * axe scan.
 */
import { type Browser, expect, type Page } from '@playwright/test';
import { type ApiClient, apiAs, assignItems, createOrder, type NewItem, ordererId } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let admin: ApiClient;
let baseUrl: string;

test.beforeAll(async ({ baseURL }) => {
  baseUrl = baseURL ?? '';
  admin = await apiAs(baseUrl, 'admin@demo.test');
});
test.afterAll(async () => {
  await admin.dispose();
});

/** A fresh item of our own, assigned to an orderer; answers its ref. */
async function newAssignedItem(item: NewItem, to = 'alice@demo.test'): Promise<string> {
  const { itemRefs } = await createOrder(baseUrl, [item], {
    name: 'Olive Testwell',
    email: 'olive@example.com',
  });
  await assignItems(admin, itemRefs, await ordererId(admin, to));
  return itemRefs[0];
}

const summary = (page: Page) => page.getByRole('region', { name: 'Summary' });
const panel = (page: Page) => page.getByRole('tabpanel');

async function openItem(page: Page, ref: string) {
  await page.goto(`/orders/${ref}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order item ${ref}` })).toBeVisible();
}

async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Answers the confirmation an irreversible one-click action asks first. */
async function confirmIn(page: Page, button: string) {
  await page.getByRole('dialog').getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function expectState(page: Page, label: string) {
  await expect(page.getByTestId('item-state').locator('[data-group]')).toHaveText(label);
}

test('a certificate walks from GRO order through scan-send to dispatch on the order page', async ({
  page,
}) => {
  test.slow(); // the whole life of an item, with an upload and an axe scan
  const ref = await newAssignedItem({
    orderable: { scan_send: true, despatch_by: 'standard' },
    net_value: 3500,
  });
  await signIn(page);
  await openItem(page, ref);
  await expectState(page, 'GRO Order Reqd.');
  await expect(page.getByRole('tab', { name: 'GRO Order' })).toHaveAttribute('aria-selected', 'true');

  // GRO Order: the cost follows the chosen service until the user types one.
  await expect(page.getByLabel('Cost')).toHaveValue('9.25');
  await page.getByLabel('GRO reference').fill('GRO-E2E-1');
  await choose(page, 'Destination', 'Office – scanning desk');
  await choose(page, 'GRO service', /Priority/);
  await expect(page.getByLabel('Cost')).toHaveValue('23.40');
  await page.getByRole('button', { name: 'Place GRO order' }).click();
  await expectState(page, 'Waiting GRO');

  // Received from GRO: scan-send is next.
  await page.getByRole('tab', { name: 'Received from GRO' }).click();
  await page.getByRole('button', { name: 'Mark received from GRO' }).click();
  await confirmIn(page, 'Mark received');
  await expectState(page, 'Scan Send Reqd.');

  // Scan Send: upload, select, approve the file, then approve the scan send.
  await page.getByRole('tab', { name: 'Scan Send' }).click();
  await expect(panel(page).getByRole('button', { name: 'Approve scan send' })).toBeDisabled();
  const chooser = page.waitForEvent('filechooser');
  await panel(page).getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'scan-e2e.pdf', mimeType: 'application/pdf', buffer: PDF });
  const send = panel(page).getByRole('checkbox', { name: 'Send scan-e2e.pdf' });
  await expect(send).toBeVisible();
  await send.check();
  await expect(send).toBeChecked();
  await panel(page).getByRole('button', { name: 'Approve scan-e2e.pdf' }).click();
  await expect(panel(page).getByText('Approved', { exact: true })).toBeVisible();
  // Scan once the success toasts have gone: axe misreads their contrast while they fade.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);
  await panel(page).getByRole('button', { name: 'Approve scan send' }).click();
  await expectState(page, 'Dispatch Reqd.');
  const attachments = page.getByRole('region', { name: 'Attachments' });
  await expect(attachments.getByRole('link', { name: 'scan-e2e.pdf' })).toHaveAttribute(
    'href',
    new RegExp(`/api/v1/order_items/${ref}/attachments/\\d+/file$`),
  );

  // Dispatch: today's date and the service's price for the region fill themselves in.
  await page.getByRole('tab', { name: 'Dispatch' }).click();
  const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }).format(new Date());
  await expect(page.getByLabel('Despatched on')).toHaveValue(today);
  await expect(page.getByRole('combobox', { name: 'Service', exact: true })).toHaveValue('1st Class (£0.65)');
  await expect(page.getByLabel('Cost')).toHaveValue('0.65');
  await choose(page, 'Carrier', 'UPS');
  await choose(page, 'Service', /UK/);
  await expect(page.getByLabel('Cost')).toHaveValue('6.50');
  await page.getByLabel('Tracking reference').fill('RM 1234 5678 GB');
  await page.getByRole('button', { name: 'Despatch', exact: true }).click();
  await expectState(page, 'Complete');

  const timeline = page.getByRole('region', { name: 'Timeline' });
  for (const entry of ['GRO order placed', 'Received from GRO', 'Scans e-mailed', 'Despatched']) {
    await expect(timeline.getByText(entry, { exact: true })).toBeVisible();
  }
  await expect(timeline.getByText(/cost: £6\.50/)).toBeVisible();
});

test('a mistyped amount keeps its text and says how to write it; a double click sends once', async ({
  page,
}) => {
  const ref = await newAssignedItem({});
  await signIn(page);
  await openItem(page, ref);
  await page.getByLabel('GRO reference').fill('GRO-MONEY-1');
  await choose(page, 'Destination', 'Office – orders desk');
  await page.getByLabel('Cost').fill('12,5');
  await page.getByRole('button', { name: 'Place GRO order' }).click();
  await expect(page.getByText('Enter an amount in pounds, e.g. 9.70.')).toBeVisible();
  await expect(page.getByLabel('Cost')).toHaveValue('12,5');
  await expectState(page, 'GRO Order Reqd.');

  // The draft outlives the panel: another tab and back, and everything typed is still there.
  await page.getByRole('tab', { name: 'Add Notes' }).click();
  await page.getByRole('tab', { name: 'GRO Order' }).click();
  await expect(page.getByLabel('GRO reference')).toHaveValue('GRO-MONEY-1');
  await expect(page.getByLabel('Cost')).toHaveValue('12,5');

  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith(`/order_items/${ref}/gro_order_placed.json`)) sent += 1;
  });
  await page.getByLabel('Cost').fill('12.50');
  await page.getByRole('button', { name: 'Place GRO order' }).dblclick();
  await expectState(page, 'Waiting GRO');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText(/cost: £12\.50/)).toBeVisible();
  expect(sent).toBe(1);
});

test('IPS/Reorder needs details, then the IPS is confirmed', async ({ page }) => {
  const ref = await newAssignedItem({}, 'bob@demo.test');
  await admin.post(`order_items/${ref}/gro_order_placed`, {
    gro: { reference: 'GRO-IPS', destination: 'office_orders', service: 'standard' },
  });
  await signIn(page, 'bob@demo.test');
  await openItem(page, ref);
  await page.getByRole('tab', { name: 'IPS/Reorder' }).click();
  await page.getByRole('button', { name: 'Record IPS' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please provide details of the IPS you have completed.' }),
  ).toBeVisible();
  await page
    .getByRole('textbox', { name: 'Details of the IPS or reorder' })
    .fill('IPS raised with the GRO: entry not found under the given year.');
  await page.getByRole('button', { name: 'Record IPS' }).click();
  await expectState(page, 'Waiting IPS Confirmation');
  await page.getByRole('tab', { name: 'IPS Confirmed' }).click();
  await page.getByRole('button', { name: 'IPS confirmed' }).click();
  await expectState(page, 'Waiting GRO');
});

test('GRO communication with a refund, the comment ticked as actioned, then a reorder', async ({ page }) => {
  const ref = await newAssignedItem({}, 'bob@demo.test');
  await admin.post(`order_items/${ref}/gro_order_placed`, {
    gro: { reference: 'GRO-COMM', destination: 'office_orders', service: 'standard' },
  });
  await signIn(page);
  await openItem(page, ref);
  await page.getByRole('tab', { name: 'GRO Communication' }).click();
  await page
    .getByRole('textbox', { name: 'Message from the GRO' })
    .fill('No trace of the entry; fee refunded.');
  await page.getByLabel('GRO refund').fill('9.25');
  await page.getByRole('button', { name: 'Record communication' }).click();
  await expectState(page, 'GRO Refunded');
  await expect(page.getByRole('region', { name: 'Timeline' }).getByText(/refund: £9\.25/)).toBeVisible();

  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('No trace of the entry; fee refunded.')).toBeVisible();
  const actioned = comments.getByRole('checkbox', { name: /^Actioned: GRO communication/ });
  await expect(actioned).not.toBeChecked();
  await actioned.click();
  await expect(actioned).toBeChecked();
  await expect(comments).not.toContainText('to action');

  await page.getByRole('tab', { name: 'IPS/Reorder' }).click();
  await page.getByRole('radio', { name: 'Reorder required' }).check();
  await page
    .getByRole('textbox', { name: 'Details of the IPS or reorder' })
    .fill('Reordering with the corrected year.');
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expectState(page, 'GRO Order Reqd.');
  await expect(summary(page).getByText('Reorder', { exact: true })).toBeVisible();
});

test('an apostille item goes to the FCO from its own panel', async ({ page }) => {
  const ref = await newAssignedItem({
    orderable: { apostille_copies: 1, apostille_country: 'ES' },
    net_value: 10800,
  });
  await admin.post(`order_items/${ref}/gro_order_placed`, {
    gro: { reference: 'GRO-APO', destination: 'office_apostille', service: 'standard' },
  });
  await admin.post(`order_items/${ref}/received_from_gro`);
  await signIn(page);
  await openItem(page, ref);
  await expectState(page, 'Apostille Reqd.');
  await expect(panel(page)).toContainText('1 apostille copy for Spain');
  await page.getByRole('button', { name: 'Place FCO order' }).click();
  await expect(page.getByText('Enter an amount in pounds, e.g. 9.70.')).toBeVisible();
  await page.getByLabel('FCO reference').fill(`FCO-E2E-${ref}`);
  await page.getByLabel('FCO cost').fill('30');
  await page.getByRole('button', { name: 'Place FCO order' }).click();
  await expectState(page, 'Dispatch to FCO');
  await expect(summary(page).getByRole('link', { name: 'FCO batch' })).toBeVisible();
});

test('documents the customer posted are marked received and go to review', async ({ page }) => {
  const ref = await newAssignedItem({
    orderable_type: 'Translation',
    type: 'Certified Translation',
    net_value: 4995,
    orderable: { type: 'CertifiedTranslation', service_level: '0', pages: 1, documents_by_post: true },
  });
  await signIn(page);
  await openItem(page, ref);
  await expectState(page, 'Docs In Post From Customer');
  await page.getByRole('button', { name: 'Documents received' }).click();
  await expectState(page, 'Review Attachments');
  await expect(page.getByRole('tab', { name: 'Review Documents' })).toBeVisible();
});

test('documents: rejecting without feedback is refused, then rejected, approved and translated', async ({
  page,
}) => {
  const ref = await newAssignedItem({
    orderable_type: 'Translation',
    type: 'Certified Translation',
    net_value: 4995,
    orderable: { type: 'CertifiedTranslation', service_level: '0', pages: 1, source_language: 'fr' },
  });
  await signIn(page);
  await openItem(page, ref);
  await expectState(page, 'Review Attachments');
  await page.getByRole('tab', { name: 'Review Documents' }).click();

  await page.getByRole('button', { name: 'Reject documents' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please provide some feedback to the customer!' }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Feedback to the customer').fill('Page 2 is cut off; please scan it again.');
  await page.getByRole('button', { name: 'Reject documents' }).click();
  await expectState(page, 'Waiting Customer');
  await expect(page.getByRole('region', { name: 'Comments' }).getByText('Page 2 is cut off')).toBeVisible();

  // Approving needs a file: the customer's new upload, here uploaded by staff.
  await expect(page.getByRole('button', { name: 'Approve documents' })).toBeDisabled();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('region', { name: 'Attachments' }).getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name: 'rescan.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Approve documents' }).click();
  await confirmIn(page, 'Approve the documents');
  await expectState(page, 'Ready for Translation');

  await page.getByRole('tab', { name: 'Send for Translation' }).click();
  await page.getByRole('button', { name: 'Send for translation' }).click();
  await expect(page.getByText('Choose where the translation should be sent.')).toBeVisible();
  await choose(page, 'Translator sends the translation to', 'Office – orders desk');
  await page.getByLabel('Notes for the translator').fill('Keep the stamps in the layout.');
  await page.getByRole('button', { name: 'Send for translation' }).click();
  await expectState(page, 'Waiting Translation');

  await page.getByRole('tab', { name: 'Complete Translation' }).click();
  await page.getByRole('button', { name: 'Received in the office' }).click();
  await confirmIn(page, 'Mark received');
  await expectState(page, 'Dispatch Reqd.');
});

test('Modify Order shows a live price estimate as copies change, then requests and withdraws the change', async ({
  page,
}) => {
  const ref = await newAssignedItem({ orderable: { service_level: 'standard', copies: 1 } });
  await signIn(page);
  await openItem(page, ref);
  await page.getByRole('tab', { name: 'Modify Order' }).click();
  const estimate = page.getByRole('status', { name: 'Price-change estimate' });
  await expect(estimate).toContainText('Current subtotal£28.00');

  const copies = page.getByRole('textbox', { name: 'Copies', exact: true });
  await copies.fill('3');
  await expect(page.getByTestId('estimate-new')).toHaveText('£84.00');
  await expect(page.getByTestId('estimate-difference')).toHaveText('+£56.00');
  await expect(estimate).toContainText('asked to pay £56.00 more');

  await copies.fill('2');
  await expect(page.getByTestId('estimate-new')).toHaveText('£56.00');
  await expect(page.getByTestId('estimate-difference')).toHaveText('+£28.00');

  await choose(page, 'Service level', 'Rapid');
  await expect(page.getByTestId('estimate-new')).toHaveText('£90.00');
  await expectNoSeriousA11yViolations(page);

  await copies.fill('1');
  await choose(page, 'Service level', 'Standard');
  await expect(page.getByTestId('estimate-difference')).toHaveText('£0.00');
  await expect(page.getByRole('button', { name: 'Apply change' })).toBeDisabled();

  await copies.fill('2');
  await page.getByRole('button', { name: 'Request payment' }).click();
  await expectState(page, 'Waiting Customer');
  await expect(page.getByText('A change is waiting for the customer')).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw request' }).click();
  await confirmIn(page, 'Withdraw the change');
  await expectState(page, 'GRO Order Reqd.');
  await expect(copies).toHaveValue('1');
});

test('inline edits save one field at a time and keep the text when the server refuses it', async ({
  page,
}) => {
  const ref = await newAssignedItem({});
  await signIn(page);
  await openItem(page, ref);
  const details = page.getByRole('region', { name: 'Details' });

  await details.getByRole('button', { name: 'Edit Phone' }).click();
  let sent: unknown = null;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().endsWith(`/order_items/${ref}.json`)) sent = r.postDataJSON();
  });
  await details.getByRole('textbox', { name: 'Phone' }).fill('07700 900555');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('07700 900555')).toBeVisible();
  expect(sent).toMatchObject({ order_attributes: { phone: '07700 900555' } });
  expect(Object.keys((sent as { order_attributes: object }).order_attributes).sort()).toEqual([
    'id',
    'phone',
  ]);
  expect(typeof (sent as { lock_version: unknown }).lock_version).toBe('number');

  await details.getByRole('button', { name: 'Edit Registered person surname' }).click();
  await details.getByRole('textbox', { name: 'Registered person surname' }).fill('Newname');
  await details.getByRole('textbox', { name: 'Registered person surname' }).press('Enter');
  await expect(details.getByText('Newname')).toBeVisible();

  await details.getByRole('button', { name: 'Edit E-mail' }).click();
  const email = details.getByRole('textbox', { name: 'E-mail' });
  await email.fill('not-an-email');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to save updates' })).toContainText(
    'Enter a valid e-mail address.',
  );
  await expect(email).toHaveValue('not-an-email');
  await email.press('Escape');
  await expect(details.getByText('olive@example.com')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('phone: — → 07700 900555'),
  ).toBeVisible();
});

test('addresses: the billing address corrected, a shipping address added and removed again', async ({
  page,
}) => {
  const ref = await newAssignedItem({});
  await signIn(page);
  await openItem(page, ref);
  const details = page.getByRole('region', { name: 'Details' });
  const timeline = page.getByRole('region', { name: 'Timeline' });

  await details.getByRole('button', { name: 'Edit Billing address line 1' }).click();
  await details.getByRole('textbox', { name: 'Billing address line 1' }).fill('2 Corrected Road');
  await details.getByRole('textbox', { name: 'Billing address line 1' }).press('Enter');
  await expect(details.getByText('2 Corrected Road')).toBeVisible();
  await expect(timeline.getByText('billing address line 1: 1 Test Street → 2 Corrected Road')).toBeVisible();

  await expect(details.getByText('Same as the billing address')).toBeVisible();
  await details.getByRole('button', { name: 'Add a shipping address' }).click();
  const form = details.getByRole('form', { name: 'New shipping address' });
  await expect(form.getByRole('textbox', { name: 'Shipping name' })).toHaveValue('Olive Testwell');
  await form.getByRole('button', { name: 'Save shipping address' }).click();
  // Refused in the browser first: nothing is sent until the required fields are there.
  await expect(form.getByText('Enter the first line of the address.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Shipping address line 1' }).fill('9 Office Park');
  await form.getByRole('textbox', { name: 'Shipping town or city' }).fill('Bristol');
  await form.getByRole('textbox', { name: 'Shipping postcode' }).fill('BS1 4DJ');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Save shipping address' }).click();
  await expect(details.getByText('9 Office Park')).toBeVisible();
  await expect(details.getByText('Same as the billing address')).toHaveCount(0);
  await expect(summary(page).getByText(/Olive Testwell, 9 Office Park, Bristol, BS1 4DJ/)).toBeVisible();
  await expect(timeline.getByText(/shipping address: — → Olive Testwell, 9 Office Park/)).toBeVisible();

  await details.getByRole('button', { name: 'Remove shipping address' }).click();
  await details.getByRole('button', { name: 'Keep it' }).click();
  await expect(details.getByText('9 Office Park')).toBeVisible();
  await details.getByRole('button', { name: 'Remove shipping address' }).click();
  await details.getByRole('button', { name: 'Remove it' }).click();
  await expect(details.getByText('Same as the billing address')).toBeVisible();
  await expect(summary(page).getByText('Same as billing')).toBeVisible();
});

test('the delivery region changes through Modify Order when it changes the price', async ({ page }) => {
  // Courier in the UK: £28.00 + £49.95; to Europe the courier costs £64.95.
  const ref = await newAssignedItem({ net_value: 7795, orderable: { despatch_by: 'courier' } });
  await signIn(page);
  await openItem(page, ref);
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('changes through Modify Order');
  await page.getByRole('tab', { name: 'Modify Order' }).click();
  await choose(page, 'Delivery region', 'Europe');
  await expect(page.getByTestId('estimate-new')).toHaveText('£92.95');
  await expect(page.getByTestId('estimate-difference')).toHaveText('+£15.00');
  await page.getByRole('button', { name: 'Request payment' }).click();
  await expectState(page, 'Waiting Customer');
  const waiting = panel(page);
  await expect(waiting.getByRole('row', { name: /Delivery region United Kingdom Europe/ })).toBeVisible();
  await waiting.getByRole('button', { name: 'Confirm payment received' }).click();
  await confirmIn(page, 'Apply the change');
  await expectState(page, 'GRO Order Reqd.');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Europe');
});

test('flag, originals received and their failures; the cover letter opens in a new tab', async ({ page }) => {
  const ref = await newAssignedItem({});
  await signIn(page);
  await openItem(page, ref);

  // A note typed before this user's own flag change is not mistaken for a stale copy.
  await page.getByRole('tab', { name: 'Add Notes' }).click();
  await page.getByRole('textbox', { name: 'Note' }).fill('Flagging: the customer needs it by Friday.');
  const flag = page.getByRole('button', { name: 'Flag' });
  await expect(flag).toHaveAttribute('aria-pressed', 'false');
  await flag.click();
  await expect(flag).toHaveAttribute('aria-pressed', 'true');
  await expect(summary(page).getByText('Flagged')).toBeVisible();
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('region', { name: 'Comments' })).toContainText(
    'the customer needs it by Friday',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.route('**/toggle_flag.json', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'internal', message: 'The database is busy.' } } }),
  );
  await flag.click();
  const flagFailed = page.getByRole('alert').filter({ hasText: 'Failed to set flag' });
  await expect(flagFailed).toContainText('The database is busy.');
  await expect(flag).toHaveAttribute('aria-pressed', 'true');
  // Its Dismiss is a 24 px target (WCAG 2.2, 2.5.8) and closes it.
  const dismiss = flagFailed.getByRole('button', { name: 'Dismiss' });
  const box = await dismiss.boundingBox();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
  await dismiss.click();
  await expect(flagFailed).toHaveCount(0);

  await page.route('**/original_received.json', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'internal', message: 'Try again shortly.' } } }),
  );
  await page.getByRole('button', { name: 'Originals received' }).click();
  await confirmIn(page, 'Confirm receipt');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to mark originals as received' }),
  ).toBeVisible();
  await page.unroute('**/original_received.json');
  await page.getByRole('button', { name: 'Originals received' }).click();
  await confirmIn(page, 'Confirm receipt');
  await expect(summary(page).getByText(/^Originals received \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  const letter = page.getByRole('link', { name: 'Print cover letter' });
  await expect(letter).toHaveAttribute('href', `/api/v1/order_items/${ref}/cover_letter.pdf`);
  await expect(letter).toHaveAttribute('target', '_blank');
  const pdf = await page.request.get(`/api/v1/order_items/${ref}/cover_letter.pdf`);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
});

test('an admin reassigns the item from the summary; an orderer cannot', async ({ page }) => {
  const ref = await newAssignedItem({});
  await signIn(page);
  await openItem(page, ref);
  await page.getByRole('button', { name: 'Reassign to another orderer' }).click();
  await page.getByRole('menuitem', { name: 'Bob Orderer' }).click();
  await expect(summary(page).getByRole('link', { name: 'Bob Orderer' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Timeline' }).getByText('Assigned', { exact: true }),
  ).toHaveCount(2);

  await page.context().clearCookies();
  await signIn(page, 'alice@demo.test');
  await openItem(page, ref);
  await expect(summary(page).getByRole('link', { name: 'Bob Orderer' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Reassign/ })).toHaveCount(0);
  // Not her item: only notes (and the flag); nothing to edit.
  await expect(page.getByRole('tab')).toHaveText(['Add Notes']);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
});

test("a failed action shows the SPEC's error with the server's message and keeps the form", async ({
  page,
}) => {
  const ref = await newAssignedItem({});
  await signIn(page);
  await openItem(page, ref);
  // The server's own refusal: the request reaches it without a destination.
  await page.route('**/gro_order_placed.json', async (route) => {
    const body = route.request().postDataJSON() as { gro: Record<string, unknown> };
    delete body.gro.destination;
    await route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByLabel('GRO reference').fill('GRO-FAIL-1');
  await choose(page, 'Destination', 'Office – orders desk');
  await page.getByRole('button', { name: 'Place GRO order' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'ERROR: Could not perform action' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText(/destination|check|invalid/i);
  await expect(page.getByLabel('GRO reference')).toHaveValue('GRO-FAIL-1');
  await expectState(page, 'GRO Order Reqd.');
});

async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

test('a 409 between two browser contexts tells the user, reloads the item and keeps their text', async ({
  browser,
}) => {
  test.slow(); // two browser contexts
  const ref = await newAssignedItem({});
  const first = await signedInPage(browser, 'admin@demo.test');
  const second = await signedInPage(browser, 'alice@demo.test');
  await openItem(first, ref);
  await openItem(second, ref);
  await first.getByRole('tab', { name: 'Add Notes' }).click();
  await second.getByRole('tab', { name: 'Add Notes' }).click();

  await second.getByRole('textbox', { name: 'Note' }).fill('Alice: the customer rang about the date.');
  await first.getByRole('textbox', { name: 'Note' }).fill('Admin: checked the payment.');
  await first.getByRole('button', { name: 'Add note' }).click();
  await expect(
    first.getByRole('region', { name: 'Comments' }).getByText('Admin: checked the payment.'),
  ).toBeVisible();

  await second.getByRole('button', { name: 'Add note' }).click();
  await expect(
    second.getByRole('alert').filter({ hasText: 'Someone else changed this order item' }),
  ).toBeVisible();
  await expect(second.getByRole('textbox', { name: 'Note' })).toHaveValue(
    'Alice: the customer rang about the date.',
  );
  await expect(
    second.getByRole('region', { name: 'Comments' }).getByText('Admin: checked the payment.'),
  ).toBeVisible();

  await second.getByRole('button', { name: 'Add note' }).click();
  await expect(
    second.getByRole('region', { name: 'Comments' }).getByText('Alice: the customer rang about the date.'),
  ).toBeVisible();
  await expect(second.getByRole('textbox', { name: 'Note' })).toHaveValue('');
  await first.context().close();
  await second.context().close();
});

test('the order page of demo items is accessible and keyboard reachable', async ({ page }) => {
  const { order_items: items } = await admin.get<{
    order_items: { ref: string; current_state: string; is_escalated: boolean }[];
  }>(`orderers/${await ordererId(admin, 'alice@demo.test')}/order_items`);
  const gro = items.find((i) => i.current_state === 'gro_order_required' && !i.is_escalated);
  const escalated = items.find((i) => i.is_escalated);
  expect(gro && escalated).toBeTruthy();
  await signIn(page);
  for (const item of [gro, escalated]) {
    if (!item) continue;
    await openItem(page, item.ref);
    await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath(`order-${item.ref}.png`) });
  }
  // Tabs take the arrow keys; the panel's first field is reachable with Tab.
  const tabs = page.getByRole('tab');
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.goto('/orders/no-such-item');
  await expect(page.getByText('No such order item')).toBeVisible();
});
