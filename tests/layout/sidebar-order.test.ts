/**
 * A docsify site's `_sidebar.md` is its book's contents: Mythras's SRD lists its introduction and chapters there, and
 * keeps beside them pages no reader of the rules is shown (a translator's HowTo.md, a style guide, the changelog). Before,
 * init read every page of the folder, the sidebar too: HowTo.md's pictures of the translation website were reported
 * missing from the book. The Russian translation's own sidebar and HowTo.md are in tests/fixtures/wild.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { sidebarOrder } from '../../shared/layout/sidebar-order.js';
import { runCli } from '../helpers/cli.js';

const BOOK = path.resolve(import.meta.dirname, '../fixtures/wild/mythras-imperative-ru/book');
const pages = () => readdirSync(BOOK).map((name) => ({ path: name, text: readFileSync(path.join(BOOK, name), 'utf8') }));

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a docsify sidebar', () => {
  it('orders the pages it links to that the folder has, once each, and nothing else', () => {
    // It links README.md and 0002_Characters.md … 0008_Creatures.md, and six other sites: the fixture has two of its pages.
    expect(sidebarOrder(pages())).toEqual(['0003_Skills.md', '0007_Magic.md']);
    const sidebar = (text: string) => sidebarOrder([{ path: '_sidebar.md', text }, ...['a.md', 'b.md', 'c d.md'].map((p) => ({ path: p, text: '# Page\n' }))]);
    expect(sidebar('- [B](b.md)\n- [A](./a.md#top)\n- [B again](b.md)\n- [Site](https://example.org/a.md)\n- [Space](c%20d.md)\n')).toEqual(['b.md', 'a.md', 'c d.md']);
    // A sidebar of other sites, or of one page, lists no book.
    expect(sidebar('- [Home](a.md)\n- [Site](https://example.org)\n')).toBeNull();
    expect(sidebarOrder([{ path: 'a.md', text: '- [B](b.md)\n' }, { path: 'b.md', text: '' }])).toBeNull();
  });

  it('init lists those pages in that order, and says which pages it leaves out', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'rulebook-sidebar-'));
    temporary.push(folder);
    cpSync(BOOK, folder, { recursive: true });
    const dry = await runCli(['init', '--dry-run', folder], folder);
    expect(dry.stdout).toContain('2 files are listed under `files:`, the pages `_sidebar.md` links to, in its order');
    expect(dry.stdout).toContain('HowTo.md is not in the sidebar: not listed.');
    const init = await runCli(['init', folder], folder);
    expect(init.code).toBe(0);
    expect(parse(readFileSync(path.join(folder, 'rulebook.yaml'), 'utf8')).files).toEqual(['0003_Skills.md', '0007_Magic.md']);
    // The translator's pictures are no part of the book: nothing is missing from it.
    const lint = await runCli(['lint', folder], folder);
    expect(lint.stdout).not.toContain('missing-image');
  });
});
