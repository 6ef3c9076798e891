/**
 * The Skills panel shows a column only when some skill of the book fills it. Razorweave (CC BY-SA 4.0,
 * tests/fixtures/wild/razorweave) prices none of its skills and names no prerequisite: it showed a Cost column of "—"
 * and two blank ones. A cost typed into it brings the Cost column back, sortable; deleted, the column goes again. The
 * Funjerai sample, priced and linked, keeps all of them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copyBook, goTo, openPanel, useApp, useBench } from './harness.js';

const RAZORWEAVE = path.resolve('tests/fixtures/wild/razorweave/book');
const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');
/** What `rulebook init` writes for Razorweave (tests/wild/wild-books.test.ts runs it): its skills are `####` headings. */
const RAZORWEAVE_LAYOUT = 'layout:\n  skills:\n    headingLevels: [4]\n    sections: [Skills Reference, Proficiencies Reference]\nlint:\n  missing-cost: off\n';
const CHAPTER = '15-skills-reference-by-attribute.md';

const bench = useBench('skills-panel');

/** The columns the panel's header shows, by their keys (`th.col-cost` → "cost"). */
function columns(page: Page): Promise<string[]> {
  return page.locator('[data-panel="skills"] .skills-table th').evaluateAll((cells) => cells.map((th) => th.className.replace(/^col-/, '')));
}

const firstSkill = (page: Page) => page.locator('[data-panel="skills"] .skills-table tbody tr').first().locator('td.col-name button').textContent();

describe('a book that prices nothing (Razorweave)', () => {
  let chapter: string;
  const opened = useApp(bench, async (work) => {
    const book = await copyBook(RAZORWEAVE, work, 'razorweave');
    await writeFile(path.join(book, 'rulebook.yaml'), RAZORWEAVE_LAYOUT);
    chapter = path.join(book, CHAPTER);
    return book;
  });

  it('shows its skills and categories, with no column of dashes or blanks, in the panel’s width', async () => {
    const { page } = opened.app;
    await openPanel(page, 'skills');
    await expect.poll(() => page.locator('[data-panel="skills"] .count').textContent(), { timeout: 30_000 }).toBe('31 skills');
    expect(await columns(page)).toEqual(['name', 'category']);
    expect(await page.locator('[data-panel="skills"] .skills-table td.col-cost').count()).toBe(0);
    expect(await page.locator('[data-panel="skills"] .skills-table td.missing').count()).toBe(0);
    expect(await page.locator('[data-panel="skills"] .panel-filter').getAttribute('placeholder')).toBe('Filter skills, categories');
    // With room to spare the category keeps its own column, not folded under each name as in a crowded panel.
    const fit = await page.evaluate(() => {
      const table = document.querySelector<HTMLElement>('[data-panel="skills"] .skills-table')!;
      const category = table.querySelector<HTMLElement>('td.col-category')!;
      return { table: table.scrollWidth, box: table.parentElement!.clientWidth, categoryShown: category.offsetParent !== null };
    });
    expect(fit.table).toBeLessThanOrEqual(fit.box);
    expect(fit.categoryShown).toBe(true);
  });

  it('brings the Cost column back when a cost is typed, sorts by it, and sorts by name again when the cost is deleted', async () => {
    const { page } = opened.app;
    await openPanel(page, 'skills');
    const lines = (await readFile(chapter, 'utf8')).split('\n');
    const heading = lines.indexOf('#### Athletic Movement — Exploration / Conflict (MIG)') + 1;
    expect(heading).toBeGreaterThan(0);
    await page.locator(`#file-list button[data-file="${CHAPTER}"]`).click();
    await goTo(page, heading + 1, 1);
    await page.keyboard.insertText('\n**Cost**: 2\n');
    await expect.poll(() => columns(page), { timeout: 20_000 }).toEqual(['name', 'cost', 'category']);
    const priced = page.locator('[data-panel="skills"] .skills-table tr', { hasText: 'Athletic Movement' }).locator('td.col-cost');
    expect(await priced.textContent()).toBe('2');

    await page.locator('[data-panel="skills"] th.col-cost button').click();
    await expect.poll(() => firstSkill(page)).toBe('Athletic Movement');

    // Deleted, the column goes, and the rows fall back to the name's order (the Cost choice waits for its return).
    await goTo(page, heading + 2, 1);
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Backspace');
    await expect.poll(() => columns(page), { timeout: 20_000 }).toEqual(['name', 'category']);
    expect(await firstSkill(page)).toBe('Acrobatic Positioning');
    expect(await page.locator('[data-panel="skills"] th.col-name').getAttribute('aria-sort')).toBe('ascending');
  }, 60_000);
});

describe('a book with costs and prerequisites (the Funjerai sample)', () => {
  const opened = useApp(bench, (work) => copyBook(FUNJERAI, work));

  it('shows every column', async () => {
    const { page } = opened.app;
    await openPanel(page, 'skills');
    await expect.poll(() => columns(page), { timeout: 30_000 }).toEqual(['name', 'cost', 'category', 'prerequisites', 'requiredBy']);
    expect(await page.locator('[data-panel="skills"] .skills-table td.col-cost').first().textContent()).toMatch(/^\d+(\/\d+)? SP$/);
    expect(await page.locator('[data-panel="skills"] .panel-filter').getAttribute('placeholder')).toBe('Filter skills, costs, categories, prerequisites');
  });
});
