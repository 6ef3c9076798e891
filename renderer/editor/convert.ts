/** Where core types meet Monaco types: file paths ↔ model URIs, ranges, severities, findings ↔ markers, text edits. */
import type { Finding } from '../../shared/lint/types.js';
import type { TextEdit } from '../../shared/model/edits.js';
import type { Severity, SourceRange } from '../../shared/model/types.js';
import type { FilePosition } from '../../shared/service/index.js';
import { monaco } from './monaco.js';

/** Every rulebook file is a Monaco model under this scheme; the path is the rulebook-relative path. */
export const MODEL_SCHEME = 'rulebook';
/** The owner of our markers, so that clearing ours never touches anyone else's. */
export const MARKER_OWNER = 'rulebook-lint';
export const LANGUAGE_ID = 'rulebook-markdown';

export function uriOf(file: string): monaco.Uri {
  return monaco.Uri.from({ scheme: MODEL_SCHEME, path: `/${file}` });
}

/** The rulebook-relative path of a model, or null for a model that is not a rulebook file. */
export function fileOf(uri: monaco.Uri): string | null {
  return uri.scheme === MODEL_SCHEME ? uri.path.replace(/^\//, '') : null;
}

/** The service's position for the cursor in a model, or null for a model that is not a rulebook file. */
export function positionIn(model: monaco.editor.ITextModel, position: monaco.IPosition): FilePosition | null {
  const file = fileOf(model.uri);
  return file === null ? null : { file, line: position.lineNumber, column: position.column };
}

/** Positions are already 1-based line/column in the core, as in Monaco: no arithmetic needed. */
export function toRange(range: SourceRange): monaco.IRange {
  return { startLineNumber: range.start.line, startColumn: range.start.column, endLineNumber: range.end.line, endColumn: range.end.column };
}

export function toLocation(range: SourceRange): monaco.languages.Location {
  return { uri: uriOf(range.file), range: toRange(range) };
}

export function toSeverity(severity: Severity): monaco.MarkerSeverity {
  switch (severity) {
    case 'error':
      return monaco.MarkerSeverity.Error;
    case 'warning':
      return monaco.MarkerSeverity.Warning;
    case 'info':
      return monaco.MarkerSeverity.Info;
  }
}

export function toMarker(finding: Finding): monaco.editor.IMarkerData {
  const range = toRange(finding.range);
  // An empty range would draw no squiggle at all: widen it to one character.
  const empty = range.startLineNumber === range.endLineNumber && range.startColumn === range.endColumn;
  return {
    ...range,
    endColumn: empty ? range.endColumn + 1 : range.endColumn,
    severity: toSeverity(finding.severity),
    message: finding.message,
    code: finding.ruleId,
    source: 'rulebook',
    relatedInformation: finding.related?.map((r) => ({ resource: uriOf(r.range.file), message: r.message, ...toRange(r.range) })),
  };
}

export function toWorkspaceEdit(edits: readonly TextEdit[]): monaco.languages.WorkspaceEdit {
  return {
    edits: edits.map((edit) => ({ resource: uriOf(edit.range.file), versionId: undefined, textEdit: { range: toRange(edit.range), text: edit.newText } })),
  };
}
