/**
 * literal-bold on a real book: Razorweave (CC BY-SA 4.0, tests/fixtures/wild/razorweave) writes its entries' labels
 * `**Description:**Athletic Movement covers…`, which every Markdown reader prints with the asterisks. `rulebook lint`
 * finds each, `--fix` respaces them all, and the fixed book reads the same skills with the labels bold.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const fixture = path.resolve(import.meta.dirname, '../fixtures/wild/razorweave/book');
const dir = mkdtempSync(path.join(tmpdir(), 'literal-bold-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface JsonFinding {
  readonly file: string;
  readonly line: number;
  readonly ruleId: string;
  readonly message: string;
}

const literalBold = async (folder: string): Promise<JsonFinding[]> => {
  const { stdout } = await runCli(['lint', folder, '--format', 'json'], folder);
  return (JSON.parse(stdout) as JsonFinding[]).filter((f) => f.ruleId === 'literal-bold');
};

const skillNames = async (folder: string): Promise<string[]> => {
  const { stdout } = await runCli(['ast', folder, '--format', 'json'], folder);
  return (JSON.parse(stdout) as { skills: { name: string }[] }).skills.map((s) => s.name);
};

it('finds every label Razorweave bolds without a space after it, and --fix mends them all without changing a word', { timeout: 240_000 }, async () => {
  const book = path.join(dir, 'razorweave');
  cpSync(fixture, book, { recursive: true });
  const found = await literalBold(book);
  expect(found.length).toBe(148);
  expect(found.filter((f) => f.message === '`**Description:**` prints with its asterisks, not in bold: put a space after it').length).toBe(31);
  const skillsBefore = await skillNames(book);

  const fixed = await runCli(['lint', book, '--fix'], book);
  // Each change is listed, in the stylish format on stdout: `fixed 15-….md:25:1 `**Description:**` → `**Description:** ` (literal-bold)`.
  expect(fixed.stdout.split('\n').filter((line) => line.startsWith('fixed ') && line.endsWith('(literal-bold)')).length).toBe(148);
  expect(await literalBold(book)).toEqual([]);
  expect(await skillNames(book)).toEqual(skillsBefore);
  for (const file of readdirSync(fixture)) {
    const before = readFileSync(path.join(fixture, file), 'utf8');
    const after = readFileSync(path.join(book, file), 'utf8');
    // Only spaces were added: the words and the markers are as written.
    expect(after.replace(/ /g, ''), file).toBe(before.replace(/ /g, ''));
    if (file === '15-skills-reference-by-attribute.md') expect(after).toContain('**Description:** Athletic Movement covers');
  }
});
