/**
 * The thread in the inbox (/conversations/:id; the old /conversation/:id redirects there): reply (e-mailed through the outbox, archived), archive and unarchive, transfer to an order
 * item (choosing the item of a multi-item order, confirming another customer's order) and a failed transfer. Each test brings its own conversation through the storefront, so no other test
 * (or helper spec) touches it.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Conversation } from '../domain/contract/conversations';
import { createOrder } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const STOREFRONT = { Authorization: 'Bearer demo-storefront-key' };

let counter = 0;
/** A unique tag for this run's records (a retry on the same server gets new ones). */
const unique = () =>
  `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A customer message as the shop sends it; answers the new conversation's id and the sender. */
async function createConversation(request: APIRequestContext, subject: string, content: string) {
  const tag = unique();
  const email = `e2e-${tag}@example.com`;
  const response = await request.post('/api/v1/storefront/messages.json', {
    headers: STOREFRONT,
    data: { message: { email, name: `Casey Tester ${tag}`, subject: `${subject} ${tag}`, content } },
  });
  expect(response.status()).toBe(201);
  const { conversation } = (await response.json()) as { conversation: { id: number } };
  return { id: conversation.id, email, subject: `${subject} ${tag}` };
}

async function readConversation(page: Page, id: number): Promise<Conversation> {
  const response = await page.request.get(`/api/v1/conversations/${id}.json`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { conversation: Conversation }).conversation;
}

test('reply to a conversation: the e-mail goes to the outbox and the conversation is archived', async ({
  page,
  request,
}) => {
  const c = await createConversation(
    request,
    'Reply wanted',
    '<p>When will my <strong>birth certificate</strong> arrive?</p><script>window.hacked = true</script>',
  );
  await signIn(page);
  await page.goto(`/conversations/${c.id}`);

  await expect(page.getByRole('heading', { level: 2, name: c.subject })).toBeVisible();
  const message = page.getByTestId('conversation-content');
  await expect(message).toContainText('When will my birth certificate arrive?');
  await expect(message.locator('strong')).toHaveText('birth certificate');
  await expect(message.locator('script')).toHaveCount(0);
  await expect(page.getByTestId('conversation-status')).toHaveText('Inbox');
  await expect(page.getByText(c.email).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A reply is required; nothing is sent without one.
  await page.getByRole('button', { name: 'Send reply and archive' }).click();
  await expect(page.getByText('Enter a reply.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/conversations/${c.id}$`));

  const reply = `Your certificate was posted today. Reference ${c.id}.`;
  await page.getByLabel('Reply to the customer').fill(reply);
  await page.getByRole('button', { name: 'Send reply and archive' }).click();
  // The inbox opens the next thread (or none), not the dashboard.
  await expect(page).not.toHaveURL(new RegExp(`/conversations/${c.id}$`));
  await expect(page).toHaveURL(/\/conversations(\/\d+)?$/);

  const outbox = (await (await page.request.get('/api/v1/outbox.json')).json()) as {
    messages: { to: string; subject: string; kind: string }[];
  };
  expect(outbox.messages).toContainEqual(
    expect.objectContaining({ to: c.email, subject: `Re: ${c.subject}`, kind: 'conversation_reply' }),
  );
  const after = await readConversation(page, c.id);
  expect(after.active).toBe(false);
  expect(after.replies?.map((r) => r.content)).toEqual([reply]);

  // The reply is shown on the conversation afterwards.
  await page.goto(`/conversations/${c.id}`);
  await expect(page.getByTestId('conversation-status')).toHaveText('Archived');
  await expect(page.getByTestId('thread-reply')).toContainText(reply);
});

test('archive a conversation, then bring it back to the inbox', async ({ page, request }) => {
  const c = await createConversation(request, 'Archive me', '<p>Just saying thanks.</p>');
  await signIn(page, 'alice@demo.test');

  await page.goto(`/conversations/${c.id}`);
  await expect(page.getByTestId('conversation-status')).toHaveText('Inbox');
  await page.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(`/conversations/${c.id}$`));
  await expect(page).toHaveURL(/\/conversations(\/\d+)?$/);
  // Archiving leaves the thread at once, while the server archives it.
  await expect.poll(async () => (await readConversation(page, c.id)).active).toBe(false);

  await page.goto(`/conversations/${c.id}`);
  await expect(page.getByTestId('conversation-status')).toHaveText('Archived');
  // An archived conversation offers no reply (the server would refuse it): it was answered or put away.
  await expect(page.getByTestId('reply-archived')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send reply and archive' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Move to inbox' }).click();
  await expect(page.getByTestId('conversation-status')).toHaveText('Inbox');
  expect((await readConversation(page, c.id)).active).toBe(true);

  await page.goto(`/conversations/${c.id}`);
  await expect(page.getByTestId('conversation-status')).toHaveText('Inbox');
});

test("a transfer to a wrong ref fails with the alert; to another customer's order it asks first, showing both e-mails", async ({
  page,
  request,
  baseURL,
}) => {
  const c = await createConversation(request, 'About my order', '<p>Please add this to my order.</p>');
  const owner = { name: 'Olive Owner', email: `owner-${unique()}@example.com` };
  const { ref: orderRef, itemRefs } = await createOrder(baseURL ?? '', [{}], owner);
  const [ref] = itemRefs;
  await signIn(page);
  await page.goto(`/conversations/${c.id}`);

  const refInput = page.getByLabel('Order or item ref');
  await refInput.fill('999999999-9');
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to transfer conversation!' })).toHaveText(
    'Failed to transfer conversation!',
  );
  await expect(page).toHaveURL(new RegExp(`/conversations/${c.id}$`));
  // What the user typed stays, with the server's reason beside it.
  await expect(refInput).toHaveValue('999999999-9');
  await expect(page.getByText('There is no order item 999999999-9.')).toBeVisible();
  expect((await readConversation(page, c.id)).active).toBe(true);
  await expectNoSeriousA11yViolations(page);

  // The order belongs to someone else: nothing moves until staff confirm, and Cancel keeps it where it was.
  await refInput.fill(orderRef);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const confirm = page.getByTestId('transfer-confirm');
  await expect(confirm).toContainText('This order belongs to another customer');
  await expect(confirm).toContainText(c.email);
  await expect(confirm).toContainText(owner.email);
  await expect(page.getByTestId('transfer-failed')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect((await readConversation(page, c.id)).active).toBe(true);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect((await readConversation(page, c.id)).active).toBe(true);

  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await page.getByTestId('transfer-confirm').getByRole('button', { name: 'Transfer anyway' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${ref}$`));
  const after = await readConversation(page, c.id);
  expect(after.order_item_ref).toBe(ref);
  expect(after.active).toBe(false);

  // The conversation now links to its order item.
  await page.goto(`/conversations/${c.id}`);
  await expect(page.getByTestId('linked-order')).toHaveText(ref);
  await expect(page.getByTestId('linked-order')).toHaveAttribute('href', `/orders/${ref}`);
});

test('a transfer to an order with several items asks which item, in the same form', async ({
  page,
  request,
  baseURL,
}) => {
  const c = await createConversation(request, 'Two certificates', '<p>The second one is for my sister.</p>');
  const { ref: orderRef, itemRefs } = await createOrder(baseURL ?? '', [{}, { type: 'Death Certificate' }], {
    name: 'Casey Tester',
    email: c.email,
  });
  await signIn(page, 'alice@demo.test');
  await page.goto(`/conversations/${c.id}`);

  await page.getByLabel('Order or item ref').fill(orderRef);
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const chooser = page.getByRole('radiogroup', { name: new RegExp(`Order ${orderRef} has 2 items`) });
  await expect(chooser).toBeVisible();
  await expect(chooser.getByRole('radio')).toHaveCount(2);
  await expect(page.getByTestId('transfer-failed')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Nothing is sent until an item is chosen.
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText('Choose the item this message is about.')).toBeVisible();
  expect((await readConversation(page, c.id)).active).toBe(true);

  await chooser.getByRole('radio', { name: new RegExp(`^${itemRefs[1]} · Death Certificate`) }).check();
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${itemRefs[1]}$`));
  const after = await readConversation(page, c.id);
  expect(after).toMatchObject({ order_item_ref: itemRefs[1], active: false });
});

test('an unknown conversation says so', async ({ page }) => {
  await signIn(page, 'bob@demo.test');
  await page.goto('/conversation/987654321');
  await expect(page).toHaveURL(/\/conversations\/987654321$/);
  await expect(page.getByText('There is no conversation 987654321.')).toBeVisible();
});
