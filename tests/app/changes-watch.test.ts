import { mkdir, rename, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceApi, type WorkspaceApi } from '../../main/workspace/api.js';
import { changePathOf } from '../../main/workspace/changes.js';
import { makeSandbox, SAMPLES, TEST_INFO, value, type Sandbox } from './helpers.js';

describe('changePathOf: only paths strictly inside the rulebook folder come out', () => {
  it.each([
    ['/r/book/funjerai.md', 'funjerai.md'],
    ['/r/book/rules/a.md', 'rules/a.md'],
    ['/r/book/./a.md', 'a.md'],
  ])('%s → %s', (absolute, expected) => {
    expect(changePathOf('/r/book', absolute)).toBe(expected);
  });

  it.each(['/r/funjerai.md', '/r/book/../funjerai.md', '/r/book', '/r/bookish/a.md', '/elsewhere/a.md', '/r/book/rules/../../x.md'])('refuses %s', (absolute) => {
    expect(changePathOf('/r/book', absolute)).toBeNull();
  });
});

describe('changes on disk while a second host works on the same folder', () => {
  let box: Sandbox;
  let other: WorkspaceApi;
  beforeEach(async () => {
    box = await makeSandbox();
    other = createWorkspaceApi({ dataDir: path.join(box.dir, 'other-data'), samplesDir: SAMPLES, shell: { info: TEST_INFO } });
  });
  afterEach(async () => {
    await other.dispose();
    await box.cleanup();
  });

  async function settle(api: WorkspaceApi, since: number, want: (paths: string[]) => boolean): Promise<{ cursor: number; paths: string[] }> {
    const paths: string[] = [];
    let cursor = since;
    const until = Date.now() + 6000;
    while (Date.now() < until) {
      const batch = value(await api.pollChanges(cursor, 500));
      cursor = batch.cursor;
      paths.push(...batch.changes.map((c) => `${c.kind} ${c.path}`));
      if (want(paths)) break;
    }
    return { cursor, paths };
  }

  it('reports every atomic save of a one-file rulebook by the other host, never a path outside the folder', async () => {
    const opened = value(await box.api.openRulebook(box.funjerai));
    const theirs = value(await other.openRulebook(box.funjerai));
    let version = theirs.files[0].version;
    const seen: string[] = [];
    let cursor = 0;
    // Saving renames a temp file over the rulebook: a new inode each time.
    for (let i = 0; i < 3; i++) {
      version = value(await other.saveFile('funjerai.md', `${opened.files[0].text}\nEdit ${i}.\n`, version)).version;
      const got = await settle(box.api, cursor, (p) => p.length > 0);
      cursor = got.cursor;
      seen.push(...got.paths);
    }
    // Files beside a one-file rulebook are not part of it, and a rename over it is a change.
    await writeFile(path.join(path.dirname(box.funjerai), 'notes.md'), '# Notes\n');
    await writeFile(path.join(path.dirname(box.funjerai), 'next.tmp'), '# Replaced\n');
    await rename(path.join(path.dirname(box.funjerai), 'next.tmp'), box.funjerai);
    seen.push(...(await settle(box.api, cursor, (p) => p.length > 0)).paths);
    expect(seen.length).toBeGreaterThanOrEqual(4);
    expect(seen.every((p) => p === 'changed funjerai.md')).toBe(true);
  });

  it('reports a deleted and re-created file by its own name when the folder was opened through a symlink', async () => {
    const link = path.join(box.dir, 'linked-novitas');
    await symlink(box.novitas, link);
    value(await box.api.openRulebook(link));
    await unlink(path.join(box.novitas, '07-combat.md'));
    const removed = await settle(box.api, 0, (p) => p.includes('removed 07-combat.md'));
    await mkdir(path.join(box.novitas, 'extra'), { recursive: true });
    await writeFile(path.join(box.novitas, 'extra', 'added.md'), '# Added\n');
    const added = await settle(box.api, removed.cursor, (p) => p.includes('added extra/added.md'));
    for (const p of [...removed.paths, ...added.paths]) expect(p).not.toMatch(/ (\.\.|\/)/);
    expect(removed.paths).toContain('removed 07-combat.md');
    expect(added.paths).toContain('added extra/added.md');
  });
});
