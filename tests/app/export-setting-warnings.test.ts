/**
 * An export names the book's own settings it could not read, whoever asked for it: the app's export (through the
 * workspace, as the Export panel calls it) and `rulebook export` get the same lines from the export itself, so a
 * marshal never prints a book with a setting silently left out. Real files, real PDFs and websites.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportRequest, ExportResult } from '../../shared/ipc/contract.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { useSandbox, value } from './helpers.js';

const box = useSandbox();

const THEME = '`print.theme` must be one of classic, modern, parchment; the export went ahead without this setting';
const COLUMNS = '`print.columns` must be 1 or 2, not `3`; the export went ahead without this setting';

/** Funjerai with two print settings the publisher cannot use, in its front matter (lines 3 and 4 of the file). */
async function gothicBook(): Promise<{ folder: string; text: string }> {
  const folder = path.dirname(box.funjerai);
  const text = (await readFile(box.funjerai, 'utf8')).replace(/^---\n/, '---\nprint:\n  theme: gothic\n  columns: 3\n');
  return { folder, text };
}

const exportOf = async (request: Partial<ExportRequest> & Pick<ExportRequest, 'kind'>): Promise<ExportResult> =>
  value(await box.api.exportRulebook({ output: null, unsaved: [], options: {}, replace: true, ...request }));

describe('the book’s unreadable settings in an export’s warnings', () => {
  it('are named, at their line, by every kind the Export panel writes', async () => {
    const { text } = await gothicBook();
    await writeFile(box.funjerai, text);
    value(await box.api.openRulebook(box.funjerai));
    for (const request of [
      { kind: 'pdf', options: { kind: 'book' } },
      { kind: 'pdf', options: { kind: 'cards' } },
      { kind: 'html' },
      { kind: 'site' },
    ] as const) {
      const result = await exportOf(request);
      // First, before what the export says of the book's text (references printed as written…).
      expect(result.warnings.slice(0, 2), JSON.stringify(request)).toEqual([`funjerai.md:3: ${THEME}`, `funjerai.md:4: ${COLUMNS}`]);
    }
  }, 120_000);

  it('come from the editor’s unsaved text too: the export is of what the marshal sees', async () => {
    const { text } = await gothicBook();
    value(await box.api.openRulebook(box.funjerai));
    const saved = await exportOf({ kind: 'pdf', options: { kind: 'reference' } });
    expect(saved.warnings.join('\n')).not.toMatch(/without this setting/);
    const unsaved = await exportOf({ kind: 'pdf', options: { kind: 'reference' }, unsaved: [{ path: 'funjerai.md', text }] });
    expect(unsaved.warnings.slice(0, 2)).toEqual([`funjerai.md:3: ${THEME}`, `funjerai.md:4: ${COLUMNS}`]);
  }, 60_000);

  it('say when rulebook.yaml, as the editor holds it, cannot be read at all, and that the defaults were used', async () => {
    // The loader refuses such a file on disk; in the editor it is a marshal's typing, exported before it is saved.
    const manifest = await readFile(path.join(box.novitas, 'rulebook.yaml'), 'utf8');
    value(await box.api.openRulebook(box.novitas));
    const result = await exportOf({ kind: 'html', unsaved: [{ path: 'rulebook.yaml', text: `${manifest}print:\n  theme: modern\n   columns: [\n` }] });
    expect(result.warnings[0]).toMatch(/^rulebook\.yaml:\d+: the settings cannot be read \(.+\); the export went ahead with the default settings$/);
  }, 60_000);

  it('are what `rulebook export` prints: the CLI computes none of its own', async () => {
    const { folder, text } = await gothicBook();
    await writeFile(box.funjerai, text);
    value(await box.api.openRulebook(box.funjerai));
    const app = await exportOf({ kind: 'pdf', output: 'export/app.pdf', options: { kind: 'book' } });
    const cli = await runInProcess(['export', 'funjerai.md', '--out', 'cli.pdf', '--quiet'], folder);
    expect(cli.code).toBe(0);
    const printed = cli.stderr.split('\n').filter((line) => line.startsWith('warning: ')).map((line) => line.slice('warning: '.length));
    expect(printed).toEqual(app.warnings);
    expect(printed.filter((line) => line.endsWith('without this setting'))).toHaveLength(2);
  }, 60_000);
});
