import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRulebook } from '../../shared/import/index.js';
import { openPanel, publishedAndEdited, useBench, useApp } from './harness.js';

const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');
const AMTGARD = path.resolve(import.meta.dirname, '../fixtures/seeds/amtgard-magic.txt');

const bench = useBench('changes');

describe('the Changes panel against the last publication', () => {
  let file: string;

  const opened = useApp(bench, async () => {
    ({ file } = await publishedAndEdited(path.join(bench.work, 'changes')));
    return file;
  });

  it('collapses the renumbered sections into one run and applies an impact fix to the open file, unsaved', async () => {
    const { page } = opened.app;
    await openPanel(page, 'changes');
    const panel = page.locator('[data-panel="changes"]');
    const run = panel.locator('[data-run]');
    await run.first().waitFor({ timeout: 30_000 });
    expect(await run.count()).toBe(1);
    expect(await run.getAttribute('data-run')).toMatch(/^3\.2–3\.5 renumbered \+1/);
    expect(await panel.locator('[data-changes-summary]').textContent()).toContain('1 addition');
    // Collapsed until asked: then the full list, old → new.
    expect(await run.locator('li').first().isVisible()).toBe(false);
    await run.locator('summary').click();
    expect(await run.locator('li').allTextContents()).toEqual(['3.2 → 3.3', '3.3 → 3.4', '3.4 → 3.5', '3.5 → 3.6']);
    expect(await panel.locator('[data-entry-change="added"]').textContent()).toContain('3.2');

    const impact = panel.locator('[data-impact]');
    await expect.poll(() => impact.count()).toBe(2);
    // Both impacts now name sections as such ("the old section 3.3 is now section 3.4"): the one to fix is the
    // reference to 3.4, whose fix writes 3.5.
    const mine = impact.filter({ has: page.locator('[data-action="apply-fix"]', { hasText: 'Change to 3.5' }) });
    await mine.locator('[data-action="apply-fix"]').click();
    // The open text now says 3.5; nothing was saved, and the list re-checks itself.
    await expect.poll(() => page.evaluate(() => (document.querySelector('.monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' ').includes('described in section 3.5')), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => impact.count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator('[data-file="funjerai.md"] .dirty-dot').count()).toBe(1);
    expect(await readFile(file, 'utf8')).toContain('described in section 3.4');
    // Undo in the editor reverts the fix (Monaco 0.57 types through an EditContext: click into the text to focus it).
    await page.locator('.monaco-editor .view-line', { hasText: 'charm or frighten' }).click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.evaluate(() => (document.querySelector('.monaco-editor .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' ').includes('described in section 3.4')), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => impact.count(), { timeout: 15_000 }).toBe(2);
  }, 60_000);
});

describe('the Import command in the browser host', () => {
  const opened = useApp(bench, async () => {
    const folder = path.join(bench.work, 'import');
    await mkdir(folder);
    const file = path.join(folder, 'funjerai.md');
    await writeFile(file, await readFile(FUNJERAI, 'utf8'));
    return file;
  });

  it('previews the converted Amtgard magic text with its counts, then saves and opens it as a new rulebook', async () => {
    const { page } = opened.app;
    const expected = importRulebook(await readFile(AMTGARD, 'utf8'), { format: 'txt', name: 'amtgard magic' });
    const chooser = page.waitForEvent('filechooser');
    await page.locator('#btn-import').click();
    await (await chooser).setFiles(AMTGARD);
    const dialog = page.locator('.dialog');
    await dialog.locator('[data-import-counts]').waitFor({ timeout: 30_000 });
    const counts = (await dialog.locator('[data-import-counts]').textContent()) ?? '';
    expect(counts).toContain(`${expected.report.counts.skills} skill`);
    expect(counts).toContain(`${expected.report.counts.sections} section`);
    expect(await dialog.locator('[data-unsure-line]').count()).toBe(Math.min(expected.report.unsure.length, 200));
    expect(await dialog.locator('[data-import-markdown]').textContent()).toContain(expected.markdown.split('\n').find((l) => l.startsWith('# '))!);
    expect(await dialog.locator('input[aria-label="New rulebook file name"]').inputValue()).toBe('amtgard-magic.md');
    await dialog.locator('button.primary').click();

    await expect.poll(() => page.locator('[data-file]').allTextContents(), { timeout: 20_000 }).toEqual(['amtgard-magic.md']);
    const written = path.join(opened.app.dataDir, 'imported', 'amtgard-magic.md');
    expect(await readFile(written, 'utf8')).toBe(expected.markdown);
    expect(await readdir(path.join(opened.app.dataDir, 'imported'))).toEqual(['amtgard-magic.md']);
    await expect.poll(() => page.locator('[data-panel-tab="problems"]').textContent(), { timeout: 20_000 }).toMatch(/Problems/);
  }, 60_000);
});
