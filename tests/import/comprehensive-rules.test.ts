// Importing a Magic: The Gathering Comprehensive Rules edition: every numbered rule, chapter, section and glossary term comes back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { importRulebook } from '../../shared/import/index.js';

const CORPUS = path.resolve(import.meta.dirname, '../fixtures/corpus/mtg-comprehensive-rules');
const EDITIONS = [
  { file: 'MagicCompRules-2020-06-01.txt', edition: '2020-06-01' },
  { file: 'MagicCompRules-2020-07-03.txt', edition: '2020-07-03' },
];

/** The source's numbered rules, read straight off the text: the numbered line plus the lines glued under it, Examples apart. */
function sourceRules(text: string): Map<string, string> {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const body = lines.slice(lines.findIndex((l, i) => i > 20 && /^1\. Game Concepts$/.test(l)));
  const rules = new Map<string, string>();
  for (let i = 0; i < body.length; i++) {
    const m = /^\s*(\d+\.\d+[a-z]?)\.?\s+(.*)$/.exec(body[i]);
    if (!m) continue;
    let ruleText = m[2].trim();
    for (let j = i + 1; j < body.length && body[j].trim() && !/^\s*(?:Example:|\d)/.test(body[j]); j++) ruleText += ` ${body[j].trim()}`;
    expect(rules.has(m[1]), `number ${m[1]} twice in the source`).toBe(false);
    rules.set(m[1], ruleText);
  }
  return rules;
}

/** Chapters and sections as the contents list gives them: "1. Game Concepts", "100. General". */
function sourceHeadings(text: string): { number: string; title: string }[] {
  const contents = text.slice(text.indexOf('Contents'), text.indexOf('Glossary'));
  return [...contents.matchAll(/^\s*(\d+)\. (.+)$/gm)].map((m) => ({ number: m[1], title: m[2].trim() }));
}

function glossaryTerms(text: string): string[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const start = lines.lastIndexOf('Glossary');
  const end = lines.lastIndexOf('Credits');
  return lines.slice(start + 1, end).filter((l, i, all) => l.trim() && !all[i - 1]?.trim()).map((l) => l.trim());
}

describe.each(EDITIONS)('importing the Comprehensive Rules $file', ({ file, edition }) => {
  const source = readFileSync(`${CORPUS}/${file}`, 'utf8');
  const { markdown, report } = importRulebook(source, { format: 'txt' });
  const model = parseRulebook({ files: [{ path: 'rulebook.md', text: markdown }] });
  const linked = linkRulebook(model);

  it('reads the title, the edition and the numbering conventions into the front matter', () => {
    expect(model.config.title).toBe('Magic: The Gathering Comprehensive Rules');
    expect(model.config.edition).toBe(edition);
    expect(model.config.numbering.skipLetters).toEqual(['l', 'o']);
    expect(model.config.numbering.hundredsSections).toBe(true);
    expect(model.diagnostics).toEqual([]);
  });

  it('recovers every numbered rule with its number and text', () => {
    const expected = sourceRules(source);
    const actual = new Map(model.rules.filter((r) => r.scope === 'global').map((r) => [r.number.key, r.text]));
    console.log(`${file}: ${expected.size} numbered rules in the source, ${actual.size} in the import`);
    expect(expected.size).toBeGreaterThan(2400);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    const wrong = [...expected].filter(([number, text]) => actual.get(number) !== text.replace(/\s+/g, ' '));
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(report.counts.rules).toBe(expected.size);
  });

  it('keeps Example lines as paragraphs of their own, not inside the rule', () => {
    const rule = model.rules.find((r) => r.number.key === '107.1b')!;
    expect(rule.text).not.toContain('Example:');
    expect(markdown).toMatch(/^107\.1b .*\n\nExample: If a 3\/4 creature gets -5\/-0/m);
  });

  it('makes chapters and sections headings, once each, and drops the contents list', () => {
    const expected = sourceHeadings(source);
    expect(expected.length).toBeGreaterThan(100);
    const numbered = model.sections.filter((s) => s.number);
    expect(numbered.map((s) => ({ number: s.number!.key, title: s.title }))).toEqual(expected);
    for (const s of numbered) expect(s.depth).toBe(s.number!.key.length === 1 ? 1 : 2);
    expect(linked.duplicateNumbers).toEqual([]);
  });

  it('reads the glossary as one heading per term under # Glossary, and none of them becomes a skill', () => {
    const terms = glossaryTerms(source);
    expect(terms.length).toBeGreaterThan(500);
    const glossary = model.sections.find((s) => s.title === 'Glossary' && s.depth === 1)!;
    const entries = model.sections.filter((s) => s.parentId === glossary.id);
    expect(entries.map((s) => s.title)).toEqual(terms);
    expect(entries.every((s) => s.depth === 3)).toBe(true);
    expect(model.skills).toEqual([]);
    expect(report.counts.glossaryTerms).toBe(terms.length);
    expect(model.sections.some((s) => s.title === 'Credits' && s.depth === 1)).toBe(true);
  });

  it('resolves every rule reference except the range the core misreads ("rules 119.9-10")', () => {
    expect(model.references.length).toBeGreaterThan(1000);
    // Known core bug (reported): a range ending in a bare number ("119.9-10") is read as ending at rule "10".
    const unresolved = linked.unresolvedReferences.map((u) => u.reference.text);
    expect(unresolved.filter((t) => !/^see rules \d+\.\d+-\d+$/.test(t))).toEqual([]);
  });
});
