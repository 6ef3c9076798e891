/** Every construct of the dialect (docs/format.md), read from real rulebook text. */
import { describe, expect, it } from 'vitest';
import { at, md, parse, slice } from '../helpers/md.js';
import { costsBeforeAndAfterEdit } from '../helpers/incremental.js';

const prerequisites = (skill: { prerequisites: readonly { requirements: readonly { alternatives: readonly { text: string }[] }[] }[] }) =>
  skill.prerequisites.map((p) => p.requirements.map((r) => r.alternatives.map((a) => a.text)));

describe('numbered headings', () => {
  const text = md`
    # 3 Magic
    ## 2.1 - Character Skills
    # Chapter 4. Alchemy
    ## 100. General
    # Appendix 2: Lore
    ## Section 8 – Multiplayer
    ### General skills
    ## 1st Edition notes
  `;
  const model = parse(text);

  it('reads the number after an optional Chapter/Section/Appendix and a separator', () => {
    expect(model.sections.map((s) => [s.number?.key ?? null, s.number?.prefix ?? null, s.title])).toEqual([
      ['3', null, 'Magic'],
      ['2.1', null, 'Character Skills'],
      ['4', 'Chapter', 'Alchemy'],
      ['100', null, 'General'],
      ['2', 'Appendix', 'Lore'],
      ['8', 'Section', 'Multiplayer'],
      [null, null, 'General skills'],
      [null, null, '1st Edition notes'],
    ]);
  });

  it('keeps the number as written and where it is', () => {
    const chapter = model.sections[2];
    expect(chapter.number?.text).toBe('Chapter 4.');
    expect(slice(text, chapter.number!.range)).toBe('Chapter 4.');
    // End columns are exclusive, as in unist and Monaco.
    expect(at(chapter.headingRange)).toBe('3:1-3:21');
    expect(model.sections[1].number?.segments).toEqual(['2', '1']);
  });

  it('nests headings by level', () => {
    const [magic, skills, alchemy, general] = model.sections;
    expect(magic.childSectionIds).toEqual([skills.id]);
    expect(skills.parentId).toBe(magic.id);
    expect(general.parentId).toBe(alchemy.id);
  });
});

describe('numbers written only in a contents list (layout.numbering.fromContents, the Quonauts nomic)', () => {
  const text = md`
    ---
    layout:
      numbering:
        fromContents: true
    ---
    # Quonauts (4.)5 — Rules

    * [**1. Meta rules**](#meta-rules)
        * [**1.1. Accuracy**](#accuracy)
        * [**1.7.3. Rules**](#lists)

    ## <a name='meta-rules'/> Meta rules

    ### <a name='accuracy'/> Accuracy

    #### <a name='lists'/> Rules

    ## Unlisted
  `;

  it('gives each heading a link lands on the number the link carries, where the link writes it', () => {
    const model = parse(text);
    expect(model.sections.map((s) => [s.number?.key ?? null, s.title])).toEqual([
      [null, 'Quonauts (4.)5 — Rules'],
      ['1', 'Meta rules'],
      ['1.1', 'Accuracy'],
      ['1.7.3', 'Rules'],
      [null, 'Unlisted'],
    ]);
    expect(slice(text, model.sections[3].number!.range)).toBe('1.7.3.');
  });

  it('numbers nothing without the setting', () => {
    expect(parse(text.replace('fromContents: true', 'fromContents: false')).sections.filter((s) => s.number)).toEqual([]);
  });
});

describe('numbered rules', () => {
  const text = md`
    ## 1.3 In game

    1.3.2 Players who are in game should react as their character would.

    100.1. These Magic rules apply to any Magic game with two or more players.

    100.1a A two-player game is a game that begins with only two players.

    2 Production Points are needed for this.

    1.3.20	Tabs after the number are fine.
  `;
  const model = parse(text);

  it('reads dotted and lettered numbers at the start of a paragraph, not plain integers', () => {
    expect(model.rules.map((r) => [r.number.key, r.number.text, r.number.segments, r.scope])).toEqual([
      ['1.3.2', '1.3.2', ['1', '3', '2'], 'global'],
      ['100.1', '100.1.', ['100', '1'], 'global'],
      ['100.1a', '100.1a', ['100', '1', 'a'], 'global'],
      ['1.3.20', '1.3.20', ['1', '3', '20'], 'global'],
    ]);
  });

  it('keeps the text without the number and places the rule in its section', () => {
    expect(model.rules[0].text).toBe('Players who are in game should react as their character would.');
    expect(model.rules[0].sectionId).toBe(model.sections[0].id);
    expect(slice(text, model.rules[2].number.range)).toBe('100.1a');
    expect(at(model.rules[1].range)).toBe('5:1-5:75');
  });
});

describe('locally numbered rules', () => {
  const text = md`
    ## The Rules of Magic

    1. Magic must be said loudly and clearly.
    2. A player may not move their feet when casting magic, unless:
       a. The spell says otherwise.
       b. The player is a Bard.

    ## Enchantments

    1. Only one enchantment at a time.
  `;
  const model = parse(text);

  it('numbers ordered-list items and their lettered lines locally to the heading', () => {
    expect(model.rules.map((r) => [r.scope, r.number.segments.join('.'), r.number.text, r.text])).toEqual([
      ['local', '1', '1.', 'Magic must be said loudly and clearly.'],
      ['local', '2', '2.', 'A player may not move their feet when casting magic, unless:'],
      ['local', '2.a', 'a.', 'The spell says otherwise.'],
      ['local', '2.b', 'b.', 'The player is a Bard.'],
      ['local', '1', '1.', 'Only one enchantment at a time.'],
    ]);
  });

  it('never clashes: the same local number under two headings has two keys', () => {
    expect(model.rules[0].number.key).not.toBe(model.rules[4].number.key);
    expect(slice(text, model.rules[2].number.range)).toBe('a.');
  });
});

describe('skills', () => {
  it('a list entry whose bold name is also in italics: the name without the underscores, placed on its words', () => {
    // Free5e's invocations write "- **_Controlled Chaos_**" (wyrmworkspublishing/free5e, CC-BY-4.0).
    const model = parse(md`
      - **_Mirror Step_** (2 SP) You step out of one mirror and into another.
      - **Glass Sight** (1 SP) You see through glass.
    `);
    expect(model.skills.map((s) => [s.name, at(s.nameRange)])).toEqual([
      ['Mirror Step', '1:6-1:17'],
      ['Glass Sight', '2:5-2:16'],
    ]);
  });

  it('a bold name on its own line with Reqs under it, a group\'s bold name on the line above it left out', () => {
    const text = md`
      **Herbalism**
      **Apprentice Herbalist I**
      *Reqs:* Harmony 3
      *Basic Botanicals* [Always] You can complete rank one recipes.

      **Apprentice Herbalist II**
      *Reqs:* Harmony 7, Apprentice Herbalist I
    `;
    const model = parse(`---\nlayout:\n  conditions:\n    attributes: [Harmony]\n---\n${text}`);
    expect(model.skills.map((s) => [s.name, prerequisites(s)])).toEqual([
      ['Apprentice Herbalist I', [[['Harmony 3']]]],
      ['Apprentice Herbalist II', [[['Harmony 7'], ['Apprentice Herbalist I']]]],
    ]);
  });

  it('a bold name on its own line priced by the cost line under it, in the book\'s units; a price in money stays a field', () => {
    // The shape of the Vitality System's attack upgrades (github.com/Amuniare/vitality_system_rulebook, no licence:
    // the words here are ours): `**Extended Range**`, then `Cost: 2p`, `Effect: …`, one line each.
    const text = md`
      #### Upgrades

      **Far Shot**
      Cost: 2p
      Effect: Attacks reach twice as far.

      **Keen Edge**
      Cost: 1p per rank
      Effect: Critical hits on one more number.
      Prerequisite: Far Shot

      **Spyglass**
      Cost: 50 cr
      Effect: See far.
    `;
    const model = parse(`---\ncostUnits: [p]\n---\n${text}`);
    expect(model.skills.map((s) => [s.name, s.form, s.cost, s.costText, prerequisites(s)])).toEqual([
      ['Far Shot', 'paragraph', 2, '2p', []],
      ['Keen Edge', 'paragraph', 1, '1p per rank', [[['Far Shot']]]],
      ['Spyglass', 'paragraph', null, null, []],
    ]);
    expect(model.skills[0].fields.map((f) => [f.name, f.value])).toEqual([
      ['Cost', '2p'],
      ['Effect', 'Attacks reach twice as far.'],
    ]);
  });

  it('a bold name alone over a list of its fields, and a bold name\'s entry over the list its last line introduces', () => {
    // The Vitality System's conditions and upgrades (no licence: the words here are ours): `**Control**` over
    // `- **Cost:** 2p` and `- **Effect:** …`; an upgrade whose effect ends "…size of area attacks:" over a list of sizes.
    const text = md`
      ### Conditions

      **Hold**
      - **Cost:** 2p
      - **Effect:** The target cannot move.

      **Stagger**
      - **Cost:** 1p
      - **Prerequisite:** Hold

      **Wide Blast**
      Cost: 1p
      Effect: Area attacks grow:
        - Burst: +2 spaces
        - Cone: +4 spaces

      **Summary**

      - **Effect:** A list under a bold name set apart by a blank line is not its fields.
    `;
    const model = parse(`---\ncostUnits: [p]\n---\n${text}`);
    expect(model.skills.map((s) => [s.name, s.cost, prerequisites(s), s.fields.map((f) => f.name)])).toEqual([
      ['Hold', 2, [], ['Cost', 'Effect']],
      ['Stagger', 1, [[['Hold']]], ['Cost']],
      ['Wide Blast', 1, [], ['Cost', 'Effect']],
    ]);
    const wide = model.skills[2];
    const source = `---\ncostUnits: [p]\n---\n${text}`;
    expect(source.slice(wide.range.start.offset, wide.range.end.offset)).toMatch(/^\*\*Wide Blast\*\*[\s\S]*Cone: \+4 spaces$/);
  });

  it('a price in words that ends with one of the book\'s units varies in it; a name translated into points is none', () => {
    // 13th Age's Commander (tests/fixtures/wild/13th-age-srd, OGL); the Russian Daggerheart's glossary's headings.
    const text = md`
      ## Commands

      #### Rally Now

      **Cost:** 1 command point

      #### You'll Die When I Tell You to Die

      **Cost:** Your remaining command points

    `;
    const model = parse(`---\ncostUnits: [command point, command points]\nlayout:\n  skills:\n    headingLevels: [3, 4]\n---\n${text}`);
    expect(model.skills.map((s) => [s.name, s.cost, s.costUnit, s.costDetail?.kind ?? null])).toEqual([
      ['Rally Now', 1, 'command point', null],
      ["You'll Die When I Tell You to Die", null, 'command point', 'variable'],
    ]);
    // In the default units, which count points: a name translated after a heading stays a name.
    const glossary = parse(`---\nlayout:\n  skills:\n    headingLevels: [3]\n---\n## Glossary\n\n### Хиты (Hit Points)\n\nХиты отражают способность персонажа выдерживать повреждения.\n`);
    expect(glossary.skills).toEqual([]);
  });

  it('(a) list items with a bold name and a cost, with prerequisite and field lines', () => {
    const text = md`
      ## General skills

      - **Ambidexterity** (2 SP) With this skill a character can fight with two weapons.
      - **Energy Ball** (4 SP) The caster throws a ball of energy.
        Prerequisite: Lesser Energy Ball
        Duration: Instant
      - **Additional Health Points** (4/5 SP) One more Health Point.
      - **Cheap Trick** (1.5 XP) Decimal costs are fine.
      - **Forgotten Art** (SP) The cost was never written.
      - **Not a skill** (see below) Parentheses without a cost.
    `;
    const model = parse(text);
    expect(model.skills.map((s) => [s.name, s.form, s.cost, s.costUnit, s.category])).toEqual([
      ['Ambidexterity', 'list', 2, 'SP', 'General skills'],
      ['Energy Ball', 'list', 4, 'SP', 'General skills'],
      ['Additional Health Points', 'list', [4, 5], 'SP', 'General skills'],
      ['Cheap Trick', 'list', 1.5, 'XP', 'General skills'],
      ['Forgotten Art', 'list', null, 'SP', 'General skills'],
    ]);
    const ball = model.skills[1];
    expect(prerequisites(ball)).toEqual([[['Lesser Energy Ball']]]);
    expect(ball.fields.map((f) => [f.name, f.value])).toEqual([['Duration', 'Instant']]);
    expect(ball.text).toBe('The caster throws a ball of energy.');
    expect(slice(text, ball.nameRange)).toBe('Energy Ball');
    expect(slice(text, ball.costRange!)).toBe('4 SP');
    expect(slice(text, ball.prerequisites[0].requirements[0].alternatives[0].range)).toBe('Lesser Energy Ball');
  });

  it('(a) no skills in a list of bold labels, whose parentheses name files or explain', () => {
    // Shaped like Razorweave's list of play aids and Ashfall's equipment: bold labels, not skills to buy.
    const text = md`
      ### GM-Facing Sheets

      - **Session Prep Worksheet** (\`gm_session_prep.md\`): A page for tonight's questions.
      - **Campaign Sheet** (\`campaign_fronts.md\`): Tracks long-term threats.
      - **Mystery Frameworks:** Grids for investigations, with no file of their own.

      ### Combat Recorder

      - **+1 to Insight checks** (reading people)
      - **+1 to Persuasion checks** (optimised delivery)
      - **Record audio:** Silently record up to an hour.

      ### Bought with points

      - **Ambidexterity** (2 SP) Fight with two weapons.
      - **Quick Draw** (1 SP) Draw in an instant.
      - **Cartography** Draw maps that others can read.
    `;
    expect(parse(text).skills.map((s) => [s.name, s.cost])).toEqual([
      ['Ambidexterity', 2],
      ['Quick Draw', 1],
      ['Cartography', null],
    ]);
  });

  it('(b) headings with the cost in the title or on a Cost: line, other fields kept', () => {
    const text = md`
      ## Spells

      ### Fireball (20 XP)

      A ball of fire.

      ### Familiar
      Cost: 3
      Range: Self
      Duration: Permanent
      Effect:

      ### Not a skill

      Range: this heading has no cost line.
    `;
    const model = parse(text);
    expect(model.skills.map((s) => [s.name, s.form, s.cost, s.costUnit, s.category, s.text])).toEqual([
      ['Fireball', 'heading', 20, 'XP', 'Spells', 'A ball of fire.'],
      ['Familiar', 'heading', 3, null, 'Spells', ''],
    ]);
    const familiar = model.skills[1];
    expect(familiar.fields.map((f) => [f.name, f.value])).toEqual([
      ['Cost', '3'],
      ['Range', 'Self'],
      ['Duration', 'Permanent'],
      ['Effect', ''],
    ]);
    expect(slice(text, familiar.nameRange)).toBe('Familiar');
    expect(at(familiar.fields[3].range)).toBe('11:1-11:8');
    expect(slice(text, model.skills[0].nameRange)).toBe('Fireball');
  });

  it('(c) table rows under Skill and Cost headers, with prerequisites and notes', () => {
    const text = md`
      ## Combat Skills

      | Skill | Skill Point Cost | Prerequisite | Notes |
      | --- | --- | --- | --- |
      | Body 1 | 1 | -- | 1 Body point |
      | Body 2 | 2 | Body 1 | 2 Body points total |
      | Master Merchant | 4 | Merchant, ID Magic, Estimate Value | |

      | Weapon | Damage |
      | --- | --- |
      | Sword | 2 |
    `;
    const model = parse(text);
    expect(model.skills.map((s) => [s.name, s.form, s.cost, prerequisites(s), s.text])).toEqual([
      ['Body 1', 'table', 1, [[]], '1 Body point'],
      ['Body 2', 'table', 2, [[['Body 1']]], '2 Body points total'],
      ['Master Merchant', 'table', 4, [[['Merchant'], ['ID Magic'], ['Estimate Value']]], ''],
    ]);
    expect(slice(text, model.skills[2].nameRange)).toBe('Master Merchant');
    expect(slice(text, model.skills[1].prerequisites[0].requirements[0].alternatives[0].range)).toBe('Body 1');
  });

  it('(c) a priced table’s description column under any header a description goes by (Summary, Effects, Mechanics)', () => {
    // The same words name the description column of a table priced by its heading: one rule for every skill table.
    for (const header of ['Summary', 'Effects', 'Mechanics', 'Benefit']) {
      const model = parse(md`
        ## Skills

        | Skill | Cost | ${header} |
        | --- | --- | --- |
        | Riposte | 3 | Strike back after a parry. |
      `);
      expect(model.skills.map((s) => [s.name, s.cost, s.text])).toEqual([['Riposte', 3, 'Strike back after a parry.']]);
    }
  });

  it('(c) a prerequisites column under the book’s own label', () => {
    const table = '## Skills\n\n| Skill | Cost | Restrictions |\n| --- | --- | --- |\n| Florentine | 2 | |\n| Alchemy | 10 | Florentine |\n';
    const requires = (source: string) => parse(source).skills.map((s) => [s.name, prerequisites(s)]);
    // Without the label in the book's layout, the column is text; with it, the column names prerequisites.
    expect(requires(table)).toEqual([['Florentine', []], ['Alchemy', []]]);
    expect(requires(`---\nlayout:\n  fields:\n    prerequisites: [Restrictions]\n---\n${table}`)).toEqual([['Florentine', [[]]], ['Alchemy', [[['Florentine']]]]]);
  });

  it('come in the order the book writes them: a heading skill before the list skills under it, as its cards print', () => {
    // The heading skill is read when its section closes, after the options listed under it.
    const text = md`
      # Skills

      ## Warrior

      Cost: 5 CP

      A fighter, with these options:

      - **Parry** (2 CP)
      - **Riposte** (3 CP)

      ## Mage

      Cost: 4 CP
    `;
    const model = parse(text);
    expect(model.skills.map((s) => s.name)).toEqual(['Warrior', 'Parry', 'Riposte', 'Mage']);
    // The editor reads an edit among them from its cache, in the same order as a fresh parse.
    const [before, after] = costsBeforeAndAfterEdit(text, text.replace('(2 CP)', '(1 CP)'), 'Parry');
    expect([before, after]).toEqual([[2], [1]]);
  });
});

describe('prerequisites', () => {
  const text = md`
    ---
    conditions: [GM permission, Any level 1 spell]
    ---
    ## Ritual Magic Spells
    Prerequisites: Ritual Magic

    - **Circle of Protection** (3 SP) A warded circle.
    - **Master Merchant** (4 SP) Trade.
      Prerequisites: Merchant, Identify Magic and Estimate Value
    - **Two Weapon Style** (2 SP) Fight with two weapons.
      Requires: Two Handed Weapons or Pole Weapons
    - **Alchemy 1** (1 SP) Brew.
      Prerequisite: Herbalist, 2 Production Points; GM permission
    - **Lore Master** (2 SP) Know things; see [[Lore]].
      Prerequisite: none
    - **Quoted** (1 SP) Curly quotes.
      Prerequisite: “Access to Simple (and then Advanced) Alchemy”, Any level 1 spell.
  `;
  const model = parse(text);
  const byName = new Map(model.skills.map((s) => [s.name, s]));

  it('splits requirements at commas, semicolons and "and", alternatives at "or"', () => {
    expect(prerequisites(byName.get('Master Merchant')!)).toEqual([[['Merchant'], ['Identify Magic'], ['Estimate Value']], [['Ritual Magic']]]);
    expect(prerequisites(byName.get('Two Weapon Style')!)).toEqual([[['Two Handed Weapons', 'Pole Weapons']], [['Ritual Magic']]]);
  });

  it('applies a Prerequisites: line under a heading to every skill in the section', () => {
    expect(byName.get('Circle of Protection')!.prerequisites.map((p) => [p.origin, p.raw])).toEqual([['section', 'Ritual Magic']]);
  });

  it('reads a section-wide line after an introduction, but not after the first entry', () => {
    const model = parse(md`
      ## 1.1 - Curses
      For the casting of curses a ritual is needed.

      Prerequisites: Ritual Magic

      - **Blindness** (1 SP) The target cannot see.

      Prerequisites: Not Section Wide
    `);
    expect(model.skills.map((s) => [s.name, s.prerequisites.map((p) => [p.origin, p.raw])])).toEqual([['Blindness', [['section', 'Ritual Magic']]]]);
  });

  it('reads conditions and quantities as conditions, "none" as nothing, [[links]] as prerequisites', () => {
    const alchemy = byName.get('Alchemy 1')!.prerequisites[0];
    expect(alchemy.requirements.map((r) => r.alternatives.map((a) => [a.text, a.kind]))).toEqual([
      [['Herbalist', 'skill']],
      [['2 Production Points', 'condition']],
      [['GM permission', 'condition']],
    ]);
    expect(byName.get('Lore Master')!.prerequisites.map((p) => [p.origin, p.requirements.length])).toEqual([
      ['link', 1],
      ['line', 0],
      ['section', 1],
    ]);
  });

  it('ignores separators inside parentheses and strips quotes and punctuation', () => {
    const quoted = byName.get('Quoted')!.prerequisites[0];
    expect(quoted.requirements.map((r) => r.alternatives.map((a) => [a.text, a.key, a.kind]))).toEqual([
      [['Access to Simple (and then Advanced) Alchemy', 'access to simple (and then advanced) alchemy', 'skill']],
      [['Any level 1 spell', 'any level 1 spell', 'condition']],
    ]);
  });
});

describe('references', () => {
  const text = md`
    ## 3.3 Healing

    See 3.3 for healing, and rule 702.19b for trample. Rules 201.2a–b apply, as do rules 103.1–103.4.
    Section 8 covers teams; chapter 6 covers guilds; see chapter 12.7 - Guilds. Also [[3.3]] and [[Magic Healing]].
    Not references: see 3 players, 5th rule, 2.5 metres.
  `;
  const model = parse(text);

  it('reads every form with its target and range end', () => {
    expect(model.references.map((r) => [r.kind, r.keyword, r.target, r.targetEnd])).toEqual([
      ['rule', 'see', '3.3', null],
      ['rule', 'rule', '702.19b', null],
      ['rule', 'rules', '201.2a', '201.2b'],
      ['rule', 'rules', '103.1', '103.4'],
      ['rule', 'section', '8', null],
      ['rule', 'chapter', '6', null],
      ['rule', 'chapter', '12.7', null],
      ['rule', 'link', '3.3', null],
      ['skill', 'link', 'magic healing', null],
    ]);
  });

  it('reads ranges written with "through" and "to", but not "to a player"', () => {
    const ranged = parse('See rules 1.1 through 1.2 and rules 100.1 to 100.3; rule 3.2 to a player.\n');
    expect(ranged.references.map((r) => [r.target, r.targetEnd])).toEqual([
      ['1.1', '1.2'],
      ['100.1', '100.3'],
      ['3.2', null],
    ]);
  });

  it('reads every number of a list after a plural keyword', () => {
    const listed = parse('See rules 113.7a, 608.2b, 608.2g, and 800.4h; rules 601.2a–d or 602.2b. Rules 2 and 3 players.\n');
    expect(listed.references.map((r) => [r.keyword, r.target, r.targetEnd, r.text])).toEqual([
      ['rules', '113.7a', null, 'See rules 113.7a'],
      ['rules', '608.2b', null, '608.2b'],
      ['rules', '608.2g', null, '608.2g'],
      ['rules', '800.4h', null, '800.4h'],
      ['rules', '601.2a', '601.2d', 'rules 601.2a–d'],
      ['rules', '602.2b', null, '602.2b'],
      ['rules', '2', null, 'Rules 2'],
    ]);
  });

  it('keeps what follows a single chapter or section that may be its title, cut where a title must end', () => {
    const titled = parse(
      'Foes are built as the game master likes them (see Chapter 8: Running the Game). Also (see Chapter 7: Combat), **Chapter 8: Rewards** and chapter 4 Wealth & Equipment; ' +
        'section 2, "Parts of a Card." But chapter 4 explains, chapter 2. A showdown, chapters 3: Magic, and rule 3: Magic.\n',
    );
    expect(titled.references.map((r) => [r.text, r.after])).toEqual([
      ['see Chapter 8', ': Running the Game'],
      ['see Chapter 7', ': Combat'],
      ['Chapter 8', ': Rewards'],
      ['chapter 4', ' Wealth & Equipment'],
      ['section 2', ', "Parts of a Card'],
      ['chapter 4', undefined],
      ['chapter 2', undefined],
      ['chapters 3', undefined],
      ['rule 3', undefined],
    ]);
  });

  it('reads a reference in a line that reads as a field, labelled with its number', () => {
    const fielded = parse('See Chapter 8: Running the Game.\n\nRange: 10 ft\n');
    expect(fielded.references.map((r) => [r.text, r.after])).toEqual([['See Chapter 8', ': Running the Game']]);
  });

  it('points at the number as written', () => {
    const byTarget = new Map(model.references.map((r) => [r.target, r]));
    expect(slice(text, byTarget.get('702.19b')!.targetRange)).toBe('702.19b');
    expect(slice(text, byTarget.get('702.19b')!.range)).toBe('rule 702.19b');
    expect(slice(text, byTarget.get('201.2a')!.targetRange)).toBe('201.2a–b');
    expect(slice(text, byTarget.get('magic healing')!.targetRange)).toBe('Magic Healing');
  });
});

describe('cost mentions', () => {
  it('records a bold name with a cost outside the definition', () => {
    const model = parse(md`
      - **Energy Ball** (4 SP) The caster throws a ball.

      Casters often buy **Energy Ball** (5 SP) first.
    `);
    expect(model.costMentions.map((m) => [m.name, m.cost, m.costText])).toEqual([['Energy Ball', 5, '5 SP']]);
  });
});

describe('a cost unit written in the plural', () => {
  it('names the declared unit as its singular does: "(2 actions)" as "(1 action)"', () => {
    // Shaped like Ashfall's combat manoeuvres, with `costUnits: [Action]`.
    const model = parse({
      'rulebook.yaml': 'costUnits: [Action, Might point]\n',
      'combat.md': md`
        # Combat

        - **Brace** (1 Might point) Stand firm.
        - **Heave** (3 Might points) Throw a foe.

        ### Trip (1 action)

        Knock a foe down.

        ### Sweeping Strike (2 actions)

        Strike every foe beside you.

        ### Actions (3 actions per turn)

        What a monster may do: a heading named for the unit is no skill bought with it.
      `,
    });
    expect(model.skills.map((s) => [s.name, s.cost, s.costUnit])).toEqual([
      ['Brace', 1, 'Might point'],
      ['Heave', 3, 'Might point'],
      ['Trip', 1, 'Action'],
      ['Sweeping Strike', 2, 'Action'],
    ]);
  });
});

describe('a rulebook in a folder', () => {
  const model = parse({
    'rulebook.yaml': md`
      title: Kingdoms of Novitas
      edition: "4.0"
      costUnits: [SP, PP]
      conditions: [GM permission]
      files: [01-fundamentals.md, 02-skills.md]
      lint:
        numbering-gap: warning
      numbering:
        skipLetters: [l, o]
    `,
    '01-fundamentals.md': md`
      # 1 Fundamentals

      1.1 Every player is expected to know and understand these rules.
    `,
    '02-skills.md': md`
      ---
      conditions: [Mirror of Sophistry]
      ---
      # 2 Skills

      - **Alchemy 2** (2 SP) Brew better.
        Prerequisite: Alchemy 1, Mirror of Sophistry
    `,
  });

  it('reads the settings from rulebook.yaml and adds the chapters\' conditions', () => {
    expect(model.config.title).toBe('Kingdoms of Novitas');
    expect(model.config.edition).toBe('4.0');
    expect(model.config.costUnits).toEqual(['SP', 'PP']);
    expect(model.config.conditions).toEqual(['GM permission', 'Mirror of Sophistry']);
    expect(model.config.lint).toEqual({ 'numbering-gap': 'warning' });
    expect(model.config.numbering.skipLetters).toEqual(['l', 'o']);
    expect(model.config.files).toEqual(['01-fundamentals.md', '02-skills.md']);
  });

  it('keeps each node in its file, positions counted from the file start', () => {
    expect(model.rules[0].range.file).toBe('01-fundamentals.md');
    expect(model.skills[0].range.file).toBe('02-skills.md');
    expect(model.skills[0].nameRange.start.line).toBe(6);
    expect(model.skills[0].prerequisites[0].requirements[1].alternatives[0].kind).toBe('condition');
    expect(model.files.map((f) => f.path)).toEqual(['01-fundamentals.md', '02-skills.md']);
  });
});

describe('settings in a folder', () => {
  it('says when a chapter sets what only rulebook.yaml may, at the key', () => {
    const model = parse({
      'rulebook.yaml': 'title: Novitas\nfiles: [a.md]\n',
      'a.md': md`
        ---
        conditions: [GM permission]
        lint:
          numbering-gap: off
        date: 2004-03-01
        ---
        # 1 Rules
      `,
    });
    // A page's date is a site generator's (Jekyll dates every page), not the book's.
    expect(model.diagnostics.map((d) => [d.message, at(d.range)])).toEqual([
      ["`lint` in a chapter's front matter has no effect: put it in rulebook.yaml", '3:1-3:5'],
    ]);
    expect(model.config.conditions).toEqual(['GM permission']);
  });

  it('places a wrong setting of rulebook.yaml at its key', () => {
    const model = parse({ 'rulebook.yaml': 'title: Novitas\nlint: 5\n', 'a.md': '# 1 Rules\n' });
    expect(model.diagnostics.map((d) => [d.range.file, at(d.range)])).toEqual([['rulebook.yaml', '2:1-2:5']]);
  });

  it('places a wrong setting inside a block at its own key, in block or flow style', () => {
    const yaml = 'title: Novitas\nprint:\n  # how the book looks\n  theme: gothic\n  cards: { size: poker, bleed: 40 }\nlayout:\n  skills:\n    boldNames: maybe\n';
    const model = parse({ 'rulebook.yaml': yaml, 'a.md': '# 1 Rules\n' });
    expect(model.diagnostics.map((d) => [d.message.split(' ')[0], at(d.range)])).toEqual([
      ['`layout.skills.boldNames`', '8:5-8:14'],
      ['`print.theme`', '4:3-4:8'],
      ['`print.cards.bleed`', '5:25-5:30'],
    ]);
  });
});

describe('lint control comments', () => {
  it('keeps disable, enable and ignore with the block an ignore applies to', () => {
    const text = md`
      <!-- lint disable numbering-gap duplicate-number -->
      1.1 One.

      <!-- lint enable numbering-gap -->
      <!-- lint ignore unknown-prerequisite -->
      - **Energy Ball** (4 SP) Ball.
        Prerequisite: Lesser Enrgy Ball
      <!-- lint disable -->
    `;
    const model = parse(text);
    expect(model.lintControls.map((c) => [c.kind, c.ruleIds, c.target ? at(c.target) : null])).toEqual([
      ['disable', ['numbering-gap', 'duplicate-number'], null],
      ['enable', ['numbering-gap'], null],
      ['ignore', ['unknown-prerequisite'], '6:1-7:34'],
      ['disable', [], null],
    ]);
  });
});

describe('front matter and settings problems are diagnostics', () => {
  it('names the line of invalid YAML', () => {
    const model = parse(md`
      ---
      title: [unclosed
      ---
      # 1 Rules
    `);
    expect(model.diagnostics.map((d) => [d.code, d.range.start.line])).toEqual([['front-matter-invalid', 3]]);
    expect(model.sections).toHaveLength(1);
  });

  it('names the key of a wrong setting, at its line', () => {
    const model = parse(md`
      ---
      costUnits: 3
      conditions: { a: 1 }
      ---
      Text.
    `);
    expect(model.diagnostics.map((d) => d.message)).toEqual(['`costUnits` must be a list of strings', '`conditions` must be a list of strings']);
    expect(model.diagnostics.map((d) => at(d.range))).toEqual(['2:1-2:10', '3:1-3:11']);
    expect(model.config.costUnits).toContain('SP');
    expect(model.config.conditions).toEqual([]);
  });
});

describe('sections', () => {
  it('knows which headings are empty', () => {
    const model = parse(md`
      # 12 Appendix A: Spell List

      # 13 Appendix B: Alchemy List
      <!-- lint disable -->

      # 14 Chapter with subsections
      ## 14.1 Sub

      Text.
    `);
    expect(model.sections.map((s) => [s.number?.key, s.isEmpty, s.hasContent])).toEqual([
      ['12', true, false],
      ['13', true, false],
      ['14', false, false],
      ['14.1', false, true],
    ]);
  });
});
