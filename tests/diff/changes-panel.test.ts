/** The app's Changes panel lists the text changes outside rules and skills, by section, in chromium through the browser host. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPanel, publishedAndEdited, useOpenBook } from '../e2e/harness.js';

const bench = useOpenBook('text-changes', async (work) => {
  // Since the publication: a section 3.2 inserted (the sections after renumbered) with an unnumbered paragraph under it.
  const { file } = await publishedAndEdited(path.join(work, 'book'));
  return file;
});

describe('the Changes panel', () => {
  it('lists the new paragraph under its section, beside the rules and headings', async () => {
    const { page } = bench.app;
    await openPanel(page, 'changes');
    const panel = page.locator('[data-panel="changes"]');
    const text = panel.locator('[data-group="text"]');
    await text.waitFor({ timeout: 30_000 });
    expect(await panel.locator('[data-changes-summary]').textContent()).toContain('other text: 1 added');
    expect(await text.locator('[data-text-section]').allTextContents()).toEqual(['Chapter 3. Magic › 3.2 - Elemental Magic']);
    const row = text.locator('[data-text-change="added"]');
    expect(await row.textContent()).toBe('addedparagraphElemental spells call on fire, water, earth and air.');
    // The numbered heading is still listed as a rule entry, and not again as text.
    expect(await panel.locator('[data-entry-change="added"]').textContent()).toContain('3.2');
    if (process.env.SCREENSHOTS) await panel.screenshot({ path: path.join(process.env.SCREENSHOTS, 'changes-panel-text.png') });
    await row.click();
    await expect.poll(() => page.evaluate(() => document.querySelector('.monaco-editor .current-line') !== null)).toBe(true);
  }, 60_000);
});
