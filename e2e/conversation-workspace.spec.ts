/**
 * The conversation workspace (the thread in the inbox, /conversations/:id): one thread per customer (a follow-up
 * joins it), Send reply (stays on the thread, in the inbox) and Send reply and archive (the inbox opens the next
 * thread), staff-only notes, canned
 * replies managed on the admin tab and inserted with their placeholders filled, the customer's orders beside the
 * thread with a one-click transfer, and assignment with the dashboard's assignee filter. Every test brings its own
 * customer through the storefront, so no other spec touches its records.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Conversation } from '../domain/contract/conversations';
import { createOrder } from './api-helpers';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signIn, test } from './fixtures';

const STOREFRONT = { Authorization: 'Bearer demo-storefront-key' };

let counter = 0;
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A customer of our own: their e-mail, name and a function that posts a message as the shop does. */
function customer(request: APIRequestContext) {
  const tag = unique();
  const email = `ws-${tag}@example.com`;
  const name = `Wendy Workspace ${tag}`;
  const say = async (content: string, extra: Record<string, string> = {}) => {
    const response = await request.post('/api/v1/storefront/messages.json', {
      headers: STOREFRONT,
      data: { message: { email, name, subject: `Help please ${tag}`, content, ...extra } },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { conversation: { id: number } }).conversation.id;
  };
  return { tag, email, name, subject: `Help please ${tag}`, say };
}

async function readConversation(page: Page, id: number): Promise<Conversation> {
  const response = await page.request.get(`/api/v1/conversations/${id}.json`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { conversation: Conversation }).conversation;
}

async function mailsTo(page: Page, email: string): Promise<number> {
  const outbox = (await (await page.request.get('/api/v1/outbox.json')).json()) as {
    messages: { to: string }[];
  };
  return outbox.messages.filter((m) => m.to === email).length;
}

/** Chooses an option of the dashboard's assignee filter. */
async function pickAssignee(page: Page, option: string) {
  await page.getByTestId('conversations').getByRole('combobox', { name: 'Assignee' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a follow-up joins the thread; a note, a canned reply and Send reply keep us on the thread', async ({
  page,
  request,
}) => {
  const c = customer(request);
  const id = await c.say('<p>Where is my certificate?</p>', { order_ref: '100231' });
  expect(await c.say('<p>It is quite urgent.</p>')).toBe(id);

  await signIn(page);
  // A canned reply of our own, added on the admin tab.
  const title = `Urgent answer ${c.tag}`;
  await page.goto('/admin?tab=canned_replies');
  const tab = page.getByTestId('canned-replies-tab');
  await tab.getByLabel('Title').fill(title);
  await tab.getByLabel('Text of the reply').fill('Dear {{nobody}}');
  await tab.getByRole('button', { name: 'Add canned reply' }).click();
  await expect(tab.getByText('Unknown placeholder: {{nobody}}.')).toBeVisible();
  await tab
    .getByLabel('Text of the reply')
    .fill('Dear {{customer_name}}, order {{order_ref}} is on its way.');
  await tab.getByRole('button', { name: 'Add canned reply' }).click();
  await expect(tab.getByRole('row').filter({ hasText: title })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/conversations/${id}`);
  const thread = page.getByTestId('thread');
  await expect(thread.getByTestId('thread-customer')).toHaveCount(2);
  await expect(thread.getByTestId('thread-customer').last()).toContainText('It is quite urgent.');
  await expectNoSeriousA11yViolations(page);

  // A note is for staff: shown in the thread as a note, never e-mailed.
  await page.getByTestId('composer').getByText('Note', { exact: true }).click();
  await page.getByLabel('Note for staff').fill(`Checked with the GRO ${c.tag}`);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(thread.getByTestId('thread-note')).toContainText(`Checked with the GRO ${c.tag}`);
  expect(await mailsTo(page, c.email)).toBe(0);

  // The canned reply comes in with its placeholders filled.
  await page.getByTestId('composer').getByText('Reply', { exact: true }).click();
  await page.getByRole('combobox', { name: 'Insert a canned reply' }).click();
  await page.getByRole('option', { name: title }).click();
  const box = page.getByLabel('Reply to the customer');
  await expect(box).toHaveValue(`Dear ${c.name}, order 100231 is on its way.`);

  // Send reply: e-mailed once, and we stay on the thread, which stays in the inbox.
  await page.getByRole('button', { name: 'Send reply', exact: true }).click();
  await expect(thread.getByTestId('thread-reply')).toContainText(`Dear ${c.name}, order 100231`);
  await expect(page).toHaveURL(new RegExp(`/conversations/${id}$`));
  await expect(page.getByTestId('conversation-status')).toHaveText('Inbox');
  await expect(box).toHaveValue('');
  expect(await mailsTo(page, c.email)).toBe(1);
  expect((await readConversation(page, id)).active).toBe(true);
});

test('Send reply and archive opens the next thread of the inbox, not the dashboard', async ({
  page,
  request,
}) => {
  const c = customer(request);
  const id = await c.say('<p>Thanks!</p>');
  await signIn(page, 'alice@demo.test');
  await page.goto(`/conversations/${id}`);
  await page.getByLabel('Reply to the customer').fill('You are welcome.');
  await page.getByRole('button', { name: 'Send reply and archive' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/conversations/${id}$`));
  await expect(page).toHaveURL(/\/conversations(\/\d+)?$/);
  expect((await readConversation(page, id)).active).toBe(false);
});

test("assign to me, filter the inbox by assignee, and transfer from the customer's orders", async ({
  page,
  request,
  baseURL,
}) => {
  const c = customer(request);
  const { itemRefs } = await createOrder(baseURL ?? '', [{}, { type: 'Death Certificate' }], {
    name: c.name,
    email: c.email.toUpperCase(),
  });
  const id = await c.say('<p>The death certificate is for my aunt.</p>');
  await signIn(page, 'alice@demo.test');
  await page.goto(`/conversations/${id}`);

  await page.getByTestId('assignee-picker').click();
  await page.getByRole('option', { name: 'Alice Orderer' }).click();
  await expect(page.getByTestId('assignee-picker')).toHaveValue('Alice Orderer');
  expect((await readConversation(page, id)).assignee?.name).toBe('Alice Orderer');

  await page.goto('/dashboard');
  const card = page.getByTestId('conversations');
  await pickAssignee(page, 'Mine');
  await expect(card.getByRole('link', { name: c.subject })).toBeVisible();
  await pickAssignee(page, 'Unassigned');
  await expect(card.getByText(/conversations for this assignee|–/).first()).toBeVisible();
  await expect(card.getByRole('link', { name: c.subject })).toHaveCount(0);
  await pickAssignee(page, 'Mine');
  await card.getByRole('link', { name: c.subject }).click();

  // The customer's order (matched whatever the e-mail's case) with both items; one click transfers.
  const orders = page.getByTestId('customer-orders');
  await expect(orders.getByTestId(`customer-item-${itemRefs[0]}`)).toBeVisible();
  await orders.getByRole('button', { name: `Transfer the latest message to ${itemRefs[1]}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${itemRefs[1]}$`));
  const after = await readConversation(page, id);
  expect(after.active).toBe(false);
  expect(after.order_item_ref).toBe(itemRefs[1]);
});

test('on a phone the workspace fits the width and its actions are on screen', async ({ page, request }) => {
  const c = customer(request);
  const id = await c.say(
    '<p>A message with a long-unbroken-address-like-token-abcdefghijklmnopqrstuvwxyz0123456789.</p>',
  );
  await c.say('<p>And a follow-up.</p>');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.goto(`/conversations/${id}`);
  await expect(page.getByTestId('thread-customer')).toHaveCount(2);
  await expectNoSidewaysScroll(page);
  for (const name of ['Send reply', 'Send reply and archive']) {
    const button = page.getByRole('button', { name, exact: true });
    await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await page.goto('/dashboard');
  await expect(page.getByTestId('conversation-assignee-filter')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
