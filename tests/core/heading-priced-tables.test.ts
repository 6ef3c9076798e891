/**
 * Tables priced by the heading over them, in the shape of the Ashfall TTRPG's skill trees (github.com/Ebon-Spire/
 * ashfall-ttrpg, rules/skill-trees.md: `### Tier 1 — 5 CP each` over `| Ability | Source | Mechanic |`, `### Capstone —
 * 25 CP, Level 10+`). That book is CC BY-NC-SA 4.0, which our fixtures do not take (as the 13th Age SRD's CC BY-NC),
 * so the text below is our own words in its shape. Each row is a skill at its heading's price; nothing else is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkRulebook } from '../../shared/link/index.js';
import type { Skill } from '../../shared/model/types.js';
import { ParseCache, parseRulebook } from '../../shared/parse/index.js';
import { tableTokensIn } from '../../shared/service/semantic-tokens.js';
import { costsBeforeAndAfterEdit } from '../helpers/incremental.js';
import { md, parse, slice } from '../helpers/md.js';

const TREES = md`
  ---
  costUnits: [CP, Tech]
  ---
  # Skill Trees

  Any character may buy into any tree with Character Points (CP).

  ## Tree Architecture

  | Tier | CP Cost | Level Gate |
  |------|---------|------------|
  | **Entry** | 5 CP | None |
  | **Capstone** | 25 CP | L10+ |

  ## Tree 1: Blades

  ### Tier 1 (Entry) — 5 CP each

  | Ability | Source | Mechanic |
  |---------|--------|----------|
  | **Guard Stance** | Duelist L1 | Switch between a high and a low guard. |
  | **Quick Cut** | Duelist L2 | +1d4 damage on your first hit each turn. |

  ### Tier 2 — 10 CP each

  Pick any of these once you hold a Tier 1 ability of this tree.

  | Ability | Source | Mechanic |
  |---|---|---|
  | **Riposte** | Duelist L3 | Reaction: strike back after a foe misses you. |

  ### Capstone — 25 CP, Level 10+

  | Ability | Source | Mechanic |
  |---|---|---|
  | **Whirlwind** | Duelist L20 | 3 Actions: strike every foe within reach. |

  ### Gear — 10 CP each

  | Name | Mechanic | Weight |
  |---|---|---|
  | Duelling Sword | A light blade. | 2 lb |

  ### Drills — 5 CP each

  | Skill | Cost | Notes |
  |---|---|---|
  | Footwork | 3 CP | Priced in its own column. |

  ### Tier 3 — 15 Favours each

  | Ability | Mechanic |
  |---|---|
  | **Grand Parry** | No unit the book prices with. |

  ### Chapter 4: 10 Years Later

  | Name | Role |
  |---|---|
  | Old Mara | The smith. |

  ### Training — 5 CP

  #### Schedules

  | Ability | Mechanic |
  |---|---|
  | **Morning Drill** | Under a heading that states no price. |

  ## Tree Summary

  | # | Tree | Mechanic |
  |---|------|----------|
  | 1 | **Blades** | Fencing. |
`;

const skill = (skills: readonly Skill[], name: string) => skills.find((s) => s.name === name)!;

describe('a table under a heading that states a price', () => {
  const model = parse(TREES);

  it('reads each row as a skill at the heading’s price, and nothing else in the book', () => {
    expect(model.skills.map((s) => [s.name, s.costText])).toEqual([
      ['Guard Stance', '5 CP'],
      ['Quick Cut', '5 CP'],
      ['Riposte', '10 CP'],
      ['Whirlwind', '25 CP'],
      ['Footwork', '3 CP'],
    ]);
  });

  it('takes the name without its bold, the other columns as fields and the description column as the text', () => {
    const guard = skill(model.skills, 'Guard Stance');
    expect(guard).toMatchObject({ form: 'table', cost: 5, costUnit: 'CP', text: 'Switch between a high and a low guard.' });
    expect(slice(TREES, guard.nameRange)).toBe('Guard Stance');
    expect(guard.fields.map((f) => [f.name, f.value, slice(TREES, f.valueRange)])).toEqual([['Source', 'Duelist L1', 'Duelist L1']]);
    // The cost is where the heading writes it, for every row under it.
    expect(slice(TREES, guard.costRange!)).toBe('5 CP');
    expect(skill(model.skills, 'Quick Cut').costRange).toEqual(guard.costRange);
    expect(guard.costRange!.start.line).toBe(TREES.split('\n').indexOf('### Tier 1 (Entry) — 5 CP each') + 1);
  });

  it('files the rows under the tree and the tier, the price left to the cost: every tree has a Tier 1', () => {
    expect(skill(model.skills, 'Guard Stance')).toMatchObject({
      category: 'Tree 1: Blades — Tier 1 (Entry)',
      categoryPath: ['Skill Trees', 'Tree 1: Blades', 'Tier 1 (Entry) — 5 CP each'],
    });
    expect(skill(model.skills, 'Whirlwind').category).toBe('Tree 1: Blades — Capstone');
  });

  it('keeps a condition after the price out of the cost, as a Condition field', () => {
    const whirlwind = skill(model.skills, 'Whirlwind');
    expect([whirlwind.cost, whirlwind.costText]).toEqual([25, '25 CP']);
    const condition = whirlwind.fields.find((f) => f.name === 'Condition')!;
    expect(condition.value).toBe('Level 10+');
    expect(slice(TREES, condition.valueRange)).toBe('Level 10+');
    expect(skill(model.skills, 'Riposte').fields.map((f) => f.name)).toEqual(['Source']);
  });

  it('gives the editor one cost token for the heading its rows share', () => {
    const tokens = tableTokensIn(linkRulebook(model), 'rulebook.md').filter((t) => t.kind === 'cost');
    const line = (text: string) => TREES.split('\n').indexOf(text) + 1;
    expect(tokens.map((t) => t.line)).toEqual([line('### Tier 1 (Entry) — 5 CP each'), line('### Tier 2 — 10 CP each'), line('### Capstone — 25 CP, Level 10+'), line('| Footwork | 3 CP | Priced in its own column. |')]);
  });

  it('reads rows only where skills may be read (layout skills.sections)', () => {
    const elsewhere = `---\ncostUnits: [CP]\nlayout:\n  skills:\n    sections: [Feats]\n---\n${TREES.replace(/^---\n[\s\S]*?\n---\n/, '')}`;
    expect(parse(elsewhere).skills).toEqual([]);
    const here = elsewhere.replace('sections: [Feats]', 'sections: ["Tree 1: Blades"]');
    expect(parse(here).skills.map((s) => s.name)).toEqual(['Guard Stance', 'Quick Cut', 'Riposte', 'Whirlwind', 'Footwork']);
  });

  it('reads the price in any of the book’s units, a unit of several words too, and a heading that is a skill itself prices no table', () => {
    const book = md`
      ---
      costUnits: [Might points, XP]
      ---
      ## Tier 1: 2 Might points each

      | Power | Effect |
      |---|---|
      | **Bash** | A pummelling blow. |

      ## Tier 2 - 4 XP; Level 3+

      | Talent Name | Prerequisites | Effect |
      |---|---|---|
      | **Crush** | Bash | A blow that breaks shields. |

      ## Fireball (20 XP)

      | Ability | Effect |
      |---|---|
      | **Ember** | Not a row of its own: the heading is the skill. |
    `;
    const skills = parse(book).skills;
    expect(skills.map((s) => [s.name, s.form, s.cost, s.costUnit])).toEqual([
      ['Bash', 'table', 2, 'Might points'],
      ['Crush', 'table', 4, 'XP'],
      ['Fireball', 'heading', 20, 'XP'],
    ]);
    const crush = skill(skills, 'Crush');
    expect(crush.prerequisites.map((p) => [p.origin, p.raw])).toEqual([['table', 'Bash']]);
    expect(crush.fields.map((f) => [f.name, f.value])).toEqual([['Condition', 'Level 3+']]);
  });

  it('reads the same after edits, incrementally as freshly, a price changed in the heading reaching every row under it', () => {
    // Enough trees for the book to be read in several chunks, a heading in one and its table in the next.
    const trees = Array.from({ length: 6 }, (_, i) => TREES.replace(/^---\n[\s\S]*?\n---\n# Skill Trees\n/, '').replaceAll('Blades', `Blades ${i + 1}`)).join('\n');
    const text = `---\ncostUnits: [CP]\n---\n# Skill Trees\n\n${trees}`;
    const at = text.lastIndexOf('### Tier 2 — 10 CP each') + '### Tier 2 — '.length;
    const edited = `${text.slice(0, at)}12${text.slice(at + 2)}`;
    expect(costsBeforeAndAfterEdit(text, edited, 'Riposte')).toEqual([Array(6).fill(10), [...Array(5).fill(10), 12]]);
    fc.assert(
      fc.property(fc.nat({ max: text.length }), fc.nat({ max: 30 }), fc.constantFrom('', 'x', '\n', '\n\n', '### Tier 9 — 7 CP each\n', ' — 3 CP', '| Ability | Mechanic |\n|---|---|\n| **New** | Text. |\n', ', Level 2+'), (start, remove, insert) => {
        const changed = text.slice(0, start) + insert + text.slice(Math.min(text.length, start + remove));
        const cache = new ParseCache();
        parseRulebook({ files: [{ path: 'book.md', text }] }, { cache });
        expect(parseRulebook({ files: [{ path: 'book.md', text: changed }] }, { cache })).toEqual(parseRulebook({ files: [{ path: 'book.md', text: changed }] }));
      }),
      { numRuns: 25, seed: 20261127 },
    );
  }, 120_000);
});
