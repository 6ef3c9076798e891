/** inferLayout on small real-looking books: the settings it proposes (only what differs from the defaults) and why. */
import { describe, expect, it } from 'vitest';
import { inferAttributes } from '../../shared/layout/infer-attributes.js';
import { inferLayout } from '../../shared/layout/infer.js';
import { md } from '../helpers/md.js';
import { ABILITIES, DIALECT, FEATS, LARP, NOMIC, PROSE } from './books.js';

const one = (text: string) => inferLayout({ files: [{ path: 'rulebook.md', text }] });
const layoutOf = (settings: Record<string, unknown>) => settings.layout as Record<string, Record<string, unknown>>;

describe('inferLayout', () => {
  it('reads a LARP skills list: skills are ## headings, Restrictions are prerequisites, Strength is an attribute', () => {
    const { settings, reasons } = one(LARP);
    expect(settings).toEqual({
      layout: {
        skills: { headingLevels: [2] },
        fields: { prerequisites: ['Restrictions'] },
        conditions: { attributes: ['Strength', 'Agility'] },
      },
    });
    // CP Cost is a default label: said, not set. ST Cost is what a skill spends in play: an ordinary field.
    expect(reasons).toContainEqual(expect.stringMatching(/^`CP Cost` \(5 entries, .*\) gives a cost, read without a setting\.$/));
    expect(reasons).toContainEqual('`ST Cost` (5 entries) names what using a skill spends, not what learning it costs: it stays an ordinary field.');
    expect(reasons).toContainEqual(expect.stringMatching(/`Restrictions` .* gives prerequisites: its name says it is a requirement\./));
    expect(reasons).toContainEqual(expect.stringMatching(/5 headings have cost or prerequisite lines under them, at level `##`/));
    expect(reasons).toContainEqual(expect.stringMatching(/`Strength` \(3 entries\) and `Agility` \(1 entry\) are written with a score in requirements .* attributes, not skills\./));
  });

  it('takes no source cited in parentheses, nor a measure, for an attribute (Era da Mana’s feats)', () => {
    // Requirements in the shape of the Portuguese Era da Mana SRD's feats: one cites the book and page it comes from,
    // and a sense measured in metres is no score.
    const requirements = [
      ['Des 13, Mira Mortal, Derrubar à Distância (Ranged Tactics Toolbox 9).'],
      ['Des 13, Mira Mortífera, Desarme à Distância (Ranged Tactics Toolbox 8).'],
      ['Int 13, o antecedente O Viajante (Ultimate Campaign 45).'],
      ['Sab 13, Visão no Escuro 18 m.'],
      ['Sab 15, Visão no Escuro 36 m, Criatura Fantástica (Ultimate Campaign 21, 30 e 24).'],
      ['Car 13, Des 15, uma fada (Pathfinder Campaign Setting: The Inner Sea World Guide 287).'],
    ];
    expect(inferAttributes(requirements, new Set()).map((a) => a.word)).toEqual(['Des', 'Sab', 'Car', 'Int']);
  });

  it('keeps Capital Cost, what a downtime activity spends of the party’s resources, an ordinary field (Ashfall)', () => {
    // Our own words in the shape of Ashfall's downtime chapter: each activity spends capital, none is learned.
    const activities = ['Haggle', 'Scout the Ruins', 'Mend Gear', 'Host a Feast', 'Train Recruits'];
    const text = `# Downtime\n\n${activities.map((name, i) => `### ${name}\n\n**Time:** 1 day\n**Capital Cost:** ${i + 1} Influence\n\nYou spend the week on it.\n`).join('\n')}`;
    const { settings, reasons } = one(text);
    expect(settings).toEqual({});
    expect(reasons).toContainEqual('`Capital Cost` (5 entries) names what using a skill spends, not what learning it costs: it stays an ordinary field.');
  });

  it('finds a prerequisite label by its values naming other entries, and a cost label by its numbers', () => {
    const entries = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta'];
    const text = entries
      .map((name, i) => `### ${name}\n\nPrice in build: see the notes\n\nPoints: ${i + 1}\n\nNeeds: ${i === 0 ? 'nothing' : entries[i - 1]}\n\nText.\n`)
      .join('\n');
    const { settings } = one(text);
    expect(layoutOf(settings).fields).toEqual({ cost: ['Points'], prerequisites: ['Needs'] });
    expect(layoutOf(settings).skills).toEqual({ headingLevels: [3] });
  });

  it('takes no label for prerequisites whose values name what an entry resists, wears or lasts (Ashfall\'s monsters and classes)', () => {
    // The conditions are entries of the book, so "Immunities: Prone, Grappled" names entries; a monster needs none of them.
    const conditions = ['Prone', 'Grappled', 'Restrained', 'Frightened', 'Charmed', 'Stunned'];
    const book = [
      '# Conditions\n',
      ...conditions.map((c) => `## ${c}\n\n- **Duration:** until ${conditions[(conditions.indexOf(c) + 1) % conditions.length]} ends.\n`),
      '# Bestiary\n',
      ...['Ghoul', 'Wraith', 'Shambler', 'Drone', 'Hound', 'Sentinel'].map(
        (m, i) =>
          `## ${m}\n\n**Saves:** WIS +4\n**Armor:** ${conditions[i]} plating\n**Immunities:** ${conditions[i]}, ${conditions[(i + 2) % 6]}\n**Condition Immunities:** ${conditions[(i + 3) % 6]}\n**Languages:** none\n\nIt hunts at night.\n`,
      ),
    ].join('\n');
    expect(layoutOf(one(book).settings)?.fields).toBeUndefined();
  });

  it('reads a d20 feats folder: one entry per file with its data in front matter, ability scores as attributes', () => {
    const { settings, reasons } = inferLayout({ files: Object.entries(FEATS).map(([path, text]) => ({ path, text })) });
    expect(settings).toEqual({
      layout: {
        skills: {
          frontMatter: { name: 'title', cost: ['power.powerPoints', 'power.xpCost'], prerequisites: ['feat.prerequisite'], text: ['feat.benefit', 'power.description'] },
        },
        conditions: { attributes: ['Dex', 'Str'] },
      },
    });
    expect(reasons[0]).toBe(
      '6 files in `_feats` and 3 files in `_powers` are one entry each, with the entry\'s data in front matter: the name from `title`; prerequisites from `feat.prerequisite` (6 files); the cost from `power.powerPoints` (3 files) and `power.xpCost` (2 files); the text from `feat.benefit` and `power.description`.',
    );
  });

  it('takes no label for a price whose numbers count players, teams or uses (the shape of Amtgard’s battlegames and items)', () => {
    // Amtgard's Rules of Play (github.com/baltinerdist/amtgard-rop, all rights reserved: the words here are ours) write
    // each battlegame with `- **Teams:** 2+` and `- **Players:** 5+ per team`, each magic item with `- **Use:** 1/Game`.
    const games = ['Capture the Flag', 'Ditch', 'Bridge Battle', 'Tavern Brawl', 'Last One Standing'].map(
      (name, i) => `### ${name}\n\n- **Teams:** ${i + 2}+\n- **Players:** ${i + 3}+ per team\n- **Goal:** Hold the field when the horn sounds.\n`,
    );
    const items = ['Amulet of Warding', 'Ring of Haste', 'Cloak of Shadows', 'Boots of Striding'].map((name, i) => `### ${name}\n\n- **Use:** ${i + 1}/${i % 2 ? 'Life' : 'Game'}\n- **Effect:** The bearer is protected.\n`);
    const { settings } = one(`# Battlegames\n\n${games.join('\n')}\n# Magic Items\n\n${items.join('\n')}`);
    expect(layoutOf(settings)?.fields).toBeUndefined();
    expect(layoutOf(settings)?.skills).toBeUndefined();
  });

  it('takes a letter written onto prices for their unit, and no Restriction that limits where an upgrade applies for a prerequisite', () => {
    // The shape of the Vitality System's upgrades (github.com/Amuniare/vitality_system_rulebook, no licence: the words
    // here are ours): `Cost: 2p`, and `Restriction:` saying what an upgrade applies to, `Exclusion:` what it never
    // goes with. Neither names what a character must have.
    const limits = ['Melee attacks only', 'Cannot apply to area attacks', 'Ranged and Direct attacks only', "Can't have Far Shot", 'Area attacks only', 'Damage effects only'];
    const upgrades = ['Far Shot', 'Keen Edge', 'Heavy Blow', 'Quick Draw', 'Sweeping Arc', 'Deep Cut'].map(
      (name, i) => `**${name}**\nCost: ${(i % 3) + 1}p\nEffect: The attack hits harder.\nRestriction: ${limits[i]}\nExclusion: Cannot trigger from ${i ? 'Far Shot' : 'Keen Edge'}\n`,
    );
    const { settings, reasons } = one(`# Upgrades\n\n${upgrades.join('\n')}`);
    expect(settings).toEqual({ costUnits: ['p'] });
    expect(reasons).toContainEqual(expect.stringMatching(/^Costs are written in p \(6\)/));
    // Where most of its values name what is needed, a Restriction gives prerequisites: the LARP book above.
    expect(layoutOf(one(LARP).settings).fields).toEqual({ prerequisites: ['Restrictions'] });
  });

  it('reads an Obsidian vault whose bodies show their front matter, and takes no price from an effect’s part', () => {
    // The shape of Pokerole's Obsidian SRD (github.com/Pokerole-Software-Development/Pokerole-Obsidian-SRD, which states
    // no licence: the words here are ours): one move a file, its data in front matter, its body a Dataview view of it,
    // and what a healing effect spends in play nested in the effect.
    const move = (name: string, will: number | null, i: number) => ({
      path: `SRD-Moves/SRD-${name}.md`,
      text: [
        '---',
        `Accuracy1: ${['Insight', 'Tough', 'Vitality'][i % 3]}`,
        ...(will === null ? [] : ['AddedEffects:', '  Heal:', '    Target: Targets', `    WillPointCost: ${will}`]),
        'Category: Support',
        `Description: A move the user learns by practice, named ${name}, which a trainer may teach to any willing creature.`,
        `Effect: Target one ally. Restores ${i + 1} HP, and more where the ground favours it or the ally is of the same type.`,
        `Name: ${name}`,
        `Power: ${i}`,
        '---',
        '',
        '#PokeroleSRD/Moves',
        '',
        '### `= this.name`',
        '*`= this.Description`*',
        '',
        '**Accuracy:** `= this.Accuracy1`',
        '**Effect:** `= this.Effect`',
      ].join('\n'),
    });
    const files = ['Soothing Song', 'Mending Light', 'Steady Hand', 'Warm Ember', 'Quiet Mind'].map((name, i) => move(name, i < 2 ? 1 : null, i));
    const { settings, reasons } = inferLayout({ files });
    expect(layoutOf(settings)?.skills).toEqual({ frontMatter: { name: 'Name', cost: [], prerequisites: [], text: ['Description', 'Effect'] } });
    expect(reasons[0]).toBe('5 files in `SRD-Moves` are one entry each, with the entry\'s data in front matter: the name from `Name`; the text from `Description` and `Effect`.');
  });

  it('reads a `- 1a)` nomic: its number style, and links with a scheme of their own as references', () => {
    const { settings, reasons } = one(NOMIC);
    expect(settings).toEqual({ layout: { references: { links: ['nomic:rule:{number}'] } } });
    expect(reasons).toContain('6 lines are numbered in `1a)` style.');
    expect(reasons).toContainEqual(expect.stringMatching(/^3 links point at `nomic:rule:2a` and the like: a link to `nomic:rule:\{number\}` is a reference/));
  });

  it('reads bold-lead paragraphs in bulk as abilities, and their pool points as cost units', () => {
    const { settings, reasons } = one(ABILITIES);
    expect(settings).toEqual({
      layout: { skills: { boldNames: 'all' } },
      costUnits: ['Might points', 'Intellect points', 'Might point', 'Speed points'],
    });
    expect(reasons[0]).toBe('11 paragraphs open with a bold name and a colon, 9 of them with a cost in parentheses (`**Bash (1 Might point):** This is a pummeling melee attack. Action.`): every such name is a skill.');
  });

  it('does not take a glossary of bold terms for abilities', () => {
    const glossary = Array.from({ length: 10 }, (_, i) => `**Term ${String.fromCharCode(65 + i)}:** What the term means.\n`).join('\n');
    expect(one(glossary).settings).toEqual({});
  });

  it('takes the numbers of unnumbered headings from a contents list of links', () => {
    const text = md`
      # Nomic

      * [**1. Meta rules**](#meta-rules)
          * [**1.1. Accuracy**](#accuracy)
          * [**1.2. Precedence**](#precedence)
      * [**2. Channels**](#channels)

      ## <a name='meta-rules'/> Meta rules

      ### <a name='accuracy'/> Accuracy

      This document may lag behind the rules.

      ### <a name='precedence'/> Precedence

      Later clauses win.

      ## <a name='channels'/> Channels

      Talk in the right place.
    `;
    const { settings, reasons } = one(text);
    expect(settings).toEqual({ layout: { numbering: { fromContents: true } } });
    expect(reasons).toContain('A contents list gives numbers to 4 headings that carry none (`* [**1. Meta rules**](#meta-rules)`): the headings take their numbers from it.');
  });

  it('does not take numbers from a contents list when the headings carry them already', () => {
    const text = md`
      - [1.1 Teams](#11---teams)
      - [1.2 Drivers](#12---drivers)
      - [1.3 Cars](#13---cars)

      ### 1.1 - Teams
      ### 1.2 - Drivers
      ### 1.3 - Cars
    `;
    expect(layoutOf(one(text).settings)?.numbering).toBeUndefined();
  });

  it('reads bare numbers in prose as references when they name existing numbers, and bold-number bullets', () => {
    const text = md`
      ## 0000.1 Base Rules
      * **0000.1.1** Each player has a Deck.
      * **0000.1.2** Each player has each of the Zones listed in 0000.3.

      ## 0000.3 Zones
      * **0000.3.1** The Deck is a Zone, as 0000.1.1 says.
      * **0000.3.2** The Hand is a Zone; cards reach it as in 0000.1.2.
    `;
    const { settings, reasons } = one(text);
    expect(settings).toEqual({ layout: { references: { bare: true } } });
    expect(reasons).toContain('4 bullets open with a bold number such as `0000.1.1`.');
    expect(reasons).toContainEqual(expect.stringMatching(/^Dotted numbers in running text name numbers of the book in 3 of 3 places/));
  });

  it('leaves bare numbers alone when most of them are amounts, not rule numbers', () => {
    const text = md`
      1.1 A sword deals 1.5 damage.
      1.2 A spear deals 2.5 damage, an axe 3.5.
      1.3 See 1.1 for swords.
    `;
    expect(one(text).settings).toEqual({});
  });

  it('finds a change history whose numbered lines are no rules', () => {
    const text = md`
      # Rules

      1.1 Players take turns.

      1.2 The oldest player starts.

      ## Updates in 2024

      1.2 now says the oldest player starts.
    `;
    const { settings, reasons } = one(text);
    expect(settings).toEqual({ layout: { numbering: { notRules: ['Updates in 2024'] } } });
    expect(reasons).toContain('`Updates in 2024` (rulebook.md:7) is a change history: the numbers in it are not rules.');
  });

  it('takes no budget for a price: the points a character has to spend are not what a skill costs', () => {
    // The shape of a parlour LARP's character briefs (cman131/fae-court-larp, read by hand; our own words).
    const brief = (rank: string, attributes: number, skills: number) => md`
      ## ${rank} brief

      **Rank:** ${rank}
      **Attribute points to spend:** ${attributes}
      **Skill points to spend:** ${skills}

      You came to court to be seen.
    `;
    const text = [brief('Sidhe', 15, 20), brief('Sluagh', 12, 18), brief('Pooka', 10, 16)].join('\n');
    const { settings } = one(text);
    expect(layoutOf(settings)?.fields).toBeUndefined();
    expect(layoutOf(settings)?.skills).toBeUndefined();
  });

  it('finds per-class cost columns in a skill table, and words that stand for a cost', () => {
    const text = md`
      | Skill | Warrior | Mage | Notes |
      | --- | --- | --- | --- |
      | Sword | 2 | 4 | |
      | Shield | 1 | 3 | |
      | Fireball | 6 | 2 | |

      ### Luck
      Cost: Nil

      ### Fate
      Cost: Nil

      ### Doom
      Cost: 3
    `;
    const layout = layoutOf(one(text).settings);
    expect(layout.costs).toEqual({ zero: ['Nil'], columns: ['Warrior', 'Mage'] });
  });

  it('takes no columns of amounts written with fractions for prices of classes: what goods are worth (Aachen)', () => {
    // Aachen's table of relative values (tests/fixtures/wild/aachen, CC BY-SA 4.0): what goods cost in days of a
    // labourer's and of a master craftsman's wages.
    const text = md`
      # Relative Values

      | category  | name             |              | v1       | vd       | labourer | master   |
      |-----------|------------------|--------------|---------:|---------:|---------:|---------:|
      | wages     | Labourer         |        1 day |       1d |       1d | R<<<     |      0.2 |
      | wages     | Master craftsman |        1 day |       5d |       5d |      5.0 | R<<<     |
      | livestock | Cow              |              |     1s8d |      20d |     20.0 |      4.0 |
      | livestock | Goat             |              |       2d |       2d |      2.0 |      0.4 |
      | food      | Ale              |    2 gallons |       1d |       1d |      1.0 |      0.2 |
    `;
    expect(one(text).settings).toEqual({});
  });

  it('numbers chapters by their order when the text names chapters the headings do not number', () => {
    const text = md`
      # Introductions
      Read Chapter 2 before you play, and Chapter 3 before you fight.
      # Magic
      Spells.
      # Combat
      Blows. Magic is in Chapter 2.
    `;
    expect(layoutOf(one(text).settings).numbering).toEqual({ chapterOrder: true });
  });

  it('proposes nothing for plain prose, and for a book the defaults read', () => {
    expect(one(PROSE)).toEqual({ settings: {}, reasons: [] });
    expect(one(DIALECT).settings).toEqual({});
  });

  it('lists a family of memberships many skills require as conditions (Crestfallen lineages), never a family of skills', () => {
    const lineages = ['Dwarf', 'Elf', 'Orc', 'Human'];
    const skills = lineages.map((l, i) => `## Resist ${i}\n\n**CP Cost**: 3\n\n**Restrictions**: Must have [${l} Lineage]({{< relref "#x" >}})\n`);
    // "Power Attack" and "Spring Attack" share a last word too, but they are feats of the book.
    const feats = ['Power', 'Spring', 'Whirlwind'].map((w) => `## ${w} Attack [General]\n\n**CP Cost**: 2\n\n**Restrictions**: Resist 0, ${w === 'Power' ? 'Spring' : 'Power'} Attack\n`);
    const { settings, reasons } = one([...skills, ...feats].join('\n'));
    expect(settings.conditions).toEqual(['Dwarf Lineage', 'Elf Lineage', 'Human Lineage', 'Orc Lineage']);
    expect(reasons).toContainEqual('4 entries require one of `Dwarf Lineage`, `Elf Lineage`, `Human Lineage` and `Orc Lineage`, and no entry is named so: a lineage is something a character is or has, listed under conditions.');
  });

  it('reads skills only in the chapters whose headings carry prices, when another chapter writes fields the same way (Open Legend banes)', () => {
    const feats = ['Alternate Form (I - II)', 'Battle Trance', 'Climbing'].map((n) => `## ${n}\n\n**Cost:** 3 points\n\n**Prerequisites:**\n\n-   **Tier 1:** Agility 3\n`);
    const banes = ['Blinded', 'Charmed', 'Deafened', 'Fear', 'Immobile'].map((n) => `## ${n}\n\n**Duration:** 1 round\n\\\n**Power Level:** 5\n\n**Effect:** The target suffers.\n`);
    const text = `# Feats #\n\n${feats.join('\n')}\n# Banes and Boons\n\n${banes.join('\n')}`;
    const { settings, reasons } = one(text);
    expect(layoutOf(settings).skills).toEqual({ headingLevels: [2], sections: ['Feats'] });
    expect(reasons).toContainEqual('5 entries under `Banes and Boons` are written like skills but without cost or prerequisites, while the 3 priced ones stand under `Feats`: skills are read there only.');
  });

  it('leaves out a chapter whose headings are priced in money: gear, as the parser reads it (Ashfall)', () => {
    // Ashfall's vehicle compartments, `**Cost:** 500 cr | **Slot:** 1`, beside its skills priced in CP. Our own words.
    const feats = ['Alternate Form (I - II)', 'Battle Trance', 'Climbing'].map((n) => `## ${n}\n\n**Cost:** 3 CP\n\n**Prerequisites:** Agility 3\n`);
    const banes = ['Blinded', 'Charmed', 'Deafened', 'Fear', 'Immobile'].map((n) => `## ${n}\n\n**Duration:** 1 round\n\n**Effect:** The target suffers.\n`);
    const rooms = ['Cargo Hold', 'Galley', 'Brig'].map((n) => `## ${n}\n\n**Cost:** 500 cr | **Slot:** 1\n\n**Effect:** Room aboard.\n`);
    const { settings, reasons } = one(`# Feats\n\n${feats.join('\n')}\n# Banes\n\n${banes.join('\n')}\n# Compartments\n\n${rooms.join('\n')}`);
    expect(layoutOf(settings).skills).toEqual({ headingLevels: [2], sections: ['Feats'] });
    expect(reasons).toContainEqual('5 entries under `Banes` are written like skills but without cost or prerequisites, while the 3 priced ones stand under `Feats`: skills are read there only.');
  });
});
