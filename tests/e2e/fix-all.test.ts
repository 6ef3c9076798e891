/**
 * "Fix all" in the app: a Razorweave chapter (CC BY-SA 4.0, tests/fixtures/wild/razorweave) with 64 bold labels that
 * print with their asterisks. From the light bulb (Ctrl+.) on one of them, "Fix all literal-bold problems in this
 * file" mends every one as a single edit (one Ctrl+Z takes it all back); Monaco's Fix All command (source.fixAll)
 * does the same, and the saved chapter is what `rulebook lint --fix` writes.
 */
import { cp, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { copyBook, goTo, openPanel, useOpenBook } from './harness.js';

const CHAPTER = path.resolve('tests/fixtures/wild/razorweave/book/15-skills-reference-by-attribute.md');

let file: string;
const bench = useOpenBook('fix-all', async (work) => {
  file = await copyBook(CHAPTER, path.join(work, 'app'));
  return file;
});

describe('fix all in a file, in the app', () => {
  it('fixes every bold label from the light bulb in one undoable step, and from Fix All as lint --fix does', { timeout: 120_000 }, async () => {
    const { page } = bench.app;
    const boldProblems = page.locator('.problem[data-rule="literal-bold"]');
    await openPanel(page, 'problems');
    await expect.poll(() => boldProblems.count(), { timeout: 30_000 }).toBe(64);

    // On the first label (line of `**Description:**Athletic Movement covers…`), the light bulb's menu.
    const lines = (await readFile(file, 'utf8')).split('\n');
    const at = lines.findIndex((l) => l.startsWith('**Description:**Athletic Movement'));
    expect(at).toBeGreaterThan(0);
    await goTo(page, at + 1, 3);
    await page.keyboard.press('Control+.');
    const menu = page.locator('.action-widget .action-item, .context-view .monaco-list-row');
    const fixRule = menu.filter({ hasText: 'Fix all literal-bold problems in this file' });
    await fixRule.first().waitFor({ timeout: 10_000 });
    expect(await menu.filter({ hasText: 'Fix all auto-fixable problems in this file' }).count()).toBe(1);
    await fixRule.first().click();
    await expect.poll(() => boldProblems.count(), { timeout: 20_000 }).toBe(0);

    // One step back brings every label back as it was (Monaco types through an EditContext: a click focuses the text).
    const label = page.locator('.monaco-editor .view-line', { hasText: 'Athletic Movement covers' }).first();
    await label.click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => boldProblems.count(), { timeout: 20_000 }).toBe(64);

    // Monaco's Fix All (F1) asks for source.fixAll: the whole file's fixes, applied at once.
    await page.keyboard.press('F1');
    await page.keyboard.type('Fix All');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: /^Fix All/ }).first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await expect.poll(() => boldProblems.count(), { timeout: 20_000 }).toBe(0);

    await label.click();
    await page.keyboard.press('Control+s');
    const byCli = path.join(bench.work, 'cli');
    await mkdir(byCli);
    await cp(CHAPTER, path.join(byCli, path.basename(CHAPTER)));
    await runCli(['lint', path.join(byCli, path.basename(CHAPTER)), '--fix'], byCli);
    const expected = await readFile(path.join(byCli, path.basename(CHAPTER)), 'utf8');
    expect(expected).toContain('**Description:** Athletic Movement covers');
    await expect.poll(() => readFile(file, 'utf8'), { timeout: 20_000 }).toBe(expected);
  });
});
