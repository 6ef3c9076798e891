import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Document, Packer, Paragraph, HeadingLevel } from 'docx';
import { describe, expect, it } from 'vitest';
import { makeSandbox, SAMPLES, value, useSandbox } from './helpers.js';

const AMTGARD = path.resolve(import.meta.dirname, '../fixtures/seeds/amtgard-magic.txt');
const base64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');

const box = useSandbox();

describe('convertImportFile (the browser host reads the file, the host converts it)', () => {
  it('decodes a text file, dropping the BOM, with the format from the extension', async () => {
    const text = await readFile(AMTGARD, 'utf8');
    const source = value(await box.api.dispatch('convertImportFile', ['amtgard-magic.txt', base64(`\uFEFF${text}`)])) as { name: string; format: string; text: string };
    expect(source).toEqual({ name: 'amtgard-magic.txt', format: 'text', text, notes: [] });
    const html = value(await box.api.dispatch('convertImportFile', ['page.HTM', base64('<h1>Rules</h1>')])) as { format: string };
    expect(html.format).toBe('html');
  });

  it('converts a real Word document to HTML', async () => {
    const doc = new Document({ sections: [{ children: [new Paragraph({ text: 'Battle Magic', heading: HeadingLevel.HEADING_1 }), new Paragraph('1.1 Spells are cast aloud.')] }] });
    const bytes = await Packer.toBuffer(doc);
    const source = value(await box.api.dispatch('convertImportFile', ['rules.docx', base64(bytes)])) as { format: string; text: string };
    expect(source.format).toBe('docx');
    expect(source.text).toContain('<h1>Battle Magic</h1>');
    expect(source.text).toContain('1.1 Spells are cast aloud.');
  });

  it('reads Windows-1252 text as `rulebook import` does, with a note for the preview, and refuses an empty file', async () => {
    const source = value(await box.api.dispatch('convertImportFile', ['latin.txt', base64(new Uint8Array([0x52, 0xe8, 0x67, 0x6c, 0x65, 0x20, 0x93, 0x31, 0x94]))])) as { text: string; notes: string[] };
    expect(source.text).toBe('Règle “1”');
    expect(source.notes).toEqual(['not UTF-8 (first at line 1), read as Windows-1252: check accented letters and quotes from that line on']);
    expect(await box.api.dispatch('convertImportFile', ['empty.txt', base64('  \n\n')])).toMatchObject({ ok: false, error: { code: 'unreadable', message: 'empty.txt: has no text to import' } });
  });

  it('refuses bad names, bad base64, other extensions, binary text and broken Word files with a named reason', async () => {
    for (const name of ['../x.txt', 'a/b.txt', '.hidden.txt', 'rules.pdf', 'rules', '', 'x'.repeat(201) + '.txt']) {
      expect(await box.api.dispatch('convertImportFile', [name, base64('x')])).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    }
    expect(await box.api.dispatch('convertImportFile', ['a.txt', 'not base64!'])).toMatchObject({ ok: false, error: { code: 'bad-argument', message: expect.stringMatching(/base64/) } });
    expect(await box.api.dispatch('convertImportFile', ['image.txt', base64(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]))])).toMatchObject({ ok: false, error: { code: 'unreadable', message: expect.stringMatching(/^image\.txt: is a binary file/) } });
    expect(await box.api.dispatch('convertImportFile', ['broken.docx', base64('PK not really a zip')])).toMatchObject({ ok: false, error: { code: 'unreadable', message: expect.stringMatching(/^broken\.docx: not a Word document/) } });
  });
});

describe('createRulebook (the Import command saves a new rulebook and opens it)', () => {
  it('writes into the app-data imported/ folder under a free name, never overwriting, and opens it', async () => {
    value(await box.api.openRulebook(box.funjerai));
    const first = value(await box.api.dispatch('createRulebook', ['amtgard-magic.md', '# Amtgard Magic\n\n1. Spells.\n'])) as { target: string; files: { path: string; text: string }[]; isFolder: boolean };
    expect(first.target).toBe(path.join(box.dataDir, 'imported', 'amtgard-magic.md'));
    expect(first.isFolder).toBe(false);
    expect(first.files).toEqual([expect.objectContaining({ path: 'amtgard-magic.md', text: '# Amtgard Magic\n\n1. Spells.\n' })]);
    const second = value(await box.api.dispatch('createRulebook', ['amtgard-magic.md', '# Second\n'])) as { target: string };
    expect(second.target).toBe(path.join(box.dataDir, 'imported', 'amtgard-magic-2.md'));
    expect(await readFile(first.target, 'utf8')).toBe('# Amtgard Magic\n\n1. Spells.\n');
    // The new rulebook is the open one now.
    expect(value(await box.api.currentRulebook())?.target).toBe(second.target);
  });

  it('asks the shell for a place when it has a save dialog, and does nothing when cancelled', async () => {
    const chosen = path.join(box.dir, 'chosen', 'mine');
    await mkdir(path.dirname(chosen));
    const answers: (string | null)[] = [null, chosen];
    const withDialog = await makeSandbox({ chooseNewRulebookPath: async () => answers.shift() ?? null });
    try {
      expect(value(await withDialog.api.createRulebook('x.md', '# X\n'))).toBeNull();
      const opened = value(await withDialog.api.createRulebook('x.md', '# X\n'));
      expect(opened?.target).toBe(`${chosen}.md`);
      expect(await readFile(`${chosen}.md`, 'utf8')).toBe('# X\n');
    } finally {
      await withDialog.cleanup();
    }
  });

  it('refuses names that are not a plain .md file name', async () => {
    for (const name of ['../x.md', 'x.txt', 'a/b.md', 'x.md\n', ':x.md']) {
      expect(await box.api.dispatch('createRulebook', [name, '# X\n'])).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    }
  });
});

describe('retiredNumbers and publishing', () => {
  it('is empty before the first publication, lists the record\'s retired numbers after, and names a damaged record', async () => {
    value(await box.api.openRulebook(box.funjerai));
    expect(value(await box.api.retiredNumbers())).toEqual([]);
    const record = path.join(path.dirname(box.funjerai), 'funjerai.publication.json');
    const retired = [{ number: '2.3', text: 'Old rule.', edition: '2024' }];
    await writeFile(record, JSON.stringify({ format: 'rulebook-publication', version: 1, latest: { title: null, edition: '2024', date: null, publishedAt: '2024-01-01T00:00:00.000Z', outputs: [], source: { manifest: null, files: [{ path: 'funjerai.md', text: '# Old\n' }] } }, history: [], retired }));
    expect(value(await box.api.retiredNumbers())).toEqual(retired);
    const last = value(await box.api.readLastPublication());
    expect(last).toMatchObject({ label: expect.stringMatching(/edition 2024/), files: [{ path: 'funjerai.md', text: '# Old\n' }] });
    await writeFile(record, '{ not json');
    expect(await box.api.retiredNumbers()).toMatchObject({ ok: false, error: { code: 'invalid-rulebook', message: expect.stringMatching(/funjerai\.publication\.json: not valid JSON/) } });
  });

  it('refuses to publish while lint reports errors, naming the problem, and writes nothing', async () => {
    value(await box.api.openRulebook(box.funjerai));
    const answer = await box.api.publishRulebook();
    expect(answer).toMatchObject({ ok: false, error: { code: 'failed', message: expect.stringMatching(/error/i) } });
    await expect(readFile(path.join(path.dirname(box.funjerai), 'funjerai.publication.json'))).rejects.toThrow(/ENOENT/);
  });

  it('publishes once when Publish is pressed twice: the second press is refused while the first runs', async () => {
    const folder = path.join(box.dir, 'skirmish');
    await mkdir(folder);
    const file = path.join(folder, 'skirmish.md');
    await writeFile(file, await readFile(path.join(SAMPLES, 'miniatures-skirmish.md')));
    value(await box.api.openRulebook(file));
    const [first, second] = await Promise.all([box.api.publishRulebook(), box.api.publishRulebook()]);
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/already being published/) } });
    const record = JSON.parse(await readFile(path.join(folder, 'skirmish.publication.json'), 'utf8'));
    expect(record.history).toHaveLength(1);
    // Once it is done, publishing again works (a second edition).
    expect((await box.api.publishRulebook()).ok).toBe(true);
  }, 60_000);
});
