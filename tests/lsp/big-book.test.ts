/**
 * What a big book costs `rulebook lsp` (the 13th Age SRD for Obsidian has a thousand pages), counted rather than
 * timed: the parses of its first analysis are kept in `rulebook lint`'s cache and read back by the next session, which
 * then parses only the chunks that changed; and an analysis sends a page's findings only when they changed, not a
 * list for every page at every keystroke. Driven over stdio as an editor drives it, on books written to a temp folder.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { useTempFolder } from '../helpers/temp-folder.js';
import { openDocument, startServer, uriOf, type LspSession } from './lsp-client.js';

const folder = useTempFolder('lsp-big-book');

/** Page `n` of a book of skills: each page defines one, requiring the first; every `brokenEvery`th page names one that does not exist. */
function page(n: number, brokenEvery: number): string {
  const requires = n % brokenEvery === 0 ? `Skill ${n} Missing` : n > 1 ? 'Skill 1' : null;
  return `# Page ${n}\n\nThe lore of page ${n}, told at some length so that the page is a chunk of its own.\n\n- **Skill ${n}** (${n} SP) Does the thing of page ${n}.${requires ? `\n  Prerequisite: ${requires}` : ''}\n`;
}

/** A folder book of `pages` pages (page-001.md …) under the test's folder; answers the book's folder. */
function writeBook(pages: number, brokenEvery: number): string {
  folder.write({ 'book/rulebook.yaml': 'title: A Big Book\n' });
  for (let n = 1; n <= pages; n++) folder.write({ [`book/${pageName(n)}`]: page(n, brokenEvery) });
  return path.join(folder.dir, 'book');
}

const pageName = (n: number) => `page-${String(n).padStart(3, '0')}.md`;

/** Starts the server on `book` with its own cache folder, opens the first page and waits for its findings. */
async function openBook(book: string): Promise<{ session: LspSession; first: string; diagnostics: Diagnostic[] }> {
  const session = await startServer(book, {}, { RULEBOOK_CACHE_DIR: path.join(folder.dir, 'cache') });
  const first = await openDocument(session, path.join(book, pageName(1)));
  return { session, first, diagnostics: await session.diagnostics(first) };
}

/** The log of the book's first analysis: how many chunks it took from the cache, how many it parsed. */
async function reading(session: LspSession): Promise<{ kept: number; parsed: number }> {
  const said = /(\d+) chunks kept from an earlier reading, (\d+) parsed/;
  await vi.waitFor(() => expect(session.logs().some((m) => said.test(m))).toBe(true), { timeout: 30_000 });
  const [, kept, parsed] = said.exec(session.logs().find((m) => said.test(m))!)!;
  return { kept: Number(kept), parsed: Number(parsed) };
}

describe('a big book in the language server', () => {
  it('keeps the parses of its first analysis for the next session, which parses only the chunks that changed', async () => {
    const book = writeBook(40, 10);
    const one = await openBook(book);
    const cold = await reading(one.session);
    expect(cold.kept).toBe(0);
    expect(cold.parsed).toBeGreaterThanOrEqual(40);
    await one.session.close(); // a shutdown writes them, in the cache folder (never the book's)
    expect(readdirSync(path.join(folder.dir, 'cache', 'lint')).filter((f) => f.endsWith('.chunks'))).toHaveLength(1);

    // The next session reads every chunk back and finds the same.
    const two = await openBook(book);
    expect(await reading(two.session)).toEqual({ kept: cold.parsed, parsed: 0 });
    expect(two.diagnostics).toEqual(one.diagnostics);
    await two.session.close();

    // One page changed on disk meanwhile: only its chunks are parsed.
    writeFileSync(path.join(book, pageName(7)), `${page(7, 10)}\nA paragraph added since.\n`);
    const three = await openBook(book);
    const warm = await reading(three.session);
    expect(warm.parsed).toBeGreaterThanOrEqual(1);
    expect(warm.parsed).toBeLessThanOrEqual(3);
    expect(warm.kept + warm.parsed).toBeGreaterThanOrEqual(cold.parsed);
    await three.session.close();
    for (const session of [one, two, three]) expect(session.session.stderr()).toBe('');
  }, 120_000);

  it('sends a page its findings only when they change, not every page a list at every keystroke', async () => {
    const pages = 60;
    const book = writeBook(pages, 12);
    const { session, first } = await openBook(book);
    const broken = [12, 24, 36, 48, 60].map((n) => uriOf(path.join(book, pageName(n))));
    // The first analysis: the open page (no findings: an empty list, so the editor knows), and the pages with findings
    // (all come before an answer written after them).
    await session.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: first } });
    const sent = () => new Set(session.published().map((p) => p.uri));
    expect(sent()).toEqual(new Set([first, ...broken]));
    expect(session.published()).toHaveLength(1 + broken.length);

    // Two keystrokes that change no finding: each analysis sends the open page's list, and nothing else.
    const text = page(1, 12);
    for (const version of [2, 3]) {
      const before = session.published().length;
      await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri: first, version }, contentChanges: [{ text: `${text}\nTyped ${version}.\n` }] });
      await vi.waitFor(() => expect(session.published().some((p) => p.uri === first && p.version === version)).toBe(true), { timeout: 30_000 });
      // An answer written after that analysis: whatever it sent has come by then.
      await session.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: first } });
      expect(session.published().slice(before).map((p) => p.uri)).toEqual([first]);
    }

    // A finding fixed on a page not open: that page gets its empty list, once.
    const fixed = uriOf(path.join(book, pageName(12)));
    writeFileSync(path.join(book, pageName(12)), page(12, 1000));
    const before = session.published().length;
    await session.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fixed, type: 2 }] });
    await vi.waitFor(() => expect(session.published().slice(before).some((p) => p.uri === fixed)).toBe(true), { timeout: 30_000 });
    await session.connection.sendRequest('textDocument/documentSymbol', { textDocument: { uri: first } });
    expect(session.published().slice(before).map((p) => [p.uri, p.diagnostics.length])).toEqual([[first, 0], [fixed, 0]]);
    await session.close();
    expect(session.stderr()).toBe('');
  }, 120_000);
});
