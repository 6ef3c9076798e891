/** Messages between the editor (main thread) and the core worker; every analysis result carries the model version it describes. */
import type { TextEdit } from '../../shared/model/edits.js';
import type { RulebookSource, SourceRange } from '../../shared/model/types.js';
import type { Finding } from '../../shared/lint/types.js';
import type { RulebookSummary } from './summaries.js';
import type { TableToken } from './table-tokens.js';
import type { HoverCard, RenamePlan, SymbolTarget } from './queries.js';
import type { ChangesView, OlderTexts } from './changes.js';
import type { ImportFormat, ImportResult } from '../../shared/import/index.js';
import type { LintRuleConfig } from '../../shared/model/types.js';

/** A place in a file as Monaco gives it: 1-based line and column. */
export interface FilePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

export type QueryRequest =
  | { readonly kind: 'hover'; readonly at: FilePosition }
  | { readonly kind: 'definition'; readonly at: FilePosition }
  | { readonly kind: 'references'; readonly at: FilePosition }
  | { readonly kind: 'rename-target'; readonly at: FilePosition }
  | { readonly kind: 'rename'; readonly at: FilePosition; readonly newName: string }
  | { readonly kind: 'renumber'; readonly section: string | null }
  | { readonly kind: 'skill-names' }
  /** The skills of skill tables in one file, for the editor's colouring. */
  | { readonly kind: 'table-tokens'; readonly file: string }
  /** Compares the working copy with an older version; `older` is cached by label in the worker. */
  | { readonly kind: 'compare'; readonly older: OlderTexts }
  /** Converts a document for the Import command (needs no open rulebook). */
  | { readonly kind: 'import'; readonly text: string; readonly format: ImportFormat; readonly name: string };

export interface QueryResults {
  readonly hover: HoverCard | null;
  readonly definition: SourceRange[];
  readonly references: SourceRange[];
  readonly 'rename-target': SymbolTarget | null;
  readonly rename: RenamePlan;
  readonly renumber: RenamePlan;
  readonly 'skill-names': { readonly name: string; readonly detail: string }[];
  readonly 'table-tokens': TableToken[];
  readonly compare: ChangesView;
  readonly import: ImportResult;
}

/**
 * Queries whose answer holds no position in the open texts, so it is never dropped as stale: an import,
 * and the skill names completion offers (typing on after "Prerequisite: " must not empty the list).
 */
export const VERSIONLESS_QUERIES: readonly QueryRequest['kind'][] = ['import', 'skill-names'];

export type ToWorker =
  | { readonly type: 'open'; readonly version: number; readonly source: RulebookSource }
  | { readonly type: 'set-file'; readonly version: number; readonly path: string; readonly text: string }
  /** Lint settings on top of the rulebook's own (the publication record's retired numbers for number-reused). */
  | { readonly type: 'lint-rules'; readonly version: number; readonly rules: Readonly<Record<string, LintRuleConfig>> }
  | { readonly type: 'query'; readonly id: number; readonly version: number; readonly request: QueryRequest };

export interface AnalysisTiming {
  readonly parseMs: number;
  readonly linkMs: number;
  readonly lintMs: number;
}

export type FromWorker =
  | { readonly type: 'diagnostics'; readonly version: number; readonly findings: readonly Finding[]; readonly timing: AnalysisTiming }
  | { readonly type: 'summary'; readonly version: number; readonly summary: RulebookSummary }
  | { readonly type: 'answer'; readonly id: number; readonly version: number; readonly ok: true; readonly value: unknown }
  | { readonly type: 'answer'; readonly id: number; readonly version: number; readonly ok: false; readonly message: string };

export type { TextEdit };
