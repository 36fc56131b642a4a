/**
 * Inbound e-mail (issue 47): a customer's answer saved as an .eml file and dropped into DATA_DIR/inbox (the
 * embedded mode's mailbox) appears in their open conversation without a reload, its quoted history folded, and
 * the file moves to inbox/done.
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const STOREFRONT = { Authorization: 'Bearer demo-storefront-key' };

test('a reply dropped into the inbox folder appears in the open conversation without a reload', async ({
  page,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `e2e-mail-${tag}@example.com`;
  const subject = `Posting abroad ${tag}`;
  const created = await request.post('/api/v1/storefront/messages.json', {
    headers: STOREFRONT,
    data: { message: { email, name: `Mia Mailer ${tag}`, subject, content: '<p>Do you post to Spain?</p>' } },
  });
  expect(created.status()).toBe(201);
  const { conversation } = (await created.json()) as { conversation: { id: number } };

  await signIn(page);
  await page.goto(`/conversations/${conversation.id}`);
  await expect(page.getByRole('heading', { level: 2, name: subject })).toBeVisible();
  await expect(page.getByTestId('thread-customer')).toHaveCount(1);

  const inbox = path.join(process.env.E2E_DATA_DIR ?? '', 'inbox');
  mkdirSync(inbox, { recursive: true });
  const name = `reply-${tag}.eml`;
  const raw = [
    `From: Mia Mailer <${email}>`,
    'To: orders@ukds.example',
    `Subject: Re: ${subject}`,
    `Message-ID: <${tag}@mail.example.com>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Also, can you send it by courier? ${tag}`,
    '',
    'On Sunday, UK Document Services wrote:',
    '> We post worldwide.',
    '',
  ].join('\r\n');
  // Written under another name and renamed in, as docs/operations.md says: never read half-written.
  writeFileSync(path.join(inbox, `${name}.part`), raw);
  renameSync(path.join(inbox, `${name}.part`), path.join(inbox, name));

  // No reload: the live update brings it.
  const entries = page.getByTestId('thread-customer');
  await expect(entries).toHaveCount(2, { timeout: 15_000 });
  await expect(entries.last()).toContainText(`can you send it by courier? ${tag}`);
  const quoted = entries.last().getByTestId('quoted-text');
  await expect(quoted).toBeHidden();
  await entries.last().getByRole('button', { name: 'Show quoted text' }).click();
  await expect(quoted).toContainText('We post worldwide.');
  await expectNoSeriousA11yViolations(page);
  expect(existsSync(path.join(inbox, 'done', name))).toBe(true);
});
