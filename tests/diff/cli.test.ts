import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';

const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/rulebook.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'rulebook-diff-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function run(command: string, args: readonly string[], cwd = work): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(command, [...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}
/** The real binary, for exit codes and stderr exactly as a user sees them. */
const binary = (...args: string[]) => run(process.execPath, [bin, ...args]);

/** The same CLI in-process (tests/helpers/cli-in-process.ts): stdout and stderr captured, nothing stubbed. */
const rulebook = (...args: string[]) => runInProcess(args, work);
const git = (...args: string[]) => run('git', args);

const V1 = `---
title: Test Chronicle
edition: "1"
---
# 1 Basics

## 1.1 Combat

1.1.1 Players fight with foam weapons. See 1.1.2.

1.1.2 A hit to the torso removes one body point.

1.1.3 Healing is done by a marshal.

1.1.4 Bows need a marshal check before every event.

- **Shield Bash** (2 SP) Knock a foe back.
  Prerequisite: Shield Usee
- **Shield Use** (1 SP) Carry a shield.
`;

const V2 = V1.replace('edition: "1"', 'edition: "2"')
  .replace('1.1.2 A hit', '1.1.2 A marshal may call hold.\n\n1.1.3 A hit')
  .replace('1.1.3 Healing', '1.1.4 Healing')
  .replace('\n1.1.4 Bows need a marshal check before every event.\n', '')
  .replace('- **Shield Use** (1 SP)', '- **Parry** (2 SP) Block.\n  Prerequisite: Dodge\n- **Shield Use** (1 SP)');

describe('rulebook diff and lint --since against a git revision', () => {
  it('compares with HEAD, reports the renumbering and the broken reference, and lints only what is new', async () => {
    writeFileSync(path.join(work, 'book.md'), V1);
    expect((await git('init', '-q')).code).toBe(0);
    await git('-c', 'user.email=t@example.org', '-c', 'user.name=T', 'add', 'book.md');
    expect((await git('-c', 'user.email=t@example.org', '-c', 'user.name=T', 'commit', '-qm', 'v1')).code).toBe(0);
    writeFileSync(path.join(work, 'book.md'), V2);

    const text = await rulebook('diff', 'HEAD', 'book.md');
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Comparing Test Chronicle, edition 1 → Test Chronicle, edition 2');
    expect(text.stdout).toContain('+ 1.1.2 A marshal may call hold.');
    expect(text.stdout).toContain('- 1.1.4 Bows need a marshal check before every event.');
    expect(text.stdout).toContain('1.1.2–1.1.3 renumbered +1 (now 1.1.3–1.1.4)');
    expect(text.stdout).toContain('book.md:9:44 1.1.1 says "See 1.1.2", which is now a different rule; the old 1.1.2 is now 1.1.3  [fix: 1.1.3]');

    const json = JSON.parse((await rulebook('diff', 'HEAD', 'book.md', '--format', 'json')).stdout);
    expect(json).toMatchObject({ format: 'rulebook-comparison', version: 1, summary: { added: 1, removed: 1, renumbered: 2, skillsAdded: 1 } });
    expect(json.impact).toEqual([expect.objectContaining({ kind: 'now-points-elsewhere', file: 'book.md', line: 9, column: 44, replacement: '1.1.3' })]);

    const lint = await rulebook('lint', 'book.md', '--since', 'HEAD', '--format', 'json');
    // Shield Usee was misspelt in the old version too: only the new skill's unknown prerequisite is reported.
    expect(JSON.parse(lint.stdout).map((f: { line: number; message: string }) => `${f.line} ${f.message}`)).toEqual([
      '20 Unknown prerequisite `Dodge` of `Parry`: no skill or declared condition has this name',
    ]);

    const fixed = await rulebook('diff', 'HEAD', 'book.md', '--fix');
    expect(fixed.stderr).toContain('fixed 1 reference');
    expect(readFileSync(path.join(work, 'book.md'), 'utf8')).toContain('1.1.1 Players fight with foam weapons. See 1.1.3.');
  });

  it('gives one clear line for a revision that does not exist, and for a bad format', async () => {
    const bad = await binary('diff', 'v9', 'book.md');
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^rulebook: `v9` is not a file, a folder or a revision of the git repository at /)]);
    // A folder whose markdown files came after the revision: the message names the folder.
    await run('mkdir', ['-p', path.join(work, 'later')]);
    writeFileSync(path.join(work, 'later/notes.txt'), 'to do\n');
    await git('-c', 'user.email=t@example.org', '-c', 'user.name=T', 'add', 'later/notes.txt');
    await git('-c', 'user.email=t@example.org', '-c', 'user.name=T', 'commit', '-qm', 'notes');
    writeFileSync(path.join(work, 'later/rules.md'), V1);
    const none = await rulebook('diff', 'HEAD', 'later');
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(`rulebook: later${path.sep}: the rulebook had no markdown files at revision HEAD\n`);
    // lint --since a revision the book is newer than (a pre-commit hook on its first commit): every finding is new.
    writeFileSync(path.join(work, 'new-book.md'), V1);
    const whole = await rulebook('lint', 'new-book.md', '--format', 'json');
    const since = await rulebook('lint', 'new-book.md', '--since', 'HEAD', '--format', 'json');
    expect(since.code, since.stderr).toBe(whole.code);
    expect(JSON.parse(since.stdout)).toEqual(JSON.parse(whole.stdout));
    expect(JSON.parse(since.stdout).length).toBeGreaterThan(0);
    expect((await rulebook('lint', 'later', '--since', 'HEAD')).stderr).not.toMatch(/no markdown files at revision/);
    const never = await rulebook('diff', 'published', 'book.md');
    expect(never.stderr).toBe('rulebook: book.md: never published, so there is no last publication to compare with (run `rulebook publish` first)\n');
    const format = await rulebook('diff', 'HEAD', 'book.md', '--format', 'html');
    expect(format.code).toBe(2);
    expect(format.stderr.trim()).toBe('rulebook: --format must be one of text, json, markdown, pdf, not `html`');
  });
});

describe('rulebook publish', () => {
  const folder = path.join(work, 'published-book');
  it('refuses while lint reports errors, then publishes, compares and retires deleted numbers', async () => {
    await run('mkdir', ['-p', folder]);
    writeFileSync(path.join(folder, 'rulebook.yaml'), 'title: Test Chronicle\nedition: "1"\nfiles: [rules.md]\npublish:\n  kinds: [book]\n  out: out/\n');
    writeFileSync(path.join(folder, 'rules.md'), V1.replace(/^---[\s\S]*?---\n/, ''));
    const refused = await binary('publish', folder);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not published: lint reports 1 error \(first: rules\.md:14:17 Unknown prerequisite `Shield Usee`/);
    expect(existsSync(path.join(folder, 'publication.json'))).toBe(false);

    writeFileSync(path.join(folder, 'rules.md'), readFileSync(path.join(folder, 'rules.md'), 'utf8').replace('Shield Usee', 'Shield Use'));
    const first = await rulebook('publish', folder);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('First publication');
    expect(readFileSync(path.join(folder, 'out/test-chronicle-1-book.pdf')).subarray(0, 5).toString()).toBe('%PDF-');

    // Edition 2 deletes 1.1.4, changes a cost and adds a rule.
    writeFileSync(path.join(folder, 'rulebook.yaml'), readFileSync(path.join(folder, 'rulebook.yaml'), 'utf8').replace('edition: "1"', 'edition: "2"'));
    const v2 = readFileSync(path.join(folder, 'rules.md'), 'utf8').replace('\n1.1.4 Bows need a marshal check before every event.\n', '').replace('(2 SP) Knock', '(3 SP) Knock');
    writeFileSync(path.join(folder, 'rules.md'), v2);
    const second = await rulebook('publish', folder);
    expect(second.code, second.stderr).toBe(0);
    const changelog = readFileSync(path.join(folder, 'out/test-chronicle-2-changes.md'), 'utf8');
    expect(changelog).toContain('# What changed in Test Chronicle, edition 2');
    expect(changelog).toContain('Compared with edition 1.');
    expect(changelog).toContain('- **1.1.4** Bows need a marshal check before every event.');
    expect(changelog).toContain('- **Shield Bash**: cost 2 SP → 3 SP.');
    expect(existsSync(path.join(folder, 'out/test-chronicle-2-what-changed.pdf'))).toBe(true);
    const record = JSON.parse(readFileSync(path.join(folder, 'publication.json'), 'utf8'));
    expect(record.history.map((h: { edition: string }) => h.edition)).toEqual(['1', '2']);
    expect(record.retired).toEqual([{ number: '1.1.4', text: 'Bows need a marshal check before every event.', edition: '2' }]);
    expect(second.stderr).not.toContain('already published');

    // Publishing again as edition 2 works (a reprint) but warns, naming the settings file and the date.
    const again = await rulebook('publish', folder);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/^warning: .*rulebook\.yaml: edition 2 was already published on \d{4}-\d{2}-\d{2}; its files were replaced/m);

    // Edition 3 gives 1.1.4 to a new rule: number-reused says so, and diff compares with the publication.
    writeFileSync(path.join(folder, 'rules.md'), `${v2.trimEnd()}\n\n1.1.4 Throwing weapons must be soft.\n`.replace('- **Shield Bash**', '1.1.5 placeholder\n\n- **Shield Bash**'));
    const lint = await rulebook('lint', folder);
    expect(lint.stdout).toContain('Number 1.1.4 belonged to a rule deleted in edition 2 ("Bows need a marshal check before every event."); players may still know it by that number');
    const diff = await rulebook('diff', 'published', folder);
    expect(diff.stdout).toContain('Comparing Test Chronicle, edition 2 → Test Chronicle, edition 2');
    expect(diff.stdout).toContain('+ 1.1.4 Throwing weapons must be soft.');
  });
});
