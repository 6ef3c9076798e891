/** Where shared/service's types meet the Language Server Protocol's: positions, ranges, findings, edits, symbols. */
import {
  CompletionItemKind,
  DiagnosticSeverity,
  SymbolKind,
  type CompletionItem,
  type Diagnostic,
  type DocumentSymbol,
  type Position,
  type Range,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import type { Finding } from '../../shared/lint/types.js';
import type { TextEdit as CoreEdit } from '../../shared/model/edits.js';
import type { Severity, SourceRange } from '../../shared/model/types.js';
import { noteLine } from '../../shared/refactor/notes.js';
import { completionSortText } from '../../shared/service/completion.js';
import type { DocumentSymbol as CoreSymbol, FilePosition, PlannedEdits, Rulebook, SkillCompletion } from '../../shared/service/index.js';
import { uriOfPath } from './paths.js';

/** LSP counts lines and characters from 0 (characters in UTF-16 units, as the core counts its columns), the core from 1. */
export function toPosition(line: number, column: number): Position {
  return { line: line - 1, character: column - 1 };
}

export function toRange(range: Pick<SourceRange, 'start' | 'end'>): Range {
  return { start: toPosition(range.start.line, range.start.column), end: toPosition(range.end.line, range.end.column) };
}

export function toFilePosition(file: string, position: Position): FilePosition {
  return { file, line: position.line + 1, column: position.character + 1 };
}

/** An LSP range as the service takes a selection: 1-based. */
export function fromRange(range: Range): { start: { line: number; column: number }; end: { line: number; column: number } } {
  return { start: { line: range.start.line + 1, column: range.start.character + 1 }, end: { line: range.end.line + 1, column: range.end.character + 1 } };
}

function toSeverity(severity: Severity): DiagnosticSeverity {
  switch (severity) {
    case 'error':
      return DiagnosticSeverity.Error;
    case 'warning':
      return DiagnosticSeverity.Warning;
    case 'info':
      return DiagnosticSeverity.Information;
  }
}

export function toDiagnostic(finding: Finding, book: Rulebook): Diagnostic {
  return {
    range: toRange(finding.range),
    severity: toSeverity(finding.severity),
    message: finding.message,
    code: finding.ruleId,
    source: 'rulebook',
    relatedInformation: finding.related?.map((r) => ({ location: { uri: uriOfPath(book.absolute(r.range.file)), range: toRange(r.range) }, message: r.message })),
  };
}

/** A plan's edits grouped by document, as WorkspaceEdit.changes holds them. */
export function toChanges(edits: readonly CoreEdit[], book: Rulebook): Record<string, TextEdit[]> {
  const changes: Record<string, TextEdit[]> = {};
  for (const edit of edits) (changes[uriOfPath(book.absolute(edit.range.file))] ??= []).push({ range: toRange(edit.range), newText: edit.newText });
  return changes;
}

/**
 * A plan (a rename, a renumbering) as the WorkspaceEdit that applies it: its edits grouped by document, or, for a
 * client that confirms annotated edits, each document at the version the plan was made from with the plan's title on
 * every edit, which the client shows as a preview before anything changes, as the app does.
 */
export function toWorkspaceEdit(plan: PlannedEdits, book: Rulebook, options: { annotated: boolean; versionOf: (uri: string) => number | null }): WorkspaceEdit {
  const changes = toChanges(plan.edits, book);
  if (!options.annotated) return { changes };
  return {
    documentChanges: Object.entries(changes).map(([uri, edits]) => ({
      textDocument: { uri, version: options.versionOf(uri) },
      edits: edits.map((edit) => ({ ...edit, annotationId: 'plan' })),
    })),
    changeAnnotations: { plan: { label: plan.title, needsConfirmation: true } },
  };
}

/**
 * A plan's notes as one window/showMessage, or null when it has none: its title, then each note at its place in the
 * rulebook, as the app's preview lists them (every client shows a message; not every one previews an edit).
 */
export function toNotesMessage(plan: PlannedEdits): string | null {
  if (plan.notes.length === 0) return null;
  return [`${plan.title} — check:`, ...plan.notes.map((note) => noteLine(note))].join('\n');
}

const SYMBOL_KINDS: Record<CoreSymbol['kind'], SymbolKind> = { section: SymbolKind.Namespace, rule: SymbolKind.Number, skill: SymbolKind.Function };

export function toDocumentSymbol(symbol: CoreSymbol): DocumentSymbol {
  return {
    // Clients refuse a symbol with an empty name.
    name: symbol.name.trim() || '(untitled)',
    detail: symbol.detail || undefined,
    kind: SYMBOL_KINDS[symbol.kind],
    range: toRange(symbol.range),
    selectionRange: toRange(symbol.selectionRange),
    children: symbol.children.map(toDocumentSymbol),
  };
}

const COMPLETION_KINDS: Record<SkillCompletion['items'][number]['kind'], CompletionItemKind> = {
  skill: CompletionItemKind.Reference,
  page: CompletionItemKind.File,
  alias: CompletionItemKind.File,
  heading: CompletionItemKind.Reference,
  picture: CompletionItemKind.File,
};

/** The service's offer as items: skill names sorted before a vault's pages (clients sort by sortText, not by the list's order). */
export function toCompletionItems(offer: SkillCompletion): CompletionItem[] {
  const range = { start: toPosition(offer.line, offer.startColumn), end: toPosition(offer.line, offer.endColumn) };
  return offer.items.map((item) => ({
    label: item.label,
    detail: item.detail,
    kind: COMPLETION_KINDS[item.kind],
    sortText: completionSortText(item),
    textEdit: { range, newText: item.insertText },
  }));
}
