/** Messages between the editor (main thread) and the core worker; every analysis result carries the model version it describes. */
import type { TextEdit } from '../../shared/model/edits.js';
import type { RulebookSource, SourceRange } from '../../shared/model/types.js';
import type { Finding } from '../../shared/lint/types.js';
import type { ImportFormat, ImportResult } from '../../shared/import/index.js';
import type { LintRuleConfig } from '../../shared/model/types.js';
import type { KeepKey } from './kept-chunks-db.js';
import type {
  AnalysisTiming,
  ChangesView,
  CharacterFileView,
  CharacterSelection,
  CompletionName,
  FilePosition,
  HoverCard,
  NamePlace,
  OlderTexts,
  RenamePlan,
  RulebookSummary,
  SkillName,
  SymbolTarget,
  TableToken,
  TextSplice,
} from '../../shared/service/index.js';

export type { AnalysisTiming, FilePosition, TextSplice };

export type QueryRequest =
  | { readonly kind: 'hover'; readonly at: FilePosition }
  | { readonly kind: 'definition'; readonly at: FilePosition }
  | { readonly kind: 'references'; readonly at: FilePosition }
  | { readonly kind: 'rename-target'; readonly at: FilePosition }
  | { readonly kind: 'rename'; readonly at: FilePosition; readonly newName: string }
  | { readonly kind: 'renumber'; readonly section: string | null }
  | { readonly kind: 'skill-names' }
  /** The names to offer where the editor found one being typed (skillNameContext): skills, a vault's pages, a page's headings. */
  | { readonly kind: 'completion-names'; readonly file: string; readonly place: NamePlace }
  /** The skills of skill tables in one file, for the editor's colouring. */
  | { readonly kind: 'table-tokens'; readonly file: string }
  /** Compares the working copy with an older version; `older` is cached by label in the worker. */
  | { readonly kind: 'compare'; readonly older: OlderTexts }
  /** Converts a document for the Import command (needs no open rulebook). */
  | { readonly kind: 'import'; readonly text: string; readonly format: ImportFormat; readonly name: string }
  /** A character file checked against the book, with the options of one character (the Characters panel). */
  | { readonly kind: 'character'; readonly file: string; readonly text: string; readonly select: CharacterSelection | null };

export interface QueryResults {
  readonly hover: HoverCard | null;
  readonly definition: SourceRange[];
  readonly references: SourceRange[];
  readonly 'rename-target': SymbolTarget | null;
  readonly rename: RenamePlan;
  readonly renumber: RenamePlan;
  readonly 'skill-names': SkillName[];
  readonly 'completion-names': CompletionName[];
  readonly 'table-tokens': TableToken[];
  readonly compare: ChangesView;
  readonly import: ImportResult;
  readonly character: CharacterFileView;
}

/**
 * Queries whose answer holds no position in the open texts, so it is never dropped as stale: an import,
 * the names completion offers (typing on after "Prerequisite: " must not empty the list), and a character's
 * check (its positions are in the character file, which the book's texts do not move).
 */
export const VERSIONLESS_QUERIES: readonly QueryRequest['kind'][] = ['import', 'skill-names', 'completion-names', 'character'];

export type ToWorker =
  /** `keep`: which book and build its chunks are kept under between launches (kept-chunks-db.ts); null keeps nothing. */
  | { readonly type: 'open'; readonly version: number; readonly source: RulebookSource; readonly keep: KeepKey | null }
  | { readonly type: 'set-file'; readonly version: number; readonly path: string; readonly text: string }
  /**
   * An edit of a file the worker holds, as the editor reports it (changes from the end of the text to its start,
   * each applied in turn): a keystroke sends its few characters, not the whole text. `length` is the text's length
   * after it; should the worker's copy not come to it, the worker asks for the whole text (`resend`).
   */
  | { readonly type: 'edit-file'; readonly version: number; readonly path: string; readonly changes: readonly TextSplice[]; readonly length: number }
  /** Lint settings on top of the rulebook's own (the publication record's retired numbers for number-reused). */
  | { readonly type: 'lint-rules'; readonly version: number; readonly rules: Readonly<Record<string, LintRuleConfig>> }
  /** The rulebook folder's other files as they are now (a picture added or removed on disk): links to them are checked again. */
  | { readonly type: 'other-files'; readonly version: number; readonly assets: readonly string[] }
  | { readonly type: 'query'; readonly id: number; readonly version: number; readonly request: QueryRequest };

export type FromWorker =
  | { readonly type: 'diagnostics'; readonly version: number; readonly findings: readonly Finding[]; readonly timing: AnalysisTiming }
  /** The worker's copy of a file did not take an edit (an unknown file, another length): it waits for the whole text. */
  | { readonly type: 'resend'; readonly path: string }
  | { readonly type: 'summary'; readonly version: number; readonly summary: RulebookSummary }
  | { readonly type: 'answer'; readonly id: number; readonly version: number; readonly ok: true; readonly value: unknown }
  | { readonly type: 'answer'; readonly id: number; readonly version: number; readonly ok: false; readonly message: string };

export type { TextEdit };
