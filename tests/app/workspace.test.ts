import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, realpath, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeSandbox, SAMPLES, value, waitFor, useSandbox } from './helpers.js';

const box = useSandbox();

describe('opening', () => {
  it('refuses file operations before a rulebook is open', async () => {
    expect(await box.api.readFile('funjerai.md')).toMatchObject({ ok: false, error: { code: 'no-rulebook' } });
    expect(await box.api.currentRulebook()).toEqual({ ok: true, value: null });
  });

  it('opens a one-file rulebook with versions for its file', async () => {
    const opened = value(await box.api.openRulebook(box.funjerai));
    expect(opened.isFolder).toBe(false);
    expect(opened.root).toBe(await realpath(path.dirname(box.funjerai)));
    expect(opened.manifest).toBeNull();
    expect(opened.files.map((f) => f.path)).toEqual(['funjerai.md']);
    expect(opened.files[0].text).toContain('# Chapter 1. Introductions');
    expect(opened.files[0].version).toMatch(/^\d+-\d+-[0-9a-f]+$/);
  });

  it('opens a folder rulebook with its manifest, files in manifest order', async () => {
    const opened = value(await box.api.openRulebook(box.novitas));
    expect(opened.isFolder).toBe(true);
    expect(opened.manifest?.path).toBe('rulebook.yaml');
    expect(opened.files[0].path).toBe('01-fundamentals.md');
    expect(opened.files).toHaveLength(13);
    expect(value(await box.api.currentRulebook())?.files).toHaveLength(13);
  });

  it('names the file and the problem when a rulebook cannot be opened', async () => {
    expect(await box.api.openRulebook(path.join(box.dir, 'nope.md'))).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringMatching(/nope\.md.*no such file/) } });
    await writeFile(path.join(box.novitas, 'rulebook.yaml'), 'title: [unclosed\n');
    expect(await box.api.openRulebook(box.novitas)).toMatchObject({ ok: false, error: { code: 'invalid-rulebook', message: expect.stringMatching(/rulebook\.yaml: line \d/) } });
    const empty = path.join(box.dir, 'empty');
    await mkdir(empty);
    expect(await box.api.openRulebook(empty)).toMatchObject({ ok: false, error: { message: expect.stringMatching(/no markdown/) } });
  });
});

describe('path confinement', () => {
  beforeEach(async () => {
    value(await box.api.openRulebook(box.novitas));
  });

  it('refuses spelled-out escapes before touching the disk', async () => {
    for (const bad of ['../funjerai/funjerai.md', '/etc/hosts.md', 'a/../../x.md', '..\\x.md']) {
      expect(await box.api.dispatch('readFile', [bad])).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    }
    // Called directly, without the validator, confinement still refuses.
    expect(await box.api.readFile('../funjerai/funjerai.md')).toMatchObject({ ok: false, error: { code: 'outside-rulebook' } });
  });

  it('refuses a symlink that points outside the folder, file or folder', async () => {
    const secret = path.join(box.dir, 'secret.md');
    await writeFile(secret, '# Secret\n');
    await symlink(secret, path.join(box.novitas, 'leak.md'));
    await symlink(box.dir, path.join(box.novitas, 'up'));
    expect(await box.api.readFile('leak.md')).toMatchObject({ ok: false, error: { code: 'outside-rulebook' } });
    expect(await box.api.readFile('up/secret.md')).toMatchObject({ ok: false, error: { code: 'outside-rulebook' } });
    expect(await box.api.saveFile('up/new.md', 'x', null)).toMatchObject({ ok: false, error: { code: 'outside-rulebook' } });
    expect(await readFile(secret, 'utf8')).toBe('# Secret\n');
  });

  it('follows a symlink that stays inside', async () => {
    await symlink(path.join(box.novitas, '07-combat.md'), path.join(box.novitas, 'combat-link.md'));
    expect(value(await box.api.readFile('combat-link.md')).text).toContain('Combat');
  });

  it('checks the file type of what a symlink inside the folder really names, not only its spelling', async () => {
    // `book.pdf` looks openable, but the system's default app would run the script it leads to.
    const script = path.join(box.novitas, 'install.sh');
    await writeFile(script, '#!/bin/sh\necho owned\n');
    await writeFile(path.join(box.novitas, '.env'), 'TOKEN=secret\n');
    await symlink(path.join(box.novitas, '.env'), path.join(box.novitas, 'notes.md'));
    await symlink(script, path.join(box.novitas, 'chapter.md'));
    const opened: string[] = [];
    const withShell = await makeSandbox({ openPath: async (absolute) => void opened.push(absolute) });
    try {
      const folder = path.join(withShell.dir, 'work', 'kingdoms-of-novitas');
      await writeFile(path.join(folder, 'install.sh'), '#!/bin/sh\n');
      await symlink(path.join(folder, 'install.sh'), path.join(folder, 'book.pdf'));
      value(await withShell.api.openRulebook(folder));
      expect(await withShell.api.openFile('book.pdf')).toMatchObject({ ok: false, error: { code: 'bad-argument', message: expect.stringContaining('install.sh') } });
      expect(opened).toEqual([]);
      value(await withShell.api.openFile('07-combat.md'));
      expect(opened).toHaveLength(1);
    } finally {
      await withShell.cleanup();
    }
    expect(await box.api.readFile('notes.md')).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect(await box.api.saveFile('chapter.md', '# Overwritten\n', null)).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect(await readFile(script, 'utf8')).toBe('#!/bin/sh\necho owned\n');
  });

  it('refuses file types the app has no business with', async () => {
    expect(await box.api.dispatch('readFile', ['.git/config'])).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
    expect(await box.api.dispatch('saveFile', ['run.sh', '#!/bin/sh', null])).toMatchObject({ ok: false, error: { code: 'bad-argument' } });
  });
});

describe('unreadable files', () => {
  beforeEach(async () => {
    value(await box.api.openRulebook(box.novitas));
  });
  it('a folder where a file is expected', async () => {
    await mkdir(path.join(box.novitas, 'chapter.md'));
    expect(await box.api.readFile('chapter.md')).toMatchObject({ ok: false, error: { code: 'unreadable', message: 'chapter.md: is a folder, expected a file' } });
  });
  it('a file that is not UTF-8', async () => {
    await writeFile(path.join(box.novitas, 'latin1.md'), Buffer.from([0x23, 0x20, 0x43, 0x61, 0x66, 0xe9, 0x0a]));
    expect(await box.api.readFile('latin1.md')).toMatchObject({ ok: false, error: { code: 'unreadable', message: expect.stringMatching(/^latin1\.md: .*line 1/) } });
  });
  it('a binary file', async () => {
    await writeFile(path.join(box.novitas, 'image.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]));
    expect(await box.api.readFile('image.md')).toMatchObject({ ok: false, error: { code: 'unreadable' } });
  });
  it('a missing file', async () => {
    expect(await box.api.readFile('99-missing.md')).toMatchObject({ ok: false, error: { code: 'not-found', message: expect.stringMatching(/99-missing\.md/) } });
  });
  it('a save whose folder cannot be created', async () => {
    expect(await box.api.saveFile('01-fundamentals.md/inside.md', 'x', null)).toMatchObject({ ok: false, error: { code: 'write-failed', message: expect.stringMatching(/could not save/) } });
  });
});

describe('saving', () => {
  let version: string;
  const file = () => path.join(box.novitas, '09-traps.md');
  beforeEach(async () => {
    const opened = value(await box.api.openRulebook(box.novitas));
    version = opened.files.find((f) => f.path === '09-traps.md')!.version;
  });

  it('writes the text and returns the new version', async () => {
    const original = await readFile(file(), 'utf8');
    const saved = value(await box.api.saveFile('09-traps.md', `${original}\nA new trap.\n`, version));
    expect(saved.version).not.toBe(version);
    expect(await readFile(file(), 'utf8')).toBe(`${original}\nA new trap.\n`);
    expect(value(await box.api.readFile('09-traps.md')).version).toBe(saved.version);
    // The saved version is good for the next save.
    expect((await box.api.saveFile('09-traps.md', original, saved.version)).ok).toBe(true);
  });

  it('refuses a save racing a change made on disk since the read, and keeps the other program\'s text', async () => {
    await writeFile(file(), '# Traps\n\nRewritten by another editor.\n');
    const result = await box.api.saveFile('09-traps.md', '# Mine\n', version);
    expect(result).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/09-traps\.md was changed on disk/) } });
    expect(await readFile(file(), 'utf8')).toBe('# Traps\n\nRewritten by another editor.\n');
  });

  it('lets exactly one of two concurrent saves from the same version through', async () => {
    const [a, b] = await Promise.all([box.api.saveFile('09-traps.md', '# A\n', version), box.api.saveFile('09-traps.md', '# B\n', version)]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const winner = a.ok ? '# A\n' : '# B\n';
    expect(await readFile(file(), 'utf8')).toBe(winner);
    expect((a.ok ? b : a) as unknown).toMatchObject({ error: { code: 'conflict' } });
  });

  it('does not call a mere touch a conflict', async () => {
    const later = new Date(Date.now() + 5000);
    await utimes(file(), later, later);
    expect((await box.api.saveFile('09-traps.md', '# Touched\n', version)).ok).toBe(true);
  });

  it('refuses to create over an existing file, and to save a file deleted on disk', async () => {
    expect(await box.api.saveFile('09-traps.md', 'x', null)).toMatchObject({ ok: false, error: { code: 'exists' } });
    const { rm } = await import('node:fs/promises');
    await rm(file());
    expect(await box.api.saveFile('09-traps.md', 'x', version)).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/deleted/) } });
  });

  it('creates new files and folders inside the rulebook', async () => {
    value(await box.api.saveFile('extra/14-errata.md', '# Errata\n', null));
    expect(await readFile(path.join(box.novitas, 'extra', '14-errata.md'), 'utf8')).toBe('# Errata\n');
  });

  it('keeps a BOM the file had', async () => {
    await writeFile(file(), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# Traps\n')]));
    const snapshot = value(await box.api.readFile('09-traps.md'));
    expect(snapshot).toMatchObject({ bom: true, text: '# Traps\n' });
    value(await box.api.saveFile('09-traps.md', '# Traps!\n', snapshot.version));
    expect([...(await readFile(file())).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('saveFiles writes nothing when one file conflicts', async () => {
    const opened = value(await box.api.currentRulebook())!;
    const combat = opened.files.find((f) => f.path === '07-combat.md')!;
    await writeFile(path.join(box.novitas, '07-combat.md'), '# Changed elsewhere\n');
    const before = await readFile(file(), 'utf8');
    const result = await box.api.saveFiles([
      { path: '09-traps.md', text: '# renamed\n', expectedVersion: version },
      { path: '07-combat.md', text: '# renamed\n', expectedVersion: combat.version },
    ]);
    expect(result).toMatchObject({ ok: false, error: { code: 'conflict', message: expect.stringMatching(/07-combat\.md/) } });
    expect(await readFile(file(), 'utf8')).toBe(before);
  });

  it('saveFiles writes every file when all versions match', async () => {
    const opened = value(await box.api.currentRulebook())!;
    const files = opened.files.slice(0, 3).map((f) => ({ path: f.path, text: f.text.replace(/Novitas/g, 'Novitia'), expectedVersion: f.version }));
    const saved = value(await box.api.saveFiles(files));
    expect(saved.map((s) => s.path)).toEqual(files.map((f) => f.path));
    for (const f of files) expect(await readFile(path.join(box.novitas, f.path), 'utf8')).toBe(f.text);
  });
});

describe('changes on disk', () => {
  it('reports another program\'s change, not our own save', async () => {
    const opened = value(await box.api.openRulebook(box.novitas));
    const traps = opened.files.find((f) => f.path === '09-traps.md')!;
    value(await box.api.saveFile('09-traps.md', `${traps.text}\nOur edit.\n`, traps.version));
    await writeFile(path.join(box.novitas, '10-loot.md'), '# Loot\n\nChanged outside.\n');
    const batch = await waitFor(async () => {
      const polled = value(await box.api.pollChanges(0, 2000));
      return polled.changes.length > 0 ? polled : null;
    });
    expect(batch.changes).toEqual([{ path: '10-loot.md', kind: 'changed', version: expect.stringMatching(/-/) }]);
    // Nothing more arrives for our own save, even after a pause.
    const quiet = value(await box.api.pollChanges(batch.cursor, 400));
    expect(quiet).toEqual({ cursor: batch.cursor, changes: [] });
    // The reported version is the one to save against.
    const loot = value(await box.api.readFile('10-loot.md'));
    expect(loot.version).toBe(batch.changes[0].version);
  });

  it('wakes a waiting poll when a file is added', async () => {
    value(await box.api.openRulebook(box.novitas));
    // The poll would wait an hour: only the added file can end it within the test's timeout, so no deadline is needed.
    const waiting = box.api.pollChanges(0, 3_600_000);
    await new Promise((r) => setTimeout(r, 100));
    await writeFile(path.join(box.novitas, '14-new.md'), '# New\n');
    const batch = value(await waiting);
    expect(batch.changes.map((c) => [c.path, c.kind])).toContainEqual(['14-new.md', 'added']);
  });
});

describe('crash recovery backups', () => {
  it('stores unsaved text outside the rulebook, lists, reads and discards it', async () => {
    const opened = value(await box.api.openRulebook(box.novitas));
    const traps = opened.files.find((f) => f.path === '09-traps.md')!;
    value(await box.api.writeBackup('09-traps.md', 'unsaved work', traps.version));
    const listed = value(await box.api.listBackups());
    expect(listed).toEqual([{ path: '09-traps.md', savedAt: expect.any(String), baseVersion: traps.version, baseStillCurrent: true }]);
    expect(value(await box.api.readBackup('09-traps.md')).text).toBe('unsaved work');
    // Not in the rulebook folder.
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(box.novitas)).some((n) => /backup|\.json$/.test(n))).toBe(false);

    // After a "crash" (a new workspace on the same data folder), reopening offers the backup.
    const { createWorkspaceApi } = await import('../../main/workspace/api.js');
    const again = createWorkspaceApi({ dataDir: box.dataDir, samplesDir: SAMPLES, shell: { info: { kind: 'browser', appVersion: 't', nativeDialogs: false, canReveal: false, coreBuild: null } } });
    try {
      await writeFile(path.join(box.novitas, '09-traps.md'), '# changed meanwhile\n');
      const reopened = value(await again.openRulebook(box.novitas));
      expect(reopened.backups).toEqual([expect.objectContaining({ path: '09-traps.md', baseStillCurrent: false })]);
      // Another rulebook does not see it.
      value(await again.openRulebook(box.funjerai));
      expect(value(await again.listBackups())).toEqual([]);
    } finally {
      await again.dispose();
    }
    value(await box.api.discardBackup('09-traps.md'));
    expect(value(await box.api.listBackups())).toEqual([]);
    expect(await box.api.readBackup('09-traps.md')).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect((await box.api.discardBackup('09-traps.md')).ok).toBe(true);
  });
});

describe('recent list and samples', () => {
  it('lists recent rulebooks newest first and forgets them', async () => {
    value(await box.api.openRulebook(box.funjerai));
    value(await box.api.openRulebook(box.novitas));
    const recent = value(await box.api.recentRulebooks());
    expect(recent.map((r) => r.target)).toEqual([box.novitas, box.funjerai]);
    expect(recent.every((r) => r.exists)).toBe(true);
    value(await box.api.forgetRecent(box.novitas));
    expect(value(await box.api.recentRulebooks()).map((r) => r.target)).toEqual([box.funjerai]);
  });

  it('opens a sample from a copy, so the bundled original is never edited', async () => {
    const samples = value(await box.api.listSamples());
    expect(samples).toContainEqual({ id: 'funjerai', title: 'Funjerai', description: null });
    expect(samples).toContainEqual(expect.objectContaining({ id: 'kingdoms-of-novitas', title: 'Kingdoms of Novitas' }));
    expect(samples.some((s) => s.id === 'readme')).toBe(false);
    const hash = async (p: string) => createHash('sha256').update(await readFile(p)).digest('hex');
    const originalHash = await hash(path.join(SAMPLES, 'funjerai.md'));
    const opened = value(await box.api.openSample('funjerai'));
    expect(opened.sampleId).toBe('funjerai');
    expect(opened.root.startsWith(await realpath(box.dataDir))).toBe(true);
    value(await box.api.saveFile('funjerai.md', '# Edited sample\n', opened.files[0].version));
    expect(await hash(path.join(SAMPLES, 'funjerai.md'))).toBe(originalHash);
    // Reopening keeps the user's edits.
    expect(value(await box.api.openSample('funjerai')).files[0].text).toBe('# Edited sample\n');
    expect(await box.api.openSample('no-such-sample')).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});

describe('export, open and git', () => {
  it('exports the model as JSON into the rulebook folder, with unsaved texts laid over', async () => {
    const opened = value(await box.api.openRulebook(box.funjerai));
    const text = opened.files[0].text.replace('# Chapter 1. Introductions', '# Chapter 1. Welcome');
    const result = value(await box.api.exportRulebook({ kind: 'json', output: null, unsaved: [{ path: 'funjerai.md', text }], options: {} }));
    expect(result.path).toBe('export/funjerai.json');
    const written = JSON.parse(await readFile(result.absolutePath, 'utf8'));
    expect(JSON.stringify(written)).toContain('Welcome');
    expect((await stat(result.absolutePath)).size).toBe(result.bytes);
    // The file on disk was not changed by the export.
    expect(await readFile(box.funjerai, 'utf8')).toBe(opened.files[0].text);
  });

  it('never writes an export through a link to a chapter: the file really written must be an export', async () => {
    const opened = value(await box.api.openRulebook(box.funjerai));
    const folder = path.dirname(box.funjerai);
    await mkdir(path.join(folder, 'export'), { recursive: true });
    await symlink(box.funjerai, path.join(folder, 'export', 'chapter.json'));
    const refused = await box.api.exportRulebook({ kind: 'json', output: 'export/chapter.json', unsaved: [], options: {} });
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad-argument', message: expect.stringMatching(/is a link to `funjerai\.md`, which is not a \.json file/) } });
    expect(await readFile(box.funjerai, 'utf8')).toBe(opened.files[0].text);
  });

  it('exports a real PDF through the publisher, and refuses unknown kinds', async () => {
    value(await box.api.openRulebook(box.funjerai));
    const result = value(await box.api.dispatch('exportRulebook', [{ kind: 'pdf', output: 'print/cards.pdf', unsaved: [], options: { kind: 'cards', paper: 'a4' } }]) as never) as { path: string; absolutePath: string; pages: number; bytes: number };
    expect(result.path).toBe('print/cards.pdf');
    expect(result.pages).toBeGreaterThan(0);
    const bytes = await readFile(result.absolutePath);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(result.bytes);
    expect(await box.api.exportRulebook({ kind: 'pdf', output: null, unsaved: [], options: { kind: 'poster' } })).toMatchObject({ ok: false, error: { code: 'failed', message: expect.stringMatching(/Export failed/) } });
  });

  it('has no last publication before the first one', async () => {
    value(await box.api.openRulebook(box.funjerai));
    expect(await box.api.readLastPublication()).toEqual({ ok: true, value: null });
  });

  it('opens files through the host shell, or hands back a URL', async () => {
    value(await box.api.openRulebook(box.funjerai));
    expect(await box.api.openFile('funjerai.md')).toMatchObject({ ok: false, error: { code: 'not-available' } });
    const withUrl = await makeSandbox({ fileUrl: (p) => `/files/${p}` });
    try {
      value(await withUrl.api.openRulebook(withUrl.funjerai));
      expect(value(await withUrl.api.openFile('funjerai.md'))).toEqual({ opened: false, url: '/files/funjerai.md' });
      expect(await withUrl.api.openFile('missing.pdf')).toMatchObject({ ok: false, error: { code: 'not-found' } });
    } finally {
      await withUrl.cleanup();
    }
  });

  it('reads older versions from git', async () => {
    value(await box.api.openRulebook(box.novitas));
    expect(value(await box.api.listRevisions())).toEqual([]);
    const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: box.novitas, env, stdio: 'pipe' }).toString();
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'first edition');
    const original = await readFile(path.join(box.novitas, '09-traps.md'), 'utf8');
    await writeFile(path.join(box.novitas, '09-traps.md'), '# Traps, second edition\n');
    git('commit', '-q', '-am', 'second edition');
    const revisions = value(await box.api.listRevisions());
    expect(revisions.map((r) => r.subject)).toEqual(['second edition', 'first edition']);
    const old = value(await box.api.readRevision(revisions[1].hash));
    expect(old.manifest?.path).toBe('rulebook.yaml');
    expect(old.files.find((f) => f.path === '09-traps.md')?.text).toBe(original);
    expect(old.files).toHaveLength(13);
    expect(await box.api.readRevision('0000000000000000000000000000000000000000')).toMatchObject({ ok: false, error: { code: 'not-found' } });
  });
});
