/**
 * Customer e-mails as the company sends them: the admins' templates screen shows every kind rendered with sample
 * data (HTML in a sandboxed frame, and its text part), and the outbox drawer shows a real e-mail's HTML as sent.
 */
import { expect, type Page } from '@playwright/test';
import { apiAs } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const STOREFRONT = { authorization: 'Bearer demo-storefront-key' };
const LEGAL =
  'UK Document Services Ltd is a company registered in England and Wales, company number 01234567.';

/** Every template, by the name the screen gives it, with the heading its e-mail opens with (none: a reply). */
const TEMPLATES: [string, string | null][] = [
  ['Customer contact', 'A message about your order'],
  ['Reminder', 'We are waiting for your reply'],
  ['Documents rejected', 'We need new documents'],
  ['Upgrade payment request', 'Your change needs a payment'],
  ['Downgrade approval request', 'Please approve the change to your order'],
  ['Update withdrawn', 'The proposed change is withdrawn'],
  ['Scan send', 'Your scans are attached'],
  ['Despatched', 'Your documents are on their way'],
  ['Refund', 'Your refund'],
  ['Cancelled', 'Your order has been cancelled'],
  ['Unpaid cart', 'Your order has not been completed'],
  ['Conversation reply', null],
];

const frameOf = (page: Page, testId: string) => page.frameLocator(`[data-testid="${testId}"]`);

test('an admin reads every customer e-mail template, its HTML sandboxed and its text beside it', async ({
  page,
}) => {
  test.slow();
  await signIn(page);
  await page.getByRole('link', { name: 'E-mail templates' }).click();
  await expect(page).toHaveURL(/\/email-templates$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mail templates' })).toBeVisible();
  const list = page.getByRole('tablist', { name: 'Templates' });
  await expect(list.getByRole('tab')).toHaveCount(TEMPLATES.length);

  for (const [name, heading] of TEMPLATES) {
    await list.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    const frameElement = page.getByTestId('template-html-body');
    await expect(frameElement).toHaveAttribute('sandbox', '');
    const frame = frameOf(page, 'template-html-body');
    if (heading) await expect(frame.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(frame.getByText(LEGAL)).toBeVisible();
    // Nothing is fetched: no image, and the one link is the company's website.
    await expect(frame.locator('img')).toHaveCount(0);
    await expect(frame.locator('a[href]').first()).toHaveAttribute('href', 'https://www.ukds.example');
  }
  await expect(page).toHaveURL(/\?kind=conversation_reply$/);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Text', exact: true }).click();
  const text = page.getByTestId('template-text-body');
  await expect(text).toContainText('Dear Priya,');
  await expect(text).toContainText(LEGAL);

  // The chosen template is in the URL: a reload opens it again.
  await page.goto('/email-templates?kind=despatched');
  await expect(page.getByRole('tab', { name: 'Despatched', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(frameOf(page, 'template-html-body').getByText('Dear Priya Shah,')).toBeVisible();
});

test('on a phone a picker chooses the template and the e-mail fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/email-templates');
  await expect(page.getByRole('tablist', { name: 'Templates' })).toBeHidden();
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: 'Refund', exact: true }).click();
  await expect(page).toHaveURL(/\?kind=refund$/);
  await expect(
    frameOf(page, 'template-html-body').getByRole('heading', { name: 'Your refund' }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoSeriousA11yViolations(page);
});

test('an orderer cannot open the templates', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await expect(page.getByRole('link', { name: 'E-mail templates' })).toHaveCount(0);
  await page.goto('/email-templates');
  await expect(page.getByText('This screen is for administrators')).toBeVisible();
});

test("the outbox drawer shows a reply's HTML as sent, framed, beside its text part", async ({
  page,
  request,
  baseURL,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `e2e-mailout-${tag}@example.com`;
  const created = await request.post('/api/v1/storefront/messages.json', {
    headers: STOREFRONT,
    data: {
      message: { email, name: 'Mo Reader', subject: `Delivery ${tag}`, content: '<p>Where is it?</p>' },
    },
  });
  expect(created.status()).toBe(201);
  const { conversation } = (await created.json()) as { conversation: { id: number } };

  const admin = await apiAs(baseURL as string, 'admin@demo.test');
  await admin.post(`conversations/${conversation.id}/reply`, {
    response: { content: 'Dear Mo,\n\nIt left today <by post> & should arrive soon.\n\nSam' },
  });
  await admin.dispose();

  await signIn(page);
  await page.goto(`/outbox?to=${encodeURIComponent(email)}`);
  await page
    .getByRole('link', { name: `Open “Re: Delivery ${tag}” to ${email}` })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: `Re: Delivery ${tag}` });
  await expect(drawer.getByRole('tab', { name: 'HTML' })).toHaveAttribute('aria-selected', 'true');
  await expect(drawer.getByTestId('outbox-html-body')).toHaveAttribute('sandbox', '');
  const frame = frameOf(page, 'outbox-html-body');
  await expect(
    frame.getByText('It left today <by post> & should arrive soon.', { exact: true }),
  ).toBeVisible();
  await expect(frame.getByText(LEGAL)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await drawer.getByRole('tab', { name: 'Text' }).click();
  const text = drawer.getByTestId('outbox-text-body');
  await expect(text).toContainText('It left today <by post> & should arrive soon.');
  await expect(text).toContainText(LEGAL);
});
