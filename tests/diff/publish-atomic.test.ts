/** A publication's files change together or not at all: a failure half way leaves the last edition's files as they were. */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../helpers/temp-folder.js';
import { publishRulebook } from '../../main/diff/publish.js';
import { ReplaceFailure, replaceFiles } from '../../main/fs/replace-files.js';

const RULES = `# 1 Safety

1.1 Weapons are checked before every event.

1.2 Hold means everyone stops.

# 2 Skills

- **Shield Use** (1 SP) Carry a shield.
- **Shield Bash** (2 SP) Knock an opponent back.
  Prerequisite: Shield Use
`;

const temp = useTempFolder('publish-atomic');

async function snapshot(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const name = entry.isDirectory() ? `${entry.name}/` : entry.name;
    files[name] = entry.isDirectory() ? JSON.stringify(await snapshot(path.join(folder, entry.name))) : (await readFile(path.join(folder, name))).toString('base64');
  }
  return files;
}

describe('publishing all or nothing', () => {
  it('puts back every file already replaced when a later one fails, and writes no record', async () => {
    await writeFile(path.join(temp.dir, 'rulebook.yaml'), 'title: Test Chronicle\nedition: "1"\nfiles: [rules.md]\npublish:\n  kinds: [book, reference]\n  out: out/\n');
    await writeFile(path.join(temp.dir, 'rules.md'), RULES);
    const first = await publishRulebook(temp.dir, { now: new Date('2026-01-10T12:00:00Z') });
    // The website's files (its own folder) come with the PDFs.
    const site = `${path.sep}test-chronicle-1-site${path.sep}`;
    expect(first.written.filter((f) => !f.includes(site)).map((f) => path.basename(f))).toEqual(['test-chronicle-1-book.pdf', 'test-chronicle-1-reference.pdf', 'publication.json']);
    expect(first.written.map((f) => path.relative(temp.dir, f))).toContain(path.join('out', 'test-chronicle-1-site', 'index.html'));
    const out = path.join(temp.dir, 'out');
    const before = await snapshot(out);
    const record = await readFile(path.join(temp.dir, 'publication.json'), 'utf8');

    // A reprint of edition 1 with a changed rule: the book, the reference, the changelog and the handout.
    await writeFile(path.join(temp.dir, 'rules.md'), RULES.replace('Hold means everyone stops.', 'Hold means everyone stops and kneels.'));
    const failed = await publishRulebook(temp.dir, {
      now: new Date('2026-02-10T12:00:00Z'),
      hooks: {
        beforeReplace: (index) => {
          if (index === 2) throw Object.assign(new Error('simulated failure'), { code: 'EIO' });
        },
      },
    }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(/test-chronicle-1-changes\.md: .*the files already replaced were put back; not published$/);
    // The book and the reference had been replaced before the failure: they are the first edition's again,
    // the changelog that was never put in place is not there, and nothing is left over beside them.
    expect(await snapshot(out)).toEqual(before);
    expect(await readFile(path.join(temp.dir, 'publication.json'), 'utf8')).toBe(record);

    // Without the failure the same publication goes through and replaces them.
    const second = await publishRulebook(temp.dir, { now: new Date('2026-02-10T12:00:00Z') });
    expect(second.written.map((f) => path.basename(f))).toContain('test-chronicle-1-changes.md');
    expect((await snapshot(out))['test-chronicle-1-book.pdf']).not.toBe(before['test-chronicle-1-book.pdf']);
  });
});

describe('replaceFiles', () => {
  it('replaces every file, and removes the new ones again when a later step fails', async () => {
    await writeFile(path.join(temp.dir, 'a.txt'), 'old a');
    await replaceFiles([{ file: path.join(temp.dir, 'a.txt'), data: 'new a' }, { file: path.join(temp.dir, 'b.txt'), data: 'new b' }]);
    expect(await readFile(path.join(temp.dir, 'a.txt'), 'utf8')).toBe('new a');
    expect(await readFile(path.join(temp.dir, 'b.txt'), 'utf8')).toBe('new b');

    const failure = await replaceFiles(
      [{ file: path.join(temp.dir, 'c.txt'), data: 'new c' }, { file: path.join(temp.dir, 'a.txt'), data: 'newer a' }],
      { beforeReplace: (index) => { if (index === 1) throw new Error('simulated'); } },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReplaceFailure);
    expect((failure as ReplaceFailure).file).toBe(path.join(temp.dir, 'a.txt'));
    expect((await readdir(temp.dir)).sort()).toEqual(['a.txt', 'b.txt']);
    expect(await readFile(path.join(temp.dir, 'a.txt'), 'utf8')).toBe('new a');
  });

  it('replaces nothing when a new file cannot even be written beside its target', async () => {
    await writeFile(path.join(temp.dir, 'a.txt'), 'old a');
    const failure = await replaceFiles([{ file: path.join(temp.dir, 'a.txt'), data: 'new a' }, { file: path.join(temp.dir, 'missing', 'b.txt'), data: 'b' }]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ReplaceFailure);
    expect((failure as Error).message).toMatch(/missing\/b\.txt: .*nothing was replaced$/);
    expect(await readFile(path.join(temp.dir, 'a.txt'), 'utf8')).toBe('old a');
    expect(await readdir(temp.dir)).toEqual(['a.txt']);
  });
});
