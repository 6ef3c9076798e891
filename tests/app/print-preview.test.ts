/**
 * The paged view's host operation: the chapter at a file and line, printed by the export route (an extract) with the
 * editor's unsaved texts, returned in memory; nothing written to the rulebook's folder; bad places refused.
 */
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateArgs } from '../../shared/ipc/validate.js';
import { printPreview } from '../../main/workspace/print-preview.js';

let root: string;
const book = () => path.join(root, 'novitas');

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'rulebook-print-preview-'));
  await cp(path.resolve('tests/fixtures/samples/kingdoms-of-novitas'), book(), { recursive: true });
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** The text of every page of a PDF, as pdf.js reads it. */
async function pdfText(base64: string): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(Buffer.from(base64, 'base64')), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) pages.push((await (await pdf.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' '));
  return pages;
}

describe('printPreview', () => {
  it('prints the chapter at the place given, with unsaved text, and writes nothing', async () => {
    const before = await readdir(book());
    const combat = await printPreview(book(), { at: { file: '07-combat.md', line: 5 }, unsaved: [{ path: '07-combat.md', text: '# 7 Combat\n\n7.1 Unsaved rule about duelling etiquette.\n' }] });
    expect(combat.chapter).toBe('Combat');
    const text = (await pdfText(combat.pdf)).join('\n');
    expect(combat.pages).toBe((await pdfText(combat.pdf)).length);
    expect(text).toContain('Unsaved rule about duelling etiquette');
    expect(text).not.toContain('Every player is expected to know');
    expect(await readdir(book())).toEqual(before);
  });

  it('takes the first chapter above the first heading, and another file for another chapter', async () => {
    expect((await printPreview(book(), { at: null, unsaved: [] })).chapter).toBe('Fundamentals');
    const traps = await printPreview(book(), { at: { file: '09-traps.md', line: 1 }, unsaved: [] });
    expect(traps.chapter).toMatch(/Traps/);
  });

  it('refuses a place that is no rulebook-relative path or line', () => {
    expect(validateArgs('printPreview', [{ at: { file: '../x.md', line: 1 }, unsaved: [] }]).ok).toBe(false);
    expect(validateArgs('printPreview', [{ at: { file: 'a.md', line: 0 }, unsaved: [] }]).ok).toBe(false);
    expect(validateArgs('printPreview', [{ at: { file: 'a.md', line: 3 }, unsaved: [] }]).ok).toBe(true);
  });
});
