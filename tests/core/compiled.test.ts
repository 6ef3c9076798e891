/**
 * The CLI runs compiled (scripts/build.mjs → dist/, loaded by bin/launch.mjs): it still finds the files it reads
 * beside itself, and the stamp that decides whether dist/ is fresh notices every kind of change to a source.
 */
import { mkdirSync, mkdtempSync, readFileSync, utimesSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freshBuild, STAMP_FORMAT } from '../../bin/launch.mjs';
import { statInputs } from '../../scripts/build.mjs';
import { runCli } from '../helpers/cli.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the compiled CLI', () => {
  it('finds package.json and the rule docs from dist/ (SARIF embeds both)', async () => {
    const { code, stdout } = await runCli(['lint', '--format', 'sarif', path.join(ROOT, 'tests/fixtures/samples', 'funjerai.md')], ROOT);
    expect(code).toBe(1);
    const driver = JSON.parse(stdout).runs[0].tool.driver;
    expect(driver.version).toBe(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version);
    for (const rule of driver.rules) expect(rule.help.markdown, rule.id).toMatch(/\S/);
  });
});

describe('the build stamp (dist/current.json)', () => {
  /** Every repository a test made, removed after it even when an expectation failed before the test removed it. */
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A repository of two sources with a stamp of them as they are now. */
  function repository() {
    const root = mkdtempSync(path.join(tmpdir(), 'rulebook-stamp-'));
    roots.push(root);
    mkdirSync(path.join(root, 'main'));
    mkdirSync(path.join(root, 'dist', '0123456789abcdef'), { recursive: true });
    writeFileSync(path.join(root, 'main', 'a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(root, 'main', 'b.ts'), 'export const b = 2;\n');
    const stamp = (inputs: unknown, extra: object = {}) =>
      writeFileSync(path.join(root, 'dist', 'current.json'), JSON.stringify({ format: STAMP_FORMAT, id: '0123456789abcdef', inputs, ...extra }));
    stamp(statInputs(['main/a.ts', 'main/b.ts'], root));
    return { root, stamp };
  }

  it('names the build while every source is as it was built', () => {
    const { root } = repository();
    expect(freshBuild(root)).toEqual({ id: '0123456789abcdef', dir: path.join(root, 'dist', '0123456789abcdef') });
    rmSync(root, { recursive: true, force: true });
  });

  it('is stale after an edit, a touch, a deletion, or when it is damaged or of another format', () => {
    const edits: Array<(root: string, stamp: (inputs: unknown, extra?: object) => void) => void> = [
      (root) => writeFileSync(path.join(root, 'main', 'a.ts'), 'export const a = 10;\n'),
      (root) => utimesSync(path.join(root, 'main', 'b.ts'), new Date(), new Date(Date.now() + 5000)),
      (root) => rmSync(path.join(root, 'main', 'b.ts')),
      (root) => writeFileSync(path.join(root, 'dist', 'current.json'), '{"format":1,"id":"0123'),
      (root, stamp) => stamp(statInputs(['main/a.ts'], root), { format: STAMP_FORMAT + 1 }),
      (root, stamp) => stamp(statInputs(['main/a.ts'], root), { id: '../../etc' }),
      (root, stamp) => stamp('main/a.ts'),
    ];
    for (const edit of edits) {
      const { root, stamp } = repository();
      edit(root, stamp);
      expect(freshBuild(root)).toBeNull();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
