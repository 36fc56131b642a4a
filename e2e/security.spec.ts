/**
 * The browser side of the security headers: the Swagger UI runs under its policy, and the suite's CSP guard
 * (e2e/fixtures.ts) really fails a test when the page breaks the policy.
 */
import { expect } from '@playwright/test';
import { test } from './fixtures';

test('the API documentation renders under its Content-Security-Policy', async ({ page }) => {
  const response = await page.goto('/api/docs/');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /UK Document Services back office API/ })).toBeVisible();
  await expect(page.getByText('/api/v1/session.json').first()).toBeVisible();
});

test('the built index.html loads its scripts from files, none inline', async ({ request }) => {
  const html = await (await request.get('/dashboard')).text();
  expect(html).toMatch(/<script type="module"[^>]* src="\/assets\//);
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
});

test('a blocked inline script fails the test (the guard every spec runs under)', async ({ page }) => {
  // Expected to fail: the fixture reports the violation after the test body.
  test.fail();
  await page.goto('/sign-in');
  await expect(page.getByLabel(/e-?mail/i)).toBeVisible();
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.body.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
});
