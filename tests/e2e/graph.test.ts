/** The prerequisite graph opens whole in its panel (fitted to width and height), and the Fit button brings it back after zooming. */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copyBook, useOpenBook } from './harness.js';
import { showPanel } from './show-panel.js';

const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');
const SCREENSHOTS = process.env.RULEBOOK_SCREENSHOTS;

const bench = useOpenBook('graph', (work) => copyBook(FUNJERAI, work), { width: 1024, height: 640 });

/** How far the drawing overflows the canvas it is shown in (0 when all of it is in view). */
const overflow = (page: Page) => page.locator('.graph-canvas').evaluate((canvas) => Math.max(canvas.scrollWidth - canvas.clientWidth, canvas.scrollHeight - canvas.clientHeight));
const svgWidth = (page: Page) => page.locator('svg.graph').evaluate((svg) => svg.getBoundingClientRect().width);

describe('the prerequisite graph', () => {
  it('opens fitted to the panel, and Fit undoes a zoom', async () => {
    const { page } = bench.app;
    await showPanel(page, 'Graph');
    await page.locator('svg.graph .node').first().waitFor({ timeout: 60_000 });
    expect(await page.locator('svg.graph .node').count()).toBeGreaterThan(10);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    const fitted = await svgWidth(page);
    if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, 'graph-1024x640.png') });

    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom in' }).click();
    expect(await overflow(page)).toBeGreaterThan(0);
    await page.locator('[data-action="graph-fit"]').click();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await svgWidth(page)).toBeCloseTo(fitted, 0);
  }, 120_000);
});
