// `rulebook import`: writes where --out says, refuses to overwrite without --force, and names the file and the problem on bad input.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';

const SEED = path.resolve(import.meta.dirname, '../fixtures/seeds/amtgard-magic.txt');

/** Runs the CLI in this process, in the test's own working folder. */
const run = (args: string[]) => runInProcess(args, process.cwd());

describe('rulebook import', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'import-cli-'));
  });
  afterEach(() => {
    process.exitCode = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes <dir>/rulebook.md for a folder --out, prints where, and reports on stderr', async () => {
    const result = await run(['import', SEED, '--out', path.join(dir, 'amtgard')]);
    const written = path.join(dir, 'amtgard', 'rulebook.md');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(written);
    expect(readFileSync(written, 'utf8')).toContain('The Rules of Magic');
    expect(result.stderr).toMatch(/^Recognised \d+ section\(s\), \d+ numbered rule\(s\)/);
    expect(result.stderr).toMatch(/amtgard-magic\.txt:\d+: /);
  });

  it('writes the named .md file, and the report as JSON on request', async () => {
    const target = path.join(dir, 'magic.md');
    const result = await run(['import', SEED, '--out', target, '--report', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stderr);
    expect(report.counts.rules).toBeGreaterThan(40);
    expect(report.unsure.every((u: { line: number }) => u.line > 0)).toBe(true);
    expect(existsSync(target)).toBe(true);
  });

  it('refuses to replace an existing file unless --force', async () => {
    const target = path.join(dir, 'magic.md');
    writeFileSync(target, 'mine');
    const refused = await run(['import', SEED, '--out', target]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe(`rulebook: ${target}: already exists; use --force to replace it\n`);
    expect(readFileSync(target, 'utf8')).toBe('mine');
    const forced = await run(['import', SEED, '--out', target, '--force']);
    expect(forced.code).toBe(0);
    expect(readFileSync(target, 'utf8')).toContain('The Rules of Magic');
  });

  it('gives one clear line for a missing file, an unsupported extension and a corrupt .docx', async () => {
    const missing = await run(['import', path.join(dir, 'nope.txt'), '--out', dir]);
    expect(missing.stderr).toBe(`rulebook: ${path.join(dir, 'nope.txt')}: no such file or folder\n`);
    const pdf = path.join(dir, 'rules.pdf');
    writeFileSync(pdf, '%PDF-1.4');
    const unsupported = await run(['import', pdf, '--out', dir]);
    expect(unsupported.stderr).toMatch(/rules\.pdf: cannot import \.pdf files; use \.txt, \.md, \.mdx, \.html or \.docx\n$/);
    const docx = path.join(dir, 'broken.docx');
    writeFileSync(docx, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not really a zip')]));
    const corrupt = await run(['import', docx, '--out', dir]);
    expect(corrupt.stderr).toMatch(/broken\.docx: cannot read this Word document \(.+\)\n$/);
    for (const r of [missing, unsupported, corrupt]) {
      expect(r.code).toBe(2);
      expect(r.stderr.split('\n').filter(Boolean)).toHaveLength(1);
    }
    expect(existsSync(path.join(dir, 'rulebook.md'))).toBe(false);
  });

  it('refuses a file with no text (empty, blank lines only, an empty page) in one line, writing nothing', async () => {
    const files = { 'empty.txt': '', 'blank.txt': '  \n\n\t\n', 'empty.html': '<html><head><title></title></head><body><p> </p></body></html>' };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(path.join(dir, name), text);
      const result = await run(['import', path.join(dir, name), '--out', dir]);
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`rulebook: ${path.join(dir, name)}: has no text to import\n`);
    }
    expect(existsSync(path.join(dir, 'rulebook.md'))).toBe(false);
  });

  it('refuses a binary file renamed .txt in one line', async () => {
    const file = path.join(dir, 'photo.txt');
    writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
    const result = await run(['import', file, '--out', dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`rulebook: ${file}: is a binary file (it contains NUL bytes), not a text rulebook\n`);
  });

  it('imports a Windows-1252 .txt, with a note naming the first line that was not UTF-8', async () => {
    const file = path.join(dir, 'safety.txt');
    writeFileSync(file, Buffer.concat([Buffer.from('Safety\n\n1. Weapons\n\n1.1 Don'), Buffer.from([0x92]), Buffer.from('t hit the head.\n')]));
    const result = await run(['import', file, '--out', path.join(dir, 'safety.md')]);
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(dir, 'safety.md'), 'utf8')).toContain('1.1 Don’t hit the head.');
    expect(result.stderr).toContain(`${file}: note: not UTF-8 (first at line 5), read as Windows-1252`);
  });

  it('refuses an --out that names another kind of document or an existing file that is not .md, instead of making a folder of it', async () => {
    const slip = path.join(dir, 'rules.txt');
    const typo = await run(['import', SEED, '--out', slip]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(`rulebook: ${slip}: --out must name a .md file or a folder\n`);
    expect(existsSync(slip)).toBe(false);
    const file = path.join(dir, 'notes');
    writeFileSync(file, 'mine');
    const existing = await run(['import', SEED, '--out', file]);
    expect(existing.stderr).toBe(`rulebook: ${file}: --out must name a .md file or a folder\n`);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    const versioned = await run(['import', SEED, '--out', path.join(dir, 'v1.2')]);
    expect(versioned.code).toBe(0);
    expect(existsSync(path.join(dir, 'v1.2', 'rulebook.md'))).toBe(true);
  });
});
