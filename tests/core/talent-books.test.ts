/**
 * How a tabletop book keeps its talents, in the shapes of MARS (github.com/lkodinsson/MARS, CC BY-SA 4.0), in our own
 * words: an index table linking to each entry, entries as headings with cost and requirement lines, requirements that
 * bound an attribute ("Max Intelligence 11+") or name a skill the book explains under a heading of its own
 * ("Trained in Athletics", "### Athletics (STR)"), maneuvers whose stamina is spent in play, and gear tables.
 */
import { describe, expect, it } from 'vitest';
import { link, md, parse } from '../helpers/md.js';

const requirements = (skill: { prerequisites: readonly { requirements: readonly { alternatives: readonly { text: string }[] }[] }[] }) =>
  skill.prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives.map((a) => a.text)));

const TALENTS = md`
  # Talents

  ##### Table: Talents
  | Name | Cost | Requirements |
  |:-|:-:|:-|
  | [Quick Study](#quick-study) | 8 | INT 11+, Lore |
  | [Sure Footing](#sure-footing) | 4 | - |
  | [Iron Will](#stubborn) | 4 | - |

  ## Quick Study

  **Cost:** 8 EXP
  **Requirements:** Max Intelligence 11+, Trained in Lore

  You learn from every mistake.

  ## Sure Footing

  **Cost:** 4 EXP

  You keep your feet on ice and scree.

  ## Iron Will

  **Cost:** 4 EXP

  You shrug off fear.

  # Skills

  ### Lore (INT)

  What you know of the world.
`;

describe('an index table that links to each talent', () => {
  const model = parse(TALENTS);

  it('is no second definition: a row whose name links to the heading of a skill of that name is left out', () => {
    expect(model.skills.filter((s) => s.name === 'Quick Study').map((s) => s.form)).toEqual(['heading']);
    expect(model.skills.filter((s) => s.name === 'Sure Footing').map((s) => s.form)).toEqual(['heading']);
  });

  it('keeps a row whose link lands elsewhere: the book has two definitions, and a broken link says why', () => {
    expect(model.skills.filter((s) => s.name === 'Iron Will').map((s) => s.form)).toEqual(['table', 'heading']);
  });
});

describe('requirements that bound an attribute or name a skill explained under its own heading', () => {
  const settings = 'layout:\n  conditions:\n    attributes: [Intelligence]\n';

  it('reads "Trained in Lore" as Lore, and "Max Intelligence 11+" as a condition on a declared attribute', () => {
    const model = parse({ 'rulebook.yaml': settings, 'talents.md': TALENTS });
    const quick = model.skills.find((s) => s.name === 'Quick Study' && s.form === 'heading')!;
    expect(requirements(quick)).toEqual([['Max Intelligence 11+'], ['Lore']]);
    expect(quick.prerequisites[0].requirements[0].alternatives[0].kind).toBe('condition');
  });

  it('finds no unknown prerequisite in a skill the book explains under a heading with its attribute tag', () => {
    const linked = link({ 'rulebook.yaml': settings, 'talents.md': TALENTS });
    expect(linked.unresolvedPrerequisites.map((u) => u.term.text)).toEqual([]);
    const without = link({ 'rulebook.yaml': settings, 'talents.md': TALENTS.replace('### Lore (INT)', '### Legends (INT)') });
    expect(without.unresolvedPrerequisites.map((u) => u.term.text)).toEqual(['Lore']);
  });
});

describe('tables of maneuvers and gear', () => {
  it('reads no price from a stamina cost column, nor skills from a table of gear', () => {
    const model = parse(md`
      | Name | Stamina Cost | Action Speed |
      |:-|:-:|:-|
      | Back-step | 1 | Reaction |
      | Battle Cry | 2 | Swift |

      | Name | Cost | Damage | Weight |
      |:-|-:|:-|-:|
      | Club | 1 sp | 1d4 bludgeoning | 2 lb. |
      | Dagger | 2 gp | 1d4 piercing | 1 lb. |

      | Skill | Cost | Prereqs |
      |:-|-:|:-|
      | Shield | 3 | - |
    `);
    expect(model.skills.map((s) => [s.name, s.costText])).toEqual([['Shield', '3']]);
  });
});

describe('a requirement line after text, before the first entry read', () => {
  // Ashfall's talents (CC BY-NC-SA, so in our own words): a bold name, its text, then "*Requires: …*" under it; the
  // first talent read is one whose requirement follows its name at once.
  const model = parse(md`
    ## Universal Talents

    **Suppressing Volley**
    You pin one creature down with fire until your next turn.

    *Requires: Proficiency with a ranged weapon.*

    **Bear Hug**
    Your grapples crush.

    *Requires: MIG 13 or higher.*

    **Shield Bearer**
    *Requires: Shield proficiency.*

    You shield an adjacent ally.
  `);

  it('is its entry’s, never a requirement of every skill of the section', () => {
    const bearer = model.skills.find((s) => s.name === 'Shield Bearer')!;
    expect(requirements(bearer)).toEqual([['Shield proficiency']]);
  });
});
