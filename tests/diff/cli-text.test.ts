/** `rulebook diff` and `rulebook publish` show the changes of text outside rules and skills, in every format. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';

const history = path.resolve(import.meta.dirname, '../fixtures/ars-magica-history');
const OLD = path.join(history, 'ars-magica-combat.2d63f07.md');
const NEW = path.join(history, 'ars-magica-combat.e3cd56e.md');
const work = mkdtempSync(path.join(tmpdir(), 'rulebook-diff-text-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The same CLI in-process (tests/helpers/cli-in-process.ts): stdout and stderr captured, nothing stubbed. */
const rulebook = (...args: string[]) => runInProcess(args, work);

async function pdfText(file: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(file)), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) text += (await (await doc.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
  return text.replace(/\s+/g, ' ');
}

describe('rulebook diff on the Ars Magica sample against its first committed revision', () => {
  it('text: the table rows and paragraphs, by section, with word diffs', async () => {
    const run = await rulebook('diff', OLD, NEW);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Rules: 0 added, 0 removed, 0 changed, 0 renumbered, 0 moved\. Text: 103 added, 78 removed, 248 changed, 1 moved\.$/m);
    expect(run.stdout).not.toContain('No changes.');
    expect(run.stdout).toMatch(/\n  Terrain Examples\n(    .*\n)*    ~ paragraph, now a table row: \[-\*-\]Force open a normal door \{\+\| \+\}Ext\. \{\+\| \+\}Str \{\+\| \+\}9\[-\*-\]  \(.*ars-magica-combat\.e3cd56e\.md:178\)\n/);
    expect(run.stdout).toMatch(/\n  Actions in Combat\n    ~ paragraph, now a list item: \[-\*-\]Trigger an enchanted item/);
  });

  it('json: the existing fields as before, the text changes added', async () => {
    const json = JSON.parse((await rulebook('diff', OLD, NEW, '--format', 'json')).stdout);
    expect(json).toMatchObject({ format: 'rulebook-comparison', version: 1, entries: [], skills: [], renumberRuns: [], impact: [] });
    expect(json.summary).toMatchObject({ added: 0, changed: 0, textAdded: 103, textRemoved: 78, textChanged: 248, textMoved: 1, textFormatting: 0 });
    expect(json.text.identical).toBe(false);
    const terrain = json.text.sections.find((s: { path: string[] }) => s.path.join(' › ') === 'Terrain Examples');
    expect(terrain.changes).toContainEqual(
      expect.objectContaining({ type: 'changed', old: expect.objectContaining({ kind: 'paragraph', text: '*Force open a normal door Ext. Str 9*', quoted: true }), new: expect.objectContaining({ kind: 'table-row', line: 178 }) }),
    );
  });

  it('markdown and pdf: the changelog and the handout list them', async () => {
    const markdown = (await rulebook('diff', OLD, NEW, '--format', 'markdown')).stdout;
    expect(markdown).toContain('**At a glance:** Rules: unchanged. Other text: 103 added, 78 removed, 248 changed, 1 moved.');
    expect(markdown).toContain('- Paragraph, now a table row: Force open a normal door **|** Ext. **|** Str **|** 9\n');
    const out = path.join(work, 'ars.pdf');
    expect((await rulebook('diff', OLD, NEW, '--format', 'pdf', '-o', out)).code).toBe(0);
    const text = await pdfText(out);
    expect(text).not.toContain('Nothing changed');
    expect(text).toMatch(/Other text/);
    expect(text).toMatch(/Force open a normal door/);
  }, 60_000);

  it('a copy with only its line endings changed: no changes', async () => {
    const crlf = path.join(work, 'crlf.md');
    writeFileSync(crlf, readFileSync(NEW, 'utf8').replace(/\n/g, '\r\n'));
    const run = await rulebook('diff', NEW, crlf);
    expect(run.stdout).toMatch(/\nNo changes\.\n/);
  });
});

describe('rulebook publish writes the text changes into the changelog', () => {
  it('an unnumbered paragraph reworded between editions is in the changelog', async () => {
    const folder = path.join(work, 'book');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'rulebook.yaml'), 'title: Prose Book\nedition: "1"\nfiles: [rules.md]\npublish:\n  kinds: [book]\n  out: out/\n');
    writeFileSync(path.join(folder, 'rules.md'), '# Safety\n\nStop the game when anyone calls "hold".\n\n- Weapons are checked at the gate.\n');
    expect((await rulebook('publish', folder)).code).toBe(0);
    writeFileSync(path.join(folder, 'rulebook.yaml'), readFileSync(path.join(folder, 'rulebook.yaml'), 'utf8').replace('edition: "1"', 'edition: "2"'));
    writeFileSync(path.join(folder, 'rules.md'), '# Safety\n\nStop the game when anyone calls "hold" or "man down".\n\n- Weapons are checked at the gate.\n- Bows are checked twice.\n');
    const second = await rulebook('publish', folder);
    expect(second.code, second.stderr).toBe(0);
    const changelog = readFileSync(path.join(folder, 'out/prose-book-2-changes.md'), 'utf8');
    // The settings changed too (edition 1 → 2): the JSON and the terminal say so, the players' changelog does not.
    expect(changelog).toContain('**At a glance:** Rules: unchanged. Other text: 1 added, 1 changed.');
    expect(changelog).not.toContain('Settings');
    expect(changelog).toContain('## Safety\n\n### Other text\n\n');
    expect(changelog).toContain('- Paragraph: Stop the game when anyone calls "hold"~~.~~ **or "man down".**');
    expect(changelog).toContain('- New list item: Bows are checked twice.');
    expect(await pdfText(path.join(folder, 'out/prose-book-2-what-changed.pdf'))).toMatch(/Bows are checked twice/);
  }, 60_000);
});
