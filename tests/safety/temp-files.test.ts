/** Atomic writes leave recognisable temp files only while they run, and opening a rulebook removes those of killed writers. */
import { spawnSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../helpers/temp-folder.js';
import { writeFileAtomically } from '../../main/fs/atomic-write.js';
import { besidePath, besideWriter } from '../../main/fs/beside.js';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { removeStaleTemps } from '../../main/fs/stale-temps.js';

const temp = useTempFolder('temps');

/** The pid of a process that has ended (a child run to completion). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

const RULES = '# 1. Combat\n\n1.1 A hit takes one life.\n';

describe('writeFileAtomically', () => {
  it('replaces the file and leaves nothing beside it', async () => {
    const file = path.join(temp.dir, '07-combat.md');
    await writeFile(file, 'old');
    await writeFileAtomically(file, RULES);
    expect(await readFile(file, 'utf8')).toBe(RULES);
    expect(await readdir(temp.dir)).toEqual(['07-combat.md']);
  });

  it('writes through a symlink to its target and keeps the link a link', async () => {
    const target = path.join(temp.dir, 'real.md');
    await writeFile(target, 'old');
    await symlink('real.md', path.join(temp.dir, 'link.md'));
    await writeFileAtomically(path.join(temp.dir, 'link.md'), RULES);
    expect((await lstat(path.join(temp.dir, 'link.md'))).isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(temp.dir, 'link.md'))).toBe('real.md');
    expect(await readFile(target, 'utf8')).toBe(RULES);
  });

  it("keeps an existing file's permissions, and gives a new one the mode asked for", async () => {
    const file = path.join(temp.dir, 'shared.md');
    await writeFile(file, 'old');
    await chmod(file, 0o664);
    await writeFileAtomically(file, RULES);
    expect((await stat(file)).mode & 0o777).toBe(0o664);
    await writeFileAtomically(path.join(temp.dir, 'private.json'), '{}', { mode: 0o600 });
    expect((await stat(path.join(temp.dir, 'private.json'))).mode & 0o777).toBe(0o600);
  });

  it('removes what a killed earlier writer of the same file left', async () => {
    const file = path.join(temp.dir, 'rules.md');
    const stale = path.join(temp.dir, `.rules.md.${deadPid()}-0badf00d.tmp`);
    await writeFile(stale, 'half a chap');
    await writeFileAtomically(file, RULES);
    expect(await readdir(temp.dir)).toEqual(['rules.md']);
  });
});

describe('temp names', () => {
  it('carry the writer and a fixed shape, and stay short for a long file name', () => {
    const name = path.basename(besidePath(path.join(temp.dir, `${'x'.repeat(300)}.md`), 'tmp'));
    expect(besideWriter(name)).toBe(process.pid);
    expect(Buffer.byteLength(name)).toBeLessThan(255);
  });

  it("are not confused with a marshal's own files", () => {
    for (const name of ['rules.md.296088279', 'rules.md.1-2.tmp', '.rules.md.123-xyzxyzxy.tmp', '.rules.md.123-0badf00d.bak', 'notes.tmp']) expect(besideWriter(name), name).toBeNull();
  });
});

describe('opening a rulebook', () => {
  it('removes the temp files of writers that no longer run, in subfolders too, and nothing else', async () => {
    const book = path.join(temp.dir, 'book');
    await mkdir(path.join(book, 'chapters'), { recursive: true });
    await writeFile(path.join(book, 'chapters', '01-combat.md'), RULES);
    await writeFile(path.join(book, 'rulebook.yaml'), 'files:\n  - chapters/01-combat.md\n');
    const dead = deadPid();
    const stale = [path.join(book, 'chapters', `.01-combat.md.${dead}-0badf00d.tmp`), path.join(book, `.publication.json.${dead}-00c0ffee.old`)];
    const live = path.join(book, `.01-combat.md.${process.pid}-12345678.tmp`);
    const own = [path.join(book, 'chapters', '01-combat.md.296088279'), path.join(book, 'notes.tmp')];
    for (const file of [...stale, live, ...own]) await writeFile(file, 'x');

    const loaded = await loadRulebook(book);
    expect(loaded.files.map((f) => f.path)).toEqual(['chapters/01-combat.md']);
    const left = async (file: string) => stat(file).then(() => true, () => false);
    for (const file of stale) expect(await left(file), file).toBe(false);
    for (const file of [live, ...own]) expect(await left(file), file).toBe(true);
  });

  it('of one file looks only beside it, not in the folders around', async () => {
    await mkdir(path.join(temp.dir, 'other'));
    const dead = deadPid();
    const beside = path.join(temp.dir, `.rules.md.${dead}-0badf00d.tmp`);
    const below = path.join(temp.dir, 'other', `.notes.md.${dead}-0badf00d.tmp`);
    await writeFile(path.join(temp.dir, 'rules.md'), RULES);
    await writeFile(beside, 'x');
    await writeFile(below, 'x');
    await loadRulebook(path.join(temp.dir, 'rules.md'));
    expect(await readdir(temp.dir)).toEqual(['other', 'rules.md']);
    expect(await readdir(path.join(temp.dir, 'other'))).toHaveLength(1);
  });

  it('never follows a symlinked folder out of the rulebook', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'rulebook-outside-'));
    try {
      const foreign = path.join(outside, `.x.md.${deadPid()}-0badf00d.tmp`);
      await writeFile(foreign, 'not ours to touch');
      await symlink(outside, path.join(temp.dir, 'linked'));
      expect(await removeStaleTemps(temp.dir)).toEqual([]);
      expect(await readFile(foreign, 'utf8')).toBe('not ours to touch');
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
