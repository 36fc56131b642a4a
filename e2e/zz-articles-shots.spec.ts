import { mkdirSync } from 'node:fs';
import { expect } from '@playwright/test';
import { signIn, test } from './fixtures';

const dir = '/tmp/shots-articles';
mkdirSync(dir, { recursive: true });

for (const [name, viewport] of [
  ['desktop', { width: 1440, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`shots ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page);
    await page.goto('/admin?tab=articles');
    await expect(page.getByRole('table', { name: 'Articles' }).getByRole('row').nth(1)).toBeVisible();
    await page.getByRole('row').nth(1).getByRole('button', { name: /^Edit/ }).click();
    const content = page.getByRole('textbox', { name: 'Content' });
    await expect(content).toBeVisible();
    await content.click();
    await content.press('Control+End');
    await content.press('Enter');
    await content.pressSequentially('A second paragraph with ');
    await content.press('Control+b');
    await content.pressSequentially('bold');
    await content.press('Control+b');
    await page.screenshot({ path: `${dir}/${name}-article-editor.png`, fullPage: true });
    await page.goto('/admin?tab=article_categories');
    await expect(page.getByTestId('article-category-row').first()).toBeVisible();
    await page.screenshot({ path: `${dir}/${name}-article-categories.png`, fullPage: true });
    await page.goto('/admin?tab=faqs');
    await expect(page.getByTestId('faq-row').first()).toBeVisible();
    const handle = page.getByRole('button', { name: /^Drag/ }).first();
    await handle.focus();
    await handle.press('Space');
    await handle.press('ArrowDown');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${dir}/${name}-faqs-dragging.png`, fullPage: true });
    await handle.press('Escape');
  });
}
