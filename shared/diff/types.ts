/** What comparing two versions of a rulebook produces: entry and skill changes, renumbered runs, and change impact. */
import type { TextEdit } from '../model/edits.js';
import type { Cost, SourceRange } from '../model/types.js';

/** One piece of a word-level diff: text both versions share, or text only one of them has. */
export interface WordPart {
  readonly op: 'same' | 'added' | 'removed';
  readonly text: string;
}

/** A numbered heading or rule as the comparison shows it: enough to print and to jump to. */
export interface EntrySummary {
  /** The entry's id in its own version's model. */
  readonly id: string;
  readonly kind: 'section' | 'rule';
  /** The number as a reader sees it ("201.3", "Chapter 4", "2.a" for a local list item). */
  readonly number: string;
  /** The canonical number key (local numbers carry their list's scope). */
  readonly key: string;
  /** A rule's text, or a heading's title. */
  readonly text: string;
  /** The outermost heading above the entry ("1. Game Concepts"), null when there is none. */
  readonly chapter: string | null;
  readonly range: SourceRange;
}

export interface AddedEntry {
  readonly type: 'added';
  readonly new: EntrySummary;
}

export interface RemovedEntry {
  readonly type: 'removed';
  readonly old: EntrySummary;
}

/** Same rule, different words (and perhaps also a new number or a new place). */
export interface ChangedEntry {
  readonly type: 'changed';
  readonly old: EntrySummary;
  readonly new: EntrySummary;
  readonly words: readonly WordPart[];
  /** 0–1: how much of the wording both versions share. */
  readonly similarity: number;
  readonly renumbered: boolean;
  readonly moved: boolean;
  /**
   * The only differences are rule numbers inside the text, each updated to follow a renumbering
   * ("see rule 701.14" → "see rule 701.15" because 701.14 became 701.15): nothing a player needs to read.
   */
  readonly referencesOnly: boolean;
}

/** Same text, new number ("201.3 → 201.4"), same place in the structure. */
export interface RenumberedEntry {
  readonly type: 'renumbered';
  readonly old: EntrySummary;
  readonly new: EntrySummary;
}

/** Same text, now under a different parent ("704.5w → 704.6e"). */
export interface MovedEntry {
  readonly type: 'moved';
  readonly old: EntrySummary;
  readonly new: EntrySummary;
  /** Number (or title) of the parent before and after; null at top level. */
  readonly fromParent: string | null;
  readonly toParent: string | null;
}

export type EntryChange = AddedEntry | RemovedEntry | ChangedEntry | RenumberedEntry | MovedEntry;

/** Consecutive entries whose numbers all shifted the same way: "201.3–201.5 renumbered +1". */
export interface RenumberRun {
  /** First and last old numbers, first and last new numbers. */
  readonly oldFirst: string;
  readonly oldLast: string;
  readonly newFirst: string;
  readonly newLast: string;
  readonly count: number;
  /** The shift of the number part that changed (+1, −2), null when the numbers changed in another way. */
  readonly shift: number | null;
  /** "201.3–201.5 renumbered +1 (now 201.4–201.6)". */
  readonly label: string;
  /** Every entry of the run, old number → new number, in the new version's order. */
  readonly entries: readonly { readonly old: string; readonly new: string; readonly newId: string }[];
}

export interface SkillSummary {
  readonly id: string;
  readonly name: string;
  readonly cost: Cost;
  readonly costText: string | null;
  /** Each requirement with its alternatives joined by " or ", in the order written. */
  readonly prerequisites: readonly string[];
  readonly category: string | null;
  readonly chapter: string | null;
  readonly range: SourceRange;
}

export interface SkillFieldChange {
  readonly name: string;
  /** null when the field is new (old) or gone (new). */
  readonly old: string | null;
  readonly new: string | null;
}

export interface AddedSkill {
  readonly type: 'added';
  readonly new: SkillSummary;
}

export interface RemovedSkill {
  readonly type: 'removed';
  readonly old: SkillSummary;
}

/** A skill present in both versions (perhaps under a new name) whose name, cost, prerequisites, fields or text differ. */
export interface ChangedSkill {
  readonly type: 'changed';
  readonly old: SkillSummary;
  readonly new: SkillSummary;
  readonly renamed: boolean;
  readonly costChanged: boolean;
  readonly prerequisitesChanged: boolean;
  /** Requirements only the new version has, and only the old version had. */
  readonly prerequisitesAdded: readonly string[];
  readonly prerequisitesRemoved: readonly string[];
  readonly fields: readonly SkillFieldChange[];
  /** Word diff of the description, null when it did not change. */
  readonly words: readonly WordPart[] | null;
}

export type SkillChange = AddedSkill | RemovedSkill | ChangedSkill;

/**
 * A block of text as a reader sees it: a paragraph, one list item (without its nested lists), one table row,
 * a heading, a code block, an HTML block (comments included), or the settings (front matter, rulebook.yaml).
 */
export type TextBlockKind = 'paragraph' | 'list-item' | 'table-row' | 'heading' | 'code' | 'html' | 'settings' | 'other';

export interface TextBlockSummary {
  readonly kind: TextBlockKind;
  /** The block's Markdown as written, without its list marker or heading hashes; a table row's cells joined by " | ". */
  readonly text: string;
  /** Inside a block quote (a sidebar, a boxed example). */
  readonly quoted: boolean;
  readonly range: SourceRange;
}

export type TextChange =
  | { readonly type: 'added'; readonly new: TextBlockSummary }
  | { readonly type: 'removed'; readonly old: TextBlockSummary }
  | {
      readonly type: 'changed';
      readonly old: TextBlockSummary;
      readonly new: TextBlockSummary;
      readonly words: readonly WordPart[];
      /** 0–1: how much of the wording both versions share. */
      readonly similarity: number;
      /** The only differences are rule numbers following a renumbering (as for entries): counted, not listed. */
      readonly referencesOnly: boolean;
    }
  /** The same text, now somewhere else. */
  | { readonly type: 'moved'; readonly old: TextBlockSummary; readonly new: TextBlockSummary };

/** The text changes under one heading, the section matched across versions by its heading path (numbered headings by the comparison). */
export interface TextSectionChanges {
  /** Heading labels from the outermost down ("Combat", "Moving in Combat"), the new version's; the old one's for a section that is gone. Empty before the first heading. */
  readonly path: readonly string[];
  /** Whether the section is only in the old version. */
  readonly removed: boolean;
  readonly changes: readonly TextChange[];
}

/**
 * Every change of text that the rule and skill comparison does not already report: unnumbered paragraphs,
 * list items, table rows, headings, settings. A block whose rule, numbered heading or skill is listed as
 * changed, added, removed, moved or renumbered is left to that listing.
 */
export interface TextComparison {
  /** The two versions' texts are the same, line endings aside: the only case where nothing changed. */
  readonly identical: boolean;
  /** In the new version's order; sections only the old version has where they used to stand. */
  readonly sections: readonly TextSectionChanges[];
}

export interface VersionLabel {
  readonly title: string | null;
  readonly edition: string | null;
  readonly date: string | null;
}

/** What a comparison of the two versions' texts counts, beside the rules and skills (all 0 when no texts were compared). */
export interface TextCounts {
  /** Text blocks (paragraphs, list items, table rows, headings, settings) added, removed, reworded and moved; 0 when no texts were compared. */
  readonly textAdded: number;
  readonly textRemoved: number;
  readonly textChanged: number;
  readonly textMoved: number;
  /** Text blocks whose only change is rule numbers following a renumbering (kept in `text`, flagged, not counted as changed). */
  readonly textReferencesUpdated: number;
  /**
   * Places where the Markdown differs and the words do not (blank lines, list markers, heading levels, spacing):
   * counted, not listed, so that a comparison of unequal texts never reads "no changes".
   */
  readonly textFormatting: number;
}

export interface ComparisonSummary extends TextCounts {
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  /** Changed entries whose only difference is reference numbers following a renumbering. */
  readonly referencesUpdated: number;
  readonly renumbered: number;
  readonly moved: number;
  readonly unchanged: number;
  readonly renumberRuns: number;
  readonly skillsAdded: number;
  readonly skillsRemoved: number;
  readonly skillsRenamed: number;
  readonly skillsChanged: number;
}

export interface RulebookComparison {
  readonly old: VersionLabel;
  readonly new: VersionLabel;
  /** Every entry that changed, in the new version's order (removed ones where they used to stand). */
  readonly entries: readonly EntryChange[];
  /** Renumbered entries summarised into runs (renumbered and changed entries whose number shifted the same way). */
  readonly renumberRuns: readonly RenumberRun[];
  readonly skills: readonly SkillChange[];
  readonly summary: ComparisonSummary;
  /** Old entry id → new entry id for every matched entry (changed or not). */
  readonly entryMatches: ReadonlyMap<string, string>;
  /** Old skill id → new skill id for every matched skill (changed or not). */
  readonly skillMatches: ReadonlyMap<string, string>;
  /** The changes of text outside the rules and skills listed above; null when the versions' texts were not given. */
  readonly text: TextComparison | null;
}

export type ImpactKind =
  /** The reference names a number whose rule was renumbered; the number now names another rule. */
  | 'now-points-elsewhere'
  /** The reference names a number whose rule was renumbered; nothing has that number any more. */
  | 'renumbered-target-missing'
  /** The rule the reference named was removed; the number now names nothing. */
  | 'target-removed'
  /** The rule the reference named was removed; its number now names a new rule. */
  | 'target-removed-number-reused'
  /** A prerequisite names a skill that was renamed. */
  | 'prerequisite-renamed'
  /** A prerequisite names a skill that was removed. */
  | 'prerequisite-removed';

/** How many references a change broke, and how many of those have a sure fix: the reviews' summaries. */
export interface ReferenceCounts {
  readonly brokenReferences: number;
  readonly fixableReferences: number;
}

/** A reference or prerequisite that worked in the old version and is broken or misdirected in the new one. */
export interface ImpactItem {
  readonly kind: ImpactKind;
  /** Where the reference or prerequisite is written in the new version. */
  readonly range: SourceRange;
  /** The number or name as written ("201.3", "Shield Use"). */
  readonly target: string;
  /** Who holds it: "100.2a", or a skill name. */
  readonly holder: string;
  /** One sentence for a rules marshal. */
  readonly message: string;
  /** Edits that make the reference name the right thing again; empty when there is no sure fix. */
  readonly fix: readonly TextEdit[];
  /** What the fix replaces the target with, null when there is no fix. */
  readonly replacement: string | null;
}
