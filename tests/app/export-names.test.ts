/**
 * Exports named by kind, and never a silent replacement: the host's default names (the Export panel shows the same),
 * its refusal to replace without `replace`, and the CLI's `--out`, which replaces as CLIs do but says so.
 */
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultExportPath } from '../../shared/ipc/export-name.js';
import { exportRulebook } from '../../main/workspace/export.js';
import { runInProcess } from '../helpers/cli-in-process.js';

let root: string;
const at = () => ({ root, target: path.join(root, 'funjerai.md'), name: 'funjerai.md' });

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rulebook-export-names-'));
  await copyFile(path.resolve('tests/fixtures/samples/funjerai.md'), path.join(root, 'funjerai.md'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('default export names', () => {
  it('names every kind apart', () => {
    const names = ['book', 'cards', 'reference', 'sheet', 'extract'].map((k) => defaultExportPath('funjerai.md', 'pdf', k));
    expect(names).toEqual(['export/funjerai-book.pdf', 'export/funjerai-cards.pdf', 'export/funjerai-reference.pdf', 'export/funjerai-sheet.pdf', 'export/funjerai-extract.pdf']);
    expect(defaultExportPath('funjerai.md', 'pdf')).toBe('export/funjerai-book.pdf');
    expect(defaultExportPath('Kingdoms of Novitas', 'site')).toBe('export/Kingdoms-of-Novitas-site');
    expect(defaultExportPath('funjerai.md', 'json')).toBe('export/funjerai.json');
    expect(defaultExportPath('funjerai.md', 'html')).toBe('export/funjerai.html');
  });
});

describe('the host', () => {
  it('writes two kinds to two files, and replaces one only when asked to', async () => {
    const cards = await exportRulebook(at(), { kind: 'pdf', output: null, unsaved: [], options: { kind: 'cards' } });
    const reference = await exportRulebook(at(), { kind: 'pdf', output: null, unsaved: [], options: { kind: 'reference' } });
    expect([cards.path, reference.path]).toEqual(['export/funjerai-cards.pdf', 'export/funjerai-reference.pdf']);
    const before = await readFile(cards.absolutePath);
    const again = exportRulebook(at(), { kind: 'pdf', output: null, unsaved: [], options: { kind: 'cards', fontSize: 12 } });
    await expect(again).rejects.toMatchObject({ code: 'exists', message: 'export/funjerai-cards.pdf already exists' });
    expect((await readFile(cards.absolutePath)).equals(before)).toBe(true);
    const replaced = await exportRulebook(at(), { kind: 'pdf', output: null, unsaved: [], options: { kind: 'cards', fontSize: 12 }, replace: true });
    expect((await readFile(replaced.absolutePath)).equals(before)).toBe(false);
  });
});

describe('rulebook export --out', () => {
  it('replaces an existing file, and says so', async () => {
    const first = await runInProcess(['export', 'funjerai.md', '--out', 'cli-cards.pdf', '--kind', 'cards'], root);
    expect(first.code).toBe(0);
    expect(first.stderr).not.toMatch(/replaced/);
    const size = (await stat(path.join(root, 'cli-cards.pdf'))).size;
    const second = await runInProcess(['export', 'funjerai.md', '--out', 'cli-cards.pdf', '--kind', 'cards', '--font-size', '12'], root);
    expect(second.code).toBe(0);
    expect(second.stderr).toMatch(/^rulebook: wrote cli-cards\.pdf \(replaced what was there; \d+ pages/m);
    expect((await stat(path.join(root, 'cli-cards.pdf'))).size).not.toBe(size);
  });
});
