/** What the refactorings return: a plan of text edits with a readable list of changes, or the reasons they refuse. */
import type { NumberedEntry, SourceRange } from '../model/types.js';
import type { TextEdit } from '../model/edits.js';

export type ChangeKind = 'number' | 'reference' | 'definition' | 'prerequisite' | 'link' | 'cost-mention' | 'mention';

/** One edit, described for people: the preview lists these. */
export interface PlanChange {
  readonly kind: ChangeKind;
  /** Where the edited text is written (the edit's range). */
  readonly range: SourceRange;
  readonly before: string;
  readonly after: string;
  /** For a reference: the whole reference as written ("see rule 4.3"), so the preview shows its context. */
  readonly context: string | null;
}

/** A problem that does not stop the plan but that a marshal should look at. */
export interface PlanNote {
  readonly message: string;
  readonly range: SourceRange | null;
}

/** Why a refactoring will not run: a message and the place it is about (null when it has none, e.g. an unknown skill). */
export interface RefusalReason {
  readonly message: string;
  readonly range: SourceRange | null;
}

export interface RefusedPlan {
  readonly kind: 'refused';
  readonly reasons: readonly RefusalReason[];
}

/** One renumbered heading or rule. */
export interface Renumbering {
  readonly entry: NumberedEntry;
  readonly oldNumber: string;
  readonly newNumber: string;
}

export interface RenumberPlan {
  readonly kind: 'renumber';
  /** Every entry whose number changes, in document order. */
  readonly renumbered: readonly Renumbering[];
  /** The edits for every number and every reference, in every file; apply with applyEdits per file. */
  readonly edits: readonly TextEdit[];
  /** The same edits for people, in file and document order. */
  readonly changes: readonly PlanChange[];
  readonly notes: readonly PlanNote[];
}

export interface RenamePlan {
  readonly kind: 'rename-skill';
  readonly oldName: string;
  readonly newName: string;
  readonly edits: readonly TextEdit[];
  readonly changes: readonly PlanChange[];
  readonly notes: readonly PlanNote[];
}

/** The files' texts by rulebook-relative path: lets a plan check every edit against the text it replaces. */
export type SourceTexts = ReadonlyMap<string, string>;
