/**
 * The app's first paint on the browser host, from a production build of the renderer made here as `npm run build`
 * makes it (unminified, no module-preload polyfill): prints first-contentful-paint, the time until the editor shows
 * the rulebook's text and every chunk with its size, then opens each panel and checks that its code arrived only
 * then and that the panel works, and that a panel whose chunk failed to arrive says so and loads on a later try.
 * Figures are printed, never compared with a time: only their presence is checked.
 * RULEBOOK_SCREENSHOTS=<folder> keeps a screenshot of each panel, to look at them after lazy loading.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPanel, launchBrowser, openApp, publishedAndEdited, type App } from './harness.js';

const SCREENSHOTS = process.env.RULEBOOK_SCREENSHOTS;
/** The panels not seen at start, each with what shows it works once its code has arrived. */
const DEFERRED_PANELS: readonly { readonly id: string; readonly ready: string }[] = [
  { id: 'outline', ready: '.outline-item' },
  { id: 'skills', ready: '.skills-table tbody tr' },
  { id: 'graph', ready: 'svg.graph g.node' },
  { id: 'preview', ready: '.preview h2' },
  { id: 'changes', ready: '[data-run]' },
  { id: 'export', ready: '[data-action="export"]' },
];
/** Modules the first paint must not wait for: the deferred panels, the Import and Publish commands and their libraries. */
const NOT_AT_START = /[\\/](renderer[\\/]panels[\\/](outline|skills|graph|preview|render-preview|changes|export)\.ts|renderer[\\/]app[\\/](import|publish)\.ts|node_modules[\\/](elkjs|unified|remark-parse|rehype-sanitize|diff|yaml)[\\/])/;

let browser: Browser;
let work: string;
let built: string;
let chunks: Rolldown.OutputChunk[];
let assets: Rolldown.OutputAsset[];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The chunks loaded with the entry: it and everything it imports statically. */
function initialChunks(): Set<string> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const initial = new Set<string>();
  const visit = (name: string) => {
    if (initial.has(name)) return;
    initial.add(name);
    for (const next of byName.get(name)?.imports ?? []) visit(next);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return initial;
}

/** The chunk a deferred panel's import() loads. */
function panelChunk(id: string): string {
  const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId !== null && /[\\/]renderer[\\/]panels[\\/]([\w-]+)\.ts$/.exec(c.facadeModuleId)?.[1] === id);
  if (!chunk) throw new Error(`no chunk of its own for the ${id} panel`);
  return chunk.fileName;
}

/** The built files the page has fetched so far (resource timing), by file name under assets/. */
async function fetched(page: Page): Promise<Set<string>> {
  const names = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname));
  return new Set(names.filter((n) => n.startsWith('/assets/')).map((n) => n.slice(1)));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rulebook-e2e-paint-'));
  built = path.join(work, 'renderer');
  // electron-vite's renderer preset over renderer/vite.config.ts: what `npm run build` writes to out/renderer.
  const output = await build({
    configFile: path.resolve('renderer/vite.config.ts'),
    root: path.resolve('renderer'),
    logLevel: 'error',
    build: { outDir: built, emptyOutDir: true, minify: false, modulePreload: { polyfill: false }, reportCompressedSize: false },
  });
  if (!Array.isArray(output) && !('output' in output)) throw new Error('the build answered with a watcher');
  const bundle = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output);
  chunks = bundle.filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  assets = bundle.filter((o): o is Rolldown.OutputAsset => o.type === 'asset');
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the built renderer', () => {
  it('loads Monaco, the shell and the Problems panel at start; every other panel, command and library later', () => {
    const initial = initialChunks();
    const lines = chunks
      .map((c) => ({ name: c.fileName, bytes: Buffer.byteLength(c.code), initial: initial.has(c.fileName) }))
      .sort((a, b) => Number(b.initial) - Number(a.initial) || b.bytes - a.bytes);
    const initialBytes = lines.filter((l) => l.initial).reduce((sum, l) => sum + l.bytes, 0);
    const css = assets.filter((a) => a.fileName.endsWith('.css'));
    const workers = assets.filter((a) => /\.worker-[\w-]+\.js$/.test(a.fileName));
    console.log([
      `renderer chunks (unminified): ${kb(initialBytes)} loaded at start, ${kb(lines.reduce((sum, l) => sum + l.bytes, 0) - initialBytes)} on first use`,
      ...lines.map((l) => `  ${l.initial ? 'start' : 'later'}  ${kb(l.bytes).padStart(11)}  ${l.name}`),
      ...css.map((a) => `  css    ${kb(Buffer.byteLength(a.source)).padStart(11)}  ${a.fileName}`),
      ...workers.map((a) => `  worker ${kb(Buffer.byteLength(a.source)).padStart(11)}  ${a.fileName}`),
    ].join('\n'));

    const atStart = chunks.filter((c) => initial.has(c.fileName)).flatMap((c) => Object.keys(c.modules));
    expect(atStart.filter((id) => NOT_AT_START.test(id))).toEqual([]);
    expect(atStart.some((id) => /[\\/]renderer[\\/]panels[\\/]problems\.ts$/.test(id))).toBe(true);
    // Monaco without its bundled languages, their workers or inline completions; our own dialect is all it colours.
    const monaco = atStart.filter((id) => id.includes('monaco-editor'));
    expect(monaco.length).toBeGreaterThan(100);
    expect(monaco.filter((id) => /[\\/]esm[\\/]vs[\\/](languages?|basic-languages)[\\/]|inlineCompletions\.contribution\.js$/.test(id))).toEqual([]);
    expect(workers.map((w) => w.fileName.replace(/^assets\/|-[\w-]+\.js$/g, '')).sort()).toEqual(['core.worker', 'editor.worker']);
    for (const panel of DEFERRED_PANELS) expect(initial.has(panelChunk(panel.id))).toBe(false);
  });
});

describe('first paint of the Funjerai sample on the browser host, from the built renderer', () => {
  let app: App;
  /** A line near the top of the file, as the editor shows it. */
  let expected: string;

  beforeAll(async () => {
    const { file, published } = await publishedAndEdited(path.join(work, 'funjerai'));
    expected = published.split('\n').find((line) => line.trim().length >= 8)!.trim();
    app = await openApp(browser, file, { width: 1440, height: 900 }, {
      renderer: built,
      // Set before the page's own scripts run: the moment a line of the editor first shows the text.
      prepare: (context) => context.addInitScript((text: string) => {
        const page = window as unknown as { editorTextAt?: number };
        const observer = new MutationObserver(() => {
          for (const line of document.querySelectorAll('.monaco-editor .view-line')) {
            // Monaco draws spaces as no-break spaces.
            if (line.textContent?.replace(/\u00a0/g, ' ').includes(text)) {
              page.editorTextAt = performance.now();
              observer.disconnect();
              return;
            }
          }
        });
        observer.observe(document, { childList: true, subtree: true, characterData: true });
      }, expected),
    });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('paints, and shows the rulebook text in the editor; prints both times', async () => {
    const { page } = app;
    await page.waitForFunction(() => (window as unknown as { editorTextAt?: number }).editorTextAt !== undefined, null, { timeout: 60_000 });
    const figures = await page.evaluate(() => {
      const paint = Object.fromEntries(performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]));
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      return {
        firstPaint: paint['first-paint'],
        firstContentfulPaint: paint['first-contentful-paint'],
        editorText: (window as unknown as { editorTextAt: number }).editorTextAt,
        domContentLoaded: navigation?.domContentLoadedEventEnd,
        load: navigation?.loadEventEnd,
      };
    });
    const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${Math.round(value)} ms`);
    console.log([
      'first paint on the browser host (built renderer, Funjerai, from the start of navigation):',
      `  first-paint               ${ms(figures.firstPaint)}`,
      `  first-contentful-paint    ${ms(figures.firstContentfulPaint)}`,
      `  DOMContentLoaded          ${ms(figures.domContentLoaded)}`,
      `  load                      ${ms(figures.load)}`,
      `  editor shows the text     ${ms(figures.editorText)}`,
    ].join('\n'));
    expect(figures.firstContentfulPaint).toBeGreaterThan(0);
    expect(figures.editorText).toBeGreaterThan(0);
    const shown = (await page.locator('.monaco-editor .view-lines').textContent())?.replace(/\u00a0/g, ' ');
    expect(shown).toContain(expected);
    // Problems is the panel seen at start: it was loaded with the page and lists the sample's findings.
    await expect.poll(() => page.locator('[data-panel="problems"] .problem').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  });

  it('loads each other panel when it is first shown, and the panel works', async () => {
    const { page } = app;
    const initial = initialChunks();
    const before = await fetched(page);
    for (const name of initial) expect(before, `${name} is loaded with the page`).toContain(name);
    for (const panel of DEFERRED_PANELS) expect(before, `the ${panel.id} panel's code is not loaded before it is shown`).not.toContain(panelChunk(panel.id));

    for (const panel of DEFERRED_PANELS) {
      await openPanel(page, panel.id);
      const element = page.locator(`[data-panel="${panel.id}"]`);
      await element.locator(panel.ready).first().waitFor({ timeout: 30_000 });
      expect(await element.isVisible()).toBe(true);
      // One element per panel: the placeholder gave its place and its data-panel to the panel's own.
      expect(await page.locator(`[data-panel="${panel.id}"]`).count()).toBe(1);
      expect(await fetched(page)).toContain(panelChunk(panel.id));
      if (SCREENSHOTS) await page.screenshot({ path: path.join(SCREENSHOTS, `first-use-${panel.id}.png`) });
    }
    // Shown again, a panel is the same one, already loaded.
    await openPanel(page, 'graph');
    expect(await page.locator('[data-panel="graph"] svg.graph g.node').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-panel="graph"]').count()).toBe(1);
  });
});

describe('a panel whose code fails to arrive', () => {
  let app: App;

  beforeAll(async () => {
    const { file } = await publishedAndEdited(path.join(work, 'funjerai-offline'));
    app = await openApp(browser, file, { width: 1440, height: 900 }, { renderer: built });
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  it('says so in its place, and loads when shown again once the chunk can be fetched', async () => {
    const { page } = app;
    const chunk = `**/${panelChunk('outline')}`;
    await page.route(chunk, (route) => route.abort());
    await openPanel(page, 'outline');
    const panel = page.locator('[data-panel="outline"]');
    await expect.poll(() => panel.locator('.error-text').textContent(), { timeout: 10_000 }).toMatch(/^The Outline panel could not be loaded: /);
    await page.unroute(chunk);
    await openPanel(page, 'problems');
    await openPanel(page, 'outline');
    await panel.locator('.outline-item').first().waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-panel="outline"]').count()).toBe(1);
  });
});
