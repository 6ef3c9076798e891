/**
 * Every exported page of the five samples and the CR: every internal link (href, src) reaches a file of the site
 * and, when it names a fragment, an element with that id; ids are unique per page; every page carries the CSP meta
 * tag and no inline script. A crawl from index.html with a real HTML parser (parse5), not our own list of links.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportSites, SAMPLES, type Exported } from './exported.js';
import { runInProcess } from '../helpers/cli-in-process.js';

interface Node {
  nodeName: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: Node[];
  content?: Node;
}

function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
  if (node.content) walk(node.content, visit);
}

const attr = (n: Node, name: string) => n.attrs?.find((a) => a.name === name)?.value;

interface PageFacts {
  readonly ids: Set<string>;
  readonly duplicateIds: string[];
  readonly links: string[];
  readonly csp: string | null;
  readonly inlineScripts: number;
}

function readPage(file: string): PageFacts {
  const doc = parse(readFileSync(file, 'utf8')) as unknown as Node;
  const ids = new Set<string>();
  const duplicateIds: string[] = [];
  const links: string[] = [];
  let csp: string | null = null;
  let inlineScripts = 0;
  walk(doc, (n) => {
    const id = attr(n, 'id');
    if (id !== undefined) {
      if (ids.has(id)) duplicateIds.push(id);
      ids.add(id);
    }
    for (const name of ['href', 'src']) {
      const value = attr(n, name);
      if (value !== undefined) links.push(value);
    }
    if (n.nodeName === 'meta' && attr(n, 'http-equiv')?.toLowerCase() === 'content-security-policy') csp = attr(n, 'content') ?? null;
    if (n.nodeName === 'script' && attr(n, 'src') === undefined) inlineScripts++;
  });
  return { ids, duplicateIds, links, csp, inlineScripts };
}

/** Crawls from index.html; returns the broken links as "page: link (why)" and the pages reached. */
function crawl(site: string): { broken: string[]; pages: string[]; problems: string[]; checked: number } {
  const pages = new Map<string, PageFacts>();
  const queue = ['index.html'];
  const broken: string[] = [];
  const problems: string[] = [];
  const pending: Array<{ from: string; link: string; file: string; fragment: string | null }> = [];
  while (queue.length) {
    const page = queue.shift()!;
    if (pages.has(page)) continue;
    const facts = readPage(path.join(site, page));
    pages.set(page, facts);
    if (facts.duplicateIds.length) problems.push(`${page}: duplicate ids ${facts.duplicateIds.slice(0, 5).join(', ')}`);
    if (!facts.csp || !/script-src 'self'/.test(facts.csp) || /unsafe-inline/.test(facts.csp)) problems.push(`${page}: no strict Content-Security-Policy (${facts.csp})`);
    if (facts.inlineScripts) problems.push(`${page}: ${facts.inlineScripts} inline script(s)`);
    for (const link of facts.links) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
        problems.push(`${page}: link leaves the site: ${link}`);
        continue;
      }
      const url = new URL(link, `file:///site/${page}`);
      const file = decodeURIComponent(url.pathname.slice('/site/'.length));
      const fragment = url.hash ? decodeURIComponent(url.hash.slice(1)) : null;
      pending.push({ from: page, link, file, fragment });
      if (file.endsWith('.html') && existsSync(path.join(site, file))) queue.push(file);
    }
  }
  for (const { from, link, file, fragment } of pending) {
    if (!existsSync(path.join(site, file))) broken.push(`${from}: ${link} (no file ${file})`);
    else if (fragment !== null && file.endsWith('.html') && !pages.get(file)?.ids.has(fragment)) broken.push(`${from}: ${link} (no id "${fragment}" in ${file})`);
  }
  return { broken, pages: [...pages.keys()], problems, checked: pending.length };
}

describe('exported websites: links and anchors', () => {
  let exported: Exported;
  beforeAll(async () => {
    exported = await exportSites([...SAMPLES, 'cr']);
  }, 180_000);
  afterAll(() => exported?.dispose());

  it.each([...SAMPLES, 'cr'])('%s: no broken internal link or anchor, no link leaving the site', (name) => {
    const site = exported.sites.get(name)!;
    const { broken, pages, problems, checked } = crawl(site);
    expect(broken).toEqual([]);
    expect(problems).toEqual([]);
    // The crawl reached every page written (none is an orphan), and a real number of links was checked.
    const written = readdirHtml(site);
    expect(pages.sort()).toEqual(written);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(checked).toBeGreaterThan(20);
  });

  it('rules and sections carry their number as their id (r + number, punctuation as hyphens)', () => {
    const cr = exported.sites.get('cr')!;
    const page = readPage(path.join(cr, '7-additional-rules.html'));
    expect(page.ids.has('r702-19b')).toBe(true);
    expect(page.ids.has('r702')).toBe(true);
    // Headings also carry GitHub's slug.
    expect(page.ids.has('7-additional-rules')).toBe(true);
  });
});

describe('the book\'s own links, on its website (MARS, tests/fixtures/wild/mars)', () => {
  let dir: string;
  let site: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rulebook-site-links-'));
    const book = path.join(dir, 'MARS');
    cpSync(path.resolve(import.meta.dirname, '../fixtures/wild/mars/book'), book, { recursive: true });
    expect((await runInProcess(['init', book], dir)).code).toBe(0);
    site = path.join(dir, 'site');
    const run = await runInProcess(['export', book, '--kind', 'site', '--out', site, '--quiet'], dir);
    expect(run.code, run.stderr).toBe(0);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps each link the author wrote to a place of the book: an index row to its skill, a page to another page', () => {
    const talents = readFileSync(path.join(site, 'talents.html'), 'utf8');
    // "| [Always Prepared](#always-prepared) | 8 | 4 | INT 11+, Sleight |": the heading is a skill, so its block.
    expect(talents).toContain('<td><a href="#skill-always-prepared">Always Prepared</a></td>');
    // "Click [here](/Fantasy/Talents.md) for the list of fantasy talents.": a site-root path, read from the book's folder.
    expect(talents).toMatch(/Click <a href="talents-2\.html#[\w-]+">here<\/a> for the list of fantasy talents/);
    const { broken, problems } = crawl(site);
    expect(broken).toEqual([]);
    expect(problems).toEqual([]);
  });
});

function readdirHtml(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.html')).sort();
}
