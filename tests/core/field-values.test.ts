/**
 * Field values written past their label's line: a label alone on its line with its value under it (the Free5e
 * Character's Codex: "**Prerequisite:**" then "Proficiency with medium armor"), and values hard-wrapped mid-list or
 * mid-name (the d20 Modern SRD: "…, Personal Firearms Proficiency, Advanced" then "Firearms Proficiency."). Also names
 * a typesetter left soft hyphens in, and lines of nothing but spaces. The books are our own words in those shapes.
 */
import { describe, expect, it } from 'vitest';
import type { Skill } from '../../shared/model/types.js';
import { nameKey } from '../../shared/parse/keys.js';
import { link, md, parse, slice } from '../helpers/md.js';

const requirements = (skill: Skill) => skill.prerequisites.map((p) => p.requirements.map((r) => r.alternatives.map((a) => a.text)));
const byName = (skills: readonly Skill[]) => new Map(skills.map((s) => [s.name, s]));
/** The book's settings, as `rulebook init` would write them: the heading level of its skills, its attributes. */
const atLevel = (level: number, text: string) =>
  `---\nlayout:\n  skills:\n    headingLevels: [${level}]\n  conditions:\n    attributes: [Strength, Dexterity, Wisdom]\n---\n${text}`;

describe('a label alone on its line takes the line under it as its value', () => {
  const text = atLevel(
    3,
    md`
      ## Feats

      ### Heavy Lifter

      **Prerequisite:**
      Strength 13 or higher

      - Your Strength score increases by 1.

      ### Quick Study

      - You learn one language.

      ### Rune Ward

      **Prerequisite:**
      5th level, [Pact of Runes](#Pact_of_Runes_pact_of_runes) feature
      \\
      You can cast a ward on yourself at will.
    `,
  );
  const model = parse(text);
  const skills = byName(model.skills);

  it('reads the prerequisite under the label, as a heading skill', () => {
    expect(model.skills.map((s) => s.name)).toEqual(['Heavy Lifter', 'Rune Ward']);
    expect(requirements(skills.get('Heavy Lifter')!)).toEqual([[['Strength 13 or higher']]]);
    expect(requirements(skills.get('Rune Ward')!)).toEqual([[['5th level'], ['Pact of Runes feature']]]);
  });

  it('ends the value at a hard break: the text after it is the description', () => {
    const ward = skills.get('Rune Ward')!;
    expect(ward.text).toBe('You can cast a ward on yourself at will.');
    expect(slice(text, ward.prerequisites[0].range)).toBe('5th level, [Pact of Runes](#Pact_of_Runes_pact_of_runes) feature');
  });

  it('reads it in a list item too', () => {
    const list = parse(md`
      ## Patron Invocations

      - **Steady Gaze**
        \\
        **Prerequisite:**
        Watcher patron
        \\
        You roll twice on the gaze table and choose.
    `);
    expect(list.skills.map((s) => [s.name, requirements(s), s.text])).toEqual([['Steady Gaze', [[['Watcher patron']]], 'You roll twice on the gaze table and choose.']]);
  });
});

describe('a hard-wrapped value goes on to the next line', () => {
  const text = atLevel(
    3,
    md`
      ## Feats

      ### Cleaving Blow

      **Prerequisites:** Strength 13, Power Attack,
      base attack bonus +1.

      ### Great Cleaving Blow

      **Prerequisites:** Strength 13, Power Attack, Cleaving Blow, base attack bonus
      +4.

      **Benefit:** As Cleaving Blow, with no limit to the times a round.

      ### Long Shot

      **Prerequisites:** Wisdom 13, Steady Hands, Firearms Training, Advanced
      Marksmanship.

      ### Steady Hands

      **Prerequisite:** Dexterity 13.

      ### Firearms Training

      **Prerequisite:** Steady Hands.

      ### Advanced Marksmanship

      **Prerequisite:** Firearms Training.
    `,
  );
  const model = parse(text);
  const skills = byName(model.skills);

  it('after a comma, before a line in lower case or a sign, and where the wrap cut a name', () => {
    expect(requirements(skills.get('Cleaving Blow')!)).toEqual([[['Strength 13'], ['Power Attack'], ['base attack bonus +1']]]);
    expect(requirements(skills.get('Great Cleaving Blow')!)).toEqual([[['Strength 13'], ['Power Attack'], ['Cleaving Blow'], ['base attack bonus +4']]]);
    expect(requirements(skills.get('Long Shot')!)).toEqual([[['Wisdom 13'], ['Steady Hands'], ['Firearms Training'], ['Advanced Marksmanship']]]);
    // Nothing of the prerequisite is left in the description.
    expect(model.skills.map((s) => s.text).filter(Boolean)).toEqual([]);
  });

  it('keeps each name where it is written, across the line end', () => {
    const name = skills.get('Long Shot')!.prerequisites[0].requirements[3].alternatives[0];
    expect(slice(text, name.range)).toBe('Advanced\nMarksmanship');
    expect(name.key).toBe('advanced marksmanship');
    // Power Attack is no skill of this book; every other name is.
    expect(link(text).unresolvedPrerequisites.map((u) => u.term.text)).toEqual(['Power Attack', 'Power Attack']);
  });

  it('but not past a value that ends where its writer ended it', () => {
    const short = parse(
      atLevel(
        3,
        md`
          ### Duck

          **Prerequisite:** Dexterity 13
          You drop low under a swing.

          ### Weave

          **Prerequisites:** Dexterity 13, Duck, Quick Feet, Light Armor Training.
          Nothing slows you in light armor.

          ### Roll

          **Prerequisites:** Duck,\u0020\u0020
          Weave
        `,
      ),
    );
    expect(short.skills.map((s) => [s.name, requirements(s), s.text])).toEqual([
      ['Duck', [[['Dexterity 13']]], 'You drop low under a swing.'],
      ['Weave', [[['Dexterity 13'], ['Duck'], ['Quick Feet'], ['Light Armor Training']]], 'Nothing slows you in light armor.'],
      // Two spaces at the end of a line are a hard break: the line under it is no part of the value.
      ['Roll', [[['Duck']]], 'Weave'],
    ]);
  });
});

describe('names with a soft hyphen left in them', () => {
  it('are the names without it', () => {
    expect(nameKey('Im\u00ADproved Two-Weapon Fighting')).toBe(nameKey('Improved Two-Weapon Fighting'));
    expect(nameKey('Zero\u200BWidth\u2060Joined\uFEFF')).toBe('zerowidthjoined');
    const linked = link(
      atLevel(
        3,
        md`
          ### Improved Two-Weapon Fighting

          **Prerequisite:** Dexterity 13.

          ### Advanced Two-Weapon Fighting

          **Prerequisites:** Dexterity 15, Im\u00ADproved Two-Weapon Fighting.
        `,
      ),
    );
    expect(linked.unresolvedPrerequisites).toEqual([]);
    expect(linked.edges.map((e) => [e.from.name, e.to.name])).toEqual([['Advanced Two-Weapon Fighting', 'Improved Two-Weapon Fighting']]);
  });
});

describe('a line of nothing but spaces', () => {
  it('nests nothing: no too-deep diagnostic, and the blocks after it are read as they are', () => {
    const text = `## Skills\n\nThe skills of the game.\n${' '.repeat(150)}\n\n- **Tumble** (2 SP) Roll away.\n- **Climb** (1 SP) Go up.\n`;
    const model = parse(text);
    expect(model.diagnostics.map((d) => d.code)).toEqual([]);
    expect(model.skills.map((s) => [s.name, s.cost])).toEqual([
      ['Tumble', 2],
      ['Climb', 1],
    ]);
  });
});

describe('a label with no value over a list takes the list as its value', () => {
  // Ashfall's advanced skills ("**Skill Uses:**" then its uses) and its manoeuvres ("**Build Interactions:**"), in our words.
  const text = md`
    ## Hacking (INT)

    **Prerequisite:** Technology (Proficient)

    Breaking into networks beyond a terminal's reach.

    **Skill Uses:**

    - **Breach Network** — Gain access to a networked system.
    - **Extract Data** — Copy what a system stores.

    ### Trip (1 action)

    **Build Interactions:**
    - **Warrior:** Trip, then strike the prone foe.

    ### Feint (1 action)

    **Effect:**

    Nothing follows this label but a paragraph.
  `;
  const book = `---\ncostUnits: [Action]\nlayout:\n  skills:\n    headingLevels: [2, 3]\n---\n${text}`;
  const skills = byName(parse(book).skills);

  it('joins the items as one value, placed on the list', () => {
    const uses = skills.get('Hacking (INT)')!.fields.find((f) => f.name === 'Skill Uses')!;
    expect(uses.value).toBe('Breach Network — Gain access to a networked system.; Extract Data — Copy what a system stores.');
    expect(slice(book, uses.valueRange).startsWith('- **Breach Network**')).toBe(true);
    expect(skills.get('Trip')!.fields.map((f) => [f.name, f.value])).toEqual([['Build Interactions', 'Warrior: Trip, then strike the prone foe.']]);
  });

  it('leaves a label over a paragraph empty, as the book leaves it', () => {
    expect(skills.get('Feint')!.fields.map((f) => [f.name, f.value])).toEqual([['Effect', '']]);
  });
});

describe('fields set apart by bars on one line', () => {
  // Ashfall's vehicle compartments and augmentations write their price and slot on one line; an example build writes
  // its chassis and fantasy so. Our own words in that shape, priced in points (Ashfall's, in credits, are gear).
  const text = atLevel(
    4,
    md`
      ## Ship Compartments

      #### Chart Room

      **Cost:** 7 XP | **Slot:** 1 | **Crew Needed:** 2

      A table of maps under glass.

      #### Build C: Careful Navigator

      **Chassis:** Light | **Fantasy:** Scout equivalent

      A character who never gets lost.

      #### Bilge Pump

      **Cost:** 5 XP | 2 if salvaged

      Keeps the hold dry.
    `,
  );
  const model = parse(text);
  const skills = byName(model.skills);
  const fields = (name: string) => skills.get(name)!.fields.map((f) => [f.name, f.value, slice(text, f.valueRange)]);

  it('reads each labelled piece as a field of its own, the cost only its own amount', () => {
    expect(skills.get('Chart Room')!.costText).toBe('7 XP');
    expect(fields('Chart Room')).toEqual([
      ['Cost', '7 XP', '7 XP'],
      ['Slot', '1', '1'],
      ['Crew Needed', '2', '2'],
    ]);
  });

  it('keeps a bar with no label after it in the value', () => {
    expect(skills.get('Bilge Pump')!.costText).toBe('5 XP | 2 if salvaged');
  });

  it('does not take one line of fields for a skill’s description, as two lines would be', () => {
    expect(model.skills.map((s) => s.name)).toEqual(['Chart Room', 'Bilge Pump']);
  });
});

describe('an entry with a line of the skills it has', () => {
  // The Fate Core SRD (CC BY 3.0, Evil Hat Productions), as the book writes its nameless NPCs: each tier is a heading
  // over fields, one of them the skills an NPC of that tier has. Such an entry has skills; it is none.
  const text = atLevel(
    6,
    md`
      ##### Nameless NPCs
      Nameless NPCs come in three varieties: Average, Fair, and Good.

      ###### Average
      **Competence**: Rank-and-file order-takers, local conscripts, and the like.
      **Purpose**: Mostly there to make the PCs look more awesome.
      **Skills**: One or two Average (+1).
      **Stress**: No stress boxes—a one shift hit is enough to take them out.

      ###### Fair
      **Competence**: Trained professionals, like soldiers and elite guards.
      **Skills**: One Fair (+2), and one or two Average (+1).

      ###### Last Stand
      **Range**: Self
      **Effect**: Fight on at zero hits until the count ends.
    `,
  );

  it('is read as no skill, where an entry of other short fields still is one', () => {
    expect(parse(text).skills.map((s) => s.name)).toEqual(['Last Stand']);
  });
});
