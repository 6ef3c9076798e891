/**
 * Every crash, hang or broken failure line the command fuzzer (fuzz-commands.test.ts, scripts/fuzz.ts) has found, with
 * the input that found it, shrunk by hand to what still failed before the fix. Each runs through the CLI's own
 * `main()` on real files in a fresh temporary folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { measureText } from '../../main/publish/fonts.js';
import { linkRulebook } from '../../shared/link/index.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { planExport } from '../../shared/publish/index.js';
import { contractBroken, runHere, type Outcome } from '../helpers/fuzz-commands.js';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** Writes the files to a fresh folder and runs `rulebook <argv>` there; the outcome must keep the commands' contract. */
async function rulebook(files: Record<string, string>, ...argv: string[]): Promise<Outcome> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-regression-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const outcome = await runHere(argv, dir);
  expect(contractBroken(argv, outcome, argv.includes('json'))).toBeNull();
  return outcome;
}

/** The book's PDF plan, as `rulebook export` makes it before drawing. */
function bookPlan(file: string, text: string) {
  const source: RulebookSource = { files: [{ path: file, text }] };
  return planExport(linkRulebook(parseRulebook(source)), source, { kind: 'book', paper: 'a4' }, measureText);
}

describe('a literal autolink in text Markdown had already split: remark-gfm gives it no position', () => {
  // Every command read the link's position to record it, and stopped with "Cannot read properties of undefined".
  const escaped = '[a\\](b) \\<https://e.org>\n';

  it('is passed over by every command that reads the book', async () => {
    expect((await rulebook({ 'book.md': escaped }, 'ast', 'book.md')).code).toBe(0);
    expect((await rulebook({ 'book.md': escaped }, 'lint', 'book.md')).code).toBe(0);
    expect((await rulebook({ 'book.md': escaped }, 'export', 'book.md', '--out', 'book.pdf', '--quiet')).code).toBe(0);
  });

  it('in a skill table cell, which is read from the cell itself', async () => {
    const table = '| Skill | Cost |\n| --- | --- |\n| [a\\](b) \\<https://e.org> | 2 |\n';
    const { code, stdout } = await rulebook({ 'book.md': table }, 'ast', 'book.md', '--format', 'json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).skills.map((s: { name: string; cost: number }) => [s.name, s.cost])).toEqual([['[a](b) <https://e.org>', 2]]);
  });

  it('in text that import escapes on its way to Markdown', async () => {
    const { code } = await rulebook({ 'source.txt': '00000.1.5 [the](#the) <https://example.org> the\n' }, 'import', 'source.txt', '--out', 'out.md');
    expect(code).toBe(0);
  });
});

describe('YAML the parser lets through but cannot write back', () => {
  // Init merges its advice (numbering-gap off: .1 is skipped under three chapters) into the front matter, and writing
  // the YAML back threw on the alias: an internal error.
  const book = '---\nconditions: *missing\n---\n\n# 1 Combat\n\n## 1.2 Armour\n\n# 2 Magic\n\n## 2.2 Spells\n\n# 3 Crafting\n\n## 3.2 Potions\n';

  it('init names the file and the line of an alias without its anchor', async () => {
    for (const dryRun of [['--dry-run'], []]) {
      const { code, stderr } = await rulebook({ 'e.md': book }, 'init', 'e.md', ...dryRun);
      expect(code).toBe(2);
      expect(stderr).toBe('rulebook: e.md: line 2: front matter: Unresolved alias (the anchor must be set before the alias): missing\n');
    }
  });

  it('a key that is a list is read without a Node warning on the terminal', async () => {
    const warnings: Error[] = [];
    const listen = (warning: Error) => warnings.push(warning);
    process.on('warning', listen);
    try {
      const { code, stderr } = await rulebook({ 'book.md': '---\n? [complex, key]\n: 1\n---\n\n# 1 Rules\n\n1.1 A rule.\n' }, 'ast', 'book.md');
      await new Promise((resolve) => setImmediate(resolve));
      expect(code).toBe(0);
      expect(stderr).toBe('');
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', listen);
    }
  });
});

describe('a refusal is one line', () => {
  it('renumber with two ambiguous references names the first and where the other is', async () => {
    const book = '# 1 Rules\n\n1.1 See 1.3 and rule 1.4.\n\n1.3 A rule.\n\n1.4 Another.\n\n# 2 More\n\n2.1 Text.\n\n1.3 Written again by mistake.\n\n1.4 And this one.\n';
    const { code, stderr } = await rulebook({ 'r.md': book }, 'renumber', 'r.md', '--dry-run');
    expect(code).toBe(2);
    expect(stderr).toBe(
      'rulebook: cannot renumber: r.md:3: `See 1.3` is ambiguous: 1.3 is written on 2 entries (r.md:5, r.md:13), so renumbering cannot tell which one it means; fix the reference or those numbers by hand first (and 1 more: r.md:3)\n',
    );
  });

  it('rename-skill to a name with a line break shows the break escaped', async () => {
    const { code, stderr } = await rulebook({ 'm.md': '- **Merchant** (2 SP) Trades.\n' }, 'rename-skill', 'm.md', 'Merchant', 'Master\nMerchant', '--dry-run');
    expect(code).toBe(2);
    expect(stderr).toBe('rulebook: cannot rename: m.md: the new name `Master\\nMerchant` cannot contain a line break, `|`, `**`, `[[` or `]]`: the rulebook would read it differently\n');
  });
});

describe('a numbering gap of a hundred million numbers', () => {
  // The gap was walked a number at a time: lint and init ran for minutes (the fuzzer's watchdog stopped init at 60 s).
  const book = '# 1 Rules\n\n1.1 First.\n\n1.99999999 Last.\n';

  it('is one finding, found at once', async () => {
    const { code, stdout, ms } = await rulebook({ 'gap.md': book }, 'lint', 'gap.md', '--format', 'json');
    expect(code).toBe(0);
    expect(JSON.parse(stdout).map((f: { message: string }) => f.message)).toEqual(['Numbering gap: 1.2 to 1.99999998 are missing before 1.99999999']);
    expect(ms).toBeLessThan(10_000);
  });

  it('init reads it at once too', async () => {
    const { code, ms } = await rulebook({ 'gap.md': book }, 'init', 'gap.md', '--dry-run');
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
  });
});

describe('diff', () => {
  it('the PDF handout of a book whose settings say `date: ""`', async () => {
    // "Cannot read properties of undefined (reading 'toUpperCase')": the empty date was taken for the edition's name.
    const { code, stderr } = await rulebook({ 'old.md': '\n', 'new.md': '---\ndate: ""\n---\n\n# 1 Rules\n' }, 'diff', 'old.md', 'new.md', '--format', 'pdf', '--out', 'c.pdf');
    expect(code).toBe(0);
    expect(stderr).toBe('wrote c.pdf\n');
    const markdown = await rulebook({ 'old.md': '\n', 'new.md': '---\ndate: ""\n---\n\n# 1 Rules\n' }, 'diff', 'old.md', 'new.md', '--format', 'markdown');
    expect(markdown.stdout).toMatch(/^# What changed in the rulebook, this edition\n/);
  });
});

describe('the PDF planner', () => {
  it('a skill named inside a numbered heading is printed as that heading, and the index of skills links there', async () => {
    // Its index entry linked to an anchor no page had: "link to missing anchor `skill:p.md#0`", exit 3.
    const { code, stderr } = await rulebook({ 'p.md': '# 1.5 Fireball (0)\n' }, 'export', 'p.md', '--out', 'p.pdf');
    expect(code).toBe(0);
    expect(stderr).toMatch(/^rulebook: wrote p\.pdf/);
    const plan = bookPlan('p.md', '# 1.5 Fireball (0)\n');
    expect(plan.index.map((e) => e.name)).toEqual(['Fireball']);
    expect(plan.anchors.get(plan.index[0].anchor)).toEqual(plan.anchors.get(plan.toc[0].anchor));
  });

  it('a skill table written inside a list item: its row carries the skill\'s anchor, and the index links to it', async () => {
    // The index linked to the row's anchor, which only tables the print reader saw as tables carried (exit 3, then
    // no link). Print reads the parser's tree now: a table inside a list item is a table there, its row the anchor.
    const text = '- | Skill | Cost |\n  | --- | --- |\n  | Energy Ball | 4 |\n';
    const { code } = await rulebook({ 't.md': text }, 'export', 't.md', '--out', 't.pdf', '--quiet');
    expect(code).toBe(0);
    const plan = bookPlan('t.md', text);
    expect(plan.index.map((e) => e.name)).toEqual(['Energy Ball']);
    expect(plan.anchors.get(plan.index[0].anchor)).toBeDefined();
  });

  it('an empty heading, and a skill read with an empty name, each get a line for their anchor', async () => {
    // Text that made no line left nothing to hold the anchor: "Cannot read properties of undefined (reading 'height')"
    // for the heading, "(reading 'ops')" for the skill (a heading whose title is only a cost) when drawing its cost.
    expect((await rulebook({ 'c.md': '# General skills\n\n## \n' }, 'export', 'c.md', '--out', 'c.pdf', '--quiet')).code).toBe(0);
    expect((await rulebook({ 'a.md': '# 0a  (0 SP)\n\nPrerequisites: Energy Ball\n' }, 'export', 'a.md', '--out', 'a.pdf', '--quiet')).code).toBe(0);
  });

  it('a quote after a rule number the planner masks out is read as a quote', async () => {
    // The masked number hid the quote marker from the print reader, which read the same quote again and again until
    // the stack ran out.
    const { code } = await rulebook({ 'q.md': '2) - > Quoted after a rule number.\n' }, 'export', 'q.md', '--out', 'q.pdf', '--quiet');
    expect(code).toBe(0);
  });
});
