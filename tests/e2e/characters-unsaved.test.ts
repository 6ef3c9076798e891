/**
 * Unsaved character edits follow the app's rules for unsaved work, in chromium through the browser host: leaving the
 * rulebook (here by opening a sample) asks Save / Don't save / Cancel about them (Cancel keeps the edit, Save writes
 * the file, Don't save drops it with its recovery copy), Save all saves them, the host is told (its close prompt), and
 * after a crash the rulebook offers the character's recovery copy back, Recover restoring the edit.
 */
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, useBooks } from '../characters/books.js';
import { openApp, openPanel, unsavedOnHost, useBrowser, type App } from './harness.js';

const CORWIN = path.join(FIXTURES, 'kingdoms-of-novitas', 'corwin-prerequisite-order.yaml');
/** The purchase the tests remove: Corwin's second Lore. */
const SECOND_LORE = '  - { skill: Lore, event: Spring Muster 2025, cost: 2 }\n';

const launched = useBrowser();
const books = useBooks();
let original: string;

beforeAll(async () => {
  original = await readFile(CORWIN, 'utf8');
});

/** A Kingdoms of Novitas copy of its own with Corwin in its roster; the path of his file. */
async function bookWithCorwin(name: string): Promise<{ book: string; file: string }> {
  const book = path.join(books.dir, name);
  await copyFile(path.join(books.novitas, 'rulebook.yaml'), path.join(await mkdirp(book), 'rulebook.yaml'));
  for (const entry of await readdir(books.novitas)) if (entry.endsWith('.md')) await copyFile(path.join(books.novitas, entry), path.join(book, entry));
  const file = path.join(await mkdirp(path.join(book, 'characters')), 'corwin.yaml');
  await copyFile(CORWIN, file);
  return { book, file };
}

async function mkdirp(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true });
  return folder;
}

/** The recovery copies the host keeps (of any rulebook), by the path each one is of. */
async function backups(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'backups');
  const out: string[] = [];
  for (const folder of await readdir(root).catch(() => [])) {
    for (const name of await readdir(path.join(root, folder))) {
      if (name.endsWith('.json')) out.push((JSON.parse(await readFile(path.join(root, folder, name), 'utf8')) as { path: string }).path);
    }
  }
  return out.sort();
}

const pickerTexts = (page: Page) => page.locator('[data-role="character-picker"] option').allTextContents();

/** Shows Corwin in the Characters panel and removes his second Lore: an unsaved edit, whose recovery copy is then waited for. */
async function removeSecondLore(page: Page, app: App): Promise<void> {
  await openPanel(page, 'characters');
  await expect.poll(() => page.locator('[data-role="character-name"]').textContent(), { timeout: 20_000 }).toBe('Corwin Hale');
  await page.locator('[data-purchase="Lore"]').nth(1).locator('[data-action="remove-purchase"]').click();
  await expect.poll(() => pickerTexts(page)).toEqual(['● Corwin Hale · 1 error']);
  await expect.poll(() => backups(app.dataDir), { timeout: 15_000 }).toEqual(['characters/corwin.yaml']);
}

/** Opens the Funjerai sample from the start page (a copy in the data folder: the repository's is never edited). */
async function openSample(page: Page): Promise<void> {
  await page.locator('#btn-open').click();
  await page.locator('[data-sample="funjerai"]').click();
}

/** Answers the Unsaved changes dialog, after checking it names the character file. */
async function answer(page: Page, choice: 'Cancel' | "Don't save" | 'Save'): Promise<void> {
  const dialog = page.locator('.dialog[aria-label="Unsaved changes"]');
  await dialog.waitFor({ timeout: 10_000 });
  expect(await dialog.textContent()).toContain('characters/corwin.yaml');
  await dialog.getByRole('button', { name: choice, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Whether the open book is still Kingdoms of Novitas (its chapter tab), not the sample. */
const novitasOpen = (page: Page) => page.locator('#rulebook-title').textContent();

describe('unsaved character edits on the way out', () => {
  let app: App;
  let file: string;

  beforeAll(async () => {
    const made = await bookWithCorwin('leaving');
    file = made.file;
    app = await openApp(launched.browser, made.book, { width: 1280, height: 800 });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('counts as unsaved work: the title, Save all and the host all know it', async () => {
    const { page } = app;
    await removeSecondLore(page, app);
    expect(await page.title()).toMatch(/^● /);
    expect(await page.locator('#btn-save-all').isDisabled()).toBe(false);
    // What the Electron close prompt asks about (main/electron/window.ts reads it from the host).
    await expect.poll(() => unsavedOnHost(app, page)).toEqual(['characters/corwin.yaml']);
  });

  it('asks before a sample replaces the rulebook; Cancel keeps the edit', async () => {
    const { page } = app;
    const title = await novitasOpen(page);
    await openSample(page);
    await answer(page, 'Cancel');
    await expect.poll(() => page.locator('#start').isHidden()).toBe(true);
    expect(await novitasOpen(page)).toBe(title);
    expect(await pickerTexts(page)).toEqual(['● Corwin Hale · 1 error']);
    expect(await readFile(file, 'utf8')).toBe(original);
    expect(await backups(app.dataDir)).toEqual(['characters/corwin.yaml']);
  });

  it('Save writes the character file, drops its recovery copy, and the sample opens', async () => {
    const { page } = app;
    const title = await novitasOpen(page);
    await openSample(page);
    await answer(page, 'Save');
    await expect.poll(() => novitasOpen(page), { timeout: 20_000 }).not.toBe(title);
    expect(await readFile(file, 'utf8')).toBe(original.replace(SECOND_LORE, ''));
    await expect.poll(() => backups(app.dataDir), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => unsavedOnHost(app, page)).toEqual([]);
    // The sample has no roster: the panel shows the book now open, nothing of Corwin.
    await expect.poll(() => page.getByText('No characters yet').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.title()).not.toMatch(/^● /);
  });

  it("Don't save drops the edit and its recovery copy", async () => {
    const { page } = app;
    const saved = await readFile(file, 'utf8');
    // Back to the book (nothing unsaved in the sample: no question).
    await page.locator('#btn-open').click();
    await page.locator('.recent button', { hasText: 'leaving' }).click();
    await expect.poll(() => pickerTexts(page), { timeout: 20_000 }).toEqual(['Corwin Hale · 1 error']);
    await page.locator('[data-purchase="Lore"]').first().locator('[data-action="remove-purchase"]').click();
    await expect.poll(() => pickerTexts(page)).toEqual(['● Corwin Hale · 1 error']);
    await expect.poll(() => backups(app.dataDir), { timeout: 15_000 }).toEqual(['characters/corwin.yaml']);
    const title = await novitasOpen(page);
    await openSample(page);
    await answer(page, "Don't save");
    await expect.poll(() => novitasOpen(page), { timeout: 20_000 }).not.toBe(title);
    expect(await backups(app.dataDir)).toEqual([]);
    expect(await readFile(file, 'utf8')).toBe(saved);
  });
});

describe('a crash with an unsaved character', () => {
  it('offers the recovery copy when the rulebook opens again; Recover restores the edit and Save all writes it', async () => {
    const { book, file } = await bookWithCorwin('crashing');
    let app: App | null = null;
    try {
      app = await openApp(launched.browser, book, { width: 1280, height: 800 });
      const { page } = app;
      await removeSecondLore(page, app);
      // A renderer crash: no beforeunload, no pagehide, so nothing discards the copy (closing the page could).
      const context = page.context();
      const cdp = await context.newCDPSession(page);
      void cdp.send('Page.crash').catch(() => undefined);
      await new Promise<void>((resolve) => page.once('crash', () => resolve()));
      expect(await backups(app.dataDir)).toEqual(['characters/corwin.yaml']);
      expect(await readFile(file, 'utf8')).toBe(original);

      const after = await context.newPage();
      await after.goto(app.host.origin);
      await after.waitForSelector('.monaco-editor .view-line', { timeout: 60_000 });
      const banner = after.locator('[data-banner="backup:characters/corwin.yaml"]');
      await banner.waitFor({ timeout: 15_000 });
      expect(await banner.textContent()).toContain('stopped unexpectedly');
      await banner.locator('[data-banner-action="Recover"]').click();
      // Recover shows the character in its panel, edited and unsaved.
      await expect.poll(() => after.locator('[data-panel-tab="characters"]').getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
      await expect.poll(() => pickerTexts(after), { timeout: 20_000 }).toEqual(['● Corwin Hale · 1 error']);
      expect(await after.locator('[data-purchase="Lore"]').count()).toBe(1);
      expect(await readFile(file, 'utf8')).toBe(original);
      await expect.poll(() => unsavedOnHost(app!, after)).toEqual(['characters/corwin.yaml']);

      await after.locator('#btn-save-all').click();
      await expect.poll(() => readFile(file, 'utf8'), { timeout: 10_000 }).toBe(original.replace(SECOND_LORE, ''));
      await expect.poll(() => pickerTexts(after)).toEqual(['Corwin Hale · 1 error']);
      await expect.poll(() => backups(app!.dataDir), { timeout: 10_000 }).toEqual([]);
      await after.close();
    } finally {
      await app?.close();
    }
  }, 120_000);
});
