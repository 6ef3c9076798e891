/**
 * Real rulebooks as their authors keep them (tests/fixtures/wild/<book>/book, sources and licences in each
 * README): copied to a temp folder, `rulebook init` run on them as a real process, then read. What must be read
 * is counted here by a small independent grep over the text, never by the parser; each floor below is what the
 * parser reads today, so that a change that reads less fails. `init` is run a second time on each, and must change
 * nothing. docs/format.md reports these figures.
 */
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { linkRulebook } from '../../shared/link/index.js';
import { lintRulebook } from '../../shared/lint/index.js';
import { nameKey } from '../../shared/parse/keys.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { runCli } from '../helpers/cli.js';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/wild');

/** Names matched by a pattern's first group, line by line, in the given files of a book. */
function grepNames(book: string, files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(fixtures, book, 'book', file), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const m = pattern.exec(line);
        return m ? [m[1].trim()] : [];
      }),
  );
}

interface Expectation {
  readonly book: string;
  /** The skills the book has, by an independent count. */
  readonly skills: () => readonly string[];
  /** Least share of those read, with a cost where `costed` says they have one, and with prerequisites. */
  readonly read: number;
  readonly costed?: number;
  readonly withPrerequisites?: number;
  /**
   * Every lint finding after `init`, as `file:line rule-id`, each with why it is a true defect of the book. A finding
   * not listed fails the test, and so does a listed one that goes: precision is held here, not hoped for.
   */
  readonly findings: readonly (readonly [finding: string, why: string])[];
  /**
   * Findings that are no defect of the book but a limit of the tool, each with why, held as exactly as `findings`: a
   * fix that takes one away strikes it here.
   */
  readonly falseFindings?: readonly (readonly [finding: string, why: string])[];
  /** Rules not held for this book, each with why: what the book writes that the tool cannot check. */
  readonly unchecked?: readonly (readonly [ruleId: string, why: string])[];
  /** The prerequisites some skills must be read with, by skill: each requirement's alternatives. */
  readonly prerequisites?: Readonly<Record<string, readonly (readonly string[])[]>>;
  /** The fields some skills must be read with, by skill: each field's name and value, in order. */
  readonly fields?: Readonly<Record<string, readonly (readonly [name: string, value: string])[]>>;
  /** Whether every skill read must be one of `skills` (the book lists them again elsewhere, as a table, not to be read twice). */
  readonly onlyThese?: boolean;
  /** The message some of those findings must give, by finding. */
  readonly messages?: Readonly<Record<string, string>>;
  /** References that resolve, of all the book writes (counted by the parser: the grep cannot tell a reference). */
  readonly references?: readonly [resolved: number, of: number];
}

/** The 13th Age vault's folder of rules: its links name files from the vault's root. */
const AGE13 = 'Compendium/13A';
const filesIn = (book: string, dir: string) => readdirSync(path.join(fixtures, book, 'book', dir)).map((f) => `${dir}/${f}`);
const feats = (dir: string) => filesIn('pannotia-d20', dir);
const free5e = () => [...filesIn('free5e-codex', 'Feats/Feats'), ...filesIn('free5e-codex', 'Classes/Warlock/Eldritch_Invocations')];

const BOOKS: readonly Expectation[] = [
  // `## Name` headings with `**CP Cost**:` under them (the two headings that are not skills are left out by the count).
  {
    book: 'crestfallen-larp',
    skills: () => grepNames('crestfallen-larp', ['content/en/rules/skills/_index.md'], /^## (.+)$/).filter((n) => !/^(Abbreviations)$/.test(n)),
    read: 0.99,
    costed: 0.99,
    withPrerequisites: 0.5,
    findings: [
      ['content/en/rules/_index.md:12 broken-link', '`(www.CrestfallenLARP.com)` has no scheme: on the site it is a relative link to a page that does not exist'],
      ['content/en/rules/_index.md:240 missing-image', '`/images/katalossa/the_torrent.png`: a path on the Hugo site, no file of the book, so the printed book goes without it'],
      ['content/en/rules/skills/_index.md:185 broken-link', '`#medical-training-agmentation`: a typo for augmentation'],
      ['content/en/rules/skills/_index.md:727 unknown-prerequisite', '`Holdings Augmentation`: the skill is titled `Holdings, Augmentation#`'],
      ['content/en/rules/skills/_index.md:883 broken-link', '`#medical-training-masteryh`: a stray h'],
      ['content/en/rules/skills/_index.md:1059 unknown-prerequisite', '`Physical Talent Augmentation Augmentation`: the word doubled'],
      ['content/en/rules/skills/_index.md:1549 broken-link', '`#Medical Training Mastery`: a title with spaces, not an anchor'],
      ['content/en/rules/skills/_index.md:1617 unknown-prerequisite', '`Firearm`: the skill is `Firearms`'],
      ['content/en/rules/skills/_index.md:1617 broken-link', '`#firearm`: the anchor is `#firearms`'],
      // The conditions page comes last: init lists a Hugo site's pages by their weight.
      ['content/en/rules/conditions/_index.md:310 broken-link', '`#heal`: the conditions page has no Heal heading'],
    ],
  },
  // `**Name (cost):** text` and `**Name:** text` paragraphs in the A–Z ability sections. Its defects (bold spans that
  // swallow text, index names) are in lists and names no rule checks: no finding, and none false.
  { book: 'cypher-csrd', skills: cypherAbilities, read: 0.95, costed: 0.5, findings: [] },
  // One file per entry, the name in `title:`.
  {
    book: 'pannotia-d20',
    skills: () => grepNames('pannotia-d20', [...feats('_feats'), ...feats('_psionic_powers')], /^title: "?([^"]+)"?$/),
    read: 0.99,
    withPrerequisites: 0.4,
    findings: [
      ['_feats/blindsight.md:7 unknown-prerequisite', '`Blind Fight`: the feat is `Blind-Fight`'],
      ['_feats/careful-aim.md:9 unknown-prerequisite', '`Point-Blank Shot`: the feat is `Point Blank Shot` (README)'],
      ['_feats/hold-the-line.md:7 unknown-prerequisite', '`Combat Reflexes`: the feat file is titled `Combat Rreflexes`'],
      ['_feats/rapid-reload.md:9 unknown-prerequisite', '`Weapon Proficiency (crossbow type chosen)`: no feat is named Weapon Proficiency'],
      ['_feats/vicious-attack.md:9 unknown-prerequisite', '`Combat Reflexes` again, against the misspelt title'],
      ['_psionic_powers/animal-affinity.md:2 duplicate-skill', 'a feat and a psionic power share the name `Animal Affinity`: a prerequisite naming it cannot say which'],
    ],
  },
  // `## Name` with `**Cost:** 3 points` under it.
  {
    book: 'open-legend-srd',
    skills: () => costedHeadings('open-legend-srd', 'core/SRD.md'),
    read: 0.99,
    costed: 0.99,
    withPrerequisites: 0.7,
    findings: [
      ['core/SRD.md:267 broken-link', '`#actions-&-attributes`: GitHub drops the `&`, the anchor is `#actions--attributes`'],
      ['core/SRD.md:1286 broken-reference', '`Chapter 8: Rewards`: the SRD has seven chapters, none of them Rewards'],
      ['core/SRD.md:2606 broken-reference', '`Chapter 7: Combat`: Combat is chapter 6, chapter 7 is Running the Game'],
      ['core/SRD.md:3596 broken-reference', '`Chapter 8: Running the Game`: Running the Game is chapter 7'],
      ['core/SRD.md:4668 literal-bold', '`** Critical Hits (Optional Rule) **`: the spaces inside the markers print the optional rule\'s title with its asterisks'],
    ],
    messages: {
      'core/SRD.md:1286 broken-reference': 'Broken reference `Chapter 8`: there is no section or rule 8',
      'core/SRD.md:2606 broken-reference': 'Broken reference `see Chapter 7: Combat`: “Combat” is chapter 6',
      'core/SRD.md:3596 broken-reference': 'Broken reference `Chapter 8: Running the Game`: “Running the Game” is chapter 7',
      'core/SRD.md:4668 literal-bold': '`** Critical Hits (Optional Rule) **` prints with its asterisks, not in bold: move the space inside the `**` outside it',
    },
    unchecked: [['latex-command', 'its 181 `\\newline` and 4 `\\newpage`, left by the conversion from LaTeX: tests/wild/latex-commands.test.ts holds them and their fix']],
    // Every "Chapter N" but the one to Rewards lands, by its number or, where they disagree, by its title.
    references: [16, 17],
  },
  // `### Power Attack [General]` with `**Prerequisite:**` / `**Benefit:**` paragraphs, some after a description.
  {
    book: 'srd35-md-feats',
    skills: () => grepNames('srd35-md-feats', ['book_src/feats.md'], /^### (.+?) \[[^\]]+\]$/),
    read: 0.99,
    withPrerequisites: 0.55,
    findings: [['book_src/feats.md:853 unknown-prerequisite', '`Weapon Proficiency (crossbow type chosen)`: no feat is named so (README)']],
  },
  // `#### Agonizing Blast` with `*Prerequisite: Eldritch Blast cantrip*`.
  {
    book: 'dnd-srd51-remastered',
    // Every invocation, the eleven without a prerequisite line too (`#### Armor of Shadows`): init lists their heading.
    skills: () => entriesUnder('dnd-srd51-remastered', 'Classes/Warlock.md', '### Eldritch Invocations'),
    read: 0.99,
    // 21 of the 32 invocations have a prerequisite line.
    withPrerequisites: 0.65,
    findings: [['Characterizations/Multiclassing.md:43 broken-reference', '`chapter 1`: the Player\'s Handbook\'s chapter, which this SRD does not have']],
    references: [0, 1],
  },
  // `#### Grappler` over `*General Feat (Prerequisite: Level 4+, Strength or Dexterity 13+)*`, `#### Alert` over
  // `*Origin Feat*` (4 of the 40, needing nothing), `#### Thirsting Blade` over `*Prerequisite: Level 5+ Warlock, Pact of
  // the Blade Invocation*`.
  {
    book: 'dnd-srd52',
    skills: () => [...kindLineHeadings('dnd-srd52', '05_Feats.md'), ...entriesUnder('dnd-srd52', '03_Classes/11_Warlock.md', '### Eldritch Invocation Options')],
    read: 0.99,
    // 13 of the 17 feats and 23 of the 28 invocations.
    withPrerequisites: 0.8,
    findings: [],
    references: [0, 0],
    prerequisites: {
      Grappler: [['Level 4+'], ['Strength', 'Dexterity 13+']],
      'Boon of Irresistible Offense': [['Level 19+']],
      Archery: [['Fighting Style Feature']],
      'Devouring Blade': [['Level 12+ Warlock'], ['Thirsting Blade Invocation']],
      'Eldritch Smite': [['Level 5+ Warlock'], ['Pact of the Blade Invocation']],
    },
  },
  // The same chapters in Russian, read by `language: ru` (init proposes it from the prose): `*Черта происхождения*`
  // under `### Черты происхождения`, `*Требование: Колдун 5-го уровня или выше, воззвание Договор клинка*`, a feature
  // quoted after its kind (`Умение «Боевой стиль»`).
  {
    book: 'dnd-srd52-ru',
    skills: () => [
      ...kindLineHeadings('dnd-srd52-ru', '05_Feats.md', 'Требование', /^\*Черта происхождения\*$/),
      ...entriesUnder('dnd-srd52-ru', '03_Classes/11_Warlock.md', '### Опции таинственных воззваний'),
    ],
    read: 0.99,
    withPrerequisites: 0.8,
    findings: [],
    references: [0, 0],
    prerequisites: {
      Борец: [['Уровень 4+'], ['Сила', 'Ловкость 13+']],
      'Дар неодолимой атаки': [['Уровень 19+']],
      Стрельба: [['Умение «Боевой стиль»']],
      'Пожирающий клинок': [['Колдун 12-го уровня или выше'], ['воззвание Жаждущий клинок']],
      'Мистическая кара': [['Колдун 5-го уровня или выше'], ['воззвание Договор клинка']],
    },
  },
  // `## Special abilities` over `### Battleborn` and its text, nothing else: init says every `###` heading there is a
  // skill. The 25 under `## Fortitude`, a heading a level too high, are the book's defect, and not read (README): lint
  // says so where the heading stands.
  {
    book: 'blades-srd',
    skills: () => [...headingsBetween('blades-srd', 'Blades-in-the-Dark-SRD.md', '## Special abilities', '## Fortitude'), ...headingsBetween('blades-srd', 'Blades-in-the-Dark-SRD.md', '## Crew special abilities', '# The Score')],
    read: 1,
    onlyThese: true,
    findings: [
      ['Blades-in-the-Dark-SRD.md:1162 skill-heading-level', '`## Fortitude`, an ability among the `###` ones: the 25 after it are not read'],
      ['Blades-in-the-Dark-SRD.md:1886 literal-bold', '`** 1-3**`: the space inside the bold, printed with its asterisks'],
      ['Blades-in-the-Dark-SRD.md:2096 literal-bold', '`** rep**`: the same'],
    ],
  },
  // `### Athletics (2 skill points)`: a price in its title, in a unit init lists from those titles.
  {
    book: 'atomic-robo-srd',
    skills: () => grepNames('atomic-robo-srd', ['atomic-robo-SRD.md'], /^### (.+?) \(\d skill points?\)$/),
    read: 1,
    costed: 1,
    onlyThese: true,
    findings: [],
  },
  // `### Rune Ward` + `**_Level 1_** _Arcana Spell._ **_Recall Cost_** _0._`: a card line of emphasised parts. The
  // glossary lists the cards again in a table with a `Recall Cost` column, which is no price: read once, as cards.
  {
    book: 'daggerheart-srd',
    skills: () => grepNames('daggerheart-srd', ['16_DomainCardReference.md'], /^### (.+)$/),
    read: 1,
    onlyThese: true,
    findings: [],
    fields: {
      'Rune Ward': [['Level', '1'], ['Type', 'Arcana Spell'], ['Recall Cost', '0']],
      // A grimoire's spells are its fields, `_Transform:_ Make a **Spellcast Roll (15)**…`, as the book writes them.
      'Book of Ronin': [
        ['Level', '9'],
        ['Type', 'Codex Grimoire'],
        ['Recall Cost', '4'],
        ['Transform', 'Make a **Spellcast Roll (15)**. On a success, transform into an inanimate object no larger than twice your normal size. You can remain in this shape until you take damage.'],
        ['Eternal Enervation', "Once per long rest, make a **Spellcast Roll** against a target within Close range. On a success, they become permanently _Vulnerable_. They can't clear this condition by any means."],
      ],
      'Not Good Enough': [['Level', '1'], ['Type', 'Blade Ability'], ['Recall Cost', '1']],
    },
  },
  // `### Heavily Outfitted` (a feat a file) or `##### Thirsting Blade` (an invocation a file), then `**Prerequisite:**`
  // alone on its line with the value on the line under it, in the same paragraph.
  {
    book: 'free5e-codex',
    skills: () => aloneLabelHeadings('free5e-codex', free5e()),
    read: 0.99,
    withPrerequisites: 0.99,
    findings: [],
    unchecked: [
      [
        'broken-link',
        'every link goes to an anchor Free5e\'s build makes of the file and the heading it joins (`#Levitate_levitate`, `#Pact_of_the_Blade_pact_of_the_blade`), which no Markdown reader has: 42 here (README)',
      ],
    ],
    prerequisites: {
      'Heavily Outfitted': [['Proficiency with medium armor']],
      Deadeye: [['8th level or higher']],
      'Rite Master': [['Intelligence', 'Wisdom 13 or higher']],
      'Thirsting Blade': [['5th level'], ['Pact of the Blade feature']],
      'Chains of Carceri': [['15th level'], ['Pact of the Chain feature']],
    },
  },
  // `## Always Prepared` + `**Cost:** 8 EXP` + `**Requirements:** Max Intelligence 11+, Trained in Sleight`, the talents
  // of two files; the maneuvers beside them (`**Stamina Cost:** 1`) and the skills of PHB (`### Sleight (DEX)`, bought
  // by steps) are not priced entries.
  {
    book: 'mars',
    skills: () => [...costedHeadings('mars', 'Basic/Talents.md'), ...costedHeadings('mars', 'Fantasy/Talents.md')],
    read: 0.99,
    costed: 0.99,
    // 37 of 39: Latent Trait and Toughness require nothing.
    withPrerequisites: 0.94,
    findings: [
      ['Basic/Equipment.md:8 broken-link', 'the contents link `[Ammunition](#ammunition)`, but the file has no Ammunition heading (README)'],
    ],
    prerequisites: {
      'Always Prepared': [['Max Intelligence 11+'], ['Sleight']],
      'Prepared Defense': [['Max Dexterity 11+', 'Max Resolve 11+'], ['any combat skill']],
      Rage: [['Max Strength 11+'], ['Max Resolve 11+'], ['any combat skill']],
      'Arcane Precision': [['Max Intelligence 11+'], ['Arcana', 'Sorcery']],
      'Divine Axiom': [['Max Resolve 11+'], ['Faith (Militarist)'], ['any combat skill']],
    },
  },
  // `#### Athletic Movement — Exploration / Conflict (MIG)` and `#### Harbor Operations — Domain Proficiency`, priced
  // nowhere: init names their level and chapters, and turns missing-cost off.
  {
    book: 'razorweave',
    skills: () => grepNames('razorweave', ['15-skills-reference-by-attribute.md', '17-proficiencies-reference-by-domain.md'], /^#### (.+?) — /),
    read: 0.99,
    findings: [],
    unchecked: [
      ['numbering-gap', 'the excerpt keeps chapters 14 to 17 and 30 of the 30: the others are missing by its cut, not in the book'],
      ['broken-reference', '`Chapter 19` (Advancement) is one of the chapters the excerpt leaves out'],
      ['literal-bold', 'its 148 labels bolded without a space after them (`**Description:**Athletic…`): tests/wild/emphasis-spacing.test.ts holds them and their fix'],
      ['glued-emphasis', 'its 112 styled words run into the next (`**Skills**are`, `Tags*Dim Light*and`): tests/wild/emphasis-spacing.test.ts holds them and their fix'],
    ],
  },
  // `| # | Skill | Base Chance | Category | Description |` under `## Complete Skill List`, no price anywhere: init lists
  // the section under `skills.tables`. The glossary's copy of the table and the professions' lists are not read again.
  {
    book: 'brp-srd',
    skills: () => grepNames('brp-srd', ['09_Glossary/01_Skills.md'], /^\| \d+ \| (.+?) \|/),
    read: 1,
    onlyThese: true,
    findings: [],
    fields: { Appraise: [['Base Chance', '15%']] },
  },
  // `**Academics:** Mundane, everyday human knowledge…` paragraphs under `#### Skill List`, priced nowhere: init sets
  // `boldNames: all` there and reads skills there only (the actions' `**Overcome:**` paragraphs are no skills).
  {
    book: 'fate-condensed-srd',
    skills: () => boldLeadsBetween('fate-condensed-srd', 'Fate-Condensed-SRD-CC-BY.md', '#### Skill List', '#### Alternative Skill Lists'),
    read: 1,
    onlyThese: true,
    findings: [],
  },
  // `#### Athletics (STR+DEX)`, `#### Customs (INT x2 +40)`: the skill's base, a formula of characteristics, after its
  // name, priced nowhere. The chapter's explanations at the same level (`#### Criticals and Fumbles`) are no skills.
  // Its spells, powers and limits are `####` headings and their text alone, under `## Spell Descriptions`… in a chapter
  // that explains casting at the same level: those three sections are read, not the explanations.
  {
    book: 'mythras-imperative',
    skills: () => [
      ...grepNames('mythras-imperative', ['0003_Skills.md'], /^#### (.+?) \([A-Z]{3}/),
      ...headingsBetween('mythras-imperative', '0007_Magic.md', '## Spell Descriptions', '## Superpowers', '####'),
      ...headingsBetween('mythras-imperative', '0007_Magic.md', '## Powers Descriptions', null, '####'),
    ],
    read: 1,
    onlyThese: true,
    findings: [],
    unchecked: [['broken-link', 'links to the chapters the fixture leaves out (`0005_Combat.md`, `0007_Magic.md`)']],
  },
  // Its translations, the same headings in other words and scripts: `#### 運動 (STR+DEX)` under `# スキル`, a chapter
  // title in a language Rulebook Studio has no words of, read by the base formula alone.
  {
    book: 'mythras-imperative-ja',
    skills: () => grepNames('mythras-imperative-ja', ['0003_Skills.md'], MYTHRAS_BASE),
    read: 1,
    onlyThese: true,
    findings: [
      ['0003_Skills.md:274 duplicate-skill', 'Pilot (DEX+INT) is translated `操縦`, as Drive (DEX+POW) is at line 91: a requirement naming it cannot say which'],
      ['0003_Skills.md:290 duplicate-skill', 'Seamanship (INT+CON) is translated `航海術`, as Navigation (INT+POW) is at line 266'],
    ],
    unchecked: [['broken-link', 'links to the chapters the fixture leaves out (`0005_Combat.md`)']],
  },
  // Its Russian: `#### Атлетика (СИЛ+ЛОВ)` under `# Навыки`, and the spells, powers and limits of `# Магия и Силы` by
  // its Russian words for kinds of skills.
  {
    book: 'mythras-imperative-ru',
    skills: () => [
      ...grepNames('mythras-imperative-ru', ['0003_Skills.md'], MYTHRAS_BASE),
      ...headingsBetween('mythras-imperative-ru', '0007_Magic.md', '## Описания Заклинаний', '## Суперсилы', '####'),
      // Less `#### Внешний Источник Силы` (External Power Source), a limit held here: its `Силы` (of power) is also
      // the plural that names a kind (`# Магия и Силы`), and a heading named for a kind is a group, not an entry.
      ...headingsBetween('mythras-imperative-ru', '0007_Magic.md', '## Описания Сил', null, '####').filter((n) => n !== 'Внешний Источник Силы'),
    ],
    read: 1,
    onlyThese: true,
    findings: [],
    unchecked: [['broken-link', 'links to the chapters the fixture leaves out (`0005_Combat.md`)']],
  },
  // Its Arabic, right to left, the bases in Arabic letters and Charisma spelt out: `#### الرقص (رش+كاريزما)`.
  {
    book: 'mythras-imperative-ar',
    skills: () => grepNames('mythras-imperative-ar', ['0003_Skills.md'], MYTHRAS_BASE),
    read: 1,
    onlyThese: true,
    findings: [],
    unchecked: [['broken-link', 'links to the chapters the fixture leaves out (`0005_Combat.md`)']],
  },
  // 13th Age's talents as `#### Abjuration` and their text under `### Class Talents`, each with its tiers as `#####
  // Adventurer Feat`…, in a book that prices only the Commander's commands (`**Cost:** 1 command point`).
  {
    book: '13th-age-srd',
    skills: () => [
      ...entriesUnder('13th-age-srd', `${AGE13}/Classes/Wizard.md`, '### Class Talents'),
      ...entriesUnder('13th-age-srd', `${AGE13}/Classes/Commander.md`, '### Class Talents'),
      ...entriesUnder('13th-age-srd', `${AGE13}/Classes/Barbarian.md`, '### Adventurer Talents'),
      ...headingsBetween('13th-age-srd', `${AGE13}/Character-Rules/Feats/General-Feats.md`, '## General Feats', null, '###'),
      ...costLineHeadings('13th-age-srd', `${AGE13}/Classes/Commander.md`),
    ],
    // 47 of 48: the Commander's talent `#### Armor Skills` names a kind of skills, which a title of a group does.
    read: 0.97,
    findings: [],
    falseFindings: [
      [
        `${AGE13}/Classes/Barbarian.md:224 skill-heading-level`,
        '`### Champion Talents` holds two talents, too few for init to list it beside `Adventurer Talents` (its advice, to add it to `headings`, is right)',
      ],
    ],
    unchecked: [['broken-link', 'links to the vault’s files the fixture leaves out (`Compendium/13A/Combat-Rules/…`)']],
  },
  // Aachen's traits, `### Artful \`LEA TC\` **11**` (the check that gains one after its name) and their text, priced
  // nowhere; beside them a table of what goods are worth in days of wages, `| Cow | … | 20.0 | 4.0 |`, which is no
  // table of skills priced per class.
  {
    book: 'aachen',
    skills: () => grepNames('aachen', ['src/caf__traits.md'], /^### (\S+) `/),
    read: 1,
    onlyThese: true,
    findings: [],
  },
  // The same table in Russian, `| # | Навык | Оригинал | … |`, in a book whose first file is its licence in English:
  // init must still find `language: ru`, or the `Навык` column goes unread. Its professions, each a heading over two
  // field lines and a table of its skills, have skills and are none.
  {
    book: 'brp-srd-ru',
    skills: () => grepNames('brp-srd-ru', ['09_Glossary/01_Skills.md'], /^\| \d+ \| (.+?) \|/),
    read: 1,
    onlyThese: true,
    findings: [],
    // The licence's "Section 1(e)" and "Section 7" are its own numbered paragraphs (tests/core/local-references.test.ts).
    references: [3, 3],
    fields: { 'Азартные игры': [['Оригинал', 'Gaming'], ['Базовый шанс', 'ИНТ+ВОЛ%']] },
  },
];

/** A Mythras skill heading in any translation: its name, then its base, a formula of attributes in any script. */
const MYTHRAS_BASE = /^#### (.+) \([^()]*(?:\+|[x×] ?\d)[^()]*\)\s*$/;

/** Bold-name paragraphs from the first A–Z section ("## Abilities---A") on. */
function cypherAbilities(): string[] {
  const text = readFileSync(path.join(fixtures, 'cypher-csrd/book/05-abilities.md'), 'utf8');
  const lines = text.slice(text.indexOf('## Abilities---A')).split('\n');
  return lines.flatMap((line) => {
    const m = /^\*\*([^*(:]+?)(?: \([^)]*\))?:?\*\*/.exec(line);
    return m && line.replace(/^\*\*[^*]*\*\*:?/, '').trim() ? [m[1].trim()] : [];
  });
}

/** The headings of a level (`###` unless told) between two lines of a file (its section's first and the next section's, or the end). */
function headingsBetween(book: string, file: string, from: string, to: string | null, marks = '###'): string[] {
  const lines = readFileSync(path.join(fixtures, book, 'book', file), 'utf8').split('\n');
  const heading = new RegExp(`^${marks} (.+?)\\s*$`);
  return lines.slice(lines.indexOf(from), to === null ? undefined : lines.indexOf(to)).flatMap((line) => heading.exec(line)?.[1] ?? []);
}

/** The names of the paragraphs that open with a bold name and a colon (`**Academics:** …`) between two lines of a file. */
function boldLeadsBetween(book: string, file: string, from: string, to: string): string[] {
  const lines = readFileSync(path.join(fixtures, book, 'book', file), 'utf8').split('\n');
  return lines.slice(lines.indexOf(from), lines.indexOf(to)).flatMap((line) => /^\*\*([^*:]+):\*\* /.exec(line)?.[1] ?? []);
}

/** The `####` headings under each `heading` line (a `###` one), up to the next heading above their level. */
function entriesUnder(book: string, file: string, heading: string): string[] {
  let under = false;
  return readFileSync(path.join(fixtures, book, 'book', file), 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (/^#{1,3} /.test(line)) under = line === heading;
      return under ? (/^#### (?:\*\*)?(.+?)(?:\*\*)?$/.exec(line)?.[1] ?? []) : [];
    });
}

/** The `####` headings a `**Cost:** <number>` line follows within a few lines (an action's kind may come between). */
function costLineHeadings(book: string, file: string): string[] {
  const lines = readFileSync(path.join(fixtures, book, 'book', file), 'utf8').split('\n');
  return lines.flatMap((line, i) => {
    const heading = /^#### (.+)$/.exec(line);
    return heading && lines.slice(i + 1, i + 5).some((l) => /^\*\*Cost:\*\* \d/.test(l)) ? [heading[1]] : [];
  });
}

/** The `##` headings a `**Cost:**` line follows within a few lines. */
function costedHeadings(book: string, file: string): string[] {
  const lines = readFileSync(path.join(fixtures, book, 'book', file), 'utf8').split('\n');
  const names: string[] = [];
  lines.forEach((line, i) => {
    const heading = /^## (.+?)(?: \([IVX]+ - [IVX]+\))?$/.exec(line);
    if (heading && lines.slice(i + 1, i + 4).some((l) => /^\*\*Cost:\*\*/.test(l))) names.push(heading[1]);
  });
  return names;
}

/** The `####` headings an italic `*Prerequisite: …*` line follows (the label in the book's language: `Требование`). */
function prerequisiteHeadings(book: string, file: string, label = 'Prerequisite'): string[] {
  const lines = readFileSync(path.join(fixtures, book, 'book', file), 'utf8').split('\n');
  const names: string[] = [];
  lines.forEach((line, i) => {
    const heading = /^#### (.+)$/.exec(line);
    if (heading && lines.slice(i + 1, i + 3).some((l) => l.startsWith(`*${label}`))) names.push(heading[1]);
  });
  return names;
}

/**
 * The `####` headings a feat's kind line follows: `*Origin Feat*`, or with a prerequisite in its brackets (`*General
 * Feat (Prerequisite: …)*`); in Russian `*Черта происхождения*` and `*Общая черта (Требование: …)*`.
 */
function kindLineHeadings(book: string, file: string, label = 'Prerequisite', kindAlone = /^\*[A-Z][A-Za-z ]* Feat\*$/): string[] {
  const lines = readFileSync(path.join(fixtures, book, 'book', file), 'utf8').split('\n');
  return lines.flatMap((line, i) => {
    const heading = /^#### (.+)$/.exec(line);
    return heading && lines.slice(i + 1, i + 3).some((l) => (l.startsWith('*') && l.includes(`(${label}:`)) || kindAlone.test(l)) ? [heading[1]] : [];
  });
}

/** The headings (of any level) a `**Prerequisite:**` line alone, with nothing after the label, follows within a few lines. */
function aloneLabelHeadings(book: string, files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const lines = readFileSync(path.join(fixtures, book, 'book', file), 'utf8').split('\n');
    return lines.flatMap((line, i) => {
      const heading = /^#{1,6} (.+)$/.exec(line);
      return heading && lines.slice(i + 1, i + 4).some((l) => /^\*\*Prerequisites?:\*\*$/.test(l)) ? [heading[1]] : [];
    });
  });
}

/** Every file of a folder and its text, by path: what a run of `init` may have changed. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(folder, name);
    if (statSync(file).isFile()) files[name] = readFileSync(file, 'latin1');
  }
  return files;
}

/** The temp folders `initCopy` made, removed after each test (its CLI runs are awaited to their exit). */
const copies: string[] = [];
afterEach(() => {
  for (const dir of copies.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The book in a temp folder with `init` run on it, then run again: the second run must find nothing to change. */
async function initCopy(book: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), `wild-${book}-`));
  copies.push(dir);
  const folder = path.join(dir, book);
  cpSync(path.join(fixtures, book, 'book'), folder, { recursive: true });
  const init = await runCli(['init', folder], folder);
  expect(init.code, init.stderr).toBe(0);
  const before = snapshot(folder);
  const again = await runCli(['init', folder], folder);
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toMatch(/^(?:\S+ is already up to date\.|The defaults read this book as it is: nothing to write\.)\n/);
  expect(snapshot(folder)).toEqual(before);
  return folder;
}

describe('real rulebooks, after rulebook init', () => {
  for (const expected of BOOKS) {
    it(`reads ${expected.book}`, { timeout: 120_000 }, async () => {
      const folder = await initCopy(expected.book);
      const loaded = await loadRulebook(folder);
      const model = parseRulebook(loaded.source);
      const linked = linkRulebook(model, { assets: loaded.source.assets });
      const read = new Map(model.skills.map((s) => [s.key, s]));
      const names = expected.skills();
      const found = names.filter((n) => read.has(nameKey(n)));
      const share = (count: number) => (names.length === 0 ? 1 : count / names.length);
      const costed = found.filter((n) => read.get(nameKey(n))!.costText !== null).length;
      const withPrerequisites = found.filter((n) => read.get(nameKey(n))!.prerequisites.some((p) => p.requirements.length > 0)).length;
      const findings = lintRulebook(linked, { source: loaded.source });
      console.log(
        `${expected.book}: ${found.length}/${names.length} skills read, ${costed} with a cost, ${withPrerequisites} with prerequisites; ` +
          `${linked.numberedEntries.length} numbered; ${linked.resolvedReferences.length}/${model.references.length} references resolve; ${findings.length} findings`,
      );
      const unchecked = new Set((expected.unchecked ?? []).map(([rule]) => rule));
      const held = findings.filter((f) => !unchecked.has(f.ruleId));
      const keys = held.map((f) => `${f.range?.file}:${f.range?.start.line} ${f.ruleId}`);
      const falseKeys = new Set((expected.falseFindings ?? []).map(([finding]) => finding));
      expect(keys.filter((key) => !falseKeys.has(key))).toEqual(expected.findings.map(([finding]) => finding));
      expect(keys.filter((key) => falseKeys.has(key))).toEqual([...falseKeys]);
      for (const [key, message] of Object.entries(expected.messages ?? {})) expect(held[keys.indexOf(key)]?.message, key).toBe(message);
      if (expected.references) expect([linked.resolvedReferences.length, model.references.length]).toEqual(expected.references);
      for (const [name, requirements] of Object.entries(expected.prerequisites ?? {})) {
        const skill = read.get(nameKey(name));
        expect(skill?.prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives.map((a) => a.text))), name).toEqual(requirements);
      }
      for (const [name, fields] of Object.entries(expected.fields ?? {})) {
        expect(read.get(nameKey(name))?.fields.map((f) => [f.name, f.value]), name).toEqual(fields);
      }
      if (expected.onlyThese) expect(model.skills.map((s) => s.name).sort()).toEqual([...names].sort());
      expect(share(found.length)).toBeGreaterThanOrEqual(expected.read);
      if (expected.costed !== undefined) expect(share(costed)).toBeGreaterThanOrEqual(expected.costed);
      if (expected.withPrerequisites !== undefined) expect(share(withPrerequisites)).toBeGreaterThanOrEqual(expected.withPrerequisites);
    });
  }
});
