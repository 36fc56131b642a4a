/**
 * Shared steps for the browser tests: the `test` every spec uses (it fails on any Content-Security-Policy
 * violation), sign in as a demo user, scan a page with axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-password';

// Violations seen during the current test, in any watched browser context (a worker runs one test at a time).
const cspViolations: string[] = [];
const watchedContexts = new WeakSet<BrowserContext>();

/**
 * Records every Content-Security-Policy violation in the context's pages: Chromium's own console error
 * ("Refused to … because it violates the following Content Security Policy directive …") and, through the
 * `securitypolicyviolation` DOM event, any it does not log. The init script is injected over the DevTools
 * protocol, so the policy it watches does not block it.
 */
export async function watchCspViolations(context: BrowserContext): Promise<void> {
  if (watchedContexts.has(context)) return;
  watchedContexts.add(context);
  context.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy|securitypolicyviolation/i.test(text)) {
      const { url } = message.location();
      cspViolations.push(url ? `${url}: ${text}` : text);
    }
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} ` +
          `(${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
}

/** Every spec's `test`: fails after the test if the browser reported a Content-Security-Policy violation. */
export const test = base.extend<{ failOnCspViolation: undefined }>({
  failOnCspViolation: [
    async ({ context }, use) => {
      cspViolations.length = 0;
      await watchCspViolations(context);
      await use(undefined);
      expect(cspViolations, 'Content-Security-Policy violations in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

/** Signs in through the real sign-in page and waits for the app shell. */
export async function signIn(page: Page, email = 'admin@demo.test', password = DEMO_PASSWORD): Promise<void> {
  // Pages of contexts a spec opens itself are watched too.
  await watchCspViolations(page.context());
  await page.goto('/sign-in');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await expect(page.getByTestId('clock')).toBeVisible();
}

/**
 * Waits until no transition or animation with an end is running, over a few frames in a row. A dialog, a
 * menu or a tab panel fades in over ~200 ms, and Mantine starts that transition a frame after the element is
 * in the page: axe measuring then saw a button's text at partial opacity and reported a contrast failure no
 * user sees at rest (CI: the FAQ delete dialog in admin.spec.ts). Endless animations (loaders, skeletons)
 * never end, so they are not waited for.
 */
export async function waitForStillScreen(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const moving = () =>
            document
              .getAnimations()
              .filter(
                (a) =>
                  a.playState === 'running' &&
                  Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
              ).length;
          let seen = moving();
          for (let frame = 0; frame < 3; frame++) {
            await new Promise((resolve) => requestAnimationFrame(resolve));
            seen += moving();
          }
          return seen;
        }),
      { message: 'no transition or animation is running', intervals: [50, 100, 250] },
    )
    .toBe(0);
}

/** Fails on serious or critical accessibility violations of the page once it is still (no transition). */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await waitForStillScreen(page);
  // Toasts are left out: while one fades in or out axe measures its text at partial opacity and reports a
  // contrast failure that a user never sees at rest (and a new one may arrive at any time). Sandboxed frames
  // (an e-mail shown as sent) run no scripts, so axe cannot be injected into them: it waited there until the
  // test timed out. Their HTML is the e-mail's, checked by the templates' own tests.
  const results = await new AxeBuilder({ page })
    .exclude('.mantine-Notifications-root')
    .exclude('iframe[sandbox]')
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * The page does not scroll sideways (its content fits the viewport's width). Polled: a check made while the
 * page is still laying out data it has just received measured a wider page for a moment (a flaky failure at
 * 390 px on a busy 2-core machine), and a page that stays too wide still fails after the timeout.
 */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: 'the page is no wider than the viewport',
    })
    .toBeLessThanOrEqual(0);
}
