/**
 * Shows a side panel through the command palette's "Show <title> panel": the same however many tabs fit in the strip
 * (a tab that does not fit is in its More menu), and the palette's own commands are exercised on the way.
 */
import type { Page } from 'playwright-core';

export async function showPanel(page: Page, title: string): Promise<void> {
  await page.locator('.monaco-editor textarea').first().focus();
  await page.keyboard.press('F1');
  const palette = page.locator('.quick-input-widget');
  await palette.waitFor();
  // The box opens holding ">" (commands), the caret after it.
  await page.keyboard.type(`Show ${title} panel`);
  await palette.locator('.monaco-list-row.focused', { hasText: `Show ${title} panel` }).waitFor();
  await page.keyboard.press('Enter');
  await palette.waitFor({ state: 'hidden' });
  await page.locator(`[data-panel="${title.toLowerCase()}"]:not([hidden])`).first().waitFor();
}
