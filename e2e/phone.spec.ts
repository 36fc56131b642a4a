/**
 * Every screen at phone size (390×844, an iPhone 12–15): the page never scrolls sideways (order-item lists,
 * the outbox and FCO batches are cards; the other wide tables scroll inside their card), the screen's primary actions can be brought on screen whole (not clipped by a card),
 * state badges are never cut short, the header keeps its controls. With PHONE_SHOTS=<dir> set, each screen
 * is also saved there as a full-page PNG for a person to look at (CI leaves it unset and writes nothing).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { FcoBatchList, QueuePage } from '../domain/contract/queues';
import { type ApiClient, apiAs, ordererId } from './api-helpers';
import { signIn, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.PHONE_SHOTS;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });

test.use({ viewport: PHONE });

/**
 * The checks every screen passes once it has loaded (`ready` visible): no sideways page overflow, every
 * shown badge whole, each primary action fully inside the viewport once scrolled to; then the screenshot.
 */
async function checkScreen(page: Page, name: string, ready: Locator, actions: Locator[] = []) {
  await expect(ready, `${name} loads`).toBeVisible();
  // Measured until the page settles: `ready` can show while the rest of the screen is still being laid out
  // (CI once measured My queue 638 px wide, mid-render, though its screenshot fitted); a page that stays
  // wider than the screen still fails.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${name}: the page scrolls sideways`,
    })
    .toBeLessThanOrEqual(0);
  await expectBadgesWhole(page, name);
  await expectHeadersClearOfRows(page, name);
  await expectListCards(page, name);
  await expectPhoneCards(page, name);
  await expectTargetSizes(page, name);
  for (const action of actions) {
    // Centred, so an action that only just fits is not judged cut off by the viewport's bottom edge.
    await action.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(action, `${name}: an action is cut off`).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByRole('banner').getByRole('button', { name: /account menu/ })).toBeInViewport({
    ratio: 1,
  });
  if (SHOTS) {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  }
}

/**
 * Every target on the screen is at least 24 × 24 px (WCAG 2.2 target size, 2.5.8), less the standard's
 * exceptions that apply here: a link inside a sentence, and controls hidden from sight. A tick box's target is
 * its label, when it has one around it.
 */
async function expectTargetSizes(page: Page, name: string) {
  const small = await page.evaluate(() => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      '[role="button"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="switch"]',
      '[role="link"]',
      '[role="menuitem"]',
    ].join(',');
    const found: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Out of sight (visually hidden, collapsed, a closed drawer's content) is not a target.
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      // An input's target takes in its labels (a click on one ticks it): the box around them all counts.
      const labels = el instanceof HTMLInputElement ? [...(el.labels ?? [])] : [];
      const boxes = [el, ...labels].map((e) => e.getBoundingClientRect()).filter((b) => b.width > 0);
      const width = Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left));
      const height = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
      if (width >= 24 - 0.5 && height >= 24 - 0.5) continue;
      // A link in a sentence: its size is the line's.
      const parentText = el.parentElement?.textContent?.trim() ?? '';
      if (style.display === 'inline' && parentText.length > (el.textContent?.trim().length ?? 0)) continue;
      const what = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? el.tagName;
      found.push(`${el.tagName.toLowerCase()} "${what}" ${Math.round(width)}×${Math.round(height)}`);
    }
    return found;
  });
  expect(small, `${name}: targets under 24 px`).toEqual([]);
}

/**
 * An order-item list is a list of cards on a phone: each row's ref, state badge, customer and despatch-by date
 * are on screen without scrolling sideways, and its tick box and action are 44 px targets.
 */
async function expectListCards(page: Page, name: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const inView = (el: Element | null) => {
      if (!el) return false;
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
    };
    for (const row of document.querySelectorAll('table > tbody > tr[aria-label]')) {
      const ref = row.querySelector('[data-cell="ref"] a');
      if (!ref) continue;
      for (const cell of ['ref', 'state', 'customer', 'due']) {
        if (!inView(row.querySelector(`[data-cell="${cell}"]`))) {
          found.push(`${row.getAttribute('aria-label')}: ${cell} off screen`);
        }
      }
      for (const target of row.querySelectorAll('[data-cell="tick"] label, [data-cell="action"] button')) {
        const box = target.getBoundingClientRect();
        if (box.width < 44 || box.height < 44) {
          found.push(
            `${row.getAttribute('aria-label')}: ${Math.round(box.width)}×${Math.round(box.height)} target`,
          );
        }
      }
    }
    return found;
  });
  expect(problems, `${name}: list rows are cards with 44 px targets`).toEqual([]);
}

/** Tables of records shown as cards (`phone-cards`) fit the screen: no cell runs off its right edge. */
async function expectPhoneCards(page: Page, name: string) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('table.phone-cards > tbody > tr > td')]
      .filter((cell) => {
        const box = cell.getBoundingClientRect();
        return box.width > 0 && box.right > window.innerWidth + 0.5;
      })
      .map((cell) => `${cell.getAttribute('data-label') ?? 'a cell'}: ${cell.textContent?.slice(0, 40)}`),
  );
  expect(wide, `${name}: record cards run off the screen`).toEqual([]);
}

/** No badge label (states, flags, counts) is cut to an ellipsis by a squeezed column. */
async function expectBadgesWhole(page: Page, name: string) {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-Badge-label')]
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
  );
  expect(cut, `${name}: badges cut short`).toEqual([]);
}

/**
 * No table's header row sits over its first row: a header made sticky under the app header, left sticky
 * inside a sideways scroll box, sticks 56 px down that box instead, over the rows.
 */
async function expectHeadersClearOfRows(page: Page, name: string) {
  const covered = await page.evaluate(() => {
    window.scrollTo(0, 0);
    // A table of cards (phone-cards) keeps its header row for screen readers only, out of sight.
    return [...document.querySelectorAll('table:not(.phone-cards)')]
      .filter((table) => {
        const th = table.querySelector(':scope > thead th');
        const row = table.querySelector(':scope > tbody > tr');
        return th && row && th.getBoundingClientRect().bottom > row.getBoundingClientRect().top + 1;
      })
      .map((table) => table.getAttribute('aria-label'));
  });
  expect(covered, `${name}: table headers over their rows`).toEqual([]);
}

/** The first item of the orderer's queue in one of the states, else any item of the queue. */
function pickItem(queue: QueuePage, states: string[]): string {
  const found = queue.order_items.find((i) => states.includes(i.current_state)) ?? queue.order_items[0];
  return found.ref;
}

let counter = 0;
/** A customer message of this test's own, as the shop sends it. */
async function createConversation(request: APIRequestContext): Promise<number> {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const response = await request.post('/api/v1/storefront/messages.json', {
    headers: { Authorization: 'Bearer demo-storefront-key' },
    data: {
      message: {
        email: `phone-${tag}@example.com`,
        name: `Pat Phone ${tag}`,
        subject: `Where is my certificate? ${tag}`,
        content: '<p>I ordered a birth certificate two weeks ago. When will it arrive?</p>',
      },
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { conversation: { id: number } }).conversation.id;
}

let admin: ApiClient;
test.beforeAll(async ({ baseURL }) => {
  admin = await apiAs(baseURL ?? '', 'admin@demo.test');
});
test.afterAll(async () => {
  await admin.dispose();
});

test('sign-in page and the app shell: header controls on screen, navigation in a drawer', async ({
  page,
}) => {
  await page.goto('/sign-in');
  const signInButton = page.getByRole('button', { name: /sign in/i });
  await expect(signInButton).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await expect(signInButton).toBeInViewport({ ratio: 1 });
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'sign-in.png'), fullPage: true });

  await signIn(page);
  const header = page.getByRole('banner');
  for (const control of [
    header.getByRole('button', { name: 'Open navigation' }),
    header.getByTestId('clock'),
    header.getByRole('button', { name: /notifications/i }),
  ])
    await expect(control).toBeInViewport({ ratio: 1 });

  // The navigation is a drawer on a phone: closed, then opened by the burger, then closed by following a link.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Search' })).not.toBeInViewport();
  await header.getByRole('button', { name: 'Open navigation' }).click();
  await expect(nav.getByRole('link', { name: 'Outbox' })).toBeInViewport({ ratio: 1 });
  await expect.poll(async () => (await nav.boundingBox())?.x, { message: 'the drawer slides in' }).toBe(0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'navigation.png') });
  await nav.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(nav.getByRole('link', { name: 'Search' })).not.toBeInViewport();
});

// Below the md breakpoint the header's search is a button opening the command palette.
test('the header offers search at phone width', async ({ page }) => {
  await signIn(page);
  const header = page.getByRole('banner');
  await expect(
    header
      .getByRole('search')
      .or(header.getByRole('button', { name: /search/i }))
      .first(),
  ).toBeInViewport();
});

test('dashboard and the queues', async ({ page }) => {
  const aliceId = await ordererId(admin, 'alice@demo.test');
  await signIn(page);

  await page.goto('/dashboard');
  await checkScreen(
    page,
    'dashboard',
    page.getByRole('table', { name: 'Unassigned order items' }).locator('tbody tr').first(),
    [
      page.getByRole('button', { name: 'Assign', exact: true }),
      page.getByRole('combobox', { name: 'Orderer' }),
    ],
  );

  await page.goto('/my-queue');
  await checkScreen(page, 'my-queue-admin', page.getByRole('heading', { level: 1, name: 'My queue' }), [
    page.getByRole('button', { name: /^Place FCO order/ }),
  ]);

  await page.goto(`/work-queues/${aliceId}`);
  await checkScreen(
    page,
    'work-queue',
    page
      .getByRole('table', { name: /^Order items of/ })
      .locator('tbody tr')
      .first(),
    [page.getByRole('textbox', { name: /^Filter/ })],
  );
  // The rows are cards: a whole row, a reassign button of 44 px among them, fits the screen's width.
  const card = page
    .getByRole('table', { name: /^Order items of/ })
    .locator('tbody tr')
    .first();
  expect((await card.boundingBox())?.width).toBeLessThanOrEqual(PHONE.width);
  await expect(card.getByRole('button', { name: /^Reassign/ })).toBeInViewport({ ratio: 1 });

  await page.goto('/items');
  await checkScreen(
    page,
    'team-list',
    page.getByRole('table', { name: 'Team order items' }).locator('tbody tr').first(),
  );
  await page.goto('/escalations');
  await checkScreen(
    page,
    'escalations',
    page
      .getByRole('table', { name: /escalat/i })
      .locator('tbody tr')
      .first(),
  );
});

test('search: quick with results, and advanced', async ({ page }) => {
  await signIn(page);
  await page.goto('/search?q=smith');
  await checkScreen(page, 'search-results', page.getByRole('link', { name: /^\d+-\d+$/ }).first(), [
    page.getByRole('button', { name: 'Search', exact: true }),
    page.locator('label').filter({ hasText: 'Advanced search' }),
  ]);
  await page.goto('/search?mode=advanced');
  await checkScreen(page, 'search-advanced', page.getByRole('heading', { name: 'Advanced search' }), [
    page.getByRole('button', { name: 'Search', exact: true }),
  ]);
});

test('order item pages: a step panel, waiting for the customer, Modify Order, addresses, not found', async ({
  page,
}) => {
  const queue = await admin.get<QueuePage>(
    `orderers/${await ordererId(admin, 'alice@demo.test')}/order_items`,
  );
  await signIn(page);
  const items: [string, string][] = [
    ['order-gro-order', pickItem(queue, ['gro_order_required'])],
    [
      'order-waiting-customer',
      pickItem(queue, ['waiting_gro_refunded_response', 'waiting_gro_order_response']),
    ],
    ['order-despatch', pickItem(queue, ['despatch_required'])],
    [
      'order-escalated',
      pickItem(queue, ['gro_order_escalation', 'apostille_escalation', 'despatch_escalation']),
    ],
    ['order-with-fco', pickItem(queue, ['waiting_fco'])],
  ];
  for (const [name, ref] of items) {
    await page.goto(`/orders/${ref}`);
    await checkScreen(page, name, page.getByRole('region', { name: 'Timeline' }), [
      page.getByTestId('item-state'),
      page.getByRole('button', { name: 'Flag' }),
      page.getByRole('link', { name: 'Print cover letter' }),
      page.getByRole('region', { name: 'Actions' }).getByRole('tab').last(),
    ]);
  }

  // The Modify Order panel and an address being edited, on the last item.
  await page.getByRole('tab', { name: 'Modify Order' }).click();
  await checkScreen(page, 'order-modify', page.getByRole('tabpanel', { name: 'Modify Order' }), [
    page.getByRole('tabpanel', { name: 'Modify Order' }).getByRole('button').last(),
  ]);
  await page.getByRole('button', { name: 'Add a shipping address' }).click();
  await checkScreen(
    page,
    'order-shipping-address',
    page.getByRole('textbox', { name: /address line 1/i }).last(),
  );

  await page.goto('/orders/no-such-item');
  await checkScreen(page, 'order-not-found', page.getByText('No such order item'), [
    page.getByRole('link', { name: 'Go to search' }),
  ]);
});

test('FCO batches, an unpaid cart and a conversation', async ({ page, request }) => {
  const conversation = await createConversation(request);
  const pending = await admin.get<FcoBatchList>('fco_batches/pending_despatch');
  const withFco = await admin.get<FcoBatchList>('fco_batches/waiting_fco');
  await signIn(page);

  if (pending.fco_batches[0]) {
    await page.goto(`/fco_batch/${pending.fco_batches[0].id}`);
    await checkScreen(
      page,
      'fco-batch-pending',
      page.getByRole('heading', { level: 1, name: /^FCO batch/ }),
      [page.getByRole('button', { name: 'Despatch batch' })],
    );
  }
  if (withFco.fco_batches[0]) {
    await page.goto(`/fco_batch/${withFco.fco_batches[0].id}`);
    await checkScreen(
      page,
      'fco-batch-with-fco',
      page.getByRole('heading', { level: 1, name: /^FCO batch/ }),
      [page.getByRole('button', { name: 'Mark received' })],
    );
  }

  await page.goto('/dashboard');
  const cart = page.getByTestId('unpaid-carts').getByRole('link').first();
  await cart.click();
  await checkScreen(page, 'unpaid-cart', page.getByRole('heading', { level: 1, name: /^Unpaid cart/ }), [
    page.getByRole('button', { name: 'Notify and close' }),
    page.getByRole('button', { name: 'Close', exact: true }),
  ]);

  await page.goto(`/conversation/${conversation}`);
  await checkScreen(page, 'conversation', page.getByTestId('conversation-content'), [
    page.getByRole('button', { name: 'Send reply and archive' }),
    page.getByRole('button', { name: 'Archive', exact: true }),
    page.getByRole('button', { name: 'Transfer' }),
  ]);
});

test('admin screens: sales report, every reference content tab, users, outbox', async ({ page }) => {
  await signIn(page);
  await page.goto('/sales-report');
  await checkScreen(page, 'sales-report', page.getByRole('table', { name: /by product type/i }), [
    page.getByRole('button', { name: 'Download CSV' }),
    page.getByRole('combobox', { name: 'Year' }),
  ]);

  await page.goto('/admin');
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const names = await tabs.allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(8);
  for (const name of names) {
    await page.getByRole('tab', { name, exact: true }).click();
    const panel = page.getByRole('tabpanel', { name });
    await checkScreen(
      page,
      `admin-${name.toLowerCase().replace(/\W+/g, '-')}`,
      panel.getByRole('table').locator('tbody tr').first(),
      [panel.getByRole('button', { name: /^Add / })],
    );
  }

  await page.goto('/users');
  await checkScreen(page, 'users', page.getByRole('table', { name: 'Users' }).locator('tbody tr').first(), [
    page.getByRole('button', { name: 'Add user' }),
  ]);

  await page.goto('/outbox');
  await checkScreen(
    page,
    'outbox',
    page.getByRole('table', { name: 'Outbox messages' }).locator('tbody tr').first(),
    [page.getByRole('button', { name: 'Page 2' }).first()],
  );
});

test('an orderer: dashboard, their queue and one of their items', async ({ page }) => {
  await signIn(page, 'alice@demo.test');
  await page.goto('/dashboard');
  await checkScreen(
    page,
    'orderer-dashboard',
    page.getByRole('table', { name: 'Unassigned order items' }).locator('tbody tr').first(),
  );

  await page.goto('/my-queue');
  const firstItem = page.getByRole('table', { name: 'My order items' }).getByRole('link').first();
  await checkScreen(page, 'orderer-my-queue', firstItem, [
    page.getByRole('button', { name: /^Place FCO order/ }),
  ]);

  await firstItem.click();
  await checkScreen(page, 'orderer-order', page.getByRole('region', { name: 'Timeline' }), [
    page.getByRole('region', { name: 'Actions' }).getByRole('tab').last(),
  ]);

  // An unknown screen lands on the dashboard.
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/dashboard$/);
  await checkScreen(page, 'unknown-route', page.getByRole('heading', { level: 1, name: 'Dashboard' }));
});
