/**
 * `--kind html` names the book once: a book titled by the heading of its one chapter ("# Apiary Rules" over
 * everything) shows that heading as the page's h1, not the title and then the same heading again.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

const TITLED_BY_HEADING = `# Apiary Rules

## 1 Hives

1.1 Smoke the entrance before opening a hive.

### 1.2 Swarms

1.2.1 A swarm is caught in a skep, never by hand.
`;

const TITLED_BY_SETTING = `---
title: The Beekeepers Guild
---
# 1 Hives

1.1 Smoke the entrance before opening a hive.

# 2 Honey

2.1 Honey is taken after midsummer.
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rulebook-single-title-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function single(name: string, text: string): Promise<string> {
  const book = path.join(dir, `${name}.md`);
  await writeFile(book, text);
  const out = path.join(dir, `${name}.html`);
  const run = await runInProcess(['export', book, '--kind', 'html', '--out', out, '--quiet'], ROOT);
  expect(run.code).toBe(0);
  const html = await readFile(out, 'utf8');
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

const headings = (main: string) => [...main.matchAll(/<h([1-6])[^>]*>(.*?)<\/h\1>/g)].map((m) => `h${m[1]} ${m[2].replace(/<[^>]+>/g, '').replace(/#$/, '').trim()}`);

describe('the single-file website’s title', () => {
  it('is the one chapter’s heading, printed once as h1, its sections one level down', async () => {
    const main = await single('apiary', TITLED_BY_HEADING);
    expect(headings(main)).toEqual(['h1 Apiary Rules', 'h2 1 Hives', 'h3 1.2 Swarms', 'h2 Contents']);
    // The heading keeps its own id, which the contents link to.
    expect(main).toMatch(/<h1 id="apiary-rules">Apiary Rules<a class="permalink" href="#apiary-rules"/);
    expect(main).toContain('<a href="#apiary-rules">Apiary Rules</a>');
    // A book titled elsewhere keeps its title above its chapters.
    expect(headings(await single('guild', TITLED_BY_SETTING))).toEqual(['h1 The Beekeepers Guild', 'h2 1 Hives', 'h2 2 Honey', 'h2 Contents']);
  });
});
