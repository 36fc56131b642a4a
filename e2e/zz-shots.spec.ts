import { expect } from '@playwright/test';
import { signIn, test } from './fixtures';

for (const [w, h] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`shots ${w}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await signIn(page);
    await page.screenshot({ path: `/tmp/keyboard/header-${w}.png` });
    if (w > 800) await page.keyboard.press('Control+k');
    else await page.getByRole('button', { name: 'Search orders and commands' }).click();
    const input = page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox');
    await expect(input).toBeFocused();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/keyboard/palette-empty-${w}.png` });
    await input.fill('smith');
    await expect(page.getByRole('group', { name: 'Matching items' })).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/keyboard/palette-name-${w}.png` });
    await page.keyboard.press('Escape');
    const { orderers } = (await (await page.request.get('/api/v1/users/orderers.json')).json()) as {
      orderers: { id: number }[];
    };
    const { order_items } = (await (
      await page.request.get(`/api/v1/orderers/${orderers[0].id}/order_items.json`)
    ).json()) as { order_items: { ref: string }[] };
    await page.goto(`/orders/${order_items[0].ref}`);
    await expect(page.getByRole('tab').first()).toBeVisible();
    await page.keyboard.press('Control+k');
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/keyboard/palette-order-${w}.png` });
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/keyboard/order-${w}.png` });
    await page.keyboard.press('?');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/keyboard/help-${w}.png`, fullPage: false });
    await page.keyboard.press('Escape');
    await page.goto('/search?q=ab');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `/tmp/keyboard/search-short-${w}.png` });
  });
}
