/**
 * The Export panel says what the export said: a book whose front matter has a print setting the publisher cannot use
 * (`print.theme: gothic`) is exported with the defaults, and the panel names the file, the line and the setting under
 * the written file, as `rulebook export` prints it, at the smallest window the app supports, with nothing overflowing.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshots, useOpenBook } from './harness.js';
import { showPanel } from './show-panel.js';

const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');

const bench = useOpenBook('export-warnings', async (work) => {
  const file = path.join(work, 'funjerai.md');
  await writeFile(file, (await readFile(FUNJERAI, 'utf8')).replace(/^---\n/, '---\nprint:\n  theme: gothic\n'));
  return file;
}, { width: 1024, height: 640 });

/** Screenshots to look at, when EXPORT_SCREENSHOTS names a folder. */
const screenshot = screenshots('EXPORT_SCREENSHOTS');

describe('Export panel warnings', () => {
  it('shows the setting the export went ahead without, naming the file and the setting', async () => {
    const { page } = bench.app;
    await showPanel(page, 'Export');
    await page.locator('[data-panel="export"] select').first().selectOption('book');
    await page.locator('[data-action="export"]').click();
    await page.locator('[data-export-path]').waitFor({ timeout: 90_000 });
    const first = page.locator('[data-export-warning]').first();
    await first.waitFor();
    expect(await first.textContent()).toBe('funjerai.md:3: `print.theme` must be one of classic, modern, parchment; the export went ahead without this setting');
    expect(await first.isVisible()).toBe(true);
    await first.scrollIntoViewIfNeeded();
    await screenshot(page, 'export-warnings-1024');

    // Inside the panel: no line runs past its right edge, and the panel does not scroll sideways.
    const overflow = await page.evaluate(() => {
      const panel = document.querySelector<HTMLElement>('[data-panel="export"]:not([hidden])')!;
      const right = panel.getBoundingClientRect().right;
      const wide = [...panel.querySelectorAll<HTMLElement>('.export-warnings, .export-warnings *')].filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > right + 1);
      return { scroll: panel.scrollWidth - panel.clientWidth, wide: wide.map((e) => e.className || e.tagName) };
    });
    expect(overflow).toEqual({ scroll: 0, wide: [] });
  }, 240_000);
});
