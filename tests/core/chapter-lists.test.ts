/**
 * Chapters numbered by their order whose rules are numbered lists: the Belegarth Book of War (a foam-combat LARP's
 * rules, kept as one Markdown file with no licence, so written here in our own words in its shape) has a title
 * `# The … Book of War` over `## Safety and Adjudication`, `## Combat`…, each chapter's rules a numbered list nested
 * by tabs, as a word processor numbered them. Its text names them "rule 3.7.3.4" (the third chapter's item 7, its
 * item 3, its item 4), "rule 1.0" (the first chapter's item 0), "Section 4" (the fourth chapter) and "Section 4.4".
 */
import { describe, expect, it } from 'vitest';
import { inferLayout } from '../../shared/layout/infer.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { link } from '../helpers/md.js';

const BOOK = [
  '# The Book of War',
  '## Safety',
  '0. Everyone fights fairly and safely.',
  '1. Marshals: Marshals referee the battle.',
  '\t1. A marshal may remove anyone who breaks rule 1.0.',
  '\t2. Marshals check weapons as Section 3 sets out.',
  '2. A combatant may call themselves dead at any time, as rule 2.2.1.2 shows.',
  '## Combat',
  '1. Weapon to weapon contact is allowed.',
  '2. Hits:',
  '\t1. Death: Combatants lie down at once.',
  '\t\t1. A dead combatant does not speak.',
  '\t\t2. A dead combatant may leave the field calling “DEAD”, as in rule 1.2.',
  '3. A crossbow may draw at most 450 inch-pounds (518.5 kgf-cm), see 2.2.1.',
  '## Weapons',
  '1. Every weapon is checked before use (Section 3.2).',
  '2. Marking: Weapons carry the tape of their class.',
  '',
].join('\n');

const settings = (yaml: string) => ({ 'book.md': BOOK, 'rulebook.yaml': yaml });
const LAYOUT = 'layout:\n  numbering:\n    chapterOrder: true\n  references:\n    bare: true\n';

/** Each reference with the line of what it names, null when it names nothing. */
function targets(linked: LinkedRulebook): [string, number | null][] {
  const named = new Map(linked.resolvedReferences.map((r) => [r.reference, r.entries[0]]));
  return linked.model.references.map((reference) => {
    const entry = named.get(reference);
    const line = entry ? (entry.kind === 'rule' ? entry.range : entry.headingRange).start.line : null;
    return [reference.text, line];
  });
}

describe('chapters numbered by their order, their rules numbered lists', () => {
  it('names a list item by its chapter’s place and its place in the lists', () => {
    expect(targets(link(settings(LAYOUT)))).toEqual([
      ['rule 1.0', 3],
      ['Section 3', 15],
      ['rule 2.2.1.2', 13],
      ['rule 1.2', 7],
      // A measure in parentheses names nothing, though bare numbers are references here.
      ['see 2.2.1', 11],
      ['Section 3.2', 17],
    ]);
  });

  it('names none of them without the setting', () => {
    const linked = link(settings('layout:\n  references:\n    bare: true\n'));
    expect(targets(linked).filter(([, line]) => line !== null)).toEqual([]);
  });

  it('leaves a chapter that carries its own number to it', () => {
    const numbered = link({ 'book.md': BOOK.replace('## Combat', '## 7. Combat'), 'rulebook.yaml': LAYOUT });
    expect(targets(numbered).find(([text]) => text === 'rule 2.2.1.2')).toEqual(['rule 2.2.1.2', null]);
  });

  it('is what init proposes, and why', () => {
    const { settings: proposed, reasons } = inferLayout({ files: [{ path: 'book.md', text: BOOK }] });
    expect(proposed.layout).toMatchObject({ numbering: { chapterOrder: true } });
    expect(reasons).toContainEqual(
      "The text names 6 rules by numbers no heading carries (`A marshal may remove anyone who breaks rule 1.0.`): they are the chapters' numbered lists counted under each chapter, chapter N the N-th of the 3 chapters.",
    );
  });
});
