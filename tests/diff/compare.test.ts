import { describe, expect, it } from 'vitest';
import { compareRulebooks } from '../../shared/diff/index.js';
import type { EntryChange } from '../../shared/diff/types.js';
import { linked, md } from './helpers.js';

const compare = (a: string, b: string) => compareRulebooks(linked(a), linked(b));
const ofType = <T extends EntryChange['type']>(changes: readonly EntryChange[], type: T) =>
  changes.filter((c): c is Extract<EntryChange, { type: T }> => c.type === type);

/** A long combat section, as LARP rulebooks write them: each rule distinct. */
const TOPICS = ['a strike to the head', 'a shield', 'a bow shot', 'two handed weapons', 'thrown weapons', 'charging', 'grappling', 'a killing blow', 'a parry', 'armour'];
function combatSection(inserted: { at: number; text: string } | null): string {
  const lines = ['# 2 Combat', '', '## 2.1 Fighting', ''];
  let n = 1;
  for (let i = 1; i <= 30; i++) {
    if (inserted && i === inserted.at) lines.push(`2.1.${n++} ${inserted.text}`, '');
    lines.push(`2.1.${n++} Rule ${i}: a fighter facing ${TOPICS[i % 10]} must call ${i * 3} damage clearly, and the target reacts at once.`, '');
  }
  return lines.join('\n');
}

describe('compareRulebooks: entries', () => {
  it('reports one rule inserted early in a long section as one addition and one renumbered run', () => {
    const c = compare(combatSection(null), combatSection({ at: 2, text: 'A fighter may not strike a player who is kneeling.' }));
    expect(c.summary).toMatchObject({ added: 1, removed: 0, changed: 0, moved: 0, renumbered: 29 });
    expect(ofType(c.entries, 'added').map((e) => e.new.number)).toEqual(['2.1.2']);
    expect(c.renumberRuns).toHaveLength(1);
    const run = c.renumberRuns[0];
    expect(run).toMatchObject({ oldFirst: '2.1.2', oldLast: '2.1.30', newFirst: '2.1.3', newLast: '2.1.31', count: 29, shift: 1 });
    expect(run.label).toBe('2.1.2–2.1.30 renumbered +1 (now 2.1.3–2.1.31)');
    expect(run.entries[4]).toMatchObject({ old: '2.1.6', new: '2.1.7' });
  });

  it('reports a removed rule and the run that closes the gap', () => {
    const before = md`
      ## 3.1 Healing

      3.1.1 A healer needs a bandage phys-rep.

      3.1.2 Healing takes a count of thirty.

      3.1.3 A healed character returns to one body point.

      3.1.4 Nobody may heal while in combat.
    `;
    const after = md`
      ## 3.1 Healing

      3.1.1 A healer needs a bandage phys-rep.

      3.1.2 A healed character returns to one body point.

      3.1.3 Nobody may heal while in combat.
    `;
    const c = compare(before, after);
    expect(ofType(c.entries, 'removed').map((e) => [e.old.number, e.old.text])).toEqual([['3.1.2', 'Healing takes a count of thirty.']]);
    expect(c.renumberRuns.map((r) => r.label)).toEqual(['3.1.3–3.1.4 renumbered −1 (now 3.1.2–3.1.3)']);
    expect(c.summary.added).toBe(0);
  });

  it('reports a reworded rule as changed with a word diff, not as removed and added', () => {
    const c = compare(
      md`
        ## 4.1 Magic

        4.1.1 A spell must be said loudly and clearly.

        4.1.2 A caster may not move their feet while casting.
      `,
      md`
        ## 4.1 Magic

        4.1.1 A spell must be said loudly and clearly.

        4.1.2 A caster may not run while casting.
      `,
    );
    const changed = ofType(c.entries, 'changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ renumbered: false, moved: false, referencesOnly: false });
    expect(changed[0].words).toEqual([
      { op: 'same', text: 'A caster may not ' },
      { op: 'removed', text: 'move their feet' },
      { op: 'added', text: 'run' },
      { op: 'same', text: ' while casting.' },
    ]);
    expect(c.summary).toMatchObject({ added: 0, removed: 0, changed: 1 });
  });

  it('reports a rule that went to another section as moved', () => {
    const c = compare(
      md`
        ## 5.1 Weapons

        5.1.1 Swords must be foam covered.

        5.1.2 Arrows need a wide head.

        ## 5.2 Ranged

        5.2.1 Bows may draw at most thirty pounds.
      `,
      md`
        ## 5.1 Weapons

        5.1.1 Swords must be foam covered.

        ## 5.2 Ranged

        5.2.1 Bows may draw at most thirty pounds.

        5.2.2 Arrows need a wide head.
      `,
    );
    expect(ofType(c.entries, 'moved').map((e) => [e.old.number, e.new.number, e.fromParent, e.toParent])).toEqual([['5.1.2', '5.2.2', '5.1', '5.2']]);
    expect(c.summary).toMatchObject({ added: 0, removed: 0, changed: 0, moved: 1 });
  });

  /** The older version of the two tests that follow: one rule refers to the next. */
  const DEATH = md`
    ## 6.1 Death

    6.1.1 A character at zero body is dying; see 6.1.2.

    6.1.2 A dying character bleeds out after one minute.
  `;

  it('calls a text whose only edits follow the renumbering "references updated", not changed', () => {
    const c = compare(
      DEATH,
      md`
        ## 6.1 Death

        6.1.1 A character at zero body is dying; see 6.1.3.

        6.1.2 A dying character may crawl.

        6.1.3 A dying character bleeds out after one minute.
      `,
    );
    const changed = ofType(c.entries, 'changed');
    expect(changed.map((e) => [e.new.number, e.referencesOnly])).toEqual([['6.1.1', true]]);
    expect(c.summary).toMatchObject({ changed: 0, referencesUpdated: 1, added: 1, renumbered: 1 });
  });

  it('reports a changed reference that does not follow the renumbering as a real change', () => {
    // The same section, its reference pointed at 6.1.1 instead.
    const c = compare(DEATH, DEATH.replace('see 6.1.2.', 'see 6.1.1.'));
    expect(ofType(c.entries, 'changed').map((e) => e.referencesOnly)).toEqual([false]);
  });

  it('finds nothing between identical versions', () => {
    const text = combatSection(null);
    const c = compare(text, text);
    expect(c.entries).toEqual([]);
    expect(c.summary.unchanged).toBe(32);
  });
});

describe('compareRulebooks: skills', () => {
  const before = md`
    ---
    title: Kingdoms
    edition: "2024"
    ---
    ## Combat skills
    - **Shield Use** (1 SP) The character may carry a shield of any size.
    - **Shield Bash** (2 SP) Knock a foe back three paces with your shield.
      Prerequisite: Shield Use
    - **Parry** (2 SP) Call parry to stop one melee blow per fight.
    - **Disarm** (3 SP) Call disarm to make a foe drop a weapon.
  `;
  const after = md`
    ---
    title: Kingdoms
    edition: "2025"
    ---
    ## Combat skills
    - **Shield Handling** (1 SP) The character may carry a shield of any size.
    - **Shield Bash** (3 SP) Knock a foe back three paces with your shield.
      Prerequisite: Shield Handling, Parry
    - **Parry** (2 SP) Call parry to stop one melee blow per fight.
    - **Riposte** (2 SP) After a parry, strike back at once for double damage.
      Prerequisite: Parry
  `;
  const c = compare(before, after);
  const byName = (name: string) => c.skills.find((s) => (s.type === 'removed' ? s.old.name : s.new.name) === name)!;

  it('finds a renamed skill by its description', () => {
    expect(byName('Shield Handling')).toMatchObject({ type: 'changed', renamed: true, costChanged: false, old: { name: 'Shield Use' } });
  });

  it('reports a cost change and the prerequisites added and removed', () => {
    const bash = byName('Shield Bash');
    expect(bash).toMatchObject({ type: 'changed', renamed: false, costChanged: true, prerequisitesChanged: true });
    if (bash.type !== 'changed') throw new Error('expected a change');
    expect([bash.old.costText, bash.new.costText]).toEqual(['2 SP', '3 SP']);
    expect(bash.prerequisitesAdded).toEqual(['Shield Handling', 'Parry']);
    expect(bash.prerequisitesRemoved).toEqual(['Shield Use']);
  });

  it('reports added and removed skills and leaves unchanged ones out', () => {
    expect(byName('Riposte')).toMatchObject({ type: 'added', new: { prerequisites: ['Parry'] } });
    expect(byName('Disarm')).toMatchObject({ type: 'removed' });
    expect(byName('Parry')).toBeUndefined();
    expect(c.summary).toMatchObject({ skillsAdded: 1, skillsRemoved: 1, skillsRenamed: 1, skillsChanged: 1 });
    expect([c.old.edition, c.new.edition]).toEqual(['2024', '2025']);
  });
});
