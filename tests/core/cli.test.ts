/** `rulebook ast` as a user runs it: real files, a real process, one clear line for every bad input. */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const BIN = path.resolve('bin/rulebook.mjs');

async function rulebook(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rulebook-cli-'));
  await mkdir(path.join(dir, 'empty'));
  await mkdir(path.join(dir, 'bad-yaml'));
  await writeFile(path.join(dir, 'bad-yaml', 'rulebook.yaml'), 'title: Novitas\nedition: "4.0"\ntitle: Kingdoms of Novitas\n');
  await mkdir(path.join(dir, 'missing-file'));
  await writeFile(path.join(dir, 'missing-file', 'rulebook.yaml'), 'title: Novitas\nfiles:\n  - 01-fundamentals.md\n  - 02-skills.md\n');
  await writeFile(path.join(dir, 'missing-file', '01-fundamentals.md'), '# 1 Fundamentals\n');
  await writeFile(path.join(dir, 'image.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
  await writeFile(path.join(dir, 'latin1.md'), Buffer.concat([Buffer.from('# 1 Rules\n\nSólmundur\n'), Buffer.from([0xe9, 0x0a])]));
});

// Every `rulebook` run is awaited to its exit within its test.
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('rulebook ast', () => {
  it('prints the outline of a sample rulebook', async () => {
    const { code, stdout } = await rulebook('ast', path.resolve('tests/fixtures/samples/funjerai.md'));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Funjerai/);
    // Funjerai writes "Energy ball" in its own definition.
    expect(stdout).toContain('* Energy ball (4 SP) requires Lesser Energy Ball');
  });

  it('prints the public JSON model of a folder rulebook', async () => {
    const { code, stdout } = await rulebook('ast', path.resolve('tests/fixtures/samples/kingdoms-of-novitas'), '--format', 'json');
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json.format).toBe('rulebook-model');
    const body1 = json.skills.find((s: { name: string }) => s.name === 'Body 1');
    expect(body1).toMatchObject({ cost: 1, prerequisites: [], category: expect.any(String), file: expect.stringMatching(/\.md$/), line: expect.any(Number) });
  });

  it('says its version, with the build the lint cache is keyed by', async () => {
    const { version } = JSON.parse(readFileSync(path.resolve('package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) {
      const answer = await rulebook(flag);
      expect(answer.code).toBe(0);
      expect(answer.stdout).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{16}\n$/);
      expect(answer.stdout.startsWith(`${version}+`)).toBe(true);
    }
  });

  it('shows help for the program and the command', async () => {
    expect((await rulebook('--help')).stdout).toContain('ast');
    const help = await rulebook('ast', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--format <format>');
  });

  const problems: Array<[string, string[], RegExp]> = [
    ['a missing path', ['ast', 'nowhere.md'], /^rulebook: nowhere\.md: no such file or folder$/],
    ['a folder with no markdown', ['ast', 'empty'], /^rulebook: empty: no markdown \(\.md, \.markdown, \.mdx\) files in this folder$/],
    ['a binary file', ['ast', 'image.md'], /^rulebook: image\.md: is a binary file/],
    ['a non-UTF-8 file', ['ast', 'latin1.md'], /^rulebook: latin1\.md: line 4: invalid UTF-8 \(byte 0xe9 at offset 22\)/],
    ['an invalid rulebook.yaml', ['ast', 'bad-yaml'], /^rulebook: bad-yaml\/rulebook\.yaml: line 3: Map keys must be unique/],
    ['a listed file that does not exist', ['ast', 'missing-file'], /^rulebook: missing-file\/rulebook\.yaml: line 4: listed file `02-skills\.md` does not exist$/],
    ['an unknown format', ['ast', 'image.md', '--format', 'xml'], /^rulebook: --format must be text or json, not `xml`$/],
  ];
  for (const [what, args, message] of problems) {
    it(`explains ${what} in one line, exit code 2, no stack trace`, async () => {
      const { code, stdout, stderr } = await rulebook(...args);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr.trim()).toMatch(message);
      expect(stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('exits 2 on an unknown command or option, with usage on stderr', async () => {
    const unknown = await rulebook('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'frobnicate'");
  });
});
