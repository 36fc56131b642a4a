/**
 * The webhooks screen in Chromium (issue 48), against the running app's own delivery worker and a receiver
 * this test starts on 127.0.0.1: add an endpoint (its secret shown once), send a test event, see it delivered
 * in the log, verified with the secret; replay it from the screen (the same webhook-id again); then delete it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn, test } from './fixtures';

interface Got {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver answering 200 "thanks" to every webhook, keeping what it got. */
async function startReceiver() {
  const received: Got[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/e2e-hooks/${Date.now()}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an admin adds an endpoint, sees its secret once, sends a test event, sees it delivered and replays it', async ({
  page,
}) => {
  test.slow();
  const receiver = await startReceiver();
  try {
    await signIn(page);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    // A URL that is not one is refused on the field, before anything is sent.
    await form.getByLabel('Receiver URL').fill('not a url');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.getByText(/Enter the full address of the receiver/)).toBeVisible();
    await form.getByLabel('Receiver URL').fill(receiver.url);
    await form.getByLabel('Description').fill('E2E shop');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expectNoSeriousA11yViolations(page);
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();
    await expect(secretDialog).toBeHidden();

    const row = page.getByTestId('endpoint-row').filter({ hasText: receiver.url });
    await expect(row).toContainText('E2E shop');
    await row.getByRole('button', { name: `Send a test event to ${receiver.url}` }).click();
    // The app's worker delivers it within seconds; the log shows it delivered, with the receiver's answer.
    const delivery = page.getByTestId('delivery-row').first();
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText('Delivered', { timeout: 20_000 });
    await expect(delivery).toContainText('200');
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    const headers = {
      'webhook-id': String(first.headers['webhook-id']),
      'webhook-timestamp': String(first.headers['webhook-timestamp']),
      'webhook-signature': String(first.headers['webhook-signature']),
    };
    expect(new Webhook(secret).verify(first.body, headers)).toMatchObject({ type: 'webhook.test' });

    await delivery.getByRole('button', { name: 'Details' }).click();
    const drawer = page.getByRole('dialog', { name: 'Delivery' });
    await expect(drawer.getByTestId('attempts')).toContainText('Delivered · 200');
    await expect(drawer.getByTestId('attempts')).toContainText('thanks');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.screenshot({ path: test.info().outputPath('webhooks-1440.png'), fullPage: true });

    // Replay from the screen: the receiver gets it again, with the same webhook-id.
    await delivery.getByRole('button', { name: /^Replay the webhook.test delivery/ }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(2);
    expect(receiver.received[1].headers['webhook-id']).toBe(headers['webhook-id']);
    await expect(delivery).toContainText('2 attempts', { timeout: 20_000 });

    // The secret is never shown again.
    await page.reload();
    await expect(page.getByTestId('endpoint-row').filter({ hasText: receiver.url })).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(6));

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('delivery-row').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath('webhooks-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Delete it, after a confirmation.
    await page.getByRole('button', { name: `More actions for ${receiver.url}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete the endpoint?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(page.getByTestId('endpoint-row').filter({ hasText: receiver.url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
