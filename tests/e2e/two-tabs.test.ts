/**
 * Two tabs of the browser host on two books, each saving its own edit into its own file. The books are two editions
 * of one rulebook, so the chapter has the same name and the same text in both: while the host kept one open book for
 * every tab, tab A's save went into the book tab B had opened last.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goTo, useOpenBook } from './harness.js';

const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');

let edition2024: string;
let edition2025: string;
let original: string;

const bench = useOpenBook('tabs', async (work) => {
  edition2024 = path.join(work, '2024', 'funjerai.md');
  edition2025 = path.join(work, '2025', 'funjerai.md');
  for (const file of [edition2024, edition2025]) {
    await mkdir(path.dirname(file));
    await copyFile(FUNJERAI, file);
  }
  original = await readFile(FUNJERAI, 'utf8');
  return edition2024;
});

/** The lines the editor shows (Monaco draws spaces as no-break spaces). */
const editorText = (page: Page) => page.evaluate(() => [...document.querySelectorAll('.monaco-editor .view-line')].map((l) => l.textContent?.replace(/\u00a0/g, ' ')).join('\n'));

async function typeAndSave(page: Page, text: string): Promise<void> {
  await goTo(page, 1, 1);
  await page.keyboard.type(text);
  await page.keyboard.press('Control+s');
}

describe('two tabs on two books', () => {
  // A second page, two saves and two reloads, each waited for within its own limit: more than the default 30 s on a
  // slow machine under load.
  it('saves each tab\'s edit into its own book, and a reloaded tab keeps its book', { timeout: 240_000 }, async () => {
    const a = bench.app.page;
    const b = await a.context().newPage();
    await b.goto(bench.app.host.origin);
    await b.waitForSelector('.monaco-editor .view-line', { timeout: 60_000 });
    // Tab B opens the 2025 edition by its path (nothing unsaved, so no question).
    await b.locator('#btn-open').click();
    await b.locator('.open-path input').fill(edition2025);
    await b.locator('.open-path button').click();
    await b.locator('#start').waitFor({ state: 'hidden', timeout: 20_000 });
    await b.waitForSelector('.monaco-editor .view-line', { timeout: 60_000 });

    await typeAndSave(a, 'A-EDIT ');
    await expect.poll(() => readFile(edition2024, 'utf8'), { timeout: 15_000 }).toBe(`A-EDIT ${original}`);
    await typeAndSave(b, 'B-EDIT ');
    await expect.poll(() => readFile(edition2025, 'utf8'), { timeout: 15_000 }).toBe(`B-EDIT ${original}`);
    expect(await readFile(edition2024, 'utf8')).toBe(`A-EDIT ${original}`);
    await expect.poll(() => a.locator('.tab .close').first().textContent()).not.toBe('●');
    await expect.poll(() => b.locator('.tab .close').first().textContent()).not.toBe('●');

    // Reloaded, each tab shows its own book as saved.
    await a.reload();
    await a.waitForSelector('.monaco-editor .view-line', { timeout: 60_000 });
    await expect.poll(() => editorText(a), { timeout: 20_000 }).toContain('A-EDIT ');
    await b.reload();
    await b.waitForSelector('.monaco-editor .view-line', { timeout: 60_000 });
    await expect.poll(() => editorText(b), { timeout: 20_000 }).toContain('B-EDIT ');
    expect(await editorText(b)).not.toContain('A-EDIT');
    await b.close();
  });
});
