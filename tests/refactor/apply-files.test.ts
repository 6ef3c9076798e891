// Writing a plan to disk: all files or none, BOM and line endings kept, stale files refused; and the two CLI commands.
import { execFile } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { applyPlanToFiles } from '../../main/refactor/apply-plan.js';
import { WriteFailure } from '../../main/refactor/write-all-or-nothing.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { planRenumber } from '../../shared/refactor/index.js';

const BASICS = '# Chapter 1. Basics\n\n1.1 Be safe.\n\n1.1 Inserted: be kind.\n\n1.2 Hold means stop; see 2.2.\n';
const COMBAT = '# Chapter 2. Combat\n\n2.1 Swing lightly.\n\n2.3 Block with a shield; see 1.1 and see 1.2.\n';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rulebook-refactor-'));
  await writeFile(path.join(dir, 'rulebook.yaml'), 'title: Test\nfiles:\n  - 01-basics.md\n  - 02-combat.md\n');
  await writeFile(path.join(dir, '01-basics.md'), BASICS);
  await writeFile(path.join(dir, '02-combat.md'), COMBAT);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function planFor(target: string) {
  const loaded = await loadRulebook(target);
  const plan = planRenumber(linkRulebook(parseRulebook(loaded.source)), { source: loaded.source });
  if (plan.kind === 'refused') throw new Error('refused');
  return { loaded, plan };
}

const read = (name: string) => readFile(path.join(dir, name), 'utf8');

/** The CLI in-process in the test folder (tests/helpers/cli-in-process.ts). */
async function run(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { code, stdout, stderr } = await runInProcess(argv, dir);
  return { code, out: stdout, err: stderr };
}

describe('applyPlanToFiles', () => {
  it('writes every edited file, keeping a BOM and CRLF line endings', async () => {
    await writeFile(path.join(dir, '02-combat.md'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(COMBAT.replace(/\n/g, '\r\n'))]));
    const { loaded, plan } = await planFor(dir);
    const written = await applyPlanToFiles(loaded, plan.edits);
    expect(written.map((f) => f.path)).toEqual(['01-basics.md', '02-combat.md']);
    expect(await read('01-basics.md')).toBe('# Chapter 1. Basics\n\n1.1 Be safe.\n\n1.2 Inserted: be kind.\n\n1.3 Hold means stop; see 2.2.\n');
    const bytes = await readFile(path.join(dir, '02-combat.md'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('# Chapter 2. Combat\r\n\r\n2.1 Swing lightly.\r\n\r\n2.2 Block with a shield; see 1.2 and see 1.3.\r\n');
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('writes nothing when a file changed on disk after it was read', async () => {
    const { loaded, plan } = await planFor(dir);
    await writeFile(path.join(dir, '02-combat.md'), `${COMBAT}\n2.4 Someone typed this meanwhile.\n`);
    const failure = await applyPlanToFiles(loaded, plan.edits).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WriteFailure);
    expect((failure as WriteFailure).file).toBe(path.join(dir, '02-combat.md'));
    expect(await read('01-basics.md')).toBe(BASICS);
  });

  it('writes through a symlinked chapter to the file it points to, and keeps the link', async () => {
    // The link's target stays inside the book's folder: one that leads outside is refused before anything is read.
    const elsewhere = path.join(dir, 'chapters');
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, 'basics.md'), BASICS);
    await rm(path.join(dir, '01-basics.md'));
    await symlink(path.join(elsewhere, 'basics.md'), path.join(dir, '01-basics.md'));
    const { loaded, plan } = await planFor(dir);
    await applyPlanToFiles(loaded, plan.edits);
    expect((await lstat(path.join(dir, '01-basics.md'))).isSymbolicLink()).toBe(true);
    expect(await readFile(path.join(elsewhere, 'basics.md'), 'utf8')).toContain('1.2 Inserted: be kind.');
    expect((await readdir(elsewhere)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('puts back the files already replaced when a later rename fails, and leaves no temp files', async () => {
    const { loaded, plan } = await planFor(dir);
    const failure = await applyPlanToFiles(loaded, plan.edits, {
      beforeRename: (index) => {
        if (index === 1) throw Object.assign(new Error('simulated crash'), { code: 'EIO' });
      },
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(WriteFailure);
    expect((failure as Error).message).toMatch(/restored/);
    expect(await read('01-basics.md')).toBe(BASICS);
    expect(await read('02-combat.md')).toBe(COMBAT);
    expect((await readdir(dir)).sort()).toEqual(['01-basics.md', '02-combat.md', 'rulebook.yaml']);
  });
});

describe('rulebook renumber and rename-skill', () => {
  it('previews with --dry-run and writes nothing', async () => {
    const result = await run('renumber', '.', '--dry-run');
    expect(result).toEqual({
      code: 0,
      err: '',
      out: [
        '01-basics.md:5  1.1 → 1.2',
        '01-basics.md:7  1.2 → 1.3',
        '02-combat.md:5  2.3 → 2.2',
        '02-combat.md:5  1.1 → 1.2  (reference: see 1.1)',
        '02-combat.md:5  1.2 → 1.3  (reference: see 1.2)',
        'note: 01-basics.md:7: `see 2.2` names no rule today, but after renumbering 2.2 will exist; check what it should point at',
        'Dry run: would change 3 numbers and 2 references in 2 files; nothing was written.',
        '',
      ].join('\n'),
    });
    expect(await read('01-basics.md')).toBe(BASICS);
    expect(await read('02-combat.md')).toBe(COMBAT);
  });

  it('renumbers in place, then finds nothing left to do', async () => {
    expect((await run('renumber', '.')).out).toMatch(/Changed 3 numbers and 2 references in 2 files\.\n$/);
    expect(await read('02-combat.md')).toBe('# Chapter 2. Combat\n\n2.1 Swing lightly.\n\n2.2 Block with a shield; see 1.2 and see 1.3.\n');
    expect((await run('renumber', '.')).out).toBe('Numbering is already in order: nothing to change.\n');
  });

  it('renumbers one section with --section', async () => {
    const result = await run('renumber', '.', '--section', '2');
    expect(result.out).toBe('02-combat.md:5  2.3 → 2.2\nnote: 01-basics.md:7: `see 2.2` names no rule today, but after renumbering 2.2 will exist; check what it should point at\nChanged 1 number and 0 references in 1 file.\n');
    expect(await read('01-basics.md')).toBe(BASICS);
  });

  it('refuses with one line naming the place, exit 2', async () => {
    await writeFile(path.join(dir, '02-combat.md'), `${COMBAT}\n# Chapter 3. Magic\n\n1.2 A stray number.\n`);
    const result = await run('renumber', '.');
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      'rulebook: cannot renumber: 02-combat.md:5: `see 1.2` is ambiguous: 1.2 is written on 2 entries (01-basics.md:7, 02-combat.md:9), so renumbering cannot tell which one it means; fix the reference or those numbers by hand first\n',
    );
    expect(await read('01-basics.md')).toBe(BASICS);
  });

  it('renames a skill from the command line, as a real process', async () => {
    await writeFile(path.join(dir, '02-combat.md'), `${COMBAT}\n- **Shield Bash** (2 SP) Push.\n- **Charge** (3 SP) Run at them.\n  Prerequisite: Shield Bash\n`);
    const bin = path.resolve('bin/rulebook.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'rename-skill', '.', 'shield bash', 'Shield Slam'], { cwd: dir });
    expect(stdout).toBe('02-combat.md:7  Shield Bash → Shield Slam  (definition)\n02-combat.md:9  Shield Bash → Shield Slam  (prerequisite)\nRenamed `Shield Bash` to `Shield Slam` in 2 places in 1 file.\n');
    expect(await read('02-combat.md')).toContain('- **Shield Slam** (2 SP) Push.\n- **Charge** (3 SP) Run at them.\n  Prerequisite: Shield Slam\n');
    const missing = await promisify(execFile)(process.execPath, [bin, 'rename-skill', '.', 'Shield Slm', 'X'], { cwd: dir }).catch((e: { code: number; stderr: string }) => e);
    // A refusal about the whole book names the book: here the current folder, by its name.
    expect(missing).toMatchObject({ code: 2, stderr: `rulebook: cannot rename: ${path.basename(dir)}/: no skill named \`Shield Slm\`; did you mean \`Shield Slam\`?\n` });
    const fromAbove = await promisify(execFile)(process.execPath, [bin, 'rename-skill', path.basename(dir), 'Shield Slm', 'X'], { cwd: path.dirname(dir) }).catch((e: { code: number; stderr: string }) => e);
    expect(fromAbove).toMatchObject({ code: 2, stderr: `rulebook: cannot rename: ${path.basename(dir)}/: no skill named \`Shield Slm\`; did you mean \`Shield Slam\`?\n` });
  }, 30_000);
});
