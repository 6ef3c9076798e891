/**
 * `rulebook lint` as a user runs it, on real files in a temp folder: once as a real child process (stdout
 * must hold nothing but JSON), the rest through the same `main()` in this process, which is much faster.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md } from '../helpers/md.js';
import { runCli as run } from '../helpers/cli.js';
import { runInProcess as runHere } from '../helpers/cli-in-process.js';

const BOOK = md`
  ---
  title: Test book
  ---
  # 1 Magic

  - **Magic Healing** (2 SP) Heals.
  - **Regrow Limb** (4 SP) Regrows a limb.
    Prerequisite: Magical Healing
  - **Cleave** (3 SP) Breaks shields.
    Prerequisite: magic healing

  See 1.7 for more.

  ## Notes
`;

describe('rulebook lint', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'rulebook-lint-'));
    writeFileSync(path.join(dir, 'book.md'), `\uFEFF${BOOK.replace(/\n/g, '\r\n')}`);
    writeFileSync(path.join(dir, 'clean.md'), '# 1 Magic\n\nMagic is said loudly.\n');
  });
  // Every run of the CLI is awaited to its exit within its test.
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints only a flat JSON array on stdout, and exits 1 on errors', async () => {
    const { code, stdout } = await run(['lint', 'book.md', 'clean.md', '--format', 'json'], dir);
    expect(code).toBe(1);
    const findings = JSON.parse(stdout);
    expect(findings.map((f: Record<string, unknown>) => [f.file, f.line, f.column, f.endLine, f.endColumn, f.ruleId, f.severity])).toEqual([
      ['book.md', 8, 17, 8, 32, 'unknown-prerequisite', 'error'],
      ['book.md', 10, 17, 10, 30, 'name-case', 'info'],
      ['book.md', 12, 5, 12, 8, 'broken-reference', 'error'],
      ['book.md', 14, 1, 14, 9, 'empty-section', 'warning'],
    ]);
    expect(findings[0].message).toBe('Unknown prerequisite `Magical Healing` of `Regrow Limb`, did you mean `Magic Healing`?');
    expect(findings[0].suggestions).toEqual([{ title: 'Change to `Magic Healing`', edits: [{ file: 'book.md', line: 8, column: 17, endLine: 8, endColumn: 32, newText: 'Magic Healing' }] }]);
    for (const f of findings) {
      expect(Object.keys(f).every((k) => ['file', 'line', 'column', 'endLine', 'endColumn', 'ruleId', 'severity', 'message', 'suggestions', 'related'].includes(k))).toBe(true);
    }
  });

  it('stylish groups by file with a summary, and --max-warnings decides the exit code', async () => {
    const clean = await runHere(['lint', 'clean.md'], dir);
    expect([clean.code, clean.stdout]).toEqual([0, '']);
    writeFileSync(path.join(dir, 'warn.md'), '# 1 Magic\n\n## 1.1 Empty\n\n## 1.2 Full\n\nText.\n');
    const within = await runHere(['lint', 'warn.md', '--max-warnings', '1'], dir);
    expect(within.code).toBe(0);
    expect(within.stdout).toBe('\nwarn.md\n  3:1  warning  Section `1.1 Empty` is empty  empty-section\n\n✖ 1 problem (0 errors, 1 warning)\n');
    expect((await runHere(['lint', 'warn.md', '--max-warnings', '0'], dir)).code).toBe(1);
    const github = await runHere(['lint', 'warn.md', '--format', 'github'], dir);
    expect(github.stdout).toBe('::warning file=warn.md,line=3,col=1,endLine=3,endColumn=13,title=empty-section::Section `1.1 Empty` is empty\n');
  });

  it('stylish is coloured on a terminal only, and never with NO_COLOR', async () => {
    writeFileSync(path.join(dir, 'tty.md'), '# 1 Magic\n\n## 1.1 Empty\n\n## 1.2 Full\n\nText.\n');
    const had = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
    const noColor = process.env.NO_COLOR;
    try {
      delete process.env.NO_COLOR;
      Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true });
      const coloured = await runHere(['lint', 'tty.md'], dir);
      expect(coloured.stdout).toContain('\u001b[33mwarning\u001b[0m');
      expect((await runHere(['lint', 'tty.md', '--format', 'github'], dir)).stdout).not.toContain('\u001b[');
      process.env.NO_COLOR = '1';
      expect((await runHere(['lint', 'tty.md'], dir)).stdout).not.toContain('\u001b[');
    } finally {
      if (had) Object.defineProperty(process.stdout, 'isTTY', had);
      else delete (process.stdout as { isTTY?: boolean }).isTTY;
      if (noColor === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = noColor;
    }
  });

  it('says when a folder has pages in subfolders it does not read, and not once rulebook.yaml lists them', async () => {
    // A Hugo site linted at its root: its own _index.md reads, the skills page below it does not.
    const site = path.join(dir, 'site');
    mkdirSync(path.join(site, 'skills'), { recursive: true });
    writeFileSync(path.join(site, '_index.md'), '# Rules\n\nMagic is said loudly.\n');
    writeFileSync(path.join(site, 'skills', '_index.md'), '## Florentine\n\n**CP Cost**: 4\n');
    const unlisted = await run(['lint', 'site', '--no-cache'], dir);
    expect(unlisted.code, unlisted.stderr).toBe(0);
    expect(unlisted.stderr).toBe('warning: site: 1 page in subfolders not read (first: skills/_index.md): `rulebook init` lists them in rulebook.yaml\n');
    writeFileSync(path.join(site, 'rulebook.yaml'), 'files:\n  - _index.md\n  - skills/_index.md\n');
    expect((await run(['lint', 'site', '--no-cache'], dir)).stderr).toBe('');
  });

  it('exits 2 with one line for bad input', async () => {
    const missing = await runHere(['lint', 'nope.md', '--format', 'json'], dir);
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([2, '', 'rulebook: nope.md: no such file or folder\n']);
    const badMax = await runHere(['lint', 'clean.md', '--max-warnings', 'lots'], dir);
    expect([badMax.code, badMax.stderr]).toEqual([2, 'rulebook: --max-warnings must be a whole number of 0 or more, not `lots`\n']);
  });

  it('--fix applies the unambiguous fixes, reports each, keeps BOM and CRLF, and SARIF shows what is left', async () => {
    const fixed = await runHere(['lint', 'book.md', '--fix', '--format', 'sarif'], dir);
    expect(fixed.stderr).toBe(
      'fixed book.md:8:17 `Magical Healing` → `Magic Healing` (unknown-prerequisite)\nfixed book.md:10:17 `magic healing` → `Magic Healing` (name-case)\n',
    );
    const text = readFileSync(path.join(dir, 'book.md'), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('  Prerequisite: Magic Healing\r\n- **Cleave** (3 SP) Breaks shields.\r\n  Prerequisite: Magic Healing\r\n');
    expect(text.split('\r\n').length).toBe(BOOK.split('\n').length);
    const sarif = JSON.parse(fixed.stdout);
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].results.map((r: { ruleId: string; level: string }) => [r.ruleId, r.level])).toEqual([
      ['broken-reference', 'error'],
      ['empty-section', 'warning'],
    ]);
    expect(fixed.code).toBe(1);
  });
});
