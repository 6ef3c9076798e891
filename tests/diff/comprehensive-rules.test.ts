/**
 * The two Comprehensive Rules editions in the corpus are a real release apart (2020-06-01 → 2020-07-03).
 * Every fact asserted here was checked by hand against `diff` of the two source texts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeImpact, changelogMarkdown, compareRulebooks, formatComparisonText } from '../../shared/diff/index.js';
import type { EntryChange, ImpactItem, RulebookComparison } from '../../shared/diff/types.js';
import { importRulebook } from '../../shared/import/index.js';
import { linked } from './helpers.js';

const corpus = path.resolve(import.meta.dirname, '../fixtures/corpus/mtg-comprehensive-rules');
const edition = (date: string) => linked(importRulebook(readFileSync(path.join(corpus, `MagicCompRules-${date}.txt`), 'utf8'), { format: 'txt' }).markdown);

let comparison: RulebookComparison;
let impact: ImpactItem[];
const find = (type: EntryChange['type'], number: string) =>
  comparison.entries.find((e) => e.type === type && (e.type === 'removed' ? e.old.number : e.new.number) === number);

beforeAll(() => {
  const before = edition('2020-06-01');
  const after = edition('2020-07-03');
  comparison = compareRulebooks(before, after);
  impact = changeImpact(before, after, comparison);
}, 60_000);

describe('Comprehensive Rules 2020-06-01 → 2020-07-03', () => {
  it('finds the rules added in this release', () => {
    const added = comparison.entries.filter((e) => e.type === 'added').map((e) => (e.type === 'added' ? e.new.number : ''));
    // 101.4e (starting player acts first), 109.4a (mana ability controller), 603.2d (triggers additional times), 701.13 Mill.
    expect(added).toEqual(expect.arrayContaining(['101.4e', '109.4a', '603.2d', '701.13', '701.13a', '704.6', '903.9']));
    expect(find('added', '109.4a')).toMatchObject({ new: { text: 'The controller of a mana ability is determined as though it were on the stack. See rule 605, "Mana Abilities."' } });
    expect(comparison.summary.removed).toBe(0);
  });

  it('summarises the renumbering as runs, with every rule listed', () => {
    const labels = comparison.renumberRuns.map((r) => r.label);
    expect(labels).toContain('109.4a–109.4e renumbered +1 (now 109.4b–109.4f)');
    expect(labels).toContain('603.2d–603.2f renumbered +1 (now 603.2e–603.2g)');
    // Mill went in as 701.13, so every keyword action after it moved up one.
    expect(labels).toContain('701.20–701.43b renumbered +1 (now 701.21–701.44b)');
    const mill = comparison.renumberRuns.find((r) => r.oldFirst === '701.13')!;
    expect(mill.entries).toContainEqual(expect.objectContaining({ old: '701.14', new: '701.15' }));
    // 109.4a "An emblem is controlled by…" is the same rule as 109.4b now.
    expect(find('renumbered', '109.4b')).toMatchObject({ old: { number: '109.4a', text: expect.stringMatching(/^An emblem is controlled/) } });
  });

  it('shows the rewordings word by word, and the 103.1/103.2 swap as two changed rules', () => {
    const six = find('changed', '109.4');
    expect(six?.type === 'changed' && six.words.filter((w) => w.op !== 'same')).toEqual([
      { op: 'removed', text: 'five' },
      { op: 'added', text: 'six' },
    ]);
    expect(find('changed', '613.7g')).toMatchObject({ words: expect.arrayContaining([{ op: 'added', text: 'time ' }]) });
    // The old 103.2 (who goes first) is now 103.1, and the old 103.1 (shuffling) is now 103.2.
    expect(find('changed', '103.1')).toMatchObject({ old: { number: '103.2' }, renumbered: true });
    expect(find('changed', '103.2')).toMatchObject({ old: { number: '103.1' }, renumbered: true });
    const types = find('changed', '205.3m');
    expect(types?.type === 'changed' && types.words.filter((w) => w.op !== 'same').map((w) => `${w.op} ${w.text}`)).toEqual(['added Dog, ', 'removed Hound, ']);
  });

  it('sees the state-based actions that moved to the new 704.6, and the references that only followed the renumbering', () => {
    expect(find('moved', '704.6e')).toMatchObject({ old: { number: '704.5w' }, fromParent: '704.5', toParent: '704.6' });
    // 120.6 "see rule 701.14, Regenerate" → "701.15": not a change a player needs to read.
    expect(find('changed', '120.6')).toMatchObject({ referencesOnly: true });
    expect(comparison.summary.changed).toBe(20);
  });

  it('finds the two references to 903.9a that this release left pointing at a different rule', () => {
    expect(impact.map((i) => [i.holder, i.kind, i.target, i.replacement])).toEqual([
      ['712.4d', 'now-points-elsewhere', '903.9a', '903.9c'],
      ['721.3d', 'now-points-elsewhere', '903.9a', '903.9c'],
    ]);
  });

  it('writes release notes a player can read', () => {
    const notes = changelogMarkdown(comparison);
    expect(notes.startsWith('# What changed in Magic: The Gathering Comprehensive Rules, edition 2020-07-03\n\nCompared with edition 2020-06-01.\n')).toBe(true);
    expect(notes).toContain('## 1. Game Concepts\n\n### New rules\n\n- **101.4e** If multiple players would make choices');
    expect(notes).toContain('- **116.2** There are ~~eight~~ **nine** special actions:');
    expect(notes).toContain('- 109.4a–109.4e are now 109.4b–109.4f (5 rules).');
    // 103.1 and 103.2 were reworded and swapped: their run is not headed "same text".
    expect(notes).toContain('### Renumbered rules\n\n- 103.2–103.2c are now 103.1–103.1c (4 rules).');
    expect(notes).not.toContain('**120.6**');
    // A book without skills does not mention skills.
    expect(notes).toContain('**At a glance:** Rules: 16 new, 20 changed, 5 moved, 140 only renumbered.\n');
    expect(notes).not.toMatch(/skill/i);
    // Edits glued to a word by punctuation are widened to whole words, and a replacement never runs into one word.
    expect(notes).toContain('performs any actions on ~~the exiled~~ **"the"** card');
    expect(notes).toContain("greater than **lethal damage that would be dealt to a creature. Lethal damage is** the creature's ~~toughness, taking into account~~ **toughness minus** damage");
    expect(notes).toContain('all face-down ~~permanents~~ **permanents, face-down components of merged permanents,** and **face-down** spells');
    // Rendered as GFM, every ** and ~~ became emphasis: none is left in the words a player reads.
    const literal: string[] = [];
    const walk = (node: { type: string; value?: string; children?: unknown[] }) => {
      if (node.type === 'text' && /\*\*|~~/.test(node.value ?? '')) literal.push(node.value!);
      for (const child of node.children ?? []) walk(child as typeof node);
    };
    walk(unified().use(remarkParse).use(remarkGfm).parse(notes) as never);
    expect(literal).toEqual([]);
    expect(notes.split('\n').length).toBeLessThan(150);
    expect(formatComparisonText(comparison, impact).split('\n')[1]).toBe('Rules: 16 added, 0 removed, 20 changed, 140 renumbered (8 runs), 5 moved, 25 with references updated.');
  });
});
