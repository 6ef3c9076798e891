/**
 * A reference to an item of a numbered list in its own section: the BRP Open Game License (tests/fixtures/wild/brp-srd-ru,
 * its licence left in English) asks for "the Copyright Notice detailed in Section 7", its own paragraph `7. Copyright
 * Notice:`, a numbered list's item. The book's chapter 7 is another place: the licence's reference is to its item.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LinkMemo, linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { ParseCache, parseRulebook } from '../../shared/parse/index.js';
import { link, md } from '../helpers/md.js';

const LEGAL = readFileSync(path.resolve(import.meta.dirname, '../fixtures/wild/brp-srd-ru/book/00_Legal.md'), 'utf8');
const CHAPTER_7 = md`
  # 7. Sample Foe

  The foe the Gamemaster sets against new characters (see chapter 7 for its statistics).
`;

/** Each reference as written, with the line and opening words of what it names (or null when it names nothing). */
function targets(linked: LinkedRulebook): [string, string | null][] {
  const named = new Map(linked.resolvedReferences.map((r) => [r.reference, r.entries[0]]));
  return linked.model.references.map((reference) => {
    const entry = named.get(reference);
    if (!entry) return [`${reference.range.file}:${reference.range.start.line} ${reference.text}`, null];
    const title = entry.kind === 'rule' ? entry.text : entry.title;
    const at = entry.kind === 'rule' ? entry.range : entry.headingRange;
    return [`${reference.range.file}:${reference.range.start.line} ${reference.text}`, `${at.file}:${at.start.line} ${title.slice(0, 17)}`];
  });
}

describe('a reference to an item of a numbered list in its own section', () => {
  it('names that item, not the book’s chapter of that number', () => {
    const linked = link({ '00_Legal.md': LEGAL, '07_SampleFoe.md': CHAPTER_7, 'rulebook.yaml': 'files: [00_Legal.md, 07_SampleFoe.md]\n' });
    expect(targets(linked)).toEqual([
      ['00_Legal.md:59 see Section 1', '00_Legal.md:17 Definitions:'],
      ['00_Legal.md:59 Section 1', '00_Legal.md:17 Definitions:'],
      ['00_Legal.md:61 Section 7', '00_Legal.md:69 Copyright Notice:'],
      // A chapter is the book's, whatever list stands near the reference.
      ['07_SampleFoe.md:3 see chapter 7', '07_SampleFoe.md:1 Sample Foe'],
    ]);
  });

  it('leaves a list of plain rules to the book’s numbering: "Section 4" there is a chapter, not the list’s item 4', () => {
    // The Belegarth Book of War's shape, in our words: a chapter's rules as a numbered list, few of them titled.
    const rules = md`
      ## Safety
      1. Marshals: Marshals are the referees.
      2. Hold: Anybody may call a hold.
      3. All equipment is inspected before it is used.
      4. The target of an attack makes the call.
      5. Marshals enforce the rules of Section 4 (Weapons).
    `;
    expect(targets(link(rules))).toEqual([['rulebook.md:6 Section 4', null]]);
  });

  it('finds the item an edit numbers, and loses one an edit takes away, as a fresh link does', () => {
    const cache = new ParseCache({ inPlace: true });
    const memo = new LinkMemo();
    const source = (text: string) => ({ files: [{ path: '00_Legal.md', text }] });
    // A licence in the BRP licence's shape: its items far apart, so that the reference is read in another chunk than
    // the item and is not read again. Item 1 numbered 9, then 1 again: the reference is broken, then whole.
    const filler = 'The terms of this paragraph bind every copy of the work, in print and otherwise. '.repeat(6);
    const licence = `### Licence\n\n1. Notice: Keep this notice.\n\n${`${filler}\n\n`.repeat(8)}2. Credit: Print the notice of Section 1 in every copy.\n`;
    linkRulebook(parseRulebook(source(licence), { cache }), { memo });
    const item = licence.indexOf('1. Notice:');
    for (const text of [`${licence.slice(0, item)}9${licence.slice(item + 1)}`, licence]) {
      const model = parseRulebook(source(text), { cache });
      const linked = linkRulebook(model, { memo, change: cache.change });
      expect(linked).toEqual(linkRulebook(parseRulebook(source(text))));
      expect(targets(linked)).toEqual([['00_Legal.md:21 Section 1', text === licence ? '00_Legal.md:3 Notice: Keep this' : null]]);
    }
  });
});
