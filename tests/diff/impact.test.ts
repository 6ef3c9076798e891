import { describe, expect, it } from 'vitest';
import { changeImpact, compareRulebooks } from '../../shared/diff/index.js';
import { applyEdits } from '../../shared/model/edits.js';
import { linked, md } from './helpers.js';

function impactOf(before: string, after: string) {
  const oldLinked = linked(before);
  const newLinked = linked(after);
  return changeImpact(oldLinked, newLinked, compareRulebooks(oldLinked, newLinked));
}

const BEFORE = md`
  ## 1.1 Basics

  1.1.1 When in doubt, see rule 2.1.2 on safety calls.

  1.1.2 Healing: see 2.1.3 and later.

  ## 2.1 Calls

  2.1.1 Every player must know the safety calls.

  2.1.2 Calling "Hold" stops all play at once.

  2.1.3 A marshal may heal a player on the spot.
`;

describe('changeImpact', () => {
  it('finds a reference that now names a different rule, and fixes it to the renumbered one', () => {
    const after = BEFORE.replace('2.1.2 Calling', '2.1.2 Calling "Man down" stops play nearby.\n\n2.1.3 Calling').replace('2.1.3 A marshal', '2.1.4 A marshal');
    const items = impactOf(BEFORE, after);
    expect(items.map((i) => [i.kind, i.holder, i.target, i.replacement])).toEqual([
      ['now-points-elsewhere', '1.1.1', '2.1.2', '2.1.3'],
      ['now-points-elsewhere', '1.1.2', '2.1.3', '2.1.4'],
    ]);
    expect(items[0].message).toBe('1.1.1 says "see rule 2.1.2", which is now a different rule; the old 2.1.2 is now 2.1.3');
    expect(items[0].range.start.line).toBe(3);
    // The fixes, applied, make every reference name the rule it meant.
    const fixed = applyEdits(after, items.flatMap((i) => i.fix));
    expect(fixed).toContain('1.1.1 When in doubt, see rule 2.1.3 on safety calls.');
    expect(fixed).toContain('1.1.2 Healing: see 2.1.4 and later.');
    expect(impactOf(BEFORE, fixed)).toEqual([]);
  });

  it('finds a reference whose rule was renumbered away, leaving the number empty', () => {
    const after = BEFORE.replace('2.1.1 Every player must know the safety calls.\n\n', '').replace('2.1.2 Calling', '2.1.1 Calling').replace('2.1.3 A marshal', '2.1.2 A marshal');
    const items = impactOf(BEFORE, after);
    expect(items.map((i) => [i.kind, i.target, i.replacement])).toEqual([
      ['now-points-elsewhere', '2.1.2', '2.1.1'],
      ['renumbered-target-missing', '2.1.3', '2.1.2'],
    ]);
  });

  it('finds a reference to a removed rule, with no fix to offer', () => {
    const after = BEFORE.replace('\n2.1.3 A marshal may heal a player on the spot.\n', '\n');
    const items = impactOf(BEFORE, after);
    expect(items.map((i) => [i.kind, i.target, i.fix.length])).toEqual([['target-removed', '2.1.3', 0]]);
    expect(items[0].message).toBe('1.1.2 says "see 2.1.3", but 2.1.3 was removed');
  });

  it('ignores references the author already updated, and ones that were broken before', () => {
    const before = BEFORE.replace('and later.', 'and later (see 9.9.9).');
    const after = before
      .replace('2.1.2 Calling', '2.1.2 Calling "Man down" stops play nearby.\n\n2.1.3 Calling')
      .replace('2.1.3 A marshal', '2.1.4 A marshal')
      .replace('see rule 2.1.2', 'see rule 2.1.3')
      .replace("see 2.1.3 and", "see 2.1.4 and");
    expect(impactOf(before, after)).toEqual([]);
  });

  it('finds prerequisites naming a renamed or removed skill, and fixes the renamed ones', () => {
    const before = md`
      ## Skills

      - **Shield Use** (1 SP) The character may carry a shield of any size.
      - **Shield Bash** (2 SP) Knock a foe back three paces with your shield.
        Prerequisite: Shield Use
      - **Taunt** (1 SP) Force a foe to attack you for ten seconds.
      - **Shield Wall** (2 SP) Stand firm with allies behind you.
        Prerequisite: Taunt
    `;
    const after = before.replace('**Shield Use**', '**Shield Handling**').replace('- **Taunt** (1 SP) Force a foe to attack you for ten seconds.\n', '');
    const items = impactOf(before, after);
    expect(items.map((i) => [i.kind, i.holder, i.target, i.replacement])).toEqual([
      ['prerequisite-renamed', 'Shield Bash', 'Shield Use', 'Shield Handling'],
      ['prerequisite-removed', 'Shield Wall', 'Taunt', null],
    ]);
    const fixed = applyEdits(after, items.flatMap((i) => i.fix));
    expect(fixed).toContain('Prerequisite: Shield Handling');
    expect(linked(fixed).unresolvedPrerequisites.map((u) => u.term.text)).toEqual(['Taunt']);
  });

  describe('a reference whose title names another chapter than its number', () => {
    // "Chapter 4: Running the Game" where Running the Game is chapter 3: the linker resolves it by its title.
    const TITLED = md`
      # Chapter 1. Character Creation

      1.1 Pick a name.

      # Chapter 2. Combat

      2.1 Blows land softly. See Chapter 4: Running the Game for disputes.

      # Chapter 3. Running the Game

      3.1 The game master settles disputes.
    `;
    /** The book with chapters inserted before Combat: Combat and Running the Game move down by as many. */
    const inserted = (titles: string[]) => {
      const chapters = titles.map((title, i) => `# Chapter ${i + 2}. ${title}\n\n${i + 2}.1 Rules of ${title}.\n\n`).join('');
      const shift = (n: number) => String(n + titles.length);
      return TITLED.replace('# Chapter 2. Combat', `${chapters}# Chapter ${shift(2)}. Combat`)
        .replace('2.1 Blows', `${shift(2)}.1 Blows`)
        .replace('# Chapter 3. Running', `# Chapter ${shift(3)}. Running`)
        .replace('3.1 The game', `${shift(3)}.1 The game`);
    };

    it('is no impact of a change that leaves the titled chapter its number (it was wrong before: the linter says so)', () => {
      expect(impactOf(TITLED, TITLED)).toEqual([]);
      expect(impactOf(TITLED, TITLED.replace('1.1 Pick a name.', '1.1 Pick a name and a people.'))).toEqual([]);
      // Nor of one that gives the titled chapter the number written: the reference is right by chance.
      expect(impactOf(TITLED, inserted(['Magic']))).toEqual([]);
    });

    it('is fixed to the new number of the titled chapter when the change renumbers it', () => {
      const after = inserted(['Magic', 'Lore']);
      const items = impactOf(TITLED, after);
      expect(items.map((i) => [i.kind, i.holder, i.target, i.replacement])).toEqual([['now-points-elsewhere', '4.1', '4', '5']]);
      expect(items[0].message).toBe('4.1 says "See Chapter 4: Running the Game", but “Running the Game”, chapter 3 before this change, is now chapter 5; the 4 it gives was wrong already');
      const fixed = applyEdits(after, items.flatMap((i) => i.fix));
      expect(fixed).toContain('4.1 Blows land softly. See Chapter 5: Running the Game for disputes.');
      expect(linked(fixed).resolvedReferences.map((r) => r.misnumbered ?? null)).toEqual([null]);
    });
  });

  it('fixes a range in its own style: a short end stays short, as renumber writes it', () => {
    const before = md`
      # 1 Abilities

      1.1 Keywords.

      1.1a First.

      1.1b Second.

      1.2 See rules 1.1a–b and rules 1.1-2.
    `;
    const after = before.replace('1.1a First.', '1.1a New.\n\n1.1b First.').replace('1.1b Second.', '1.1c Second.');
    const items = impactOf(before, after);
    expect(items.map((i) => i.replacement)).toEqual(['1.1b–c']);
    expect(applyEdits(after, items.flatMap((i) => i.fix))).toContain('1.2 See rules 1.1b–c and rules 1.1-2.');
  });
});
