/**
 * The document review and the order page's irreversible one-click actions (docs/decisions/document-review.md):
 * approving the documents needs a file and says so before the click, each file is approved or rejected (with
 * a reason) on its own, approving the step approves the files not reviewed yet; "Originals received" asks
 * first and Cancel changes nothing; a failed action shows its error beside the button that ran it.
 */
import { expect, type Page } from '@playwright/test';
import { type ApiClient, apiAs, assignItems, createOrder, ordererId } from './api-helpers';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn, test } from './fixtures';

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

/** A translation of our own in Review Attachments, assigned to Alice; answers its ref. */
async function translationInReview(): Promise<string> {
  const { itemRefs } = await createOrder(baseUrl, [
    {
      orderable_type: 'Translation',
      type: 'Certified Translation',
      net_value: 4995,
      orderable: { type: 'CertifiedTranslation', service_level: '0', pages: 1, source_language: 'fr' },
    },
  ]);
  await assignItems(admin, itemRefs, await ordererId(admin, 'alice@demo.test'));
  return itemRefs[0];
}

async function openItem(page: Page, ref: string) {
  await page.goto(`/orders/${ref}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order item ${ref}` })).toBeVisible();
}

const attachmentsCard = (page: Page) => page.getByRole('region', { name: 'Attachments' });

async function upload(page: Page, name: string) {
  const chooser = page.waitForEvent('filechooser');
  await attachmentsCard(page).getByRole('button', { name: 'Upload' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await expect(attachmentsCard(page).getByRole('link', { name })).toBeVisible();
}

/** The row of one file in the Attachments card. */
const fileRow = (page: Page, name: string) =>
  attachmentsCard(page)
    .locator('div')
    .filter({ has: page.getByRole('link', { name, exact: true }) })
    .filter({ has: page.getByRole('button', { name: `Reject ${name}` }) })
    .last();

async function expectState(page: Page, label: string) {
  await expect(page.getByTestId('item-state').locator('[data-group]')).toHaveText(label);
}

test('files are approved or rejected one by one; approving the step needs a file and approves the rest', async ({
  page,
}) => {
  test.slow(); // three uploads and an axe scan
  const ref = await translationInReview();
  await signIn(page);
  await openItem(page, ref);
  await page.getByRole('tab', { name: 'Review Documents' }).click();
  const approveStep = page.getByRole('button', { name: 'Approve documents' });

  // No file: the panel says why before any click, and the button cannot be pressed.
  await expect(approveStep).toBeDisabled();
  await expect(page.getByText('No documents have been uploaded yet; upload them first.')).toBeVisible();

  for (const name of ['page-1.pdf', 'page-2.pdf', 'page-3.pdf']) await upload(page, name);
  await expect(approveStep).toBeEnabled();
  await expect(page.getByTestId('review-progress')).toHaveText('0 of 3 files reviewed.');

  // A failed review shows its error in the card, where the file is.
  await page.route('**/attachments/*/approve.json', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'internal', message: 'The store is busy.' } } }),
  );
  await attachmentsCard(page).getByRole('button', { name: 'Approve page-1.pdf' }).click();
  await expect(
    attachmentsCard(page).getByRole('alert').filter({ hasText: 'Failed to review the file' }),
  ).toContainText('The store is busy.');
  await page.unroute('**/attachments/*/approve.json');

  await attachmentsCard(page).getByRole('button', { name: 'Approve page-1.pdf' }).click();
  await expect(fileRow(page, 'page-1.pdf')).toContainText(/Approved by Ada Admin · \d{2}\/\d{2}\/\d{4}/);
  await expect(attachmentsCard(page).getByRole('button', { name: 'Approve page-1.pdf' })).toHaveCount(0);

  // Rejecting asks why: nothing is sent without a reason.
  await attachmentsCard(page).getByRole('button', { name: 'Reject page-2.pdf' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject page-2.pdf' });
  await expect(reject.getByLabel('Why is this file rejected?')).toBeFocused();
  await reject.getByRole('button', { name: 'Reject file' }).click();
  await expect(reject.getByText('Say why this file is rejected.')).toBeVisible();
  await reject.getByLabel('Why is this file rejected?').fill('A photo of a screen, not a scan.');
  await reject.getByRole('button', { name: 'Reject file' }).click();
  await expect(reject).toHaveCount(0);
  await expect(fileRow(page, 'page-2.pdf')).toContainText('Rejected by');
  await expect(fileRow(page, 'page-2.pdf')).toContainText('A photo of a screen, not a scan.');
  await expect(page.getByTestId('review-progress')).toHaveText('2 of 3 files reviewed.');
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page);

  // Approving the step says what it does to the files, and Cancel does nothing.
  await approveStep.click();
  const confirm = page.getByRole('dialog', { name: `Approve the documents of ${ref}?` });
  await expect(confirm).toContainText('1 file not reviewed yet is marked approved by you.');
  await expect(confirm).toContainText('1 rejected file stays rejected.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expectState(page, 'Review Attachments');

  await approveStep.click();
  await confirm.getByRole('button', { name: 'Approve the documents' }).click();
  await expectState(page, 'Ready for Translation');
  await expect(fileRow(page, 'page-3.pdf')).toContainText('Approved by');
  await expect(fileRow(page, 'page-2.pdf')).toContainText('Rejected by');
  const shown = await admin.get<{ order_item: { ukds_attachments: { approved: boolean | null }[] } }>(
    `order_items/${ref}`,
  );
  expect(shown.order_item.ukds_attachments.map((a) => a.approved)).toEqual([true, false, true]);
});

test('Originals received asks first: Cancel and Escape change nothing, a failure shows beside the button', async ({
  page,
}) => {
  const ref = await translationInReview();
  await signIn(page);
  await openItem(page, ref);
  const originals = page.getByRole('button', { name: 'Originals received', exact: true });
  const dialog = page.getByRole('dialog', { name: `Originals received for ${ref}?` });

  // Keyboard: Enter opens it with the confirming button focused; Escape closes it and nothing is recorded.
  await originals.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText(`Today's date is recorded on ${ref}`);
  await expect(dialog.getByRole('button', { name: 'Confirm receipt' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(originals).toBeFocused();

  await originals.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  const untouched = await admin.get<{
    order_item: { original_received_on: string | null; lock_version: number };
  }>(`order_items/${ref}`);
  expect(untouched.order_item.original_received_on).toBeNull();
  expect(untouched.order_item.lock_version).toBe(1); // the assignment only

  // A refusal stands in the header as an alert, not only as a passing toast.
  await page.route('**/original_received.json', (route) =>
    route.fulfill({
      status: 409,
      json: { error: { code: 'wrong_state', message: 'Someone got there first.' } },
    }),
  );
  await originals.click();
  await dialog.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to mark originals as received' }),
  ).toContainText('Someone got there first.');
  await page.unroute('**/original_received.json');

  await originals.click();
  await dialog.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(
    page.getByRole('region', { name: 'Summary' }).getByText(/^Originals received \d{2}\/\d{2}\/\d{4}$/),
  ).toBeVisible();
  await expect(originals).toHaveCount(0);
});

test('phone width: the review and its file buttons fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ref = await translationInReview();
  await signIn(page);
  await openItem(page, ref);
  await upload(page, 'passport-with-a-rather-long-file-name-scan.pdf');
  await expectNoSidewaysScroll(page);
  await attachmentsCard(page)
    .getByRole('button', { name: 'Reject passport-with-a-rather-long-file-name-scan.pdf' })
    .click();
  await expect(page.getByRole('dialog', { name: /^Reject passport/ })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Review Documents' }).click();
  const approveStep = page.getByRole('button', { name: 'Approve documents' });
  await approveStep.scrollIntoViewIfNeeded();
  await expect(approveStep).toBeInViewport({ ratio: 1 });
  await approveStep.click();
  const confirm = page.getByRole('dialog', { name: `Approve the documents of ${ref}?` });
  await expect(confirm.getByRole('button', { name: 'Approve the documents' })).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
});
