/**
 * The prerequisite graph opens whole in its panel (fitted to width and height), and the Fit button brings it back after
 * zooming; another book opened shows its own graph, never the last book's under its title.
 */
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

  it('says the book is being read when another is opened, and never shows the last book’s graph under it', async () => {
    const { page } = bench.app;
    await showPanel(page, 'Graph');
    await page.locator('svg.graph .node').first().waitFor({ timeout: 60_000 });
    const funjerai = new Set(await page.locator('svg.graph .node').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-skill'))));
    // Each frame until the new book's graph is drawn: the title, the graph's skills and the canvas's words.
    type Frame = { title: string; skills: string[]; text: string };
    await page.evaluate(() => {
      const frames: Frame[] = [];
      (window as unknown as { graphFrames: Frame[] }).graphFrames = frames;
      const record = () => {
        const skills = [...document.querySelectorAll('svg.graph .node')].map((n) => n.getAttribute('data-skill') ?? '');
        const title = document.querySelector('#rulebook-title')?.textContent ?? '';
        frames.push({ title, skills, text: document.querySelector('.graph-canvas')?.textContent ?? '' });
        if (frames.length < 5000 && !(title !== 'Funjerai' && skills.length > 0)) requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await page.locator('#btn-open').click();
    await page.locator('[data-sample="kingdoms-of-novitas"]').click();
    const newBook = (frames: Frame[]) => frames.filter((f) => f.title !== 'Funjerai');
    const read = () => page.evaluate(() => (window as unknown as { graphFrames: Frame[] }).graphFrames);
    await expect.poll(async () => newBook(await read()).some((f) => f.skills.length > 0), { timeout: 60_000 }).toBe(true);
    const frames = newBook(await read());
    // Under the new title: first the notice, then the new book's graph, never a skill of Funjerai's.
    expect(frames[0].text).toContain('Reading the book');
    expect(frames.filter((f) => f.skills.some((name) => funjerai.has(name)))).toEqual([]);
  }, 120_000);
});
