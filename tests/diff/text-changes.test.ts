/**
 * The comparison reports every change of text, not only numbered rules and skills: unnumbered paragraphs, list
 * items, table rows, headings and settings, grouped by section, with a word diff for changed blocks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { diffLines } from 'diff';
import { beforeAll, describe, expect, it } from 'vitest';
import { changelogMarkdown, compareRulebooks, formatComparisonText, toJsonComparison } from '../../shared/diff/index.js';
import { planHandout } from '../../shared/diff/handout-plan.js';
import { importRulebook } from '../../shared/import/index.js';
import type { RulebookComparison, TextChange } from '../../shared/diff/types.js';
import { linkRulebook } from '../../shared/link/index.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { md } from './helpers.js';
import { compareWorkingCopy, linkOlder } from '../../shared/service/changes.js';
import { buildReview } from '../../main/review/build-review.js';
import { analyseVersion } from '../../main/diff/load-version.js';
import { formatReviewMarkdown } from '../../main/review/format-markdown.js';

const one = (text: string, file = 'rulebook.md'): RulebookSource => ({ files: [{ path: file, text }] });
function compare(a: RulebookSource, b: RulebookSource): RulebookComparison {
  return compareRulebooks(linkRulebook(parseRulebook(a)), linkRulebook(parseRulebook(b)), { old: a, new: b });
}
const all = (c: RulebookComparison) => c.text!.sections.flatMap((s) => s.changes.map((change) => ({ path: s.path.join(' › '), removed: s.removed, change })));
const shown = (change: TextChange) =>
  change.type === 'added' ? `+ ${change.new.kind} ${change.new.text}` : change.type === 'removed' ? `- ${change.old.kind} ${change.old.text}` : `${change.type === 'moved' ? '>' : '~'} ${change.old.kind}→${change.new.kind} ${change.new.text}`;

const BOOK = md`
  ---
  title: Kingdoms
  ---
  # Combat

  Fights are called by a marshal.

  1.1 A hit to a limb disables it.

  ## Armour

  Armour is worn over the tabard.

  - Leather gives one point.
  - Chain gives two points.

  | Armour | Points |
  | --- | --- |
  | Leather | 1 |
  | Chain | 2 |

  # Magic

  Spells are said loudly.
`;

describe('text changes on small books', () => {
  it('equal texts, or texts differing only in line endings, are "nothing changed"', () => {
    const c = compare(one(BOOK), one(BOOK.replace(/\n/g, '\r\n')));
    expect(c.text).toEqual({ identical: true, sections: [] });
    expect(formatComparisonText(c, [])).toContain('No changes.');
    expect(planHandout(c, 'x').some((b) => b.spans.some((s) => s.text === 'Nothing changed.'))).toBe(true);
  });

  it('a paragraph, a list item, a table row and a heading changed, each in its section with a word diff', () => {
    const after = BOOK.replace('called by a marshal', 'called by any marshal')
      .replace('- Chain gives two points.', '- Chain gives two points.\n- Plate gives three points.')
      .replace('| Chain | 2 |', '| Chain | 3 |')
      .replace('## Armour', '## Armour and shields')
      .replace('Spells are said loudly.\n', '');
    const c = compare(one(BOOK), one(after));
    expect(all(c).map((x) => `${x.path}: ${shown(x.change)}`)).toEqual([
      'Combat: ~ paragraph→paragraph Fights are called by any marshal.',
      'Combat › Armour and shields: ~ heading→heading Armour and shields',
      'Combat › Armour and shields: + list-item Plate gives three points.',
      'Combat › Armour and shields: ~ table-row→table-row Chain | 3',
      'Magic: - paragraph Spells are said loudly.',
    ]);
    const first = all(c)[0].change;
    expect(first.type === 'changed' && first.words.filter((w) => w.op !== 'same')).toEqual([
      { op: 'removed', text: 'a' },
      { op: 'added', text: 'any' },
    ]);
    expect(c.summary).toMatchObject({ added: 0, changed: 0, textAdded: 1, textRemoved: 1, textChanged: 3, textMoved: 0 });
  });

  it('leaves a numbered rule to the rule comparison, but reports what it cannot see (emphasis)', () => {
    const reworded = compare(one(BOOK), one(BOOK.replace('disables it', 'disables it for the fight')));
    expect(reworded.summary.changed).toBe(1);
    expect(all(reworded)).toEqual([]);
    // Rule texts are matched without emphasis: the text comparison is what tells the reader.
    const emphasised = compare(one(BOOK), one(BOOK.replace('disables it', '**disables** it')));
    expect(emphasised.summary.changed).toBe(0);
    expect(all(emphasised).map((x) => shown(x.change))).toEqual(['~ paragraph→paragraph 1.1 A hit to a limb **disables** it.']);
  });

  it('blank lines alone are formatting: counted and said, never "no changes"', () => {
    const c = compare(one(BOOK), one(BOOK.replace('Fights are called by a marshal.\n', 'Fights are called by a marshal.\n\n\n')));
    expect(c.text?.identical).toBe(false);
    expect(c.text?.sections).toEqual([]);
    expect(c.summary.textFormatting).toBe(1);
    const text = formatComparisonText(c, []);
    expect(text).not.toContain('No changes.');
    expect(text).toContain('1 place differs only in formatting');
    expect(changelogMarkdown(c)).toContain('No changes in the words.');
    expect(planHandout(c, 'x').flatMap((b) => b.spans.map((s) => s.text)).join(' ')).toContain('No changes in the words.');
  });

  it('a paragraph moved to another section is one move; a removed section is named as removed', () => {
    const after = BOOK.replace('Armour is worn over the tabard.\n\n', '').replace('Spells are said loudly.', 'Spells are said loudly.\n\nArmour is worn over the tabard.');
    expect(all(compare(one(BOOK), one(after))).map((x) => `${x.path}: ${shown(x.change)}`)).toEqual(['Magic: > paragraph→paragraph Armour is worn over the tabard.']);
    const gone = compare(one(BOOK), one(BOOK.replace('# Magic\n\nSpells are said loudly.\n', '')));
    expect(all(gone).map((x) => [x.path, x.removed, shown(x.change)])).toEqual([
      ['Magic', true, '- heading Magic'],
      ['Magic', true, '- paragraph Spells are said loudly.'],
    ]);
  });

  it('compares settings, and a folder book file by file (a new chapter file is all additions)', () => {
    const a: RulebookSource = { manifest: { path: 'rulebook.yaml', text: 'title: K\nedition: "1"\nfiles: [a.md]\n' }, files: [{ path: 'a.md', text: '# A\n\nOne.\n' }] };
    const b: RulebookSource = { manifest: { path: 'rulebook.yaml', text: 'title: K\nedition: "2"\nfiles: [a.md, b.md]\n' }, files: [{ path: 'a.md', text: '# A\n\nOne.\n' }, { path: 'b.md', text: '# B\n\nTwo.\n' }] };
    const c = compare(a, b);
    expect(all(c).map((x) => `${x.path}: ${shown(x.change)}`)).toEqual([
      ': ~ settings→settings title: K\nedition: "2"\nfiles: [a.md, b.md]',
      'B: + heading B',
      'B: + paragraph Two.',
    ]);
    expect(all(c)[2].change).toMatchObject({ new: { range: { file: 'b.md', start: { line: 3 } } } });
  });
});

const history = path.resolve(import.meta.dirname, '../fixtures/ars-magica-history');
const arsOld = readFileSync(path.join(history, 'ars-magica-combat.2d63f07.md'), 'utf8');
const arsNew = readFileSync(path.join(history, 'ars-magica-combat.e3cd56e.md'), 'utf8');

describe('Ars Magica sample: first committed revision → tables and lists rebuilt', () => {
  const c = compare(one(arsOld, 'ars-magica-combat.md'), one(arsNew, 'ars-magica-combat.md'));
  const changes = all(c);
  const find = (section: string, test: (change: TextChange) => boolean) => changes.find((x) => x.path === section && test(x.change))?.change;

  it('has no numbered rules or skills, and still reports its text changes', () => {
    expect(c.entries).toEqual([]);
    expect(c.skills).toEqual([]);
    expect(c.summary.textChanged).toBeGreaterThan(150);
    expect(formatComparisonText(c, [])).not.toContain('No changes.');
    expect(planHandout(c, 'x').some((b) => b.spans.some((s) => s.text === 'Nothing changed.'))).toBe(false);
  });

  it('reports the rebuilt tables row by row', () => {
    // Each row was a paragraph of run-together cells; now a table row, its cells between pipes.
    const door = find('Terrain Examples', (x) => x.type === 'changed' && x.new.text === 'Force open a normal door | Ext. | Str | 9');
    expect(door).toMatchObject({ old: { kind: 'paragraph', text: '*Force open a normal door Ext. Str 9*' }, new: { kind: 'table-row', range: { start: { line: 178 } } } });
    expect(find('Terrain Examples', (x) => x.type === 'added' && x.new.text === 'Action | Action Type | Stress Roll | Ease Factor')).toBeDefined();
    expect(find('Terrain Examples', (x) => x.type === 'removed' && x.old.text === '*Type*')).toBeDefined();
    const rows = changes.filter((x) => x.change.type !== 'removed' && x.change.new.kind === 'table-row');
    expect(rows.length).toBeGreaterThan(80);
    // The old table's header cells that were read as headings ("Levels", "Notes") are gone with their sections.
    const goneHeadings = changes.filter((x) => x.removed && x.change.type === 'removed' && x.change.old.kind === 'heading').map((x) => x.path);
    expect(goneHeadings).toContain('Option: Try Using the Other End › Levels');
    expect(goneHeadings).toContain('Option: Try Using the Other End › Notes');
  });

  it('reports the paragraphs that became list items, and paragraphs joined, with word diffs', () => {
    const missiles = find('Actions in Combat', (x) => x.type === 'changed' && x.new.text === 'Attack with missiles');
    expect(missiles?.type === 'changed' && missiles.words).toEqual([
      { op: 'removed', text: '*' },
      { op: 'same', text: 'Attack with missiles' },
      { op: 'removed', text: ' •*' },
    ]);
    expect(find('Actions in Combat', (x) => x.type === 'added' && x.new.kind === 'list-item' && x.new.text === 'Attack in melee')).toBeDefined();
    // "…Defense roll to avoid an enemy’s attack or a" / "Concentration roll to maintain a spell…" are one paragraph now.
    const joined = find('Actions in Combat', (x) => x.type === 'changed' && x.new.text.startsWith('*A common situation in combat'));
    expect(joined?.type === 'changed' && joined.words.filter((w) => w.op === 'added').map((w) => w.text.trim())[0]).toMatch(/^Concentration roll to maintain a spell/);
    expect(find('', (x) => x.type === 'added' && x.new.kind === 'html' && x.new.text.startsWith('<!-- The source page ends'))).toBeDefined();
    // The sidebar that is main text now: the same words, no longer in a quote.
    expect(find('Equipment Availability', (x) => x.type === 'changed' && !x.new.quoted && x.old.quoted && x.new.text.startsWith('*It may be useful to troupes'))).toBeDefined();
    expect(changes.at(-1)?.change).toMatchObject({ type: 'removed', old: { text: '{{ArsMnavbox}}' } });
  });

  it('misses no changed line: each added or removed line with words lies in a reported block, or was only moved', () => {
    const covered = (side: 'old' | 'new', line: number) =>
      changes.some(({ change }) => {
        const block = side === 'old' ? (change.type === 'added' ? null : change.old) : change.type === 'removed' ? null : change.new;
        return block !== null && block.range.start.line <= line && line <= block.range.end.line;
      });
    let oldLine = 1;
    let newLine = 1;
    const missed: string[] = [];
    const parts = diffLines(arsOld, arsNew);
    // Where diffLines and the block alignment chose different sides of a swap, the line stands word for word on both.
    const removedLines = new Set(parts.filter((p) => p.removed).flatMap((p) => p.value.split('\n')));
    const addedLines = new Set(parts.filter((p) => p.added).flatMap((p) => p.value.split('\n')));
    for (const part of parts) {
      const lines = part.value.split('\n').slice(0, part.count);
      lines.forEach((text, k) => {
        // Blank lines, quote markers and a table's delimiter row hold no words.
        if (!/[\p{L}\p{N}]/u.test(text)) return;
        if (part.removed && !covered('old', oldLine + k) && !addedLines.has(text)) missed.push(`old ${oldLine + k}: ${text}`);
        if (part.added && !covered('new', newLine + k) && !removedLines.has(text)) missed.push(`new ${newLine + k}: ${text}`);
      });
      if (!part.added) oldLine += part.count!;
      if (!part.removed) newLine += part.count!;
    }
    expect(missed).toEqual([]);
  });

  it('prints them in every output: text, JSON, changelog and handout', () => {
    const text = formatComparisonText(c, []);
    expect(text).toMatch(/^Rules: 0 added, 0 removed, 0 changed, 0 renumbered, 0 moved\. Text: \d+ added, \d+ removed, \d+ changed, 1 moved\.$/m);
    expect(text).toContain('~ paragraph, now a table row: [-*-]Force open a normal door {+| +}Ext. {+| +}Str {+| +}9[-*-]');
    const json = JSON.parse(JSON.stringify(toJsonComparison(c)));
    expect(json.summary).toMatchObject({ added: 0, textChanged: c.summary.textChanged });
    expect(json.text.sections.find((s: { path: string[] }) => s.path.join(' › ') === 'Actions in Combat').changes).toContainEqual(
      expect.objectContaining({ type: 'added', new: expect.objectContaining({ kind: 'list-item', text: 'Attack in melee', file: 'ars-magica-combat.md', line: 39, column: 1 }) }),
    );
    const markdown = changelogMarkdown(c, 'the first revision');
    expect(markdown).toContain('Other text: ');
    // Emphasis markers are left out of the changelog's diffs: what is struck and bolded is words and cells.
    expect(markdown).toMatch(/## Terrain Examples\n\n### Other text\n\n[\s\S]*- Paragraph, now a table row: Force open a normal door \*\*\|\*\* Ext\. \*\*\|\*\* Str \*\*\|\*\* 9\n/);
    expect(markdown).toContain('- Paragraph, now a list item: Attack with missiles ~~•~~\n');
    expect(markdown).toContain('- New HTML block: \\<!-- The source page ends');
    const handout = planHandout(c, 'the first revision');
    expect(handout.filter((b) => b.kind === 'heading' && b.spans[0].text === 'Other text').length).toBeGreaterThan(20);
    expect(handout.some((b) => b.kind === 'item' && b.spans.map((s) => s.text).join('') === 'New list item: Dense undergrowth')).toBe(true);
  });
});

describe('Comprehensive Rules 2020-06-01 → 2020-07-03 with their texts', () => {
  const corpus = path.resolve(import.meta.dirname, '../fixtures/corpus/mtg-comprehensive-rules');
  const edition = (date: string) => one(importRulebook(readFileSync(path.join(corpus, `MagicCompRules-${date}.txt`), 'utf8'), { format: 'txt' }).markdown);
  let withTexts: RulebookComparison;
  let rulesOnly: RulebookComparison;
  beforeAll(() => {
    const before = edition('2020-06-01');
    const after = edition('2020-07-03');
    const [a, b] = [linkRulebook(parseRulebook(before)), linkRulebook(parseRulebook(after))];
    rulesOnly = compareRulebooks(a, b);
    withTexts = compareRulebooks(a, b, { old: before, new: after });
  }, 60_000);

  it('counts rules exactly as without the texts', () => {
    const ruleCounts = (s: RulebookComparison['summary']) => Object.fromEntries(Object.entries(s).filter(([key]) => !key.startsWith('text')));
    expect(ruleCounts(withTexts.summary)).toEqual(ruleCounts(rulesOnly.summary));
    const { textAdded, textRemoved, textChanged, textMoved, textReferencesUpdated, textFormatting } = withTexts.summary;
    expect(withTexts.summary).toMatchObject({ added: 16, changed: 20, renumbered: rulesOnly.summary.renumbered, removed: 0 });
    expect(withTexts.entries).toEqual(rulesOnly.entries);
    expect([textAdded, textRemoved, textChanged, textMoved, textFormatting]).toEqual([3, 0, 5, 0, 0]);
    // The glossary's "See rule 701.14" lines that followed the renumbering: counted, not listed.
    expect(textReferencesUpdated).toBeGreaterThan(25);
  });

  it('finds the prose the rule comparison cannot: the effective date, a glossary entry, an example', () => {
    const lines = all(withTexts)
      .filter((x) => !(x.change.type === 'changed' && x.change.referencesOnly))
      .map((x) => `${x.path}: ${shown(x.change).slice(0, 80)}`);
    expect(lines).toEqual([
      ': ~ settings→settings title: "Magic: The Gathering Comprehensive Rules"\nedition: "',
      ': ~ paragraph→paragraph These rules are effective as of July 3, 2020.',
      '7. Additional Rules › 701. Keyword Actions: + paragraph Example: Darksteel Colossus and Gravebane Zombie are put into a play',
      "8. Multiplayer Rules › 801. Limited Range of Influence Option: ~ paragraph→paragraph Example: Carissa and Alex are outside each other's range o",
      "Glossary › Lethal Damage: ~ paragraph→paragraph An amount of damage greater than or equal to a creature's ",
      'Glossary › Mill: + heading Mill',
      'Glossary › Mill: + paragraph To mill a number of cards, a player puts that many cards from the to',
      'Credits: ~ paragraph→paragraph These rules are effective as of July 3, 2020.',
    ]);
    const date = all(withTexts).find((x) => x.change.type === 'changed' && x.change.new.text.startsWith('These rules are effective'))!.change;
    expect(date.type === 'changed' && date.words.filter((w) => w.op !== 'same')).toEqual([
      { op: 'removed', text: 'June 1' },
      { op: 'added', text: 'July 3' },
    ]);
    const text = formatComparisonText(withTexts, []);
    expect(text).toContain('text blocks only had rule numbers updated to follow the renumbering');
    expect(text).not.toContain('See rule 701.[-14-]');
  });
});

describe('the app and the review reuse the comparison', () => {
  const before = one(BOOK);
  const after = one(BOOK.replace('Armour is worn over the tabard.', 'Armour is worn under the tabard.').replace('1.1 A hit', '1.1 A blow'));

  it("the Changes panel's view lists the text changes by section, rules apart", () => {
    const view = compareWorkingCopy(linkOlder({ label: 'edition 1', manifest: null, files: before.files }), 'edition 1', linkRulebook(parseRulebook(after)), { old: before, new: after });
    expect(view.entries.map((e) => e.type)).toEqual(['changed']);
    expect(view.identical).toBe(false);
    expect(view.text.map((t) => [t.path.join(' › '), t.changes.map(shown)])).toEqual([['Combat › Armour', ['~ paragraph→paragraph Armour is worn under the tabard.']]]);
  });

  it("the review's Markdown counts the other text changes in its table", () => {
    const markdown = formatReviewMarkdown(buildReview(analyseVersion('base', before), analyseVersion('head', after)));
    expect(markdown).toContain('| Rules and headings | 1 changed |');
    expect(markdown).toContain('| Other text | 1 changed |');
    const same = formatReviewMarkdown(buildReview(analyseVersion('base', before), analyseVersion('head', before)));
    expect(same).not.toContain('Other text');
  });
});
