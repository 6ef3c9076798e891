/**
 * The rulebook language service: everything an editor asks about a rulebook, pure and host-free, as
 * vscode-markdown-languageservice is for Markdown. `RulebookService` is the facade over one rulebook; `Workspace`
 * holds several with their file access injected. The app's worker and `rulebook lsp` are transports over these.
 */
export { RulebookService, type TextSplice } from './service.js';
export { Workspace, Rulebook, MANIFEST_NAME, type KeptParses, type WorkspaceHost } from './workspace.js';
export type { Analysis, AnalysisTiming } from './session.js';
export { KeptChunkStore } from '../parse/kept-chunks.js';
export type { KeptChunks } from '../parse/index.js';
export type { EditorRange, FilePosition, HoverCard, PlannedEdits, RenamePlan, SymbolTarget } from './types.js';
export type { LintAction, QuickFix } from './code-actions.js';
export { lintActions } from './code-actions.js';
export type { FixAll } from './fix-all.js';
export type { RenumberOffer } from './renumber-actions.js';
export type { CompletionName, NamePlace, SkillCompletion, SkillName } from './completion.js';
export type { DocumentSymbol } from './document-symbols.js';
export type { FoldingRange } from './folding.js';
export type { TableToken, TableTokenKind } from './semantic-tokens.js';
export type { RulebookSummary, OutlineNode, SkillRow, GraphNode, GraphEdge } from './summaries.js';
export type { ChangesView, OlderTexts } from './changes.js';
export type { CharacterFileView, CharacterSelection, CharacterSummary, OptionState, PurchaseLine, SkillOption } from '../characters/options.js';
export { describeSkillChange, impactKey } from './changes.js';
export { importDocument, importFormatOf, rulebookFileName } from './import.js';
export { skillNameContext } from './completion.js';
