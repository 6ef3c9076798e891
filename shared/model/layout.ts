/**
 * A book's conventions as data: how it writes its skills, costs, prerequisites, numbers and links. The parser
 * reads through a Layout; the defaults cover what can be recognised without ambiguity, and a `layout:` block in
 * rulebook.yaml or front matter (written by hand or by `rulebook init`) declares the rest.
 */
import type { ReadingWords } from './reading-words.js';

/** Skills kept in front matter, one per file (a Jekyll or Hugo collection): dotted key paths into the YAML. */
export interface FrontMatterSkills {
  /** The key holding the skill's name ("title"). */
  readonly name: string;
  /** Keys holding its cost, the first present wins ("power.powerPoints"). */
  readonly cost: readonly string[];
  /** Keys holding its prerequisite text ("feat.prerequisite"). */
  readonly prerequisites: readonly string[];
  /** Keys holding its description ("feat.benefit", "description"). */
  readonly text: readonly string[];
}

export interface SkillLayout {
  /** Heading levels whose headings may name a skill by the fields under them; empty means any level. */
  readonly headingLevels: readonly number[];
  /**
   * A bold name that opens a paragraph or a list item with no cost beside it: `fields` makes it a skill only when
   * cost or prerequisite fields follow it (or, in a list, when other items of the list are skills); `all` makes
   * every such name opening a paragraph a skill (a book whose abilities are `**Name:** text` paragraphs). A list item
   * is judged as with `fields` either way: the Cypher SRD lists an ability's options so (`- **Aquatic:** …`).
   */
  readonly boldNames: 'fields' | 'all';
  /**
   * A heading at one of `headingLevels`: `fields` makes it a skill when cost or prerequisite fields (or a price) say
   * so; `all` makes every such heading in `sections` a skill, fields or not (Blades in the Dark's special abilities,
   * `### Battleborn` and its text alone), but for one whose title names a kind of skills ("Combat Abilities"). A list
   * of section titles does that in those sections only, fields elsewhere: the SRD 5.2's `### Eldritch Invocation
   * Options`, where `#### Pact of the Blade` has no prerequisite line but is an invocation as the others are.
   */
  readonly headings: 'fields' | 'all' | readonly string[];
  /**
   * Titles of sections whose tables list skills without a price: a table with a name column (`Skill`, `Навык`,
   * `Name`…) and no cost column, whose rows are otherwise read only under a heading that prices them. Basic
   * Roleplaying's `## Complete Skill List` (`| # | Skill | Base Chance | Category | Description |`): skills are bought
   * with points the book deals out, never at a price of their own.
   */
  readonly tables: readonly string[];
  /** Titles of the sections that hold skills (with their subsections); empty means anywhere. */
  readonly sections: readonly string[];
  /** Each file's front matter describes one skill; null when skills are written in the text. */
  readonly frontMatter: FrontMatterSkills | null;
}

export interface FieldLayout {
  /** Field labels that give a skill's cost (bold or plain, in lines or list items): "Cost", "CP Cost", "Build". */
  readonly cost: readonly string[];
  /** Field labels that give its prerequisites: "Prerequisites", "Requires", "Reqs", "Restrictions". */
  readonly prerequisites: readonly string[];
  /**
   * Labels that are ordinary fields although the lists above name them: "Requirements" in a book that writes
   * "Prerequisites" for what buying needs and "Requirements" for what using an action needs (Pathfinder's feats).
   */
  readonly other: readonly string[];
}

export interface CostLayout {
  /** Words that mean a cost of nothing: "None", "Free". */
  readonly zero: readonly string[];
  /** Words that mean a cost the book explains elsewhere: "X", "varies". */
  readonly variable: readonly string[];
  /** Table columns that each hold the cost for one class or skillset ("Primary", "Secondary"). */
  readonly columns: readonly string[];
}

export interface ConditionLayout {
  /** Attributes a requirement may name with a score (`Agility 3`, `Str 13`): conditions, not skills. */
  readonly attributes: readonly string[];
  /** Openings of requirements that describe rather than name ("Ability to", "Member of"): conditions. */
  readonly phrases: readonly string[];
}

export interface NumberingLayout {
  /** Titles of sections whose numbered headings and paragraphs are not rules (a change history, credits). */
  readonly notRules: readonly string[];
  /** A contents list of links (`[**1.4.1. Errors**](#errors)`) gives the sections it links to their numbers. */
  readonly fromContents: boolean;
  /** Chapters are numbered by their order, not in their headings: "see Chapter 6" is the sixth top-level heading. */
  readonly chapterOrder: boolean;
}

export interface ReferenceLayout {
  /** Dotted numbers in running text with no keyword before them ("the remedies listed in 5.2.") are references. */
  readonly bare: boolean;
  /** Link targets that name a rule, with `{number}` where the number stands: "regulations:regulation:{number}". */
  readonly links: readonly string[];
}

export interface Layout {
  readonly skills: SkillLayout;
  readonly fields: FieldLayout;
  readonly costs: CostLayout;
  readonly conditions: ConditionLayout;
  readonly numbering: NumberingLayout;
  readonly references: ReferenceLayout;
}

/** What every book gets without a `layout:` block: only what reads one way in every book we have seen. */
export const DEFAULT_LAYOUT: Layout = {
  skills: { headingLevels: [], boldNames: 'fields', headings: 'fields', tables: [], sections: [], frontMatter: null },
  fields: {
    cost: ['Cost', 'Costs', 'Skill Cost', 'CP Cost', 'XP Cost', 'Build Cost', 'Point Cost'],
    prerequisites: ['Prerequisite', 'Prerequisites', 'Requires', 'Requirement', 'Requirements', 'Prereq', 'Prereqs', 'Reqs'],
    other: [],
  },
  costs: { zero: ['None', 'Free'], variable: ['X', 'varies', 'variable', 'special'], columns: [] },
  conditions: {
    attributes: [],
    phrases: ['Ability to', 'Able to', 'Having', 'Must be', 'Member of', 'Membership in', 'Proficiency with', 'Proficient with', 'Any'],
  },
  numbering: { notRules: ['Change history', 'Changelog', 'Change log', 'Version history', 'Revision history', 'Release notes', 'Credits'], fromContents: false, chapterOrder: false },
  references: { bare: false, links: [] },
};

const byLanguage = new Map<string, Layout>();

/**
 * What a book in a language gets without a `layout:` block: the English defaults with the language's labels and cost
 * words beside them ("Coût" and "Prérequis" in a French book, which may write "Cost" as well).
 */
export function defaultLayout(reading: ReadingWords): Layout {
  if (!reading.language) return DEFAULT_LAYOUT;
  let layout = byLanguage.get(reading.language);
  if (!layout) {
    const d = DEFAULT_LAYOUT;
    layout = {
      ...d,
      fields: { ...d.fields, cost: [...d.fields.cost, ...reading.costLabels], prerequisites: [...d.fields.prerequisites, ...reading.prerequisiteLabels] },
      costs: { ...d.costs, zero: [...d.costs.zero, ...reading.zeroCosts], variable: [...d.costs.variable, ...reading.variableCosts] },
    };
    byLanguage.set(reading.language, layout);
  }
  return layout;
}
