/**
 * `rulebook init` on books whose skill tables are priced by the heading over them, in the shape of the Ashfall TTRPG's
 * skill trees (`### Tier 1 — 5 CP each` over `| Ability | Source | Mechanic |`; that book is CC BY-NC-SA 4.0, so these
 * are our own words): init proposes the unit the headings write and the chapter the tables stand in, from counts over
 * lines, and its summary counts the rows the parser then reads.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_COST_UNITS } from '../../shared/parse/costs.js';
import { initialised } from '../helpers/init.js';
import { md } from '../helpers/md.js';

/** Trees priced in a unit of the book's own, written nowhere but in the tier headings. */
const KARMA = md`
  # Paths

  Karma buys abilities on any path.

  ## Path of the Hawk

  ### Tier 1 — 5 Karma each

  | Ability | Source | Mechanic |
  |---|---|---|
  | **Keen Eye** | Scout L1 | See twice as far in daylight. |
  | **Light Step** | Scout L2 | Move through brush without a sound. |

  ### Tier 2 — 10 Karma each, Level 5+

  | Ability | Source | Mechanic |
  |---|---|---|
  | **Stoop** | Scout L5 | Dive on a foe below you for double damage. |

  ## Chapter 3: 10 Years Later

  | Name | Role |
  |---|---|
  | Old Mara | The smith. |
  | Tam | Her apprentice. |
`;

describe('rulebook init on tables priced by their headings', () => {
  it('proposes the unit the headings price in, keeping the default units, and reads every row at its price', () => {
    const { settings, reasons, model, summary } = initialised(KARMA);
    // "10 Years Later", once over a table of names, is no unit.
    expect(settings).toEqual({ costUnits: [...DEFAULT_COST_UNITS, 'Karma'] });
    expect(reasons).toContain('Costs are written in Karma (3): listed under costUnits (the list replaces the default units, so it names every unit the book uses, the default ones kept).');
    expect(reasons).toContain(
      "2 tables list 3 entries under headings that state their price (first at rulebook.md:9, under `Tier 1 — 5 Karma each`): each row is a skill at its heading's price, read without a setting.",
    );
    expect(model.skills.map((s) => [s.name, s.costText, s.costUnit])).toEqual([
      ['Keen Eye', '5 Karma', 'Karma'],
      ['Light Step', '5 Karma', 'Karma'],
      ['Stoop', '10 Karma', 'Karma'],
    ]);
    expect(summary[0]).toBe('3 skills as table rows under headings that price them; 3 have a cost, 0 have prerequisites.');
  });

  it('counts the tables’ rows as priced entries of their chapter when it proposes where skills are read', () => {
    // Feats priced by field lines, conditions written like them without a price, and trees priced by their headings.
    const feats = ['Cleave', 'Dodge', 'Parry'].map((name, i) => `## ${name}\n\n**Cost:** ${i + 2} CP\n\nA feat.\n`).join('\n');
    const conditions = ['Blinded', 'Dazed', 'Prone', 'Slowed', 'Stunned', 'Weakened'].map((name) => `## ${name}\n\n**Duration:** 1 round\n**Effect:** You suffer.\n`).join('\n');
    const trees = md`
      # Skill Trees

      ## Tree 1: Blades

      ### Tier 1 — 5 CP each

      | Ability | Mechanic |
      |---|---|
      | **Guard Stance** | Switch guards. |
      | **Quick Cut** | Cut first. |
    `;
    const text = `# Feats\n\n${feats}\n# Conditions\n\n${conditions}\n${trees}`;
    const { settings, reasons, model, summary } = initialised(text);
    expect(settings).toMatchObject({ layout: { skills: { sections: ['Feats', 'Skill Trees'] } } });
    expect(reasons).toContainEqual(expect.stringContaining('while the 5 priced ones stand under `Feats` and `Skill Trees`: skills are read there only.'));
    expect(model.skills.map((s) => [s.name, s.costText])).toEqual([
      ['Cleave', '2 CP'],
      ['Dodge', '3 CP'],
      ['Parry', '4 CP'],
      ['Guard Stance', '5 CP'],
      ['Quick Cut', '5 CP'],
    ]);
    expect(summary).toContain('2 skills as table rows under headings that price them; 2 have a cost, 0 have prerequisites.');
  });
});
