/**
 * Every screen at phone size (390×844, an iPhone 12–15): neither the page nor any list's table scrolls
 * sideways (order-item lists are cards; so are the outbox, FCO batches, users, webhooks and their deliveries,
 * every /admin reference table and the dashboard's cards, through `phone-cards`, each value on a labelled
 * line); every target is at least 24 px and a card's buttons and tick boxes 44 px; the screen's primary
 * actions can be brought on screen whole (not clipped by a card); state badges are never cut short; the header
 * keeps its controls. With PHONE_SHOTS=<dir> set, each screen is also saved there as a full-page PNG for a
 * person to look at (CI leaves it unset and writes nothing).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { FcoBatchList, QueuePage } from '../domain/contract/queues';
import type { WebhookEndpoint } from '../domain/contract/webhooks';
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
async function checkScreen(
  page: Page,
  name: string,
  ready: Locator,
  actions: Locator[] = [],
  { reportTables = [] }: { reportTables?: string[] } = {},
) {
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
  await expectTablesFit(page, name, reportTables);
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

/**
 * Tables of records shown as cards (`phone-cards`) fit the screen: no cell runs off its right edge, and a
 * card's buttons (row actions, a drag handle) and tick boxes are 44 px targets.
 */
async function expectPhoneCards(page: Page, name: string) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    for (const cell of document.querySelectorAll('table.phone-cards > tbody > tr > td')) {
      const box = cell.getBoundingClientRect();
      if (box.width > 0 && box.right > window.innerWidth + 0.5) {
        found.push(
          `${cell.getAttribute('data-label') ?? 'a cell'} off screen: ${cell.textContent?.slice(0, 40)}`,
        );
      }
      for (const target of cell.querySelectorAll('button, label:has(input[type="checkbox"])')) {
        const t = target.getBoundingClientRect();
        // A link-styled button in a line of text (a delivery's event) is content, not a row action.
        if (t.width <= 1 || getComputedStyle(target).display === 'inline') continue;
        if (t.width < 44 - 0.5 || t.height < 44 - 0.5) {
          const what = target.getAttribute('aria-label') ?? target.textContent?.trim().slice(0, 30);
          found.push(`"${what}" ${Math.round(t.width)}×${Math.round(t.height)}, under 44 px`);
        }
      }
    }
    return found;
  });
  expect(problems, `${name}: record cards fit the screen, with 44 px targets`).toEqual([]);
}

/**
 * No table is wider than the screen, nor than the box it scrolls in: a list is cards (or fits) on a phone,
 * never a table to scroll sideways. A report's grid of figures (`reportTables`, by name: the sales report's
 * months against its measures) may scroll inside its card.
 */
async function expectTablesFit(page: Page, name: string, reportTables: string[]) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#main table')]
      .filter((table) => {
        const box = table.getBoundingClientRect();
        if (box.width === 0) return false;
        const scroller =
          table.closest('.mantine-TableScrollContainer-scrollContainer') ?? table.parentElement;
        return (
          box.right > window.innerWidth + 0.5 ||
          (scroller !== null && scroller.scrollWidth > scroller.clientWidth + 1)
        );
      })
      .map((table) => table.getAttribute('aria-label') ?? table.getAttribute('data-testid') ?? 'a table'),
  );
  expect(
    wide.filter((table) => !reportTables.includes(table)),
    `${name}: tables scroll sideways`,
  ).toEqual([]);
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

/** An unpaid cart of this test's own, as the shop reports it; answers its ref. */
async function createCart(request: APIRequestContext): Promise<string> {
  const ref = `PHONE-${Date.now().toString(36)}${(counter++).toString(36)}`.toUpperCase();
  const response = await request.post('/api/v1/storefront/carts.json', {
    headers: { Authorization: 'Bearer demo-storefront-key' },
    data: {
      cart: {
        ref,
        email: `${ref.toLowerCase()}@example.com`,
        billing_address: { name: 'Pat Phone', line_1: '1 Quay Street', city: 'Bristol', zip: 'BS1 4DJ' },
        items: [{ type: 'Birth Certificate', net_value: 4500 }],
        total_in_pence: 4500,
      },
    },
  });
  expect(response.status()).toBe(201);
  return ref;
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

test('dashboard and the queues', async ({ page, request }) => {
  const aliceId = await ordererId(admin, 'alice@demo.test');
  await createConversation(request);
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
  // The dashboard's cards of records are lists of cards too, each with rows to show.
  for (const name of ['Inbox conversations', 'Oldest escalations', 'Unpaid orders']) {
    const table = page.getByRole('table', { name });
    await expect(table, `${name} are cards`).toHaveClass(/phone-cards/);
    await expect(table.locator('tbody tr').first()).toBeVisible();
  }

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

  // A cart of this test's own: a demo cart may be closed meanwhile by another spec (unpaid.spec.ts).
  const cartRef = await createCart(request);
  await page.goto('/dashboard');
  await page.getByTestId('unpaid-carts').getByRole('link', { name: cartRef, exact: true }).click();
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

test('admin screens: sales report, every reference content tab, rows being edited, users, outbox', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/sales-report');
  await checkScreen(
    page,
    'sales-report',
    page.getByRole('table', { name: /by product type/i }),
    [page.getByRole('button', { name: 'Download CSV' }), page.getByRole('combobox', { name: 'Year' })],
    { reportTables: ['Totals and comparisons', 'By product type', 'By delivery region'] },
  );

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

  // A row being edited is a card too: its inputs, its Orderer tick box and Save fit, 44 px targets.
  for (const [tab, name, ready] of [
    ['Registries', 'admin-registry-editing', page.getByRole('textbox', { name: 'Name' })],
    ['FAQ categories', 'admin-faq-category-editing', page.getByRole('button', { name: 'Save' })],
  ] as const) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await checkScreen(page, name, ready, [page.getByRole('button', { name: 'Save' })]);
    await page.getByRole('button', { name: 'Cancel' }).click();
  }

  await page.goto('/users');
  const users = page.getByRole('table', { name: 'Users' });
  await checkScreen(page, 'users', users.locator('tbody tr').first(), [
    page.getByRole('button', { name: 'Add user' }),
  ]);
  await users
    .getByRole('button', { name: /^Edit / })
    .first()
    .click();
  await checkScreen(page, 'users-editing', users.getByRole('textbox', { name: 'Name' }), [
    users.getByRole('checkbox', { name: 'Orderer' }),
    users.getByRole('button', { name: 'Save' }),
  ]);
  await users.getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/outbox');
  await checkScreen(
    page,
    'outbox',
    page.getByRole('table', { name: 'Outbox messages' }).locator('tbody tr').first(),
    [page.getByRole('button', { name: 'Page 2' }).first()],
  );
});

test('webhooks: the endpoints and a delivery log', async ({ page }) => {
  // An endpoint of this test's own, with a test event in its log (nothing listens at port 9: it stays pending
  // or fails, either of which the log shows).
  const { webhook_endpoint: endpoint } = await admin.post<{ webhook_endpoint: WebhookEndpoint }>(
    'webhook_endpoints',
    {
      webhook_endpoint: {
        url: `http://127.0.0.1:9/phone-hooks/${Date.now()}`,
        events: ['order_item.despatched', 'conversation.replied'],
        description: 'Phone shop',
      },
    },
  );
  await admin.post(`webhook_endpoints/${endpoint.id}/test`);
  await signIn(page);
  await page.goto(`/webhooks?endpoint=${endpoint.id}`);
  const row = page.getByTestId('endpoint-row').filter({ hasText: endpoint.url });
  await checkScreen(page, 'webhooks', page.getByTestId('delivery-row').first(), [
    page.getByRole('button', { name: 'Add endpoint' }),
    row.getByRole('button', { name: `Send a test event to ${endpoint.url}` }),
    row.getByRole('button', { name: `More actions for ${endpoint.url}` }),
    page.getByTestId('delivery-row').first().getByRole('button', { name: 'Details' }),
  ]);
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
