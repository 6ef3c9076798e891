/**
 * Spacing around bold and italics in a real book: Razorweave (CC BY-SA 4.0, tests/fixtures/wild/razorweave), pasted from
 * a word processor, writes its entries' labels `**Description:**Athletic Movement covers…`, which every Markdown reader
 * prints with the asterisks (literal-bold), and runs styled words into their neighbours, `**Skills**are`,
 * `Tags*Dim Light*and` (glued-emphasis). `rulebook lint` finds each, `--fix` respaces them all, and the fixed book
 * reads the same skills.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const fixture = path.resolve(import.meta.dirname, '../fixtures/wild/razorweave/book');
const dir = mkdtempSync(path.join(tmpdir(), 'emphasis-spacing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface JsonFinding {
  readonly file: string;
  readonly line: number;
  readonly ruleId: string;
  readonly message: string;
}

const findings = async (folder: string, ruleId: string): Promise<JsonFinding[]> => {
  const { stdout } = await runCli(['lint', folder, '--format', 'json'], folder);
  return (JSON.parse(stdout) as JsonFinding[]).filter((f) => f.ruleId === ruleId);
};

const skillNames = async (folder: string): Promise<string[]> => {
  const { stdout } = await runCli(['ast', folder, '--format', 'json'], folder);
  return (JSON.parse(stdout) as { skills: { name: string }[] }).skills.map((s) => s.name);
};

it('finds every label bolded without a space after it and every styled word run into another, and --fix mends them all without changing a word', { timeout: 240_000 }, async () => {
  const book = path.join(dir, 'razorweave');
  cpSync(fixture, book, { recursive: true });
  const literal = await findings(book, 'literal-bold');
  expect(literal.length).toBe(148);
  expect(literal.filter((f) => f.message === '`**Description:**` prints with its asterisks, not in bold: put a space after it').length).toBe(31);
  const glued = await findings(book, 'glued-emphasis');
  expect(glued.length).toBe(112);
  expect(glued.filter((f) => f.message === '`**Skills**` runs into “are” after it: it prints as “Skillsare”; put a space after it').length).toBeGreaterThan(0);
  const skillsBefore = await skillNames(book);

  const fixed = await runCli(['lint', book, '--fix'], book);
  // Each change is listed, in the stylish format on stdout: `fixed 15-….md:25:1 `**Description:**` → `**Description:** ` (literal-bold)`.
  const fixedBy = (ruleId: string) => fixed.stdout.split('\n').filter((line) => line.startsWith('fixed ') && line.endsWith(`(${ruleId})`)).length;
  expect([fixedBy('literal-bold'), fixedBy('glued-emphasis')]).toEqual([148, 112]);
  expect(await findings(book, 'literal-bold')).toEqual([]);
  expect(await findings(book, 'glued-emphasis')).toEqual([]);
  expect(await skillNames(book)).toEqual(skillsBefore);
  for (const file of readdirSync(fixture)) {
    const before = readFileSync(path.join(fixture, file), 'utf8');
    const after = readFileSync(path.join(book, file), 'utf8');
    // Only spaces were added: the words and the markers are as written.
    expect(after.replace(/ /g, ''), file).toBe(before.replace(/ /g, ''));
    if (file === '15-skills-reference-by-attribute.md') expect(after).toContain('**Description:** Athletic Movement covers');
  }
});
