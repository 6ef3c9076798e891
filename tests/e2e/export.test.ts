/**
 * Exports from the app are named by kind and never replace a file unasked: a book and its skill cards leave two
 * files; exporting the book again asks first, Cancel keeps the file there, Replace writes the new one.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copyBook, useOpenBook } from './harness.js';
import { showPanel } from './show-panel.js';

const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');

const bench = useOpenBook('export', (work) => copyBook(FUNJERAI, work), { width: 1280, height: 800 });

/** Chooses a kind in the Export panel, presses Export, and answers what it then shows (the written path, or a dialog). */
async function exportFromPanel(page: Page, kind: string): Promise<void> {
  await showPanel(page, 'Export');
  await page.locator('[data-panel="export"] select').first().selectOption(kind);
  await page.locator('[data-action="export"]').click();
}

const written = (page: Page) => page.locator('[data-export-path]').textContent({ timeout: 90_000 });
const pdfHead = async (relative: string) => (await readFile(path.join(bench.work, relative))).subarray(0, 5).toString('latin1');

describe('exports named by kind', () => {
  it('leaves the book and the skill cards in two files, the names shown before exporting', async () => {
    const { page } = bench.app;
    await exportFromPanel(page, 'book');
    expect(await written(page)).toBe('export/funjerai-book.pdf');
    await page.locator('[data-panel="export"] select').first().selectOption('cards');
    expect(await page.getByLabel('Output file').getAttribute('placeholder')).toBe('export/funjerai-cards.pdf');
    await page.locator('[data-action="export"]').click();
    await expect.poll(() => written(page), { timeout: 90_000 }).toBe('export/funjerai-cards.pdf');
    expect(await pdfHead('export/funjerai-book.pdf')).toBe('%PDF-');
    expect(await pdfHead('export/funjerai-cards.pdf')).toBe('%PDF-');
    const book = await stat(path.join(bench.work, 'export/funjerai-book.pdf'));
    const cards = await stat(path.join(bench.work, 'export/funjerai-cards.pdf'));
    expect(book.size).not.toBe(cards.size);
  }, 240_000);

  it('asks before replacing an export: Cancel keeps the file, Replace writes the new one', async () => {
    const { page } = bench.app;
    const file = path.join(bench.work, 'export/funjerai-book.pdf');
    const before = await readFile(file);
    await page.getByLabel('Font size').fill('12');
    await exportFromPanel(page, 'book');
    const dialog = page.locator('.dialog[aria-label="Replace export?"]');
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain('export/funjerai-book.pdf already exists');
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByText('Not exported: the existing file was kept.').waitFor();
    expect((await readFile(file)).equals(before)).toBe(true);

    await page.locator('[data-action="export"]').click();
    await dialog.getByRole('button', { name: 'Replace', exact: true }).click();
    await expect.poll(() => written(page), { timeout: 90_000 }).toBe('export/funjerai-book.pdf');
    expect((await readFile(file)).equals(before)).toBe(false);
    expect(await pdfHead('export/funjerai-book.pdf')).toBe('%PDF-');
  }, 240_000);

  it('lists the app\'s commands with their keys in the palette, and exports from it', async () => {
    const { page } = bench.app;
    await page.locator('.monaco-editor textarea').first().focus();
    await page.keyboard.press('F1');
    const palette = page.locator('.quick-input-widget');
    await palette.waitFor();
    // Each command with its shortcut, as Monaco lists an action's keybinding beside its label.
    const entry = (label: string) => palette.locator('.monaco-list-row', { hasText: label }).first();
    for (const [label, keys] of [['Save all', 'Ctrl+Alt+S'], ['Search and replace in all files', 'Ctrl+Shift+F'], ['Show Graph panel', 'Ctrl+4']]) {
      // The palette's box starts with its ">" (commands); what is typed after it filters them.
      await page.keyboard.press('Control+a');
      await page.keyboard.type(`>${label}`);
      await expect.poll(() => entry(label).textContent()).toContain(label);
      expect((await entry(label).locator('.monaco-keybinding').textContent())?.replace(/\s/g, '')).toBe(keys.replace(/\s/g, ''));
    }
    await page.keyboard.press('Control+a');
    await page.keyboard.type('>Export: PDF quick reference');
    await expect.poll(() => entry('Export: PDF quick reference').count()).toBe(1);
    await page.keyboard.press('Enter');
    await expect.poll(() => written(page), { timeout: 90_000 }).toBe('export/funjerai-reference.pdf');
    expect(await pdfHead('export/funjerai-reference.pdf')).toBe('%PDF-');
    expect(await page.locator('[data-panel-tab="export"]').getAttribute('aria-selected')).toBe('true');
  }, 240_000);
});
