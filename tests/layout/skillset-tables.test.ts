/**
 * A LARP whose skills are tables with one cost column per skillset or class, costs written as the first purchase and
 * each further one (`10+5`), while its peoples, lodgings and armour carry `Label: value` lines of their own (a
 * lifespan, an occupancy, a material). The books below are our own words in the shape of larpchronicles/rules
 * (Chronicles LARP, v5.0.0 and v3.0.6), which was checked by hand: that book has no licence, so none of its text is here.
 * `rulebook init` must propose the cost columns and nothing from the lifespans, and lint must then read the skills
 * with their costs and send nobody back to `rulebook init`.
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../shared/analyse/index.js';
import { inferLayout } from '../../shared/layout/infer.js';
import { findUnread } from '../../shared/layout/unread.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { initialised, oneFileBook as book } from '../helpers/init.js';
import { md } from '../helpers/md.js';

/** Chronicles v5's shape: `| Skill | Primary | Secondary | Tertiary |` under each skillset, ranked costs. */
const SKILLSETS = md`
  # Lodging

  ## Cabins

  ---
  Beds are shared; bring a mat if you can.

  ### Pine Hollow

  Every cabin has heat and a bunk bed.
  * Ranger Cabin
    * Occupancy: 6
    * Includes: 2 bunk beds, a bench.
  * Mess Hall
    * Occupancy: 30
    * Includes: tables and a stove.

  ### Lakeside

  Cots fit in the common rooms.
  * Boathouse
    * Occupancy: 12
    * Includes: a sink.
  * Lodge
    * Occupancy: 20
    * Includes: four rooms.

  # Equipment

  ### Light Armor

  #### Padded
  Quilted layers that take the sting out of a blow.
  **Required**: Three layers of quilted cloth or soft leather.

  #### Boiled Leather
  Stiffened hide shaped to the body.
  **Required**: Leather hardened to hold its shape.

  #### Scale
  Overlapping plates sewn on a backing.
  **Required**: Metal or metal-looking scales on cloth.

  # Peoples

  ## Mossfolk
  ---
  **Look:**

  Green-skinned and slow to anger.

  **Age of Adulthood**: 20 Years.

  **Median Life Expectancy**: 140 Years.

  **Maximum Lifespan**: 300 Years.

  ## Emberkin
  ---
  **Look:**

  Ash-grey skin that glows when they are angry.

  **Age of Adulthood**: 12 Years.

  **Median Life Expectancy**: 60 Years.

  **Maximum Lifespan**: 110 Years.

  ## Tidewalkers
  ---
  **Look:**

  Webbed hands and salt in the hair.

  **Age of Adulthood**: 16 Years.

  **Median Life Expectancy**: 80 Years.

  **Maximum Lifespan**: 150 Years.

  # Skillsets

  ## Blade Skillset

  | Skill | Primary | Secondary | Tertiary |
  | --- | --- | --- | --- |
  | Quick Draw | 4+2 | 6+3 | 8+4 |
  | Riposte | 10+5 | 10+7 | 10+10 |
  | Hamstring | 5 | 8 | 12 |

  ## Lore Skillset

  | Skill | Primary | Secondary | Tertiary |
  | --- | --- | --- | --- |
  | Star Reading | 3+1 | 5+2 | 7+3 |
  | Old Tongues | 2+2 | 4+2 | 6+3 |
`;

/** Chronicles v3's shape: a name column headed by what the table prices, one column per class. */
const CLASS_TABLES = md`
  # Peoples

  ### Mossfolk
  **Physical Description**:

  Green-skinned and slow to anger.

  **Median Life Expectancy**: 140 Years.

  **Maximum Lifespan**: 300 Years.

  ### Emberkin
  **Physical Description**:

  Ash-grey skin that glows when they are angry.

  **Median Life Expectancy**: 60 Years.

  **Maximum Lifespan**: 110 Years.

  ### Tidewalkers
  **Physical Description**:

  Webbed hands and salt in the hair.

  **Median Life Expectancy**: 80 Years.

  **Maximum Lifespan**: 150 Years.

  # Weapon Skills

  | Skill Point Cost  |  F  |  T  |  R  |  S  | Prereqs|
  |:---|:---:|:---:|:---:|:---:|---|
  | Hatchet |  3  |  3  |  5  |  8  |-|
  | Paired Blades |  3  |  3  |  5  |  8  | Hatchet |
  | Sling |  3  |  5  |  3  |  8  |-|

  # Other Skills

  |Skill|F|T|R|S|Prereqs|
  |:---|:---:|:---:|:---:|:---:|:---|
  |Knot Tying|5+2|5+2|3+1|3+1||
  |Herb Lore|4|4|4|4||
`;

/**
 * Chronicles v4.1's shape: each skillset's table, then a `##` heading of each skill's exact name with its text alone,
 * under chapters named for skills ("General Skills"). The headings explain the rows; they are no second skills.
 */
const EXPLAINED_ROWS = md`
  # General Skills

  | Skill | Primary | Secondary | Tertiary |
  |---|---|---|---|
  |Quick Draw|4+2|6+3|8+4|
  |Riposte|10+5|10+7|10+10|
  |Hamstring|5|8|12|
  |Star Reading|3+1|5+2|7+3|
  |Old Tongues|2+2|4+2|6+3|

  ## Quick Draw
  The character draws a weapon and strikes in one motion.

  ## Riposte
  After a successful parry the character may answer at once.

  ## Hamstring
  A cut behind the knee slows the target for a minute.

  ## Star Reading
  The character tells the hour and the way home from the night sky.

  ## Old Tongues
  The character reads one dead language for each purchase.
`;

describe('skill tables with a cost column per skillset', () => {
  it('reads the rows once, priced, and the headings that explain them as their text, not as skills of their own', () => {
    const { settings } = inferLayout(book(EXPLAINED_ROWS));
    expect(settings).toEqual({ layout: { costs: { columns: ['Primary', 'Secondary', 'Tertiary'] } } });
    const model = parseRulebook(initialised(EXPLAINED_ROWS).source);
    expect(model.skills.map((s) => s.name)).toEqual(['Quick Draw', 'Riposte', 'Hamstring', 'Star Reading', 'Old Tongues']);
    expect(model.skills.every((s) => s.form === 'table' && s.costText !== null)).toBe(true);
  });

  it('proposes the skillset columns, whose costs are written as a first purchase and each further one', () => {
    const { settings, reasons } = inferLayout(book(SKILLSETS));
    expect(settings).toEqual({ layout: { costs: { columns: ['Primary', 'Secondary', 'Tertiary'] } } });
    expect(reasons).toContain(
      '2 tables list 5 entries (first at rulebook.md:86) with numbers in the columns `Primary`, `Secondary` and `Tertiary`: each is the cost for one class or skillset.',
    );
  });

  it('takes no lifespan, occupancy or armour material for a skill: the parser reads none of those lines', () => {
    // Lifespans stand paragraphs below a people's heading, occupancies in lists, materials after a line of text.
    for (const text of [SKILLSETS, CLASS_TABLES]) {
      const layout = (inferLayout(book(text)).settings.layout ?? {}) as Record<string, unknown>;
      expect(layout.fields).toBeUndefined();
      expect(layout.skills).toBeUndefined();
      expect(inferLayout(book(text)).settings.costUnits).toBeUndefined();
    }
  });

  it('reads a table whose name column is headed by what it prices, once its class columns are known', () => {
    const { settings } = inferLayout(book(CLASS_TABLES));
    expect(settings).toEqual({ layout: { costs: { columns: ['F', 'T', 'R', 'S'] } } });
    const model = parseRulebook(initialised(CLASS_TABLES).source);
    expect(model.skills.map((s) => [s.name, s.costText])).toEqual([
      ['Hatchet', 'F 3, T 3, R 5, S 8'],
      ['Paired Blades', 'F 3, T 3, R 5, S 8'],
      ['Sling', 'F 3, T 5, R 3, S 8'],
      ['Knot Tying', 'F 5+2, T 5+2, R 3+1, S 3+1'],
      ['Herb Lore', 'F 4, T 4, R 4, S 4'],
    ]);
    expect(model.skills.find((s) => s.name === 'Paired Blades')!.prerequisites.map((p) => p.raw)).toEqual(['Hatchet']);
  });

  it('proposes no table the parser skips: a name column the parser does not read makes no cost columns', () => {
    // "Power" and "Ability" columns beside prices are no skill tables for the parser (docs/format.md, skill tables).
    const text = md`
      | Power | Primary | Secondary |
      | --- | --- | --- |
      | Lift | 2 | 4 |
      | Throw | 3 | 5 |

      | Ability | Warrior | Mage |
      | --- | --- | --- |
      | Parry | 2 | 4 |
      | Ward | 5 | 1 |
    `;
    expect(inferLayout(book(text)).settings).toEqual({});
    const forced = parseRulebook(book(`---\nlayout:\n  costs:\n    columns: [Primary, Secondary, Warrior, Mage]\n---\n${text}`));
    expect(forced.skills).toEqual([]);
  });

  it('proposes no cost columns from gear, stats, or a table with one number column (MARS: armour, weapons, spell rolls)', () => {
    const text = md`
      | Name | AR | DR | STR Req | Weight |
      |:-|:-:|:-:|:-:|:-:|
      | Gambeson | 2 | - | - | 4kg |
      | Mail Shirt | 3 | 1 | 11 | 10kg |

      | Name | Spellcasting Roll |
      |:-|:-:|
      | Light | 4 |
      | Mend | 6 |

      | Name | AR | STR Req |
      |:-|:-:|:-:|
      | Buckler | 1 | - |
      | Tower Shield | 3 | 13 |
    `;
    expect(inferLayout(book(text)).settings).toEqual({});
  });

  it('proposes no cost columns from a weapon table’s base chance, hit points, hands and range (Basic Roleplaying)', () => {
    // Read before as 195 skills priced by `costs.columns: [Base, Hit Points, Range (m), Hands]`. Our own weapons.
    const text = md`
      | Skill | Base | Damage | Hit Points | Range (m) | Hands |
      |:-|:-:|:-:|:-:|:-:|:-:|
      | Broadsword | 15 | 1D8+1+db | 20 | — | 1 |
      | Longbow | 05 | 1D8+1+½db | 10 | 90 | 2 |
      | Spear | 15 | 1D8+1+db | 15 | 20 | 1 |
    `;
    expect(inferLayout(book(text)).settings).toEqual({});
  });

  it('after init, lint reads every skill with its cost and leaves nothing unread', () => {
    for (const [text, skills] of [
      [SKILLSETS, ['Quick Draw', 'Riposte', 'Hamstring', 'Star Reading', 'Old Tongues']],
      [CLASS_TABLES, ['Hatchet', 'Paired Blades', 'Sling', 'Knot Tying', 'Herb Lore']],
    ] as const) {
      const analysis = analyse(initialised(text).source);
      expect(analysis.model.skills.map((s) => s.name)).toEqual(skills);
      expect(analysis.model.skills.every((s) => s.cost !== null)).toBe(true);
      const messages = analysis.findings().map((f) => f.message);
      expect(messages.filter((m) => /rulebook init|look like skill costs/.test(m))).toEqual([]);
    }
    expect(analyse(initialised(SKILLSETS).source).model.skills.find((s) => s.name === 'Riposte')!.costText).toBe('Primary 10+5, Secondary 10+7, Tertiary 10+10');
  });
});

describe('the advice to run rulebook init', () => {
  // Cost lines under headings that are no skills of the book: nothing reads them, with settings or without.
  const stray = md`
    # Camp

    Bring a mat.
    * Cabin A
      * Cost: 3
    * Cabin B
      * Cost: 4
  `;

  it('is given for a book without settings of its own, and no longer once it declares settings as init writes them', () => {
    const bare = book(stray);
    expect(findUnread(bare, parseRulebook(bare))[0].message).toMatch(/: run `rulebook init`, or set layout\.skills\.headingLevels/);
    // After init the same advice would send the marshal round in a loop: it names the setting alone.
    for (const settings of ['layout:\n  costs:\n    columns: [Primary]', 'lint:\n  missing-cost: "off"', 'costUnits: [Years]', 'conditions: [Guild Member]']) {
      const source = book(`---\n${settings}\n---\n${stray}`);
      const [d] = findUnread(source, parseRulebook(source));
      expect(d.message).toMatch(/but no skill was read from them: set layout\.skills\.headingLevels or layout\.skills\.boldNames to say where skills are written$/);
    }
  });
});
