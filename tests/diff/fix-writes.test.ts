import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { changeImpact, compareRulebooks } from '../../shared/diff/index.js';
import { UserError } from '../../main/errors.js';
import { analyse } from '../../shared/analyse/index.js';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { writeEditsForCommand } from '../../main/refactor/apply-plan.js';
import { md } from './helpers.js';

// `diff --fix` writes its reference fixes through the same all-or-nothing writer as renumber and rename-skill.
const work = mkdtempSync(path.join(tmpdir(), 'rulebook-diff-fix-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const OLD = md`
  # 1 Basics

  1.1 Players fight with foam weapons.

  1.2 A hit to the torso removes one body point.
`;
const NEW = md`
  # 1 Basics

  1.1 Players fight with foam weapons.

  1.2 A marshal may call hold at any time.

  1.3 A hit to the torso removes one body point.
`;
const OTHER = md`
  # 2 Healing

  2.1 A healer restores what was lost. See 1.2.
`;

/** A folder rulebook in the new version: a.md renumbered, b.md still naming the old 1.2. */
function newVersionIn(name: string): string {
  const folder = path.join(work, name);
  mkdirSync(folder);
  writeFileSync(path.join(folder, 'a.md'), NEW);
  writeFileSync(path.join(folder, 'b.md'), OTHER);
  return folder;
}

async function fixesFor(folder: string) {
  const current = await loadRulebook(folder);
  const oldLinked = analyse({ manifest: null, files: [{ path: 'a.md', text: OLD }, { path: 'b.md', text: OTHER }] }).linked;
  const newLinked = analyse(current.source).linked;
  const impact = changeImpact(oldLinked, newLinked, compareRulebooks(oldLinked, newLinked));
  return { current, edits: impact.flatMap((i) => i.fix) };
}

describe('diff --fix writes', () => {
  it('fixes the reference in another file of the rulebook', async () => {
    const folder = newVersionIn('ok');
    const { current, edits } = await fixesFor(folder);
    expect(edits.map((e) => e.range.file)).toEqual(['b.md']);
    await writeEditsForCommand(current, edits);
    expect(readFileSync(path.join(folder, 'b.md'), 'utf8')).toContain('2.1 A healer restores what was lost. See 1.3.');
  });

  it('writes nothing when a file changed on disk since it was read, and says which file', async () => {
    const folder = newVersionIn('changed');
    const { current, edits } = await fixesFor(folder);
    expect(edits.length).toBe(1);
    const meanwhile = OTHER.replace('A healer', 'A trained healer');
    writeFileSync(path.join(folder, 'b.md'), meanwhile);
    const cwd = process.cwd();
    process.chdir(folder);
    try {
      const failure = await writeEditsForCommand(current, edits).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(UserError);
      // The place is the file as the user sees it (relative to the current folder), not an absolute path.
      expect((failure as Error).message).toBe('b.md: changed on disk since it was read; nothing was written, run the command again');
    } finally {
      process.chdir(cwd);
    }
    expect(readFileSync(path.join(folder, 'b.md'), 'utf8')).toBe(meanwhile);
  });
});
