/**
 * The preview follows the editor both ways (scroll the editor, the preview follows; scroll the preview, the editor
 * follows), a click on a paragraph puts the cursor there, and the paged view shows the real printed pages of the
 * chapter at the cursor, drawn by pdf.js, and makes them again for another chapter.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copyBook, cursor, goTo, useOpenBook } from './harness.js';
import { showPanel } from './show-panel.js';

const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');
const SCREENSHOTS = process.env.RULEBOOK_SCREENSHOTS;

const bench = useOpenBook('preview', (work) => copyBook(FUNJERAI, work), { width: 1280, height: 800 });

/** The first line the editor shows at its top (Monaco draws only the lines in view, and a few beyond). */
const editorTopLine = (page: Page) => page.evaluate(() => {
  const top = document.querySelector('.monaco-editor .lines-content')!.parentElement!.getBoundingClientRect().top;
  const lines = [...document.querySelectorAll<HTMLElement>('.monaco-editor .margin-view-overlays .line-numbers')]
    .filter((n) => n.textContent && n.getBoundingClientRect().bottom > top + 2)
    .map((n) => Number(n.textContent));
  return Math.min(...lines);
});

/** The source line of the block at the top of the preview. */
const previewTopLine = (page: Page) => page.locator('.preview-scroll').evaluate((scroller) => {
  const top = scroller.getBoundingClientRect().top;
  const blocks = [...scroller.querySelectorAll<HTMLElement>('[data-line]')].filter((b) => b.getBoundingClientRect().bottom > top + 2);
  return Number(blocks[0]?.dataset.line ?? 0);
});

describe('the preview follows the editor', () => {
  it('scrolls with the editor, and the editor with it', async () => {
    const { page } = bench.app;
    await showPanel(page, 'Preview');
    await page.locator('.preview [data-line]').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('.preview-scroll').evaluate((s) => s.scrollTop)).toBeLessThan(50);

    await goTo(page, 480, 1);
    const top = await editorTopLine(page);
    expect(top).toBeGreaterThan(440);
    await expect.poll(() => previewTopLine(page)).toBeGreaterThan(top - 12);
    expect(await previewTopLine(page)).toBeLessThan(top + 12);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'preview-1280x800.png') });

    // The preview scrolled to chapter 3 (line 148) by hand: the editor follows.
    await page.locator('.preview-scroll').evaluate((scroller) => {
      const block = scroller.querySelector<HTMLElement>('[data-line="148"]')!;
      scroller.scrollTop += block.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    });
    await expect.poll(() => editorTopLine(page)).toBeLessThanOrEqual(150);
    expect(await editorTopLine(page)).toBeGreaterThanOrEqual(146);
  }, 120_000);

  it('puts the cursor on the paragraph clicked', async () => {
    const { page } = bench.app;
    const paragraph = page.locator('.preview p[data-line]').nth(3);
    const line = Number(await paragraph.getAttribute('data-line'));
    await paragraph.click();
    await expect.poll(async () => (await cursor(page)).line).toBe(line);
  }, 60_000);
});

describe('the paged view', () => {
  /** How many of a canvas's pixels are not white: a drawn page has text. */
  const inked = (page: Page, n: number) => page.locator('canvas.paged-page').nth(n).evaluate((canvas: HTMLCanvasElement) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 200 && data[i + 3] > 0) dark++;
    return dark;
  });

  it('shows the printed pages of the chapter at the cursor, and follows the cursor to another chapter', async () => {
    const { page } = bench.app;
    await goTo(page, 172, 1);
    await page.locator('[data-preview-mode="pages"]').click();
    await page.locator('canvas.paged-page').first().waitFor({ timeout: 90_000 });
    await expect.poll(() => page.locator('.paged-status').textContent()).toMatch(/^Magic · \d+ pages? as printed \(A4\)$/);
    const pages = Number(/· (\d+) page/.exec((await page.locator('.paged-status').textContent())!)![1]);
    expect(await page.locator('canvas.paged-page').count()).toBe(pages);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'paged-1280x800.png') });
    expect(await inked(page, 0)).toBeGreaterThan(1000);
    // It opens at the page that prints the skill at the cursor (Lesser Energy Ball, line 170, above the cursor), not the title page.
    const marked = page.locator('.paged-figure.at-cursor');
    expect(Number(await marked.getAttribute('data-page'))).toBeGreaterThan(1);
    const hostTop = await page.locator('.paged-host').evaluate((h) => h.getBoundingClientRect().top);
    expect(Math.abs((await marked.evaluate((f) => f.getBoundingClientRect().top)) - hostTop)).toBeLessThan(60);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'paged-1280x800.png') });

    await goTo(page, 400, 1);
    await expect.poll(() => page.locator('.paged-status').textContent(), { timeout: 60_000 }).toMatch(/^Weapons · \d+ pages? as printed/);
    expect(await inked(page, 0)).toBeGreaterThan(1000);

    await page.locator('[data-preview-mode="flow"]').click();
    expect(await page.locator('.preview-scroll').isVisible()).toBe(true);
  }, 180_000);
});
