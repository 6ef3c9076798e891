/**
 * The app keeps what it read of a book between launches (renderer/worker/kept-chunks-db.ts): opened again after the
 * page is reloaded (a new launch, the same browser profile), the Kingdoms of Novitas sample is read from the parts
 * kept, except a chapter changed on disk in between, whose new broken reference is found. Real host, real chromium,
 * real IndexedDB.
 */
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openApp, useBench } from './harness.js';

const NOVITAS = path.resolve('tests/fixtures/samples/kingdoms-of-novitas');

const bench = useBench('kept');

/** The books kept in the page's IndexedDB, by path. */
function keptBooks(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const request = indexedDB.open('rulebook-studio-kept-chunks');
        request.onerror = () => resolve([]);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('books')) return resolve([]);
          const keys = db.transaction('books', 'readonly').objectStore('books').getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String));
          keys.onerror = () => resolve([]);
        };
      }),
  );
}

interface Diagnostics {
  readonly findings: readonly { readonly message: string }[];
  readonly timing: { readonly keptChunks?: number };
}

/** Every findings message the worker sends the page, recorded from before the app starts (and again after a reload). */
function recordDiagnostics(): void {
  const seen: Diagnostics[] = [];
  (window as unknown as { diagnostics: Diagnostics[] }).diagnostics = seen;
  const post = Worker.prototype.postMessage;
  const listening = new WeakSet<Worker>();
  Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
    if (!listening.has(this)) {
      listening.add(this);
      this.addEventListener('message', (event: MessageEvent) => {
        if (event.data?.type === 'diagnostics') seen.push({ findings: event.data.findings, timing: event.data.timing });
      });
    }
    return (post as (...a: unknown[]) => void).apply(this, args);
  } as typeof post;
}

const diagnostics = (page: Page) => page.evaluate(() => (window as unknown as { diagnostics: Diagnostics[] }).diagnostics);

describe('what the app keeps of a book between launches', () => {
  it('reads the book again from the parts kept, and what changed on disk afresh', async () => {
    const book = path.join(bench.work, 'kingdoms-of-novitas');
    await cp(NOVITAS, book, { recursive: true });
    const app = await openApp(bench.browser, book, undefined, { prepare: (context) => context.addInitScript(recordDiagnostics) });
    try {
      const { page } = app;
      await expect.poll(async () => (await diagnostics(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
      const [first] = await diagnostics(page);
      expect(first.timing.keptChunks).toBeUndefined();
      expect(first.findings.length).toBeGreaterThan(0);
      // The first analysis is kept at once.
      await expect.poll(() => keptBooks(page), { timeout: 30_000 }).toContain(book);

      // Between launches, a chapter gains a broken reference.
      const chapter = path.join(book, '07-combat.md');
      await writeFile(chapter, `${await readFile(chapter, 'utf8')}\nFor weapons, see 99.9.\n`);
      await page.reload();
      await expect.poll(async () => (await diagnostics(page)).length, { timeout: 30_000 }).toBeGreaterThan(0);
      const [again] = await diagnostics(page);
      // Read from what was kept: every part but the changed one (or two, the file's last chunk and a new one).
      expect(again.timing.keptChunks).toBeGreaterThan(20);
      const added = again.findings.filter((f) => !first.findings.some((g) => g.message === f.message));
      expect(added.map((f) => f.message)).toEqual([expect.stringContaining('99.9')]);
      expect(again.findings.length).toBe(first.findings.length + 1);
      await expect.poll(() => page.locator('.problem', { hasText: '99.9' }).count(), { timeout: 30_000 }).toBe(1);
    } finally {
      await app.close();
    }
  }, 180_000);
});
