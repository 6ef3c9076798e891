/** The language service's own vocabulary: places as editors give them, and what its answers are made of. */
import type { TextEdit } from '../model/edits.js';
import type { NumberedEntry, SourceRange } from '../model/types.js';
import type { PlanNote } from '../refactor/types.js';

/** A place in a file as editors give it: the rulebook-relative path, 1-based line and column (UTF-16 units, as Monaco and LSP count). */
export interface FilePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A range as editors give a selection: 1-based lines and columns. */
export interface EditorRange {
  readonly start: { readonly line: number; readonly column: number };
  readonly end: { readonly line: number; readonly column: number };
}

/**
 * A skill (by name key), a numbered heading/rule (by number key), or a heading (by section id): the heading itself
 * (`written: 'heading'`) or a link that lands on it (`written: 'link'`: `[[Fighter#Talents]]`, `[[agile]]` for a
 * page, `[table](Fighter.md#talent-list)`).
 */
export type SymbolTarget =
  | { readonly kind: 'skill'; readonly key: string; readonly name: string; readonly range: SourceRange }
  | {
      readonly kind: 'number';
      readonly key: string;
      readonly text: string;
      readonly range: SourceRange;
      /**
       * What the number names: for a number written on a heading or rule, that entry; for a reference, what the linker
       * resolved it to (a list's clause, a chapter by its place, an item of a chapter's list), none when it is broken.
       */
      readonly entries: readonly NumberedEntry[];
    }
  | { readonly kind: 'heading'; readonly sectionId: string; readonly written: 'heading' | 'link'; readonly range: SourceRange };

export interface HoverCard {
  readonly range: SourceRange;
  /** Markdown; user text in it is escaped. */
  readonly markdown: string;
}

/**
 * Edits planned but not applied: the editor previews `edits` under `title` before anything changes, with the plan's
 * `notes` (shared/refactor's: what a marshal should check, such as a reference's wrong number repaired).
 */
export interface PlannedEdits {
  readonly title: string;
  readonly edits: readonly TextEdit[];
  readonly notes: readonly PlanNote[];
}

/** A rename or renumber: planned, or refused with the reason. */
export type RenamePlan = ({ readonly ok: true } & PlannedEdits) | { readonly ok: false; readonly message: string };
