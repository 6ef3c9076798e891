import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyBook, cursor, goTo, openPanel, useApp, useBench } from './harness.js';

// The smallest sample with no lint error (two warnings): it may be published as it is.
const CLEAN = path.resolve('tests/fixtures/samples/miniatures-skirmish.md');
const BROKEN_SENTENCE = 'A fleeing model follows section 42.7.';

const bench = useBench('publish');

/** Every file under `folder`, as rulebook-relative posix paths. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
}

describe('the Publish command', () => {
  let file: string;

  const opened = useApp(bench, async (work) => {
    file = await copyBook(CLEAN, work, 'skirmish.md');
    return file;
  });

  it('publishes a rulebook without errors and lists exactly the files it wrote', async () => {
    const { page } = opened.app;
    const before = await filesUnder(bench.work);
    await page.locator('#btn-publish').click();
    const list = page.locator('.dialog [data-published]');
    await list.waitFor({ timeout: 90_000 });
    // One publication at a time: the button stays disabled until this one is closed.
    expect(await page.locator('#btn-publish').isDisabled()).toBe(true);
    const listed = (await list.locator('li code').allTextContents()).sort();
    const written = (await filesUnder(bench.work)).filter((f) => !before.includes(f));
    expect(written.length).toBeGreaterThanOrEqual(2);
    expect(listed).toEqual(written);
    expect(listed).toContain('skirmish.publication.json');
    const pdf = listed.find((f) => f.endsWith('.pdf'))!;
    expect((await readFile(path.join(bench.work, pdf))).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await page.locator('.dialog').textContent()).toContain('first publication');
    const record = JSON.parse(await readFile(path.join(bench.work, 'skirmish.publication.json'), 'utf8'));
    expect(record.history).toHaveLength(1);

    // Open shows the PDF in one new tab (the browser host hands back its /files/ address).
    const tabs: string[] = [];
    page.context().on('page', (tab) => tabs.push(tab.url()));
    await list.locator('li', { hasText: pdf }).locator('button', { hasText: 'Open' }).click();
    await expect.poll(() => tabs.length, { timeout: 10_000 }).toBe(1);
    await page.waitForTimeout(1000);
    expect(tabs).toHaveLength(1);

    await page.locator('.dialog [data-choice="true"]').click();
    await expect.poll(() => page.locator('#btn-publish').isDisabled()).toBe(false);
    await expect.poll(() => page.locator('.dialog').count()).toBe(0);
  }, 120_000);

  it('refuses while lint reports an error, saving first, and lists the error as a link to its place', async () => {
    const { page } = opened.app;
    const before = await filesUnder(bench.work);
    // A broken reference at the end of the text, unsaved.
    const lines = (await readFile(file, 'utf8')).split('\n');
    await goTo(page, lines.length, lines.at(-1)!.length + 1);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.insertText(BROKEN_SENTENCE);
    await openPanel(page, 'problems');
    await expect.poll(() => page.locator('.problem[data-rule="broken-reference"]').count(), { timeout: 20_000 }).toBe(1);
    await page.keyboard.press('Control+Home');

    await page.locator('#btn-publish').click();
    // Publishing works on the files as saved: it asks to save first.
    const ask = page.locator('.dialog', { hasText: 'Save before publishing' });
    await ask.waitFor({ timeout: 10_000 });
    await ask.locator('button', { hasText: 'Save and publish' }).click();

    const refusal = page.locator('.dialog', { hasText: 'Not published' });
    await refusal.waitFor({ timeout: 60_000 });
    expect(await refusal.locator('[data-refusal-message]').textContent()).toMatch(/error/i);
    const links = refusal.locator('[data-refusal]');
    expect(await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-refusal')))).toEqual(['broken-reference']);
    expect(await links.first().textContent()).toContain('section 42.7');

    // The text was saved; nothing was published.
    const saved = await readFile(file, 'utf8');
    expect(saved).toContain(BROKEN_SENTENCE);
    expect(await filesUnder(bench.work)).toEqual(before);
    const record = JSON.parse(await readFile(path.join(bench.work, 'skirmish.publication.json'), 'utf8'));
    expect(record.history).toHaveLength(1);

    // The error is a link: the dialog closes and the cursor lands on the broken reference.
    const line = saved.split('\n').findIndex((l) => l.includes(BROKEN_SENTENCE)) + 1;
    expect(await links.first().textContent()).toContain(`skirmish.md:${line}`);
    await links.first().click();
    await expect.poll(() => page.locator('.dialog').count()).toBe(0);
    await expect.poll(async () => (await cursor(page)).line, { timeout: 10_000 }).toBe(line);
  }, 120_000);
});
