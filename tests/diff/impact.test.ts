import { readFileSync } from 'node:fs';
import path from 'node:path';
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

  describe('headings named as what they are', () => {
    // Chapters and sections numbered in their headings; the numbered list in Combat holds rules of its own.
    const HEADINGS = md`
      # 1. Getting Started

      Look over chapter 3 before the first game. Section 2.2 covers mending.

      # 2. Staying Safe

      ## 2.1 Stopping Play

      Shout "Freeze" and everyone halts.

      ## 2.2 Mending

      A referee patches up the hurt.

      # 3. Combat

      Strike lightly, then:

      1. Call the hit aloud.
      2. Step back a pace; see 2.2 on mending.
    `;
    /** The book with a chapter put in front of Staying Safe: Staying Safe and Combat move down by one. */
    const inserted = HEADINGS.replace('# 2. Staying Safe', '# 2. The World\n\nA land of seven rivers.\n\n# 3. Staying Safe')
      .replace('## 2.1 Stopping', '## 3.1 Stopping')
      .replace('## 2.2 Mending', '## 3.2 Mending')
      .replace('# 3. Combat', '# 4. Combat');

    it('calls a chapter a chapter and a section a section, the chapter holding the reference included', () => {
      const items = impactOf(HEADINGS, inserted);
      expect(items.map((i) => [i.kind, i.holder, i.target, i.replacement])).toEqual([
        ['now-points-elsewhere', '1', '3', '4'],
        ['renumbered-target-missing', '1', '2.2', '3.2'],
        ['renumbered-target-missing', '2', '2.2', '3.2'],
      ]);
      expect(items.map((i) => i.message)).toEqual([
        'Chapter 1 says "chapter 3", which is now a different chapter; the old chapter 3 is now chapter 4',
        'Chapter 1 says "Section 2.2", but section 2.2 no longer exists; the old section 2.2 is now section 3.2',
        '2 says "see 2.2", but section 2.2 no longer exists; the old section 2.2 is now section 3.2',
      ]);
    });

    it('names what a removed chapter\'s number now belongs to', () => {
      const after = HEADINGS.replace(/# 3\. Combat[^]*/, '# 3. Magic\n\nWords of power are whispered, never shouted.\n');
      const items = impactOf(HEADINGS, after);
      expect(items.map((i) => [i.kind, i.message])).toEqual([['target-removed-number-reused', 'Chapter 1 says "chapter 3", but the old chapter 3 was removed and the number now belongs to a different chapter']]);
    });
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

  describe('chapters numbered by their place (numbering.chapterOrder)', () => {
    // No heading carries a number: "chapter 2" is the second `#` heading, and the linker makes it an entry numbered 2.
    const CHAPTERS = md`
      ---
      layout:
        numbering:
          chapterOrder: true
      ---
      # Characters

      Pick a people. Fights go as chapter 2 says; see Chapter 3 for who settles a dispute.

      # Combat

      Blows land softly. Characters are made as in Chapter 1.

      # Rulings

      The game master settles disputes, as Chapter 4: Rulings says.
    `;
    const rows = (items: readonly { kind: string; holder: string; target: string; replacement: string | null }[]) => items.map((i) => [i.kind, i.holder, i.target, i.replacement]);

    it('is no impact of a change that leaves every chapter its place', () => {
      expect(impactOf(CHAPTERS, CHAPTERS)).toEqual([]);
      expect(impactOf(CHAPTERS, CHAPTERS.replace('Blows land softly.', 'Blows land softly and never at the head.'))).toEqual([]);
    });

    it('finds the references whose chapter a chapter inserted before it moved down, and fixes them', () => {
      const after = CHAPTERS.replace('# Combat', '# Magic\n\nSpells are called aloud.\n\n# Combat');
      const items = impactOf(CHAPTERS, after);
      // "Chapter 4: Rulings" named Rulings by its title: it is now right, and left alone.
      expect(rows(items)).toEqual([
        ['now-points-elsewhere', 'Characters', '2', '3'],
        ['now-points-elsewhere', 'Characters', '3', '4'],
      ]);
      expect(items[0].message).toBe('Characters says "chapter 2", which is now a different chapter; the old Chapter 2 is now Chapter 3');
      const fixed = applyEdits(after, items.flatMap((i) => i.fix));
      expect(fixed).toContain('Fights go as chapter 3 says; see Chapter 4 for who settles a dispute.');
      // Each reference names the chapter it meant before the change.
      const meant = (text: string) => linked(text).resolvedReferences.map((r) => r.entries[0].kind === 'section' && r.entries[0].title);
      expect(meant(fixed)).toEqual(meant(CHAPTERS));
    });

    it('finds the references to a removed chapter, and fixes those to the chapters that moved up', () => {
      const after = CHAPTERS.replace(/# Combat[^#]*/, '');
      expect(rows(impactOf(CHAPTERS, after))).toEqual([
        ['target-removed-number-reused', 'Characters', '2', null],
        ['renumbered-target-missing', 'Characters', '3', '2'],
        ['renumbered-target-missing', 'Rulings', '4', '2'],
      ]);
    });

    it('follows a renamed chapter: its references still count, its text changes stand under its new title', () => {
      const after = CHAPTERS.replace('# Characters', '# Welcome\n\nRead this first.\n\n# Characters').replace('# Combat', '# Combat and Blows');
      expect(rows(impactOf(CHAPTERS, after))).toEqual([
        ['now-points-elsewhere', 'Characters', '2', '3'],
        ['now-points-elsewhere', 'Characters', '3', '4'],
        ['now-points-elsewhere', 'Combat and Blows', '1', '2'],
      ]);
      const removed = CHAPTERS.replace('# Combat', '# Combat and Blows').replace(' Characters are made as in Chapter 1.', '');
      const comparison = compareRulebooks(linked(CHAPTERS), linked(removed), { old: { files: [{ path: 'rulebook.md', text: CHAPTERS }] }, new: { files: [{ path: 'rulebook.md', text: removed }] } });
      expect(comparison.text?.sections.map((s) => [s.path.join(' › '), s.removed])).toEqual([['Combat and Blows', false]]);
    });

    it('lists the chapters as entries: added, and the run renumbered; the new heading is not listed again as text', () => {
      const before = linked(CHAPTERS);
      const after = CHAPTERS.replace('# Combat', '# Magic\n\nSpells are called aloud.\n\n# Combat');
      const comparison = compareRulebooks(before, linked(after), { old: { files: [{ path: 'rulebook.md', text: CHAPTERS }] }, new: { files: [{ path: 'rulebook.md', text: after }] } });
      expect(comparison.entries.map((e) => (e.type === 'added' ? `+ ${e.new.number} ${e.new.text}` : e.type))).toEqual(['+ Chapter 2 Magic', 'renumbered', 'renumbered']);
      expect(comparison.renumberRuns.map((r) => r.label)).toEqual(['Chapter 2–Chapter 3 renumbered +1 (now Chapter 3–Chapter 4)']);
      expect(comparison.text?.sections.flatMap((s) => s.changes.map((c) => `${s.path.join(' › ')}: ${c.type} ${c.type === 'added' ? c.new.text : ''}`))).toEqual(['Magic: added Spells are called aloud.']);
    });
  });

  describe('the Open Legend SRD (chapters read in order)', () => {
    // The book as `rulebook init` reads it for its references: its 7 `#` chapters numbered by their place.
    const SRD = `---\nlayout:\n  numbering:\n    chapterOrder: true\n---\n${readFileSync(path.resolve(import.meta.dirname, '../fixtures/wild/open-legend-srd/book/core/SRD.md'), 'utf8')}`;
    let before: ReturnType<typeof linked> | null = null;
    /** The impact of a change of the book, as `rulebook diff` finds it (the book is read once for every case). */
    const rows = (after: string) => {
      before ??= linked(SRD);
      const now = linked(after);
      return changeImpact(before, now, compareRulebooks(before, now)).map((i) => `${i.holder}: ${i.target} → ${i.replacement ?? '-'} (${i.kind})`);
    };

    it('an unchanged copy has no impact', () => {
      expect(rows(SRD)).toEqual([]);
    });

    it('a chapter inserted before Combat: the references to Combat and Running the Game, fixed', () => {
      const after = SRD.replace('\n# Combat\n', '\n# Magic\n\nSpells are cast with the Extraordinary attributes.\n\n# Combat\n');
      expect(rows(after)).toEqual([
        'Step 1: Describe Your Character: 6 → 7 (now-points-elsewhere)',
        'Step 3: Record Defenses, Hit Points, and Speed: 6 → 7 (now-points-elsewhere)',
        'Companion: 7 → 8 (now-points-elsewhere)',
        'Lethal Strike: 6 → 7 (now-points-elsewhere)',
        'Invoking Banes and Boons: 6 → 7 (now-points-elsewhere)',
      ]);
    });

    it('Combat moved before Wealth & Equipment: the references to both, and the one by its title, fixed', () => {
      const combat = SRD.slice(SRD.indexOf('\n# Combat\n'), SRD.indexOf('\n# Running the Game'));
      const after = SRD.replace(combat, '').replace('\n# Wealth & Equipment', `${combat}\n# Wealth & Equipment`);
      // Combat goes from 6 to 4, Wealth & Equipment from 4 to 5; Running the Game stays 7 ("Chapter 8: Running the Game" is
      // as wrong as before), and "Chapter 7: Combat", which its title sent to Combat, gets Combat's new number.
      expect(rows(after)).toEqual([
        'Step 1: Describe Your Character: 6 → 4 (now-points-elsewhere)',
        'Step 3: Record Defenses, Hit Points, and Speed: 6 → 4 (now-points-elsewhere)',
        'Step 5: Choose Starting Equipment: 4 → 5 (now-points-elsewhere)',
        'Craft Mundane Item: 4 → 5 (now-points-elsewhere)',
        'Craft Extraordinary Item: 4 → 5 (now-points-elsewhere)',
        'Lethal Strike: 6 → 4 (now-points-elsewhere)',
        'Step 2: Choose Properties: 7 → 4 (now-points-elsewhere)',
        'Example Mounts & Vehicles: 4 → 5 (now-points-elsewhere)',
        'Invoking Banes and Boons: 6 → 4 (now-points-elsewhere)',
        'All That Glitters: Giving Players More Wealth: 4 → 5 (now-points-elsewhere)',
      ]);
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
