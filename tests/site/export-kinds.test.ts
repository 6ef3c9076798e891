/** The website's safety and its other ways out: an untrusted rulebook's HTML is cleaned, the single-file kind, the app's export operation. */
import { mkdtemp, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportRulebook } from '../../main/workspace/export.js';
import { runInProcess } from '../helpers/cli-in-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HOSTILE = `---
title: Hostile <script>alert(1)</script>
---
# 1 Rules

1.1 Players <script>alert('x')</script> may <img src=x onerror=alert(1)> act. See 1.2.

1.2 A [link](javascript:alert(1)) and <iframe src="https://example.com"></iframe> here.

## Skills

- **Fire Bolt** (2 SP) Throws fire <b onclick="x()">hot</b>.
- **Inferno** (4 SP) Prerequisite: Fire Bolt. Burns.
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rulebook-site-kinds-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the website of an untrusted rulebook', () => {
  it('carries no script, handler, frame or image of the rulebook, and a CSP without inline script', async () => {
    const book = path.join(dir, 'hostile.md');
    await writeFile(book, HOSTILE);
    const out = path.join(dir, 'hostile-site');
    const run = await runInProcess(['export', book, '--kind', 'site', '--out', out, '--quiet'], ROOT);
    expect(run.code).toBe(0);
    for (const page of ['index.html', '1-rules.html', 'skills.html']) {
      const html = await readFile(path.join(out, page), 'utf8');
      expect(html).not.toMatch(/<script(?![^>]*src="assets\/site\.js")/i);
      expect(html).not.toMatch(/<(img|iframe)\b/i);
      expect(html).not.toMatch(/\son\w+=/i);
      expect(html).not.toMatch(/javascript:/i);
      expect(html).toContain(`content="default-src 'none'; script-src 'self';`);
    }
    const chapter = await readFile(path.join(out, '1-rules.html'), 'utf8');
    // The words around the markup are kept; the reference and the prerequisite are links.
    expect(chapter).toMatch(/Players .*may .*act\./);
    expect(chapter).toMatch(/<a href="#r1-2">/);
    expect(await readFile(path.join(out, 'skills.html'), 'utf8')).toMatch(/<a href="#skill-fire-bolt">Fire Bolt<\/a>/);
  });
});

describe('--kind html', () => {
  it('writes one file with its style inline (allowed by hash) and no script at all', async () => {
    const out = path.join(dir, 'funjerai.html');
    const run = await runInProcess(['export', path.join(ROOT, 'tests/fixtures/samples/funjerai.md'), '--kind', 'html', '--out', out, '--quiet'], ROOT);
    expect(run.code).toBe(0);
    const html = await readFile(path.join(out), 'utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/script-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(html).not.toMatch(/href="[^"#][^"]*\.html/);
    expect(html).toContain('id="skills-heading"');
  });

  it('refuses an output that is not .html, in one line', async () => {
    const run = await runInProcess(['export', path.join(ROOT, 'tests/fixtures/samples/funjerai.md'), '--kind', 'html', '--out', path.join(dir, 'x.pdf')], ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/must end in \.html/);
  });
});

describe("the app's export operation", () => {
  it('writes the website inside the rulebook folder and answers its index.html to open', async () => {
    const root = await mkdtemp(path.join(dir, 'book-'));
    await copyFile(path.join(ROOT, 'tests/fixtures/samples/funjerai.md'), path.join(root, 'funjerai.md'));
    const result = await exportRulebook({ root, target: path.join(root, 'funjerai.md'), name: 'funjerai.md' }, { kind: 'site', output: null, unsaved: [], options: {} });
    expect(result.path).toBe('export/funjerai-site/index.html');
    expect(await readFile(path.join(root, result.path), 'utf8')).toContain('<h1>Funjerai</h1>');
    const single = await exportRulebook({ root, target: path.join(root, 'funjerai.md'), name: 'funjerai.md' }, { kind: 'html', output: 'out/book.html', unsaved: [{ path: 'funjerai.md', text: '# Changed Title\n\n1.1 Only rule.\n' }], options: {} });
    expect(await readFile(path.join(root, single.path), 'utf8')).toContain('Only rule.');
  });
});
