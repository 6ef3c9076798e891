/**
 * Lists priced by the bold label over them, and prices with more in their parentheses, in the shape of the Ashfall
 * TTRPG's class files (github.com/Ebon-Spire/ashfall-ttrpg, rules/classes/*.md: `**Tier 2 Abilities (10 CP each,
 * requires one Tier 1):**` over `- **Improved Divine Strike:** …`, and `- **Cleave (10 CP, Requires Power Strike):**`).
 * That book is CC BY-NC-SA 4.0, which our fixtures do not take, so the text below is our own words in its shape. Before
 * this, its classes' 300-odd abilities were read as one false skill a tier ("Tier 1 Abilities") or not at all, and
 * what its levels grant (`### Level 1: Channel Energy` over `**Action Cost:**` and `**Effect:**`) as skills.
 */
import { describe, expect, it } from 'vitest';
import type { Skill } from '../../shared/model/types.js';
import { blockBoundaries, splitChunks } from '../../shared/parse/chunks.js';
import { boldLabelPrice } from '../../shared/parse/heading-price.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { buildContent, skillBody, type ContentBlock } from '../../shared/publish/content.js';
import { FileProse } from '../../shared/publish/prose-blocks.js';
import { costsBeforeAndAfterEdit } from '../helpers/incremental.js';
import { md, parse, slice } from '../helpers/md.js';

const CLASS = md`
  ---
  costUnits: [CP]
  ---
  # Duelist

  ## Proficiencies

  **Weapons:** Simple and martial blades
  **Armor:** Light armour

  ## Level Progression

  ### Level 1: Guard Up

  **Action Cost:** 1 action
  **Range:** Self
  **Effect:** Raise your guard until your next turn.

  ## Skill Trees

  ### Blades

  **Tier 1 Abilities (5 CP each):**
  - **Guard Stance:** Switch between a high and a low guard as a free action.
  - **Quick Cut:** +1d4 damage on your first hit each turn.
  - A note that names no ability.

  **Tier 2 Abilities (10 CP each, requires one Tier 1):**

  - **Riposte:** Reaction: strike back after a foe misses you.

  - **Feint (12 CP):** A price of its own, in its bold, is its price.

  - **Bind (10 CP, Passive):** So is one with more in its parentheses.

  **Tier 3 Abilities (15 CP each)**

  - **Whirlwind:** Strike every foe within reach.

  ### Footwork

  - **Sidestep (5 CP):** Step aside as a reaction.
  - **Lunge (10 CP, Requires Sidestep):** Close 10 feet and strike.
  - **Rally (5 CP, 1 Action, 1/Short Rest):** Allies within 30 feet gain 5 temporary HP.

  ### Tactics

  **Orders (1 action each):**
  - **Hold:** Allies stay where they stand.

  ### Sample Build

  **Suggested attributes (20 CP):** Might 3, Grace 2, Wits 3

  **Suggested picks (15 CP):**
  - **Guard Stance** then **Riposte**.

  **Parry (3 CP):**

  Turn one blow aside.
`;

const skill = (skills: readonly Skill[], name: string) => skills.find((s) => s.name === name)!;

describe('a list under a bold label that states the price of each entry', () => {
  const model = parse(CLASS);

  it('reads each bold-named entry as a skill at the label’s price, an entry’s own price first, and the label as no skill', () => {
    expect(model.skills.map((s) => [s.name, s.form, s.costText])).toEqual([
      ['Guard Stance', 'list', '5 CP'],
      ['Quick Cut', 'list', '5 CP'],
      ['Riposte', 'list', '10 CP'],
      ['Feint', 'paragraph', '12 CP'],
      ['Bind', 'paragraph', '10 CP'],
      ['Whirlwind', 'list', '15 CP'],
      ['Sidestep', 'paragraph', '5 CP'],
      ['Lunge', 'paragraph', '10 CP'],
      ['Rally', 'paragraph', '5 CP'],
      ['Parry', 'paragraph', '3 CP'],
    ]);
  });

  it('places the cost where the label writes it, and what the label says after the price as a Condition field', () => {
    const guard = skill(model.skills, 'Guard Stance');
    expect(slice(CLASS, guard.nameRange)).toBe('Guard Stance');
    expect(slice(CLASS, guard.costRange!)).toBe('5 CP');
    expect(guard.costRange!.start.line).toBe(CLASS.split('\n').indexOf('**Tier 1 Abilities (5 CP each):**') + 1);
    expect(skill(model.skills, 'Quick Cut').costRange).toEqual(guard.costRange);
    expect(guard).toMatchObject({ cost: 5, costUnit: 'CP', text: 'Switch between a high and a low guard as a free action.' });
    expect(guard.fields).toEqual([]);
    const condition = skill(model.skills, 'Riposte').fields.find((f) => f.name === 'Condition')!;
    expect([condition.value, slice(CLASS, condition.valueRange)]).toEqual(['requires one Tier 1', 'requires one Tier 1']);
  });

  it('reads a price’s parentheses with more in them: a requirement is a prerequisite, the rest opens the text', () => {
    const lunge = skill(model.skills, 'Lunge');
    expect([lunge.cost, slice(CLASS, lunge.costRange!)]).toEqual([10, '10 CP']);
    expect(lunge.prerequisites.map((p) => [p.origin, p.raw, slice(CLASS, p.range)])).toEqual([['line', 'Sidestep', 'Sidestep']]);
    const rally = skill(model.skills, 'Rally');
    expect(rally.prerequisites).toEqual([]);
    expect(rally.text).toBe('(1 Action, 1/Short Rest) Allies within 30 feet gain 5 temporary HP.');
  });

  it('prints each entry’s text without its name, its label’s price or what its parentheses held, their notes and its label’s condition kept', () => {
    const source = { files: [{ path: 'rulebook.md', text: CLASS }] };
    const { blocks } = buildContent(linkRulebook(parseRulebook(source)), source);
    const printed = (name: string) => {
      const block = blocks.find((b): b is Extract<ContentBlock, { kind: 'skill' }> => b.kind === 'skill' && b.skill.name === name)!;
      return block.body.map((b) => (b.kind === 'paragraph' ? b.runs.map((r) => r.text).join('') : b.kind)).join(' / ');
    };
    expect(printed('Guard Stance')).toBe('Switch between a high and a low guard as a free action.');
    // The book prints the label right above; a card, on its own, says what the label said.
    expect(printed('Riposte')).toBe('Reaction: strike back after a foe misses you.');
    const riposte = parseRulebook(source).skills.find((s) => s.name === 'Riposte')!;
    const card = skillBody(riposte, new FileProse(CLASS), { alone: true });
    expect(card.map((b) => (b.kind === 'paragraph' ? b.runs.map((r) => `${r.bold ? '*' : ''}${r.text}`).join('') : b.kind))).toEqual(['*Condition: requires one Tier 1', 'Reaction: strike back after a foe misses you.']);
    expect(printed('Feint')).toBe('A price of its own, in its bold, is its price.');
    expect(printed('Lunge')).toBe('Close 10 feet and strike.');
    expect(printed('Rally')).toBe('(1 Action, 1/Short Rest) Allies within 30 feet gain 5 temporary HP.');
  });

  it('reads no skill from what a level grants, nor from a group’s fields, written as an ability is', () => {
    expect(model.skills.map((s) => s.name)).not.toContain('Level 1: Guard Up');
    expect(model.skills.map((s) => s.name)).not.toContain('Proficiencies');
    expect(parse(CLASS.replace('### Level 1: Guard Up', '### Guard Up')).skills.map((s) => s.name)).toContain('Guard Up');
  });

  it('reads no label whose price is in no unit of the book, or is no price of each, and no tally of picks', () => {
    expect(model.skills.map((s) => s.name)).not.toContain('Hold');
    // What a sample character's picks add up to, as a tally or over a list of them (the Fae Court LARP's characters).
    expect(model.skills.map((s) => s.name)).not.toContain('Suggested attributes');
    expect(model.skills.map((s) => s.name)).not.toContain('Suggested picks');
    // What a character's picks add up to (the Fae Court LARP's named characters): no price of each pick.
    expect(boldLabelPrice('**Suggested powers (8 pts):**')).toBeNull();
    expect(boldLabelPrice('**Tier 1 — 5 CP each:**')).toMatchObject({ costText: '5 CP', start: 11, condition: null });
    expect(boldLabelPrice('**Tier 3 Abilities (15 CP each; Level 5+)**')).toMatchObject({ costText: '15 CP', start: 20, condition: { text: 'Level 5+', start: 32 } });
  });

  it('never cuts a chunk or a block between a label and what it introduces', () => {
    // A chunk long enough to be cut right after each label: only a heading cuts there.
    const long = CLASS.replace('### Blades\n', `### Blades\n\n${'Filler text for the chunker. '.repeat(80)}\n`);
    for (const cut of [...splitChunks(long).map((c) => c.offset), ...blockBoundaries(long)]) {
      const before = long.slice(0, cut).trimEnd().split('\n').at(-1)!;
      expect(before.startsWith('**Tier')).toBe(false);
    }
  });

  // Random edits: tests/core/incremental.test.ts.
  it('reads the same after an edit, incrementally as freshly, a price changed in the label reaching every entry under it', () => {
    const classes = Array.from({ length: 8 }, (_, i) => CLASS.replace(/^---\n[\s\S]*?\n---\n/, '').replaceAll('Duelist', `Duelist ${i + 1}`)).join('\n');
    const text = `---\ncostUnits: [CP]\n---\n${classes}`;
    const at = text.lastIndexOf('**Tier 1 Abilities (5 CP each):**') + '**Tier 1 Abilities ('.length;
    const edited = `${text.slice(0, at)}6${text.slice(at + 1)}`;
    expect(costsBeforeAndAfterEdit(text, edited, 'Quick Cut')).toEqual([Array(8).fill(5), [...Array(7).fill(5), 6]]);
  });
});
