/**
 * `rulebook init` on a book whose classes price their abilities in lists, in the shape of the Ashfall TTRPG's class
 * files (`**Tier 1 Abilities (5 CP each):**` over `- **Divine Strike:** …`, `- **Cleave (10 CP, Requires Power
 * Strike):** …`; that book is CC BY-NC-SA 4.0, so these are our own words): init counts those entries as priced ones of
 * their chapter when it proposes where skills are read, and its summary names them as the parser reads them.
 */
import { describe, expect, it } from 'vitest';
import { initialised } from '../helpers/init.js';
import { md } from '../helpers/md.js';

describe('init on lists priced by their labels and by their own bold', () => {
  // Feats priced by field lines, conditions written like them without a price, and two classes' trees.
  const feats = ['Cleave', 'Dodge', 'Parry'].map((name, i) => `## ${name}\n\n**Cost:** ${i + 2} CP\n\nA feat.\n`).join('\n');
  const conditions = ['Blinded', 'Dazed', 'Prone', 'Slowed', 'Stunned', 'Weakened'].map((name) => `## ${name}\n\n**Duration:** 1 round\n**Effect:** You suffer.\n`).join('\n');
  const classes = md`
    # Channeler

    ## Skill Trees

    ### Battle Channeling

    **Tier 1 Abilities (5 CP each):**
    - **Divine Strike:** Add 1d8 radiant damage to one hit a turn.
    - **Blessed Weapon:** Your weapon counts as magical for a minute.

    **Tier 2 Abilities (10 CP each, requires one Tier 1):**
    - **Warpriest:** Cast a spell and strike in the same turn.

    # Warrior

    ## Skill Trees

    ### Combat Mastery

    - **Power Strike (5 CP):** Deal an extra 1d6 damage on a hit, once a turn.
    - **Sweep (10 CP, Requires Power Strike):** Strike a second foe after you drop one.
  `;
  const text = `# Feats\n\n${feats}\n# Conditions\n\n${conditions}\n${classes}`;
  const { settings, reasons, model, summary } = initialised(text);

  it('proposes the classes as chapters where skills are read, counting the entries the labels and their bold price', () => {
    expect(settings).toMatchObject({ layout: { skills: { sections: ['Feats', 'Channeler', 'Warrior'] } } });
    expect(reasons).toContainEqual(expect.stringContaining('while the 8 priced ones stand under `Feats`, `Channeler` and `Warrior`: skills are read there only.'));
    const label = text.split('\n').indexOf('**Tier 1 Abilities (5 CP each):**') + 1;
    expect(reasons).toContainEqual(
      `2 lists name 3 entries in bold under labels that state the price of each (first at rulebook.md:${label}, \`**Tier 1 Abilities (5 CP each):**\`): each is a skill at its label's price, read without a setting.`,
    );
  });

  it('reads them as it said, and names the priced lists in its summary', () => {
    expect(model.skills.map((s) => [s.name, s.costText, s.prerequisites.map((p) => p.raw)])).toEqual([
      ['Cleave', '2 CP', []],
      ['Dodge', '3 CP', []],
      ['Parry', '4 CP', []],
      ['Divine Strike', '5 CP', []],
      ['Blessed Weapon', '5 CP', []],
      ['Warpriest', '10 CP', []],
      ['Power Strike', '5 CP', []],
      ['Sweep', '10 CP', ['Power Strike']],
    ]);
    expect(summary).toContain('3 skills as list items under labels that price them; 3 have a cost, 0 have prerequisites.');
    expect(summary).toContain('2 skills as bold-name paragraphs; 2 have a cost, 1 has prerequisites.');
  });
});
