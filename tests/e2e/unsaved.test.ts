/**
 * Leaving a rulebook with unsaved edits, every way there is in the browser host: another rulebook by path, a sample,
 * a recent one, an import, reloading or closing the tab. Cancel keeps the edits, Don't save drops them and leaves no
 * recovery copy behind, Save writes them. Recovery copies then speak only of a crash, belong to their rulebook, and a
 * second tab on the same rulebook is told it is open elsewhere.
 */
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { goTo, openApp, type App, useBench, useApp } from './harness.js';

const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');
const SKIRMISH = path.resolve('tests/fixtures/samples/miniatures-skirmish.md');
const AMTGARD_SEED = path.resolve('tests/fixtures/seeds/amtgard-magic.txt');

const bench = useBench('unsaved');

/** Every recovery copy the host keeps, of any rulebook. */
async function backups(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'backups');
  const folders = await readdir(root).catch(() => []);
  const out: string[] = [];
  for (const folder of folders) for (const name of await readdir(path.join(root, folder))) if (name.endsWith('.json')) out.push(`${folder}/${name}`);
  return out;
}

/** Types at the start of the first line, and waits until the recovery copy of the edit is written (1.5 s after typing). */
async function edit(page: Page, app: App, text: string): Promise<void> {
  await goTo(page, 1, 1);
  await page.keyboard.type(text);
  await expect.poll(() => backups(app.dataDir), { timeout: 15_000 }).toHaveLength(1);
}

/** The lines the editor shows (Monaco draws spaces as no-break spaces). */
const editorText = (page: Page) => page.evaluate(() => [...document.querySelectorAll('.monaco-editor .view-line')].map((l) => l.textContent?.replace(/\u00a0/g, ' ')).join('\n'));
const title = (page: Page) => page.locator('#rulebook-title').textContent();

/** Answers the Unsaved changes dialog. */
async function answer(page: Page, choice: 'Cancel' | "Don't save" | 'Save'): Promise<void> {
  const dialog = page.locator('.dialog[aria-label="Unsaved changes"]');
  await dialog.waitFor({ timeout: 10_000 });
  await dialog.getByRole('button', { name: choice, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Waits until the open book's recovery copies were looked at (past the second it waits for another tab to answer). */
async function recoveryLookedAt(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.recoveryChecked !== undefined, undefined, { timeout: 30_000 });
}

async function openByPath(page: Page, target: string): Promise<void> {
  await page.locator('#btn-open').click();
  await page.locator('.open-path input').fill(target);
  await page.locator('.open-path button').click();
}

describe('leaving a rulebook with unsaved edits', () => {
  let bookA: string;
  let bookB: string;
  let textA: string;
  let textB: string;

  const opened = useApp(bench, async () => {
    await mkdir(path.join(bench.work, 'a'));
    await mkdir(path.join(bench.work, 'b'));
    bookA = path.join(bench.work, 'a', 'funjerai.md');
    bookB = path.join(bench.work, 'b', 'skirmish.md');
    await copyFile(FUNJERAI, bookA);
    await copyFile(SKIRMISH, bookB);
    textA = await readFile(bookA, 'utf8');
    textB = await readFile(bookB, 'utf8');
    return bookA;
  });

  it('asks before opening a sample; Cancel keeps the book and its edits', async () => {
    const { page } = opened.app;
    await edit(page, opened.app, 'CANCELLED ');
    await page.locator('#btn-open').click();
    await page.locator('[data-sample]').first().click();
    await answer(page, 'Cancel');
    await expect.poll(() => page.locator('#start').isHidden()).toBe(true);
    expect(await page.locator('[data-tab]').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('data-tab')))).toEqual(['funjerai.md']);
    expect(await editorText(page)).toContain('CANCELLED ');
    expect(await page.locator('.tab .close').first().textContent()).toBe('●');
    expect(await backups(opened.app.dataDir)).toHaveLength(1);
    expect(await readFile(bookA, 'utf8')).toBe(textA);
  });

  it('asks before opening another rulebook by its path; Save writes the edits first', async () => {
    const { page } = opened.app;
    await openByPath(page, bookB);
    await answer(page, 'Save');
    await expect.poll(() => page.locator('[data-tab="skirmish.md"]').count(), { timeout: 20_000 }).toBe(1);
    expect(await readFile(bookA, 'utf8')).toBe(`CANCELLED ${textA}`);
    expect(await backups(opened.app.dataDir)).toEqual([]);
  });

  it('asks before opening a recent rulebook; Don\'t save drops the edits and leaves no recovery copy', async () => {
    const { page } = opened.app;
    await edit(page, opened.app, 'DROPPED ');
    await page.locator('#btn-open').click();
    await page.locator('.recent button', { hasText: 'funjerai.md' }).click();
    await answer(page, "Don't save");
    await expect.poll(() => page.locator('[data-tab="funjerai.md"]').count(), { timeout: 20_000 }).toBe(1);
    expect(await backups(opened.app.dataDir)).toEqual([]);
    expect(await readFile(bookB, 'utf8')).toBe(textB);
    // The dropped edits are not offered back as a crash's when their rulebook opens again.
    await openByPath(page, bookB);
    await expect.poll(() => page.locator('[data-tab="skirmish.md"]').count(), { timeout: 20_000 }).toBe(1);
    await recoveryLookedAt(page);
    expect(await page.locator('[data-banner^="backup:"]').count()).toBe(0);
    expect(await editorText(page)).not.toContain('DROPPED');
  });

  it('asks before an import replaces the rulebook; Cancel keeps it', async () => {
    const { page } = opened.app;
    await edit(page, opened.app, 'KEPT ');
    const chooser = page.waitForEvent('filechooser');
    await page.locator('#btn-import').click();
    await (await chooser).setFiles(AMTGARD_SEED);
    const importDialog = page.locator('.dialog', { has: page.locator('[data-import-counts]') });
    await importDialog.waitFor({ timeout: 30_000 });
    await importDialog.getByRole('button', { name: 'Create rulebook' }).click();
    await answer(page, 'Cancel');
    await importDialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await title(page)).not.toMatch(/amtgard/i);
    expect(await editorText(page)).toContain('KEPT ');
    expect(await readdir(path.join(opened.app.dataDir, 'imported')).catch(() => [])).toEqual([]);
    expect(await backups(opened.app.dataDir)).toHaveLength(1);
  });

  it('asks before the tab is reloaded; staying keeps the edits, leaving drops them with their recovery copy', async () => {
    const { page } = opened.app;
    const asked: string[] = [];
    let leave = false;
    const onDialog = (dialog: import('playwright-core').Dialog) => {
      asked.push(dialog.type());
      void (leave ? dialog.accept() : dialog.dismiss());
    };
    page.on('dialog', onDialog);
    try {
      // Playwright answers a reload's beforeunload itself; the page's own location.reload() goes through the browser's prompt.
      await page.evaluate(() => location.reload()).catch(() => undefined);
      await expect.poll(() => asked.length).toBe(1);
      expect(asked).toEqual(['beforeunload']);
      expect(await editorText(page)).toContain('KEPT ');
      leave = true;
      await Promise.all([page.waitForEvent('load'), page.evaluate(() => location.reload()).catch(() => undefined)]);
      await page.waitForSelector('.monaco-editor .view-line', { timeout: 60_000 });
      expect(asked).toEqual(['beforeunload', 'beforeunload']);
      await expect.poll(() => backups(opened.app.dataDir), { timeout: 10_000 }).toEqual([]);
      await recoveryLookedAt(page);
      expect(await page.locator('[data-banner^="backup:"]').count()).toBe(0);
      expect(await editorText(page)).not.toContain('KEPT');
      expect(await readFile(bookB, 'utf8')).toBe(textB);
    } finally {
      page.off('dialog', onDialog);
    }
  });

  it('asks before the tab is closed', async () => {
    const { page } = opened.app;
    await edit(page, opened.app, 'CLOSING ');
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
    await expect.poll(() => backups(opened.app.dataDir), { timeout: 10_000 }).toEqual([]);
    expect(await readFile(bookB, 'utf8')).toBe(textB);
  });
});

describe('crash recovery', () => {
  let book: string;

  const opened = useApp(bench, async () => {
    await mkdir(path.join(bench.work, 'c'));
    await mkdir(path.join(bench.work, 'd'));
    book = path.join(bench.work, 'c', 'funjerai.md');
    await copyFile(FUNJERAI, book);
    await copyFile(SKIRMISH, path.join(bench.work, 'd', 'skirmish.md'));
    return book;
  });

  it('tells a second tab on the same rulebook that it is open elsewhere, with no recovery banner', async () => {
    const { page } = opened.app;
    await edit(page, opened.app, 'LIVE ');
    const second = await page.context().newPage();
    await second.goto(opened.app.host.origin);
    await second.waitForSelector('.monaco-editor .view-line', { timeout: 60_000 });
    await second.locator('[data-banner="open-elsewhere"]').waitFor({ timeout: 10_000 });
    expect(await second.locator('[data-banner="open-elsewhere"]').textContent()).toContain('also open in another window or tab');
    expect(await second.locator('[data-banner^="backup:"]').count()).toBe(0);
    await second.close();
  });

  it('offers the copy after a real crash, only while its rulebook is open, and recovers it', async () => {
    const { page } = opened.app;
    const context = page.context();
    // A renderer crash: no beforeunload, no pagehide, the copy stays.
    const cdp = await context.newCDPSession(page);
    void cdp.send('Page.crash').catch(() => undefined);
    await new Promise<void>((resolve) => page.once('crash', () => resolve()));
    expect(await backups(opened.app.dataDir)).toHaveLength(1);

    const after = await context.newPage();
    await after.goto(opened.app.host.origin);
    await after.waitForSelector('.monaco-editor .view-line', { timeout: 60_000 });
    const banner = after.locator('[data-banner="backup:funjerai.md"]');
    await banner.waitFor({ timeout: 10_000 });
    expect(await banner.textContent()).toContain('stopped unexpectedly');
    expect(await after.locator('[data-banner="open-elsewhere"]').count()).toBe(0);

    // Another rulebook (nothing unsaved, so no question): the banner goes with its rulebook…
    await openByPath(after, path.join(bench.work, 'd', 'skirmish.md'));
    await expect.poll(() => after.locator('[data-tab="skirmish.md"]').count(), { timeout: 20_000 }).toBe(1);
    expect(await banner.count()).toBe(0);
    // …and comes back with it, its Recover restoring the text kept.
    await after.locator('#btn-open').click();
    await after.locator('.recent button', { hasText: 'funjerai.md' }).click();
    await banner.waitFor({ timeout: 10_000 });
    await banner.locator('[data-banner-action="Recover"]').click();
    await expect.poll(() => editorText(after)).toContain('LIVE ');
    expect(await after.locator('#status-message').textContent()).not.toContain('no recovery copy');
    expect(await readFile(book, 'utf8')).not.toContain('LIVE ');
    await after.close();
  });
});

describe('the quick start on a bundled sample', () => {
  it('opens `rulebooks/funjerai.md` as the sample copy: a save in the app leaves the original as it was', async () => {
    const samplesDir = path.join(bench.work, 'repo', 'rulebooks');
    await mkdir(samplesDir, { recursive: true });
    const original = path.join(samplesDir, 'funjerai.md');
    await copyFile(FUNJERAI, original);
    const app = await openApp(bench.browser, original, undefined, { samplesDir });
    try {
      const { page } = app;
      await goTo(page, 1, 1);
      await page.keyboard.type('SAVED ');
      await page.keyboard.press('Control+s');
      const copy = path.join(app.dataDir, 'samples', 'funjerai', 'funjerai.md');
      await expect.poll(() => readFile(copy, 'utf8').catch(() => ''), { timeout: 10_000 }).toMatch(/^SAVED /);
      expect(await readFile(original, 'utf8')).toBe(await readFile(FUNJERAI, 'utf8'));
    } finally {
      await app.close();
    }
    // Opening the app on a book and saving takes 10–20 s here; a machine four times slower needs the room.
  }, 120_000);
});
