/** The outbox viewer: filters in the URL, a message opened in full, its HTML sandboxed, resend once per click. */
import { expect } from '@playwright/test';
import { apiAs } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

interface Listed {
  id: number;
  to: string;
  kind: string;
  subject: string;
  status: string;
  created_at: string;
  attachment_count: number;
  resent_from_id: number | null;
}

test('filters live in the URL and narrow the list', async ({ page, baseURL }) => {
  const admin = await apiAs(baseURL as string, 'admin@demo.test');
  const { messages } = await admin.get<{ messages: Listed[] }>('outbox');
  const sample = messages.find((m) => m.status === 'sent') as Listed;
  await admin.dispose();

  await signIn(page);
  await page.goto('/outbox');
  const rows = page.getByTestId('outbox-row');
  await expect(rows.first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Recipient' }).fill(sample.to);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?to=${encodeURIComponent(sample.to).replace(/[.+]/g, '\\$&')}`));
  await expect(page.getByText(/messages matching, newest first$/)).toBeVisible();
  // The previous page's rows stay until the filtered answer arrives: wait for every row to be the recipient's.
  await expect(rows.filter({ hasNotText: sample.to })).toHaveCount(0);
  await expect(rows.first()).toContainText(sample.to);

  await page.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: new RegExp(`^${sample.kind.replaceAll('_', ' ')}$`, 'i') }).click();
  await expect(page).toHaveURL(new RegExp(`kind=${sample.kind}`));
  await expect(rows.first()).toBeVisible();

  // A day range with nothing in it says so, and clearing brings everything back.
  await page.goto('/outbox?from=2012-01-01&until=2012-01-02');
  await expect(
    page.getByText('No e-mails match these filters. Clear them to see every message.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/outbox$/);
  await expect(rows).toHaveCount(50);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/outbox?status=failed&status=nonsense');
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Failed');
});

test('an admin opens a message, reads it in full, and resends it exactly once', async ({ page, baseURL }) => {
  // A long journey (list, drawer, dialog, copy, back): on the shared 2-core machine it nears the usual limit.
  test.slow();
  const admin = await apiAs(baseURL as string, 'admin@demo.test');
  const sent = await admin.context.get('/api/v1/outbox.json?status=sent');
  const { messages } = (await sent.json()) as { messages: Listed[] };
  const original = messages.find((m) => m.resent_from_id === null) as Listed;

  await signIn(page);
  await page.goto(`/outbox?status=sent`);
  await page
    .getByRole('link', { name: `Open “${original.subject}” to ${original.to}` })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`status=sent&message=${original.id}$`));
  const drawer = page.getByRole('dialog', { name: original.subject });
  await expect(drawer).toBeVisible();
  const headers = drawer.getByRole('table', { name: 'Message headers' });
  await expect(headers).toContainText('UK Document Services');
  await expect(headers).toContainText(original.to);
  await expect(headers).toContainText('Sent');
  // The HTML part as sent opens first; the text part is beside it.
  await expect(drawer.getByTestId('outbox-html-body')).toHaveAttribute('sandbox', '');
  await drawer.getByRole('tab', { name: 'Text' }).click();
  await expect(drawer.getByTestId('outbox-text-body')).not.toBeEmpty();
  await expectNoSeriousA11yViolations(page);

  // Resend: confirmed, and a double click on the confirmation still makes one copy.
  await drawer.getByRole('button', { name: 'Resend' }).click();
  const confirm = page.getByRole('dialog', { name: 'Resend this e-mail?' });
  await confirm.getByRole('button', { name: 'Resend' }).dblclick();
  await expect(confirm).toBeHidden();
  const queued = drawer.getByRole('status').filter({ hasText: 'Queued as' });
  await expect(queued).toBeVisible();
  const detail = await admin.get<{ message: { resends: { id: number }[] } }>(`outbox/${original.id}`);
  expect(detail.message.resends).toHaveLength(1);
  const copyId = detail.message.resends[0].id;

  // The copy is linked both ways.
  await queued.getByRole('link', { name: `message #${copyId}` }).click();
  await expect(page).toHaveURL(new RegExp(`message=${copyId}$`));
  await expect(drawer.getByRole('table', { name: 'Message headers' })).toContainText(
    `Message #${original.id}`,
  );
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/outbox\?status=sent$/);
  await page.goto('/outbox');
  await expect(page.getByTestId('outbox-row').filter({ hasText: `resend of #${original.id}` })).toHaveCount(
    1,
  );
  await admin.dispose();
});

test('an HTML body is shown in a sandboxed frame where its scripts never run', async ({ page, baseURL }) => {
  const admin = await apiAs(baseURL as string, 'admin@demo.test');
  const { messages } = await admin.get<{ messages: Listed[] }>('outbox');
  const m = messages[0];
  await admin.dispose();
  // Our templates escape what they are given, so a hostile HTML body is put in on its way to the browser.
  await page.route(`**/api/v1/outbox/${m.id}.json`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.message.html_body =
      '<h2>Your order</h2><p id="hello">Hello <b>Edith</b></p><script>parent.document.title = "pwned"</script>';
    await route.fulfill({ response, json: body });
  });
  await signIn(page);
  await page.goto(`/outbox?message=${m.id}`);
  const frameElement = page.getByTestId('outbox-html-body');
  await expect(frameElement).toHaveAttribute('sandbox', '');
  const frame = page.frameLocator('[data-testid="outbox-html-body"]');
  await expect(frame.locator('#hello')).toHaveText('Hello Edith');
  await expect(page).not.toHaveTitle('pwned');
});

test('on a phone the outbox and an open message fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto('/outbox');
  await expect(page.getByTestId('outbox-row').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expect(page.getByRole('button', { name: 'Apply' })).toBeInViewport();
  await page.getByTestId('outbox-row').first().getByRole('link').first().click();
  const drawer = page.getByRole('dialog').first();
  await expect(drawer.getByRole('button', { name: 'Resend' })).toBeInViewport();
  // Polled: the drawer slides in from the right.
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box ? box.x + box.width : Number.POSITIVE_INFINITY;
    })
    .toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
});
