/**
 * Search and replace across the chapters of a folder rulebook (Kingdoms of Novitas): results grouped by file, the
 * whole-word and match-case options, a replacement previewed, applied to several files unsaved, and undone in all of
 * them by one Undo replace.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copyBook, useOpenBook } from './harness.js';

const NOVITAS = path.resolve('tests/fixtures/samples/kingdoms-of-novitas');
const SCREENSHOTS = process.env.RULEBOOK_SCREENSHOTS;

const bench = useOpenBook('search', (work) => copyBook(NOVITAS, work, 'novitas'), { width: 1280, height: 800 });

const summary = (page: Page) => page.locator('.search-summary').textContent();
const filesFound = (page: Page) => page.locator('[data-search-file]').evaluateAll((sections) => sections.map((s) => `${s.getAttribute('data-search-file')} ${s.querySelectorAll('.search-hit').length}`));

/** What the editor holds for a file, read through the app's own search: no "Marshal" left means the edit is there. */
async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search', { exact: true }).fill(text);
}

describe('search across chapters', () => {
  it('finds a word in several files, by whole word and case', async () => {
    const { page } = bench.app;
    await page.locator('.monaco-editor textarea').first().focus();
    await page.keyboard.press('Control+Shift+F');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Search');
    await search(page, 'Marshal');
    await expect.poll(() => summary(page)).toBe('12 matches in 3 files');
    await page.getByLabel('Whole word').check();
    await expect.poll(() => summary(page)).toBe('8 matches in 2 files');
    expect(await filesFound(page)).toEqual(['05-roleplaying-skills.md 1', '08-positions.md 7']);
    await page.getByLabel('Match case').check();
    await expect.poll(() => summary(page)).toBe('8 matches in 2 files');
    // A result opens its file at the match.
    await page.locator('[data-search-file="08-positions.md"] .search-hit').first().click();
    await expect.poll(() => page.locator('.tab.active').getAttribute('data-tab')).toBe('08-positions.md');
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'search-1280x800.png') });
  }, 120_000);

  it('replaces in every file after a preview, unsaved, and one Undo replace restores them all', async () => {
    const { page } = bench.app;
    const onDisk = await readFile(path.join(bench.work, 'novitas', '08-positions.md'), 'utf8');
    await page.getByLabel('Replace', { exact: true }).fill('Referee');
    await expect.poll(() => page.locator('.search-line ins').first().textContent()).toBe('Referee');
    await page.locator('[data-action="replace-all"]').click();
    const dialog = page.locator('.dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('8 changes in 2 files');
    await dialog.getByRole('button', { name: 'Apply 8 changes' }).click();
    await page.getByText('Replaced 8 matches in 2 files.', { exact: true }).waitFor();
    await expect.poll(() => summary(page)).toBe('No matches.');
    // Both files have unsaved edits; nothing was written.
    expect(await page.locator('#file-list [data-file="05-roleplaying-skills.md"] .dirty-dot').count()).toBe(1);
    expect(await page.locator('#file-list [data-file="08-positions.md"] .dirty-dot').count()).toBe(1);
    expect(await readFile(path.join(bench.work, 'novitas', '08-positions.md'), 'utf8')).toBe(onDisk);
    await search(page, 'Referee');
    await expect.poll(() => summary(page)).toBe('13 matches in 3 files');

    await page.locator('[data-action="undo-replace"]').click();
    await expect.poll(() => summary(page)).toBe('5 matches in 1 file');
    await search(page, 'Marshal');
    await expect.poll(() => summary(page)).toBe('8 matches in 2 files');
    expect(await page.locator('#file-list .dirty-dot').count()).toBe(0);
  }, 120_000);

  it('says what is wrong with a regular expression', async () => {
    const { page } = bench.app;
    await page.getByLabel('Regex').check();
    await search(page, 'Mar(shal');
    await expect.poll(() => summary(page)).toMatch(/^Not a valid regular expression: /);
    await search(page, 'Game (Master)s?');
    await expect.poll(() => summary(page)).toMatch(/^\d+ matches in \d+ files$/);
  }, 60_000);
});
