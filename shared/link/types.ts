/** Facts the linker derives from a parsed rulebook: what resolves, what does not, duplicates, the prerequisite graph. */
import type {
  Link,
  NumberedEntry,
  PrerequisiteList,
  PrerequisiteTerm,
  Reference,
  Requirement,
  Rulebook,
  Section,
  Skill,
} from '../model/types.js';
import type { BrokenLink } from './links.js';

export type { BrokenLink } from './links.js';

/** A prerequisite term that names no skill and no condition. */
export interface UnresolvedPrerequisite {
  readonly skill: Skill;
  readonly list: PrerequisiteList;
  readonly requirement: Requirement;
  readonly term: PrerequisiteTerm;
  /** Existing skill names closest to the term, best first (at most 3). */
  readonly suggestions: readonly string[];
}

/** A prerequisite term resolved to the skill(s) of that name. */
export interface PrerequisiteEdge {
  /** The skill that has the prerequisite. */
  readonly from: Skill;
  /** The first definition of the required skill. */
  readonly to: Skill;
  readonly term: PrerequisiteTerm;
  readonly requirement: Requirement;
}

export interface ResolvedReference {
  readonly reference: Reference;
  /** For a rule reference: the numbered entries it names (a range names several). For a skill reference: empty. */
  readonly entries: readonly NumberedEntry[];
  /** For a skill reference: the skill. */
  readonly skill: Skill | null;
  /**
   * For a wiki link's name that no skill has but a page of the book does (`[[agile]]` for agile.md, as Obsidian
   * reads it): that file. The book and the website link it as the book's link (Link.wiki) to the page.
   */
  readonly page?: string;
  /**
   * A chapter or section reference whose title names another heading than its number does ("Chapter 8: Running the
   * Game" where Running the Game is chapter 7): `entries` is the titled heading, and this says what the number should be.
   */
  readonly misnumbered?: MisnumberedReference;
}

/** The number a reference should give for the heading its title names. */
export interface MisnumberedReference {
  /** The heading's title as the book writes it ("Running the Game"). */
  readonly title: string;
  /** The heading's number: written on it, or its place among chapters read in order ("7"). */
  readonly number: string;
  /** The reference with its title, as written ("Chapter 8: Running the Game"). */
  readonly written: string;
  /** Whether the number as written names another heading or rule ("Chapter 7: Combat" where chapter 7 is Running the Game). */
  readonly numberNames: boolean;
}

export interface UnresolvedReference {
  readonly reference: Reference;
  /** Closest existing numbers or names, best first. */
  readonly suggestions: readonly string[];
}

/** The same name defined more than once (key equality). */
export interface DuplicateSkill {
  readonly key: string;
  /** Every definition, in document order. */
  readonly definitions: readonly Skill[];
  /** Whether all definitions agree on cost and prerequisites. */
  readonly agree: boolean;
}

/** The same global number written on more than one heading or rule. */
export interface DuplicateNumber {
  readonly key: string;
  readonly entries: readonly NumberedEntry[];
}

/** A prerequisite cycle: skills in order, each requiring the next, the last requiring the first. */
export interface PrerequisiteCycle {
  readonly skills: readonly Skill[];
}

/** A skill whose prerequisites can never be met, and why. */
export interface UnreachableSkill {
  readonly skill: Skill;
  readonly reason: 'cycle' | 'unknown';
  /** The skill name (or unknown term) at the root of the problem. */
  readonly via: string;
}

export interface LinkedRulebook {
  readonly model: Rulebook;
  /** Skills by name key, every definition in document order. */
  readonly skillsByKey: ReadonlyMap<string, readonly Skill[]>;
  readonly skillsById: ReadonlyMap<string, Skill>;
  readonly sectionsById: ReadonlyMap<string, Section>;
  /** Global numbered headings and rules by number key, in document order. */
  readonly entriesByNumber: ReadonlyMap<string, readonly NumberedEntry[]>;
  /** Every numbered heading and rule (global and local) in document order. */
  readonly numberedEntries: readonly NumberedEntry[];
  /**
   * The chapters numbered by their place (layout `numbering.chapterOrder`), in order: each as the numbered entry a
   * reference to it resolves to ("see Chapter 6"). Not among `numberedEntries`: no number is written on them. Empty
   * without that setting.
   */
  readonly chaptersByOrder: readonly NumberedEntry[];
  readonly edges: readonly PrerequisiteEdge[];
  readonly unresolvedPrerequisites: readonly UnresolvedPrerequisite[];
  readonly resolvedReferences: readonly ResolvedReference[];
  readonly unresolvedReferences: readonly UnresolvedReference[];
  readonly duplicateSkills: readonly DuplicateSkill[];
  readonly duplicateNumbers: readonly DuplicateNumber[];
  readonly cycles: readonly PrerequisiteCycle[];
  readonly unreachableSkills: readonly UnreachableSkill[];
  /** Skill id → the skills that list it as a prerequisite. */
  readonly requiredBy: ReadonlyMap<string, readonly Skill[]>;
  /** Numbered entry id or skill id → the references that name it. */
  readonly referencedBy: ReadonlyMap<string, readonly Reference[]>;
  /** Markdown links to a file that does not exist, or to a heading or anchor its file does not have. */
  readonly brokenLinks: readonly BrokenLink[];
  /** The file of the rulebook's folder each picture shows (`![alt](src)`, `![[map.png]]`), as the check found it. */
  readonly pictures: ReadonlyMap<Link, string>;
  /**
   * Whether the book is kept as an Obsidian vault: a wiki link of it names a page by its folder, file or heading
   * (Link.wiki 'page'). There a bare `[[name]]` may name a page as well as a skill. Decided once, by the link check.
   */
  readonly vault: boolean;
}
