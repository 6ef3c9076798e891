// Importing each of the five seed texts: the result parses, and it recovers ≥ 95% of the hand conversion's numbered rules and skills.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { formatReport, importRulebook } from '../../shared/import/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { measureRecovery } from './helpers/recovery.js';

const SEEDS = path.resolve(import.meta.dirname, '../fixtures/seeds');
const HAND = path.resolve(__dirname, '../fixtures/samples');
const NAMES = ['amtgard-magic', 'ars-magica-combat', 'funjerai', 'kingdoms-of-novitas', 'miniatures-skirmish'];
/** The hand conversion: one .md file or a folder, when it has landed. */
function handConverted(name: string): string | null {
  for (const candidate of [path.join(HAND, `${name}.md`), path.join(HAND, name)]) if (existsSync(candidate)) return candidate;
  return null;
}

function percent(n: number, of: number): string {
  return of === 0 ? 'n/a' : `${((100 * n) / of).toFixed(1)}%`;
}

describe.each(NAMES)('importing the seed %s', (name) => {
  const text = readFileSync(path.join(SEEDS, `${name}.txt`), 'utf8');
  const { markdown, report } = importRulebook(text, { format: 'txt', name });
  const imported = parseRulebook({ files: [{ path: 'rulebook.md', text: markdown }] });

  it('yields a rulebook that parses without diagnostics', () => {
    expect(imported.diagnostics).toEqual([]);
    expect(report.counts.sections).toBe(imported.sections.length);
    expect(imported.sections.length).toBeGreaterThan(0);
  });

  it('reports every prerequisite that names no skill, as many times as the linter will', () => {
    const unresolved = linkRulebook(imported).unresolvedPrerequisites.map((u) => u.term.text);
    expect(report.unknownPrerequisites.reduce((n, u) => n + u.places, 0)).toBe(unresolved.length);
    for (const u of report.unknownPrerequisites) expect(unresolved.filter((t) => t === u.name).length, u.name).toBe(u.places);
    if (name === 'kingdoms-of-novitas') {
      // Requirements that are not skills: the hand conversion lists them under conditions:. "GM permission" is no
      // name where every skill is named in title case, so it describes; "Level 3 Aegis Spell" could be one.
      expect(report.unknownPrerequisites.map((u) => u.name)).not.toContain('GM permission');
      expect(report.unknownPrerequisites[0]).toEqual({ name: 'Level 1 Aegis Spell', places: 2 });
      expect(report.unknownPrerequisites.map((u) => u.name)).toContain('Level 3 Aegis Spell');
      expect(formatReport(report, name)).toMatch(/\d+ prerequisite\(s\) name no skill of the rulebook:\n {2}Level 1 Aegis Spell \(×2\), /);
    }
  });

  const hand = handConverted(name);
  it.runIf(hand !== null)('recovers at least 95% of the hand conversion\'s numbered rules and skills', async () => {
    const loaded = await loadRulebook(hand!);
    const recovery = measureRecovery(parseRulebook(loaded.source), imported);
    const { rules, skills } = recovery;
    console.log(
      `${name}: rules ${rules.recovered}/${rules.expected} (${percent(rules.recovered, rules.expected)}), ` +
        `skills ${skills.recovered}/${skills.expected} (${percent(skills.recovered, skills.expected)})` +
        (rules.missing.length ? `\n  rules not recovered: ${rules.missing.slice(0, 15).join(', ')}` : '') +
        (skills.missing.length ? `\n  skills not recovered:\n    ${skills.missing.slice(0, 15).join('\n    ')}` : ''),
    );
    if (rules.expected) expect(rules.recovered / rules.expected).toBeGreaterThanOrEqual(0.95);
    if (skills.expected) expect(skills.recovered / skills.expected).toBeGreaterThanOrEqual(0.95);
  });
});
