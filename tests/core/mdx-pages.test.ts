/**
 * Rulebooks kept as MDX pages, as Astro Starlight, Docusaurus and Nextra sites keep them (JustGold3n/DDweb, a Czech
 * LARP, keeps its rules in src/content/rules/**\/*.mdx): `rulebook init` finds them, `rulebook lint` reads their
 * skills, and a page's `import` line is code, never text of the book. The pages are in our own words, in DDweb's shape.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as run } from '../helpers/cli.js';
import { useTempFolder } from '../helpers/temp-folder.js';
import { analyse } from '../../shared/analyse/index.js';
import { isMarkdownFile } from '../../shared/model/markdown-files.js';
import { blankMdxCode, readableText } from '../../shared/parse/mdx.js';
import { Workspace } from '../../shared/service/workspace.js';
import { READABLE_EXTENSIONS, WRITABLE_EXTENSIONS } from '../../shared/ipc/validate.js';

const IMPORT = "import Callout from '../components/Callout.astro';";

const RANGER = `---
title: Ranger
description: "What a ranger learns in the woods"
pubDate: 2024-07-15
---
${IMPORT}

### Tracking
**Cost:** 2

The ranger reads footprints in mud and snow.

### Ambush
**Cost:** 3
**Prerequisites:** Tracking

<Callout type="note">
An ambush works once per fight.
</Callout>

A hidden ranger doubles the damage of the first arrow.

### Volley
**Cost:** 4
**Prerequisites:** Sharpshooting
`;

const HEALER = `---
title: Healer
---
${IMPORT}
export const tier = 1;

### Bandage
**Cost:** 1

Stops bleeding after a minute of care.
`;

const temp = useTempFolder('mdx');

const SITE = { 'src/content/rules/classes/ranger.mdx': RANGER, 'src/content/rules/classes/healer.mdx': HEALER };

describe('a folder of .mdx pages', () => {
  it('is found by init, which lists the pages in rulebook.yaml', async () => {
    temp.write(SITE);
    const init = await run(['init', '.'], temp.dir);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('4 skills as `###` headings');
    const yaml = readFileSync(path.join(temp.dir, 'rulebook.yaml'), 'utf8');
    expect(yaml).toContain('files:\n  - src/content/rules/classes/healer.mdx\n  - src/content/rules/classes/ranger.mdx\n');
    // init writes settings only: the pages are as they were.
    expect(readFileSync(path.join(temp.dir, 'src/content/rules/classes/ranger.mdx'), 'utf8')).toBe(RANGER);
  });

  it('is read by lint with its skills, costs and prerequisites; the import lines are no text of the book', async () => {
    temp.write(SITE);
    expect((await run(['init', '.'], temp.dir)).code).toBe(0);
    const lint = await run(['lint', '.', '--format', 'json', '--no-cache'], temp.dir);
    const findings = JSON.parse(lint.stdout) as Array<{ ruleId: string; file: string; line: number; message: string }>;
    // Ambush requires Tracking, which is read; Volley requires a skill the book does not have.
    expect(findings.map((f) => [f.ruleId, f.file, f.line])).toEqual([['unknown-prerequisite', 'src/content/rules/classes/ranger.mdx', 25]]);

    const ast = await run(['ast', '.', '--format', 'json'], temp.dir);
    expect(ast.code, ast.stderr).toBe(0);
    const model = JSON.parse(ast.stdout) as { skills: Array<{ name: string; cost: number | null; prerequisites: unknown; text: string }>; diagnostics: unknown[] };
    expect(model.skills.map((s) => [s.name, s.cost])).toEqual([['Bandage', 1], ['Tracking', 2], ['Ambush', 3], ['Volley', 4]]);
    expect(JSON.stringify(model.skills.find((s) => s.name === 'Ambush')!.prerequisites)).toContain('Tracking');
    expect(ast.stdout).not.toContain('import Callout');
    expect(ast.stdout).not.toContain('export const');

    // The book as printed: the pages' text, without their code.
    const html = await run(['export', '.', '--kind', 'html', '--out', 'book.html', '--quiet'], temp.dir);
    expect(html.code, html.stderr).toBe(0);
    const printed = readFileSync(path.join(temp.dir, 'book.html'), 'utf8');
    expect(printed).toContain('Stops bleeding after a minute of care.');
    expect(printed).not.toMatch(/import Callout|Callout\.astro|export const|tier = 1/);
    expect(printed).toContain('An ambush works once per fight.');
    // The Callout's words are Ambush's text (its tag lines alone would have made them one HTML block with the tags).
    expect(model.skills.find((s) => s.name === 'Ambush')!.text).toBe('An ambush works once per fight. A hidden ranger doubles the damage of the first arrow.');
  });

  it('one .mdx page is initialised in its front matter, its import line and body kept byte for byte', async () => {
    temp.write({ 'ranger.mdx': RANGER });
    const init = await run(['init', 'ranger.mdx'], temp.dir);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('3 skills as `###` headings');
    const after = readFileSync(path.join(temp.dir, 'ranger.mdx'), 'utf8');
    expect(after).toMatch(/^---\ntitle: Ranger\n[\s\S]*\nlayout:\n  skills:\n    headingLevels: \[3\]\n---\n/);
    expect(after.slice(after.indexOf(IMPORT))).toBe(RANGER.slice(RANGER.indexOf(IMPORT)));
  });

  it('one .mdx page is a rulebook too: lint and ast read it as it is named, without its code', async () => {
    temp.write({ 'ranger.mdx': RANGER });
    const lint = await run(['lint', 'ranger.mdx', '--format', 'json', '--no-cache'], temp.dir);
    const findings = JSON.parse(lint.stdout) as Array<{ ruleId: string; line: number }>;
    expect(findings.map((f) => [f.ruleId, f.line])).toEqual([['unknown-prerequisite', 25]]);
    const ast = await run(['ast', 'ranger.mdx', '--format', 'json'], temp.dir);
    const model = JSON.parse(ast.stdout) as { skills: Array<{ name: string; text: string }> };
    expect(model.skills.find((s) => s.name === 'Ambush')!.text).toBe('An ambush works once per fight. A hidden ranger doubles the damage of the first arrow.');
  });
});

describe("an .mdx page's code, blanked for the readers", () => {
  it('keeps every offset and line: the import and export lines and the component tags become spaces', () => {
    const readable = readableText('healer.mdx', HEALER);
    expect(readable.length).toBe(HEALER.length);
    expect(readable.split('\n').length).toBe(HEALER.split('\n').length);
    expect(readable).not.toContain('import');
    expect(readable).not.toContain('export');
    expect(readable.slice(readable.indexOf('### Bandage'))).toBe(HEALER.slice(HEALER.indexOf('### Bandage')));
    const ranger = readableText('ranger.mdx', RANGER);
    expect(ranger).not.toMatch(/Callout/);
    expect(ranger).toContain('\nAn ambush works once per fight.\n');
  });

  it('reads statements as MDX does: over bracketed lines up to a blank line, never inside a paragraph, a code block or front matter', () => {
    const text = [
      '---',
      'import: not code, a setting',
      '---',
      'import {',
      '  Tabs,',
      '',
      '  TabItem,',
      "} from '@astrojs/starlight/components';",
      '',
      'A paragraph whose second line',
      'import duties are paid at the gate.',
      '',
      '```js',
      "import x from 'y';",
      '```',
      '',
      'export const meta = { level: 2 };',
      '',
      '## After',
    ].join('\n');
    // The import statement (lines 4 to 8, over its blank line) and the export (line 17) are blanked; every other line,
    // the front matter's, the paragraph's and the code block's `import` lines among them, stays as written.
    const code = new Set([4, 5, 6, 7, 8, 17]);
    const lines = blankMdxCode(text).split('\n');
    expect(lines.map((l) => l.trim())).toEqual(text.split('\n').map((line, i) => (code.has(i + 1) ? '' : line)));
  });

  it('leaves a .md file as written; analyse, the way in for every caller, reads an .mdx page without its code', () => {
    expect(readableText('notes.md', HEALER)).toBe(HEALER);
    const { source, model } = analyse({ files: [{ path: 'healer.mdx', text: HEALER }] });
    expect(source.files[0].text).not.toMatch(/import|export/);
    expect(model.skills.map((s) => s.name)).toEqual(['Bandage']);
  });

  it('is a Markdown file wherever the app, the host and the language server ask', () => {
    expect(['a.md', 'b.MARKDOWN', 'c.mdx', 'd.MDX'].map(isMarkdownFile)).toEqual([true, true, true, true]);
    expect(['e.mdxx', 'f.txt', 'mdx'].map(isMarkdownFile)).toEqual([false, false, false]);
    expect(Workspace.isRulebookFile('/book/rules/ranger.mdx')).toBe(true);
    expect(READABLE_EXTENSIONS).toContain('.mdx');
    expect(WRITABLE_EXTENSIONS).toContain('.mdx');
  });
});
