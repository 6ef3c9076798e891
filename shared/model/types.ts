/** The typed, readonly model of a rulebook: what the parser produces and everything downstream reads. */
import type { Layout } from './layout.js';

/** A point in a file: 1-based line and column, 0-based offset (UTF-16 code units), as in unist and Monaco. */
export interface Position {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

/** A span of source text in one file of the rulebook. `file` is the rulebook-relative posix path. */
export interface SourceRange {
  readonly file: string;
  readonly start: Position;
  readonly end: Position;
}

/** Where a numbered heading or rule's number lives: the rulebook-wide numbering, or a list local to its heading. */
export type NumberScope = 'global' | 'local';

/** A rule or section number as written and as understood. */
export interface RuleNumber {
  /** Canonical key without trailing punctuation: "3", "2.1", "100.1a", "1.3.20". Local numbers are prefixed by their list's scope id. */
  readonly key: string;
  /** The number exactly as written, including a trailing dot: "100.1.", "Chapter 4.", "a." */
  readonly text: string;
  /** The parts of the number: "100.1a" → ["100", "1", "a"]; "1.3.2" → ["1", "3", "2"]. */
  readonly segments: readonly string[];
  /** The word written before the number, if any: "Chapter", "Section", "Appendix". */
  readonly prefix: string | null;
  /** Where the number itself is written. */
  readonly range: SourceRange;
}

/** A heading: numbered ("## 2.1 - Character Skills") or not ("## General skills"). */
export interface Section {
  readonly kind: 'section';
  /** Stable within one parse: "<file>#<offset>". */
  readonly id: string;
  /** Heading level 1–6. */
  readonly depth: number;
  readonly number: RuleNumber | null;
  /**
   * `local` for a heading numbered 1, 2, 3 under an unnumbered subheading ("### 1. Escalating Tree Access Cost" under
   * "## Anti-Convergence Mechanics"): its number counts among its siblings, as an ordered list's items do, and is no
   * place in the book's numbering. `global` otherwise, unnumbered headings included.
   */
  readonly scope: NumberScope;
  /** The heading text without its number and separator. */
  readonly title: string;
  /** The heading line. */
  readonly headingRange: SourceRange;
  /** From the heading to just before the next heading of the same or a higher level. */
  readonly range: SourceRange;
  /** Enclosing section (by heading level), null at top level. */
  readonly parentId: string | null;
  /** Direct subsections, in document order. */
  readonly childSectionIds: readonly string[];
  /** Whether anything but whitespace and lint comments stands between this heading and its first subheading or its end. */
  readonly hasContent: boolean;
  /** Whether anything (content or subsections) stands under it before the next heading of the same or a higher level. */
  readonly isEmpty: boolean;
  /** The heading's anchor as GitHub makes it from the heading's text ("4.5 - Safety Car" → "45---safety-car"), before duplicates in the file get "-1", "-2". */
  readonly slug: string;
}

/** A numbered rule: a paragraph starting with a number ("1.3.2 Players who…"), or an item of an ordered list (local). */
export interface Rule {
  readonly kind: 'rule';
  readonly id: string;
  readonly number: RuleNumber;
  readonly scope: NumberScope;
  /** The rule's text without its number. */
  readonly text: string;
  readonly range: SourceRange;
  /** Innermost enclosing heading. */
  readonly sectionId: string | null;
}

/** A numbered heading or rule: both share one numbering. */
export type NumberedEntry = (Section & { readonly number: RuleNumber }) | Rule;

export type Cost = number | readonly number[] | null;

/**
 * What a cost says beyond one number. `ranked`: "4+2", the first purchase 4 and each further one 2.
 * `per-class`: a price for each class or skillset ("10 (Craftsman) or 8 (Kinfolk Lineage)", cost columns).
 * `variable`: "X" or "varies", a cost the book explains in words.
 */
export type CostDetail =
  | { readonly kind: 'ranked'; readonly first: number; readonly further: number }
  | { readonly kind: 'per-class'; readonly byClass: readonly ClassCost[] }
  | { readonly kind: 'variable' };

/** One class's price for a skill: a cost column's cell ("10+5" under Secondary), or one alternative of a written cost. */
export interface ClassCost {
  readonly name: string;
  /** The first purchase. */
  readonly cost: number;
  /** Each further purchase, for a ranked price ("10+5"); null when every purchase costs the same. */
  readonly further: number | null;
  /** As written: "10+5", "8". */
  readonly text: string;
}

/** One named requirement: a skill name or a condition ("GM permission", "2 Production Points"). */
export interface PrerequisiteTerm {
  /** The name as written, trimmed of surrounding punctuation. */
  readonly text: string;
  /** The comparison key: lower case, straight quotes, single spaces. */
  readonly key: string;
  readonly kind: 'skill' | 'condition';
  readonly range: SourceRange;
}

/** One requirement of a skill: any one of its alternatives satisfies it ("A or B"). */
export interface Requirement {
  readonly alternatives: readonly PrerequisiteTerm[];
  readonly range: SourceRange;
}

export type PrerequisiteOrigin = 'line' | 'table' | 'link' | 'section' | 'front-matter';

/** A `Prerequisite:` line, table cell, `[[link]]` or section-wide line, parsed. */
export interface PrerequisiteList {
  readonly origin: PrerequisiteOrigin;
  /** The text after the label, as written. */
  readonly raw: string;
  readonly requirements: readonly Requirement[];
  /**
   * The skill's tiers this list holds for, when the book gives each tier its own ("- **Tier 2:** Agility 7, Lethal
   * Strike III" under Open Legend's `**Prerequisites:**`): a purchase of another tier does not need it. Empty for
   * every tier, as most lists are.
   */
  readonly tiers: readonly string[];
  readonly range: SourceRange;
}

/** A `Name: value` line of a skill entry (Range, Duration, Effect, Cost…). */
export interface Field {
  readonly name: string;
  /** Trimmed value; "" when the line has no value. */
  readonly value: string;
  readonly range: SourceRange;
  /** Where the value is written (an empty range just after the colon when empty). */
  readonly valueRange: SourceRange;
}

export type SkillForm = 'list' | 'heading' | 'table' | 'paragraph' | 'front-matter';

export interface Skill {
  readonly kind: 'skill';
  readonly id: string;
  readonly name: string;
  /** Comparison key of the name (see PrerequisiteTerm.key). */
  readonly key: string;
  readonly nameRange: SourceRange;
  readonly form: SkillForm;
  /** A number, alternatives such as 4/5, or null when the entry has no cost. */
  readonly cost: Cost;
  /**
   * The cost as written ("4/5 SP"), null when absent. A skill table's cost columns are read as each column's header
   * and cell: "Primary 10+5, Secondary 10+7" (and `cost` holds every column's first purchase).
   */
  readonly costText: string | null;
  readonly costUnit: string | null;
  readonly costRange: SourceRange | null;
  /** Ranked, per-class and variable costs; null for a plain cost or none. `cost` then holds the first purchase, the alternatives, or null. */
  readonly costDetail: CostDetail | null;
  /** The tiers the skill has ("Lethal Strike (I - III)" → I, II, III); a prerequisite "Lethal Strike II" names one. Empty for most skills. */
  readonly tiers: readonly string[];
  /** Every requirement from every origin, the section-wide ones included (origin 'section'). */
  readonly prerequisites: readonly PrerequisiteList[];
  readonly fields: readonly Field[];
  /** The description text (without name, cost and field lines). */
  readonly text: string;
  /** Title of the innermost enclosing heading (numbers stripped), null outside any heading. */
  readonly category: string | null;
  /** Titles of every enclosing heading, outermost first. */
  readonly categoryPath: readonly string[];
  readonly sectionId: string | null;
  /** The whole entry. */
  readonly range: SourceRange;
}

export type ReferenceKind = 'rule' | 'skill';

/** "see 3.3", "rule 702.19b", "rules 201.2a–b", "chapter 6", "[[3.3]]", or "[[Skill Name]]" outside a prerequisite. */
export interface Reference {
  readonly kind: ReferenceKind;
  readonly id: string;
  /** The whole reference as written ("see rule 702.19b"). */
  readonly text: string;
  /** The target as written ("702.19b", "Shield Bash"). */
  readonly targetText: string;
  /** Canonical target: a number key for rules, a name key for skills. */
  readonly target: string;
  /** For a range ("201.2a–b"): the canonical last number of the range. */
  readonly targetEnd: string | null;
  /** The word before the number ("rule", "section", "chapter", "see") or "link" for [[…]]. */
  readonly keyword: string;
  /**
   * For a single chapter or section ("Chapter 8: Running the Game"): what is written after the number that may be its
   * title, from the separator on (": Running the Game"), cut at the latest where a title must end (the sentence's
   * stop, a closing bracket, quote or emphasis), so it may run on ("Combat for details"). The linker checks it against
   * the book's headings. Absent for every other reference, and when no title can start there ("chapter 4 explains").
   */
  readonly after?: string;
  /** Where the number or name itself is written. */
  readonly targetRange: SourceRange;
  readonly range: SourceRange;
  readonly sectionId: string | null;
}

/** Another skill name written with a cost in parentheses outside its definition ("Energy Ball (4 SP)"). */
export interface CostMention {
  readonly name: string;
  readonly key: string;
  readonly cost: Cost;
  readonly costText: string;
  readonly range: SourceRange;
}

/**
 * An ordinary Markdown link: `[text](#anchor)`, `[text](chapter.md#anchor)`, `[text](https://…)`; or, with `image`, a
 * picture `![alt](art/map.png)`, whose `text` is its alt text and `href` its source.
 */
export interface Link {
  readonly id: string;
  /** A picture (`![alt](src)`), which the book prints where it stands; absent for a link. */
  readonly image?: true;
  /**
   * A wiki link (`[[Classes/Chaos-Mage#Level Progression|Chaos Mage]]`, `![[map.png]]`): `href` is its page and
   * heading as written, found as Obsidian finds them (shared/link/links.ts); `text` the words it shows. What it names,
   * as the parser read it (wikiLinkKind): 'page' when it can only name a page (a folder, a file ending or a heading:
   * `[[Classes/Fighter]]`, `![[map.png]]`, `[[Combat#Fleeing]]`, `[[#Fleeing]]`), 'name' for a bare name
   * (`[[agile]]`, `[[Shield Bash|bash]]`), a skill's or else a page's, which the linker tells apart. Absent for a
   * Markdown link or picture.
   */
  readonly wiki?: 'page' | 'name';
  /** The link text, plain. */
  readonly text: string;
  /** The target as written, with site-generator shortcodes taken off (`{{< relref "#florentine" >}}` → `#florentine`). */
  readonly href: string;
  readonly range: SourceRange;
  /** Where the target is written. */
  readonly hrefRange: SourceRange;
  readonly sectionId: string | null;
}

/** A place a link can land on that is written in the text: `<a name="accuracy">`, `id="x"`, `{#custom-id}`. Heading slugs are not listed. */
export interface Anchor {
  readonly name: string;
  readonly range: SourceRange;
  /** The section the anchor opens (an anchor inside a heading) or stands in. */
  readonly sectionId: string | null;
  /** Whether it is written inside the heading line itself. */
  readonly inHeading: boolean;
}

export type LintControlKind = 'disable' | 'enable' | 'ignore';

/** `<!-- lint disable|enable|ignore rule-id … -->`. No rule ids means every rule. */
export interface LintControl {
  readonly kind: LintControlKind;
  readonly ruleIds: readonly string[];
  readonly range: SourceRange;
  /** For 'ignore': the block it silences (the next block), null when nothing follows. */
  readonly target: SourceRange | null;
}

export type Severity = 'error' | 'warning' | 'info';
export type RuleSetting = Severity | 'off';

/** Per-rule lint config: a severity, or a severity with options. */
export type LintRuleConfig = RuleSetting | { readonly severity?: RuleSetting; readonly [option: string]: unknown };

/** Numbering conventions a rulebook declares so that correct numbering stays quiet. */
export interface NumberingConfig {
  /** Letters never used as sub-rule letters (the Comprehensive Rules skip "l" and "o"). */
  readonly skipLetters?: readonly string[];
  /** Chapters N hold sections N00–N99 (the Comprehensive Rules: chapter 1 holds 100–199). */
  readonly hundredsSections?: boolean;
  /** Numbers whose absence is intentional (no numbering-gap finding for them). */
  readonly allowGaps?: readonly string[];
}

/**
 * How characters are built from the book (`characters:` in rulebook.yaml): the points a character has and how it may
 * spend them. Read by the character check (shared/characters); the book itself never depends on it.
 */
export interface CharacterRules {
  /** Points a new character starts with; null when the book does not say (each character file then says). */
  readonly startingPoints: number | null;
  /** Points earned for each event attended, available from that event on. */
  readonly pointsPerEvent: number | null;
  /** Most points a character may spend at one event; null for no limit. */
  readonly limitPerEvent: number | null;
  /** Classes or skillsets a character may belong to: the names of the book's per-class cost columns. */
  readonly classes: readonly string[];
  /** Skills that may be bought more than once, by name, with the most times (null: no limit). */
  readonly repeatable: Readonly<Record<string, number | null>>;
  /** Conditions a marshal confirms by hand at sign-in: the check takes them as met and does not ask for them. */
  readonly assumedConditions: readonly string[];
}

/** How the book looks in print (`print:` in rulebook.yaml): theme, columns, cover image, cards. Read by shared/publish/print-settings.ts. */
export interface PrintSettings {
  readonly theme?: string;
  /** A PNG or JPEG file in the rulebook's folder, rulebook-relative. */
  readonly cover?: string;
  /** Columns of the book's body: 2 by default on A4 and Letter, 1 on A5 (shared/publish/page-setup.ts). */
  readonly columns?: 1 | 2;
  readonly cards?: {
    readonly size?: string;
    readonly bleed?: number;
    readonly backs?: 'none' | 'long' | 'short';
    readonly perCategory?: boolean;
  };
}

/** The character sheet's fields (`sheet.fields` in rulebook.yaml). */
export interface SheetSettings {
  readonly fields: readonly string[];
}

/** Settings from front matter or rulebook.yaml. Unknown keys are kept in `extra`. */
export interface RulebookConfig {
  readonly title: string | null;
  readonly edition: string | null;
  readonly date: string | null;
  readonly costUnits: readonly string[];
  /** Phrases that are conditions, not skill names ("GM permission", "Any level 1 spell"). */
  readonly conditions: readonly string[];
  readonly lint: Readonly<Record<string, LintRuleConfig>>;
  readonly numbering: NumberingConfig;
  /** Chapter files in order (rulebook.yaml only). */
  readonly files: readonly string[] | null;
  /** How the book writes its skills, costs, prerequisites, numbers and links: the defaults plus its `layout:` block. */
  readonly layout: Layout;
  /** The `characters:` block: point rules for the character check; absent when the book has none. */
  readonly characters?: CharacterRules;
  /** The `print:` block's theme, columns, cover and cards; absent when the book has none (the block also stays in `extra`). */
  readonly print?: PrintSettings;
  /** The `sheet:` block; absent when the book has none. */
  readonly sheet?: SheetSettings;
  readonly extra: Readonly<Record<string, unknown>>;
}

/**
 * A `**` pair Markdown reads as text, not bold (`**Description:**Text`, `**Common Skill **(Ride)`): both pairs of
 * asterisks are printed as written.
 */
export interface LiteralBold {
  /** From the opening marker to the end of the closing one. */
  readonly range: SourceRange;
  /** The pair as written ("**Description:**"). */
  readonly written: string;
  /** The same words spaced so that Markdown reads them as bold ("**Description:** Text"), null when no spacing does. */
  readonly bold: string | null;
}

/** Bold or italics run into the word beside it (`**NPCs**are`): printed as one word with it ("NPCsare"). */
export interface GluedEmphasis {
  /** The bold or italics, markers included. */
  readonly range: SourceRange;
  /** As written ("**NPCs**"). */
  readonly written: string;
  /** The word run into it before and after ("are"), empty where none is. */
  readonly before: string;
  readonly after: string;
}

/** A LaTeX layout command left in the text (`\newline`, `\vspace{1em}`): Markdown prints it as written. */
export interface LatexCommand {
  /** The command, its argument included. */
  readonly range: SourceRange;
  /** As written ("\newline"). */
  readonly written: string;
  /** What removing it takes away: the command with the spaces before it, or its whole line when it stands alone. */
  readonly removal: SourceRange;
}

/** A problem met while reading: facts for the linter, never thrown. */
export interface ParseDiagnostic {
  readonly code:
    | 'front-matter-invalid'
    | 'config-invalid'
    | 'too-deep'
    | 'too-large'
    | 'missing-file'
    | 'invalid-encoding'
    | 'lint-control-invalid'
    | 'unread-skills'
    | 'unread-rules';
  readonly message: string;
  readonly range: SourceRange;
}

export interface RulebookFile {
  /** Rulebook-relative posix path ("rulebook.md", "chapters/03-magic.md"). */
  readonly path: string;
  /** Length of the text in UTF-16 code units, and its number of lines. */
  readonly length: number;
  readonly lineCount: number;
  /** Front matter of this file, parsed (null when it has none). */
  readonly frontMatter: Readonly<Record<string, unknown>> | null;
  /** Range of the front matter block, null when none. */
  readonly frontMatterRange: SourceRange | null;
}

/** The whole rulebook, every node in document order (files in manifest order). */
export interface Rulebook {
  readonly config: RulebookConfig;
  readonly files: readonly RulebookFile[];
  readonly sections: readonly Section[];
  readonly rules: readonly Rule[];
  readonly skills: readonly Skill[];
  readonly references: readonly Reference[];
  readonly costMentions: readonly CostMention[];
  readonly links: readonly Link[];
  readonly anchors: readonly Anchor[];
  readonly lintControls: readonly LintControl[];
  readonly literalBold: readonly LiteralBold[];
  readonly gluedEmphasis: readonly GluedEmphasis[];
  readonly latexCommands: readonly LatexCommand[];
  readonly diagnostics: readonly ParseDiagnostic[];
}

/** What a rulebook is read from: its files' texts, in order. Paths are rulebook-relative posix paths. */
export interface RulebookSource {
  /** rulebook.yaml's text and path, when the rulebook is a folder with one. */
  readonly manifest?: { readonly path: string; readonly text: string } | null;
  readonly files: readonly { readonly path: string; readonly text: string }[];
  /** The other files in the rulebook's folder (rulebook-relative posix paths: images, other pages), for checking links to them. */
  readonly assets?: readonly string[];
}
