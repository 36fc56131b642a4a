/**
 * The conversations inbox (/conversations, issue 49): at desktop width the list and the open thread side by
 * side, j/k between threads, r and Ctrl+Enter to reply, e to archive and open the next, snooze until a chosen
 * time, assign through the command palette, refs linked, the old /conversation/:id redirecting; at phone width
 * the list and the thread as two screens. Its threads are new customers' messages (posted as the shop does)
 * assigned to Bob through the API, so his Mine folder holds them alone, newest first.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Conversation, InboxList } from '../domain/contract/conversations';
import { apiAs } from './api-helpers';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn, test } from './fixtures';

const STOREFRONT = { Authorization: 'Bearer demo-storefront-key' };
const BOB = 'bob@demo.test';

let counter = 0;
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A new customer's thread with the subject and content given; answers its id. */
async function newThread(request: APIRequestContext, subject: string, content: string): Promise<number> {
  const tag = unique();
  const res = await request.post('/api/v1/storefront/messages.json', {
    headers: STOREFRONT,
    data: { message: { email: `inbox-${tag}@example.com`, name: `Ivy Inbox ${tag}`, subject, content } },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { conversation: { id: number } }).conversation.id;
}

/** Three threads assigned to Bob (a, b, c: c the newest) and Bob's id. */
async function bobsThreads(baseURL: string, request: APIRequestContext) {
  const tag = unique();
  const a = await newThread(request, `Alpha ${tag}`, '<p>Please look at 100231-1 and order #100232.</p>');
  const b = await newThread(request, `Bravo ${tag}`, '<p>Second</p>');
  const c = await newThread(request, `Charlie ${tag}`, '<p>Third</p>');
  const bob = await apiAs(baseURL, BOB);
  const me = await bob.get<{ user: { id: number } }>('users/current_user');
  for (const id of [a, b, c])
    await bob.post(`conversations/${id}/assign`, { conversation: { assignee_id: me.user.id } });
  // Bob's Mine folder may hold other threads (older, below ours): the counts are checked against this.
  const answer = await bob.context.get('/api/v1/conversations/inbox.json?folder=mine');
  expect(answer.status()).toBe(200);
  const mine = ((await answer.json()) as InboxList).counts.mine;
  await bob.dispose();
  return { a, b, c, tag, mine };
}

async function read(page: Page, id: number): Promise<Conversation> {
  const res = await page.request.get(`/api/v1/conversations/${id}.json`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { conversation: Conversation }).conversation;
}

const rows = (page: Page) => page.getByTestId('inbox-row');
const paneTitle = (page: Page) => page.getByTestId('pane-title');

test('desktop: list → open → j/k → reply with Ctrl+Enter → e archives and opens the next → snooze → assign', async ({
  page,
  baseURL,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { a, b, c, tag, mine } = await bobsThreads(baseURL ?? '', request);
  await signIn(page, BOB);

  // The dashboard card links into the inbox.
  await page.getByTestId('conversations').getByRole('link', { name: 'Open the inbox' }).click();
  await expect(page).toHaveURL(/\/conversations$/);
  await page.getByRole('tab', { name: /^Mine/ }).click();
  await expect(page).toHaveURL(/\/conversations\?folder=mine$/);
  await expect(rows(page).first()).toHaveAttribute('data-id', String(c));
  const shown = async () =>
    rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-id'))));
  expect((await shown()).slice(0, 3)).toEqual([c, b, a]);
  await expect(page.getByTestId('count-mine')).toHaveText(String(mine));
  const inboxCount = Number(await page.getByTestId('count-inbox').textContent());
  expect(inboxCount).toBeGreaterThanOrEqual(3);

  // Open the first: list and thread side by side.
  await rows(page).first().click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${c}\\?folder=mine$`));
  await expect(paneTitle(page)).toHaveText(`Charlie ${tag}`);
  await expect(rows(page).first()).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('inbox-split')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/inbox-desktop.png' });

  // j and k move between threads.
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`/conversations/${b}\\?folder=mine$`));
  await expect(paneTitle(page)).toHaveText(`Bravo ${tag}`);
  await page.keyboard.press('k');
  await expect(paneTitle(page)).toHaveText(`Charlie ${tag}`);
  await page.keyboard.press('j');
  await expect(paneTitle(page)).toHaveText(`Bravo ${tag}`);

  // r focuses the reply (the key is not typed into it); Ctrl+Enter sends and keeps the thread.
  await page.keyboard.press('r');
  const reply = page.getByTestId('reply-text');
  await expect(reply).toBeFocused();
  await expect(reply).toHaveValue('');
  await reply.fill(`Thanks, we are on it ${tag}.`);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(/Reply sent to/)).toBeVisible();
  await expect(reply).toHaveValue('');
  const answered = await read(page, b);
  expect(answered.active).toBe(true);
  expect(answered.replies?.map((r) => r.content)).toEqual([`Thanks, we are on it ${tag}.`]);

  // e archives and opens the next thread (not the dashboard): the reply moved b to the top, so c.
  await reply.blur();
  await page.keyboard.press('e');
  await expect(page).toHaveURL(new RegExp(`/conversations/${c}\\?folder=mine$`));
  await expect(paneTitle(page)).toHaveText(`Charlie ${tag}`);
  // Archiving opens the next thread at once, while the server archives this one.
  await expect.poll(async () => (await read(page, b)).active).toBe(false);
  await expect(page.getByTestId('count-mine')).toHaveText(String(mine - 1));
  await expect.poll(shown).not.toContain(b);

  // Snooze until a chosen time: the thread leaves Mine for Snoozed, the next one opens.
  await page.getByRole('button', { name: 'Snooze' }).click();
  await page.getByRole('menuitem', { name: 'Choose a time…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Snooze until' });
  const inAMonth = new Date(Date.now() + 30 * 86_400_000);
  const day = inAMonth.toISOString().slice(0, 10);
  await dialog.getByLabel('Back in the inbox at').fill(`${day}T09:30`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Snooze' }).click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${a}\\?folder=mine$`));
  await expect(dialog).toBeHidden();
  const snoozed = await read(page, c);
  expect(snoozed.snoozed_until).not.toBeNull();
  expect(new Date(snoozed.snoozed_until ?? '').getTime()).toBeGreaterThan(Date.now() + 28 * 86_400_000);
  await expect(page.getByTestId('count-mine')).toHaveText(String(mine - 2));
  await page.getByRole('tab', { name: /^Snoozed/ }).click();
  await expect(page.locator(`[data-testid="inbox-row"][data-id="${c}"]`)).toBeVisible();
  await page.getByRole('tab', { name: /^Mine/ }).click();
  await page.locator(`[data-testid="inbox-row"][data-id="${a}"]`).click();
  await expect(paneTitle(page)).toHaveText(`Alpha ${tag}`);

  // Refs in the message are links to the item and to the order.
  const thread = page.getByTestId('thread');
  await expect(thread.getByRole('link', { name: '100231-1' })).toHaveAttribute('href', '/orders/100231-1');
  await expect(thread.getByRole('link', { name: '100232' })).toHaveAttribute('href', /\/search\?q=100232$/);

  // Assign from the command palette, which lists the open conversation's actions.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  await expect(palette.getByRole('option', { name: /Archive and open the next conversation/ })).toBeVisible();
  await input.fill('Unassign');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Unassigned.')).toBeVisible();
  expect((await read(page, a)).assignee).toBeNull();
  await expect(page.getByTestId('count-mine')).toHaveText(String(mine - 3));
  // And back through the picker.
  await page.getByTestId('assignee-picker').click();
  await page.getByRole('option', { name: /^Bob/ }).click();
  await expect.poll(async () => (await read(page, a)).assignee?.name).toMatch(/^Bob/);

  // The old address opens the same thread in the inbox.
  await page.goto(`/conversation/${a}`);
  await expect(page).toHaveURL(new RegExp(`/conversations/${a}$`));
  await expect(paneTitle(page)).toHaveText(`Alpha ${tag}`);
});

test('a snooze time in the past is refused in the dialog and changes nothing', async ({
  page,
  baseURL,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { c } = await bobsThreads(baseURL ?? '', request);
  await signIn(page, BOB);
  await page.goto(`/conversations/${c}?folder=mine`);
  await page.getByRole('button', { name: 'Snooze' }).click();
  await page.getByRole('menuitem', { name: 'Choose a time…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Snooze until' });
  await dialog.getByLabel('Back in the inbox at').fill('2020-01-01T09:30');
  await dialog.getByRole('button', { name: 'Snooze' }).click();
  await expect(dialog.getByText('Choose a time in the future.')).toBeVisible();
  expect((await read(page, c)).snoozed_until).toBeNull();
});

test('archiving opens the next thread at once; refused by the server, the thread comes back and the toast says so', async ({
  page,
  baseURL,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { b, c, tag } = await bobsThreads(baseURL ?? '', request);
  await signIn(page, BOB);
  // Someone else changed the thread first: the server refuses the archive.
  await page.route(`**/api/v1/conversations/${c}/archive.json`, (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'conflict', message: 'Someone else changed this conversation.' },
      }),
    }),
  );
  await page.goto(`/conversations/${c}?folder=mine`);
  await expect(paneTitle(page)).toHaveText(`Charlie ${tag}`);
  await page
    .getByRole('region', { name: 'Open conversation' })
    .getByRole('button', { name: 'Archive', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/conversations/${b}\\?folder=mine$`));
  await expect(paneTitle(page)).toHaveText(`Bravo ${tag}`);
  const toast = page.getByRole('alert').filter({ hasText: `Could not archive “Charlie ${tag}”` });
  await expect(toast).toContainText('Someone else changed this conversation.');
  await expect(rows(page).and(page.locator(`[data-id="${c}"]`))).toBeVisible();
  expect((await read(page, c)).active).toBe(true);
});

test('phone: the list and the thread are two screens', async ({ page, baseURL, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { c, tag } = await bobsThreads(baseURL ?? '', request);
  await signIn(page, BOB);
  await page.goto('/conversations?folder=mine');
  await expect(rows(page).first()).toBeVisible();
  await expect(paneTitle(page)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/inbox-phone-list.png' });

  await page.locator(`[data-testid="inbox-row"][data-id="${c}"]`).click();
  await expect(paneTitle(page)).toHaveText(`Charlie ${tag}`);
  await expect(rows(page)).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'test-results/inbox-phone-thread.png', fullPage: true });

  await page.getByTestId('back-to-list').click();
  await expect(page).toHaveURL(/\/conversations\?folder=mine$/);
  await expect(rows(page).first()).toBeVisible();
});

test('from 1024 px the list and the thread are side by side; just below, two screens', async ({
  page,
  baseURL,
  request,
}) => {
  const { c, tag } = await bobsThreads(baseURL ?? '', request);
  await page.setViewportSize({ width: 1024, height: 768 });
  await signIn(page, BOB);
  await page.goto(`/conversations/${c}?folder=mine`);
  await expect(paneTitle(page)).toHaveText(`Charlie ${tag}`);
  await expect(page.locator(`[data-testid="inbox-row"][data-id="${c}"]`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/inbox-1024.png' });

  await page.setViewportSize({ width: 1000, height: 768 });
  await expect(rows(page)).toHaveCount(0);
  await expect(paneTitle(page)).toHaveText(`Charlie ${tag}`);
});
