/**
 * The shell outlives the server and a deploy (docs/decisions/shell-resilience.md): the connection banner while
 * the server is gone, recovery without a reload when it is back (a screen that could not load then reloads by
 * itself), one reload for a stale chunk (again for a second deploy soon after), and an in-shell error screen
 * with the navigation still there. The outage test stops and starts a server of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { SERVER_NODE_FLAGS } from '../server/node-flags';
import { apiAs, createOrder, ordererId } from './api-helpers';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: 'Connection lost — reconnecting…' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject()));
    });
  });
}

/** The compiled server on 127.0.0.1:port over dataDir, as playwright.config.ts starts the shared one. */
class OwnServer {
  private process: ChildProcess | undefined;
  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and waits until /readyz says ready (a fresh data dir is migrated and seeded first). */
  async start(): Promise<void> {
    this.process = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist-server/main.js'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        WEB_ROOT: process.env.E2E_WEB_ROOT ?? 'dist',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect
      .poll(
        async () => {
          if (this.process?.exitCode !== null) throw new Error('the server exited while starting');
          return fetch(`${this.url}/readyz`).then(
            (r) => r.status,
            () => 0,
          );
        },
        { timeout: 120_000, intervals: [250] },
      )
      .toBe(200);
  }

  /** Stops it (SIGTERM, as a deploy or a supervisor does) and waits until the process has gone. */
  async stop(): Promise<void> {
    const running = this.process;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
}

/** A server of the test's own, started once per worker on a free port and a fresh data directory. */
const withOwnServer = test.extend<object, { ownServer: OwnServer }>({
  ownServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first argument.
    async ({}, use) => {
      const server = new OwnServer(await freePort(), mkdtempSync(path.join(tmpdir(), 'ukds-shell-e2e-')));
      await server.start();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});

withOwnServer.describe('while the server is stopped and started again', () => {
  withOwnServer(
    'the banner shows under the header, screens not yet loaded say so in the shell, and the page recovers without a reload',
    async ({ page, ownServer: server }) => {
      test.setTimeout(120_000);
      await signIn(page);
      await expect(page).toHaveURL(/\/dashboard$/);
      const unassigned = page.getByTestId('unassigned').getByLabel(/in the list$/);
      await expect(unassigned).toBeVisible();
      const before = Number(await unassigned.textContent());
      await page.evaluate(() => {
        (window as { shellMarker?: string }).shellMarker = 'still the same page';
      });
      await expect(banner(page)).toHaveCount(0);

      await server.stop();
      await expect(banner(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // The header and navigation stay; the bar sits under the header and covers none of it.
      const header = page.getByRole('banner');
      await expect(header.getByTestId('clock')).toBeVisible();
      const bar = await banner(page).boundingBox();
      const clock = await header.getByTestId('clock').boundingBox();
      expect(bar && clock && bar.y >= clock.y + clock.height).toBe(true);

      // Opening a screen whose code was never loaded: a message inside the shell, not a dead page.
      await nav(page).getByRole('link', { name: 'Search' }).click();
      const routeError = page.getByTestId('route-error');
      await expect(routeError).toContainText('The server cannot be reached');
      await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await nav(page).getByRole('link', { name: 'Dashboard' }).click();
      await expect(page.getByTestId('unassigned')).toBeVisible();

      // Phone width: the banner fits and the page does not scroll sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(banner(page)).toBeVisible();
      const box = await banner(page).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.setViewportSize({ width: 1440, height: 900 });

      // Back up, with nothing of the page's reaching it until a new order is in: the way back must refetch.
      await page.route('**/api/v1/**', (route) => route.abort());
      await server.start();
      await createOrder(server.url, [{}]);
      await page.unroute('**/api/v1/**');

      await expect(banner(page)).toHaveCount(0, { timeout: 20_000 });
      await expect(unassigned).toHaveText(String(before + 1));
      expect(await page.evaluate(() => (window as { shellMarker?: string }).shellMarker)).toBe(
        'still the same page',
      );
    },
  );
});

withOwnServer.describe('a screen that could not load while the server was stopped', () => {
  withOwnServer(
    'says it loads by itself, and does once the server is back, without a click (issue 49)',
    async ({ page, ownServer: server }) => {
      test.setTimeout(120_000);
      await signIn(page);
      await expect(page.getByTestId('unassigned')).toBeVisible();

      await server.stop();
      await nav(page).getByRole('link', { name: 'Search' }).click();
      const routeError = page.getByTestId('route-error');
      await expect(routeError).toContainText('The server cannot be reached');
      await expect(routeError).toContainText('loads by itself as soon as the connection is back');

      await server.start();
      await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(routeError).toHaveCount(0);
      await expect(banner(page)).toHaveCount(0);
      await expect(page).toHaveURL(/\/search$/);
    },
  );
});

/** The lazy chunk of the search screen, as the built app names it. */
const SEARCH_CHUNK = '**/assets/search-page-*.js';
/** The lazy chunk of the my-queue screen. */
const MY_QUEUE_CHUNK = '**/assets/my-queue-page-*.js';

/** Counts the page's full loads (reloads included) from now on. */
function countLoads(page: Page): { count: number } {
  const loads = { count: 0 };
  page.on('load', () => {
    loads.count += 1;
  });
  return loads;
}

test('a chunk gone after a deploy reloads the page once, and then the screen works', async ({ page }) => {
  await signIn(page);
  // Gone until the page loads again, as the old build's chunk is after a deploy.
  let gone = true;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) gone = false;
  });
  await page.route(SEARCH_CHUNK, (route) => (gone ? route.fulfill({ status: 404 }) : route.fallback()));
  const loads = countLoads(page);
  await nav(page).getByRole('link', { name: 'Search' }).click();

  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/search$/);
  await expect.poll(() => loads.count).toBe(1);
  await expect(page.getByTestId('route-error')).toHaveCount(0);
});

test('a second deploy minutes after the first reloads the page again instead of showing an error (issue 49)', async ({
  page,
}) => {
  await signIn(page);
  // Each deploy takes away a chunk of the build the page runs until the page loads again.
  const gone = { search: true, myQueue: false };
  const refused = { search: 0, myQueue: 0 };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      gone.search = false;
      gone.myQueue = false;
    }
  });
  await page.route(SEARCH_CHUNK, (route) => {
    if (!gone.search) return route.fallback();
    refused.search += 1;
    return route.fulfill({ status: 404 });
  });
  await page.route(MY_QUEUE_CHUNK, (route) => {
    if (!gone.myQueue) return route.fallback();
    refused.myQueue += 1;
    return route.fulfill({ status: 404 });
  });
  const loads = countLoads(page);

  await nav(page).getByRole('link', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: 'Search', level: 1 })).toBeVisible();
  await expect.poll(() => loads.count).toBe(1);
  expect(refused.search).toBeGreaterThan(0);

  // The second deploy, a minute later: another screen's chunk is gone.
  gone.myQueue = true;
  await nav(page).getByRole('link', { name: 'My queue' }).click();
  await expect(page.getByRole('heading', { name: 'My queue', level: 1 })).toBeVisible();
  await expect.poll(() => loads.count).toBe(2);
  expect(refused.myQueue).toBeGreaterThan(0);
  await expect(page.getByTestId('route-error')).toHaveCount(0);
});

test('a chunk that still fails after that one reload shows the error in the shell, without reloading again', async ({
  page,
}) => {
  await signIn(page);
  await page.route(SEARCH_CHUNK, (route) => route.fulfill({ status: 404 }));
  const loads = countLoads(page);
  await nav(page).getByRole('link', { name: 'Search' }).click();

  const routeError = page.getByTestId('route-error');
  await expect(routeError).toContainText('This screen could not load');
  await expect(routeError).toContainText('even after reloading the page');
  await expect(routeError.getByRole('button', { name: 'Reload' })).toBeVisible();
  expect(loads.count).toBe(1);
  await expect(page.getByTestId('clock')).toBeVisible();
  await nav(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('unassigned')).toBeVisible();
  expect(loads.count).toBe(1);
});

test('a screen that throws shows the error inside the shell; Try again renders it afresh', async ({
  page,
}) => {
  await signIn(page);
  // The search screen's code replaced by one that throws until the test says it is mended.
  await page.route(SEARCH_CHUNK, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `export default function BrokenSearch() {
        if (!window.searchMended) throw new Error('The search screen broke');
        return 'Search screen mended';
      }`,
    }),
  );
  const loads = countLoads(page);
  await nav(page).getByRole('link', { name: 'Search' }).click();

  const routeError = page.getByTestId('route-error');
  await expect(routeError).toContainText('Something went wrong on this screen');
  await expect(page.getByRole('link', { name: /dashboard$/i }).first()).toBeVisible();
  await expect(page.getByTestId('clock')).toBeVisible();
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);

  await page.evaluate(() => {
    (window as { searchMended?: boolean }).searchMended = true;
  });
  await routeError.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Search screen mended')).toBeVisible();
  await expect(routeError).toHaveCount(0);
  expect(loads.count).toBe(0);
});

type Rect = { x: number; y: number; width: number; height: number };
const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The box of what the locator shows, failing when it shows nothing (after the usual wait). */
async function boxOf(locator: ReturnType<Page['locator']>): Promise<Rect> {
  let box: Rect | null = null;
  await expect
    .poll(
      async () => {
        box = await locator.boundingBox();
        return box !== null;
      },
      { message: 'on screen' },
    )
    .toBe(true);
  return box as unknown as Rect;
}

for (const size of [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`toasts cover neither the order page's header actions nor a list's bulk actions (${size.name})`, async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize(size);
    await signIn(page);
    const { itemRefs } = await createOrder(baseURL ?? '', [{}]);
    await page.goto(`/orders/${itemRefs[0]}`);
    const flag = page.getByRole('button', { name: 'Flag' });
    await flag.click();
    const flagged = page.locator('.mantine-Notification-root').filter({ hasText: 'flagged' });
    await expect(flagged).toBeVisible();
    // Under the pointer the toast stays (its 5 s Undo would otherwise go on a busy machine mid-measure).
    await flagged.hover();
    const toast = await boxOf(flagged);
    for (const action of [
      flag,
      page.getByRole('button', { name: 'Originals received' }),
      page.getByRole('link', { name: 'Print cover letter' }),
    ]) {
      expect(overlaps(toast, await boxOf(action))).toBe(false);
    }

    // A list with a selection: the toast shows above the sticky bulk-action bar.
    const admin = await apiAs(baseURL ?? '', 'admin@demo.test');
    await page.goto(`/work-queues/${await ordererId(admin, 'alice@demo.test')}`);
    await page.getByRole('checkbox').nth(2).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await page.route('**/api/v1/order_items/export.csv', (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Export broke.' } } }),
    );
    await bar.getByRole('button', { name: /Export CSV/ }).click();
    const failed = page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Could not export the items' });
    await expect(failed).toBeVisible();
    // Measured once it has finished sliding in: two reads in a row agree.
    let last = '';
    await expect
      .poll(async () => {
        const now = JSON.stringify(await boxOf(failed));
        const settled = now === last;
        last = now;
        return settled;
      })
      .toBe(true);
    expect(overlaps(await boxOf(failed), await boxOf(bar))).toBe(false);
    await admin.dispose();
  });
}
