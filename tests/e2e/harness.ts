/** End-to-end harness: the browser host started in-process on a temp copy of a rulebook, and Debian's chromium driven by playwright-core. */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startHost, type RunningHost } from '../../main/host/server.js';

const FIXTURE_SAMPLES = path.resolve(import.meta.dirname, '../fixtures/samples');

/** Never downloaded: the system's chromium (`.ci/run` installs it with apt-get). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  // Fail loudly: a missing browser must not look like a passing suite.
  if (!existsSync(CHROMIUM)) throw new Error(`chromium not found at ${CHROMIUM}: install it (apt-get install chromium) or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export interface App {
  readonly host: RunningHost;
  readonly page: Page;
  readonly dataDir: string;
  close(): Promise<void>;
}

export interface OpenAppOptions {
  /** A built renderer folder to serve instead of vite's dev middleware on renderer/. */
  readonly renderer?: string;
  /** Runs on the fresh context before the page loads (init scripts, request listeners). */
  readonly prepare?: (context: BrowserContext) => Promise<unknown>;
  /**
   * The bundled samples. Default: the frozen copies in tests/fixtures/samples, not the repository's rulebooks/, which a
   * marshal trying the app may have edited by hand: tests read only what git tracks for them.
   */
  readonly samplesDir?: string;
  /** The host's idle time before it closes a tab's session (its `sessionIdleMs`); default its own, 30 minutes. */
  readonly sessionIdleMs?: number;
}

/** Starts the host on `rulebook` and opens the app in a fresh browser context (its own profile: cookies, storage). */
export async function openApp(browser: Browser, rulebook: string, viewport = { width: 1440, height: 900 }, options: OpenAppOptions = {}): Promise<App> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rulebook-e2e-data-'));
  const host = await startHost({ rulebook, dataDir, renderer: options.renderer, samplesDir: options.samplesDir ?? FIXTURE_SAMPLES, sessionIdleMs: options.sessionIdleMs });
  const context = await browser.newContext({ viewport });
  await options.prepare?.(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The dev renderer's first load transforms every module: slow on a busy machine.
  await page.goto(host.url, { timeout: 120_000 });
  await page.waitForSelector('.monaco-editor .view-line', { timeout: 60_000 });
  return {
    host,
    page,
    dataDir,
    async close() {
      await context.close();
      await host.close();
      await rm(dataDir, { recursive: true, force: true });
      if (errors.length) throw new Error(`errors in the page: ${errors.join(' | ')}`);
    },
  };
}

/** A test file's browser and scratch folder (books are copied into it: tests never edit the repository's). */
export interface Bench {
  readonly browser: Browser;
  readonly work: string;
}

/** The app opened for a group of tests. */
export interface OpenedApp {
  readonly app: App;
}

/** Launches the browser before the file's tests, and closes it after them. */
export function useBrowser(): { readonly browser: Browser } {
  const launched = {} as { browser: Browser };
  beforeAll(async () => {
    launched.browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await launched.browser?.close();
  });
  return launched;
}

/** Launches the browser and makes the scratch folder before the file's tests, and removes both after them. */
export function useBench(name: string): Bench {
  const launched = useBrowser();
  const bench = {
    get browser() {
      return launched.browser;
    },
    work: '',
  };
  beforeAll(async () => {
    bench.work = await mkdtemp(path.join(tmpdir(), `rulebook-e2e-${name}-`));
  });
  afterAll(async () => {
    if (bench.work) await rm(bench.work, { recursive: true, force: true });
  });
  return bench;
}

/**
 * Opens the app on the book `place` puts in the bench's folder (it answers the book's path) before the tests of the
 * enclosing describe (or file), and closes it after them: vitest runs after-hooks in reverse, so before the browser.
 */
export function useApp(bench: Bench, place: (work: string) => Promise<string>, viewport?: { width: number; height: number }, timeout = 120_000): OpenedApp {
  const opened = {} as { app: App };
  beforeAll(async () => {
    opened.app = await openApp(bench.browser, await place(bench.work), viewport);
  }, timeout);
  afterAll(async () => {
    await opened.app?.close();
  });
  return opened;
}

/** A bench with the app open on one book for every test of the file. */
export function useOpenBook(name: string, place: (work: string) => Promise<string>, viewport?: { width: number; height: number }, timeout?: number): Bench & OpenedApp {
  const bench = useBench(name);
  const opened = useApp(bench, place, viewport, timeout);
  return {
    get browser() {
      return bench.browser;
    },
    get work() {
      return bench.work;
    },
    get app() {
      return opened.app;
    },
  };
}

/** Copies a book (a file, or a folder with its chapters) into `folder`, under its own name unless given one; answers the copy's path. */
export async function copyBook(book: string, folder: string, name = path.basename(book)): Promise<string> {
  const copy = path.join(folder, name);
  await cp(book, copy, { recursive: true });
  return copy;
}

/** The files a page last reported as unsaved to its host (what Electron's close prompt asks about), by its session. */
export async function unsavedOnHost(app: App, page: Page): Promise<readonly string[] | null> {
  // renderer/page-session.ts keeps the id of the page loaded now in the tab's sessionStorage.
  const session = await page.evaluate(() => sessionStorage.getItem('rulebook-studio.session'));
  return session ? ((await app.host.workspaceOf(session))?.unsavedPaths() ?? null) : null;
}

/** Moves the cursor to a line and column with Monaco's own Go to Line (Ctrl+G accepts "line:column"). */
export async function goTo(page: Page, line: number, column: number): Promise<void> {
  await page.locator('.monaco-editor textarea').first().focus();
  await page.keyboard.press('Control+g');
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  // Keys pressed before the box has closed and handed the focus back would go to the box, not the text.
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  // The text's own input (Monaco's edit context, or its textarea), not the box's hidden field, which is inside the
  // editor too and keeps the focus until the box has handed it back.
  await page.waitForFunction(() => {
    const active = document.activeElement;
    return active?.closest('.monaco-editor') != null && active.closest('.quick-input-widget') === null && (active.classList.contains('native-edit-context') || active.tagName === 'TEXTAREA');
  });
  await page.waitForFunction((want) => document.querySelector('#status-position')?.textContent?.startsWith(want), `Ln ${line},`);
}

/** The position the status bar shows ("Ln 12, Col 5"). */
export async function cursor(page: Page): Promise<{ line: number; column: number }> {
  const text = (await page.locator('#status-position').textContent()) ?? '';
  const m = /Ln (\d+), Col (\d+)/.exec(text);
  if (!m) throw new Error(`no cursor position in the status bar: "${text}"`);
  return { line: Number(m[1]), column: Number(m[2]) };
}

/**
 * The published edition has a reference "section 3.4" (Mental Magic); the working copy inserts a new
 * 3.2 early in chapter 3, so 3.2–3.5 shift by one and the reference now names the wrong section.
 */
export async function publishedAndEdited(folder: string): Promise<{ file: string; published: string }> {
  const source = await readFile(path.resolve('tests/fixtures/samples/funjerai.md'), 'utf8');
  const published = source.replace('## 3.1 - Offensive Magic\n', '## 3.1 - Offensive Magic\n\nSpells that charm or frighten are described in section 3.4.\n');
  let edited = published;
  for (const [from, to] of [['## 3.5 - Curses', '## 3.6 - Curses'], ['## 3.4 - Mental Magic', '## 3.5 - Mental Magic'], ['## 3.3 - Healing Magic', '## 3.4 - Healing Magic'], ['## 3.2 - Passive Magic', '## 3.3 - Passive Magic']]) {
    if (!edited.includes(from)) throw new Error(`the Funjerai sample no longer has "${from}"`);
    edited = edited.replace(from, to);
  }
  edited = edited.replace('## 3.3 - Passive Magic', '## 3.2 - Elemental Magic\n\nElemental spells call on fire, water, earth and air.\n\n## 3.3 - Passive Magic');
  await mkdir(folder, { recursive: true });
  const file = path.join(folder, 'funjerai.md');
  await writeFile(file, edited);
  const record = {
    format: 'rulebook-publication',
    version: 1,
    latest: { title: 'Funjerai', edition: '2025', date: null, publishedAt: '2025-03-01T12:00:00.000Z', outputs: [], source: { manifest: null, files: [{ path: 'funjerai.md', text: published }] } },
    history: [{ title: 'Funjerai', edition: '2025', date: null, publishedAt: '2025-03-01T12:00:00.000Z', outputs: [] }],
    retired: [],
  };
  await writeFile(path.join(folder, 'funjerai.publication.json'), JSON.stringify(record));
  return { file, published };
}


/**
 * Shows a side panel as a person would: a click on its tab when the tab is in the row, else through the row's More
 * menu (renderer/app/panel-tabs.ts: the tabs that do not fit the panels' width are there).
 */
export async function openPanel(page: Page, id: string): Promise<void> {
  const tab = page.locator(`[data-panel-tab="${id}"]`);
  if (await tab.isVisible()) await tab.click();
  else {
    await page.locator('[data-action="more-panels"]').click();
    await page.locator(`[data-role="more-panels-menu"] [data-panel-item="${id}"]`).click();
  }
  await page.locator(`[data-panel-tab="${id}"][aria-selected="true"]`).waitFor();
}

/**
 * Screenshots to look at: a function that saves a page's screenshot as `<name>.png` in the folder the environment
 * variable `variable` names, and does nothing when it names none (the tests' runs in CI).
 */
export function screenshots(variable: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    const folder = process.env[variable];
    if (!folder) return;
    await mkdir(folder, { recursive: true });
    await page.screenshot({ path: path.join(folder, `${name}.png`) });
  };
}
