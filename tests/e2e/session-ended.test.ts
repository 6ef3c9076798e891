/**
 * A tab left idle until the browser host closed its session (a laptop asleep: no change poll reaches the host). Its
 * save then simply saves: the page goes on in a new session on the same book and sends the save again. When the book
 * was moved away meanwhile, the marshal is told the session ended and that the unsaved text is kept, which it is, in
 * the editor; Reopen, once the book is back, and the save goes through. The host's idle time is shortened through its
 * own option; the change polls are held in the browser, as a sleeping machine holds them.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { copyBook, goTo, openApp, screenshots, useBench, type App } from './harness.js';

const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');
const IDLE_MS = 1500;

const bench = useBench('session-ended');

/** The app on a copy of Funjerai in its own folder, with the change polls let through until `hold()`. */
async function openIdleApp(name: string): Promise<{ app: App; book: string; hold(): Promise<void> }> {
  const folder = path.join(bench.work, name);
  await mkdir(folder);
  const book = await copyBook(FUNJERAI, folder);
  let holding = false;
  const app = await openApp(bench.browser, book, { width: 1280, height: 800 }, {
    sessionIdleMs: IDLE_MS,
    // A held poll is never answered, and never reaches the host: the session goes idle.
    prepare: (context) => context.route('**/api/pollChanges', (route) => (holding ? undefined : route.continue())),
  });
  return {
    app,
    book,
    async hold() {
      holding = true;
      // The poll under way at the host returns on the next change in the folder; the one after it is held.
      await writeFile(path.join(folder, 'wake.txt'), 'wake');
    },
  };
}

const sessionOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('rulebook-studio.session'));

/** Waits until the host has closed the page's session for want of use. */
async function sessionClosed(app: App): Promise<string> {
  const id = (await sessionOf(app.page))!;
  await expect.poll(async () => (await app.host.workspaceOf(id)) === null, { timeout: 60_000, interval: 250 }).toBe(true);
  return id;
}

/** The lines the editor shows (Monaco draws spaces as no-break spaces). */
const editorText = (page: Page) => page.evaluate(() => [...document.querySelectorAll('.monaco-editor .view-line')].map((l) => l.textContent?.replace(/\u00a0/g, ' ')).join('\n'));
const status = (page: Page) => page.locator('#status-message').textContent();

/** Screenshots to look at, when SESSION_SCREENSHOTS names a folder. */
const screenshot = screenshots('SESSION_SCREENSHOTS');

describe('saving after the host closed an idle tab’s session', () => {
  it('saves into the same book, without a word about “no rulebook”', async () => {
    const { app, book, hold } = await openIdleApp('resumed');
    try {
      const { page } = app;
      await goTo(page, 11, 1);
      await page.keyboard.type('AFTER LUNCH ');
      await hold();
      const ended = await sessionClosed(app);

      await page.keyboard.press('Control+s');
      await expect.poll(() => readFile(book, 'utf8'), { timeout: 30_000 }).toContain('AFTER LUNCH We want to enforce free play');
      await expect.poll(() => status(page)).toBe('Saved funjerai.md');
      expect(await page.locator('body').textContent()).not.toMatch(/No rulebook is open/);
      // Under a new session made from the ended one.
      expect(await sessionOf(page)).not.toBe(ended);
    } finally {
      await app.close();
    }
  }, 240_000);

  it('keeps the unsaved text and says so when the book is gone, and saves once it is back and reopened', async () => {
    const { app, book, hold } = await openIdleApp('moved');
    const folder = path.dirname(book);
    try {
      const { page } = app;
      await goTo(page, 11, 1);
      await page.keyboard.type('KEPT TEXT ');
      await hold();
      await sessionClosed(app);
      await rename(folder, `${folder}-away`);

      await page.keyboard.press('Control+s');
      const banner = page.locator('[data-banner="session-ended"]');
      await banner.waitFor({ timeout: 30_000 });
      expect(await banner.textContent()).toMatch(/session with Rulebook Studio ended while it was idle, and funjerai\.md could not be opened again .*Your unsaved edits are kept in this tab: nothing was saved or lost/);
      await expect.poll(() => status(page)).toMatch(/^Could not save funjerai\.md: .*your unsaved edits are kept in this tab$/);
      expect(await editorText(page)).toContain('KEPT TEXT We want to enforce free play');
      expect(await page.locator('body').textContent()).not.toMatch(/No rulebook is open/);
      await screenshot(page, 'session-ended-banner');

      await rename(`${folder}-away`, folder);
      await banner.locator('[data-banner-action="Reopen"]').click();
      await banner.waitFor({ state: 'detached', timeout: 30_000 });
      await page.locator('.monaco-editor textarea').first().focus();
      await page.keyboard.press('Control+s');
      await expect.poll(() => readFile(book, 'utf8'), { timeout: 30_000 }).toContain('KEPT TEXT We want to enforce free play');
    } finally {
      await app.close();
    }
  }, 240_000);
});
