/** `--format json`: one flat array of findings, positions 1-based, paths as the user named them. */
import type { Finding } from '../../shared/lint/types.js';
import type { SourceRange } from '../../shared/model/types.js';
import { displayPath, type RulebookLintResult } from './run-lint.js';

export interface JsonRange {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export interface JsonFinding extends JsonRange {
  readonly ruleId: string;
  readonly severity: Finding['severity'];
  readonly message: string;
  readonly suggestions?: readonly { readonly title: string; readonly edits: readonly (JsonRange & { readonly newText: string })[] }[];
  readonly related?: readonly (JsonRange & { readonly message: string })[];
}

export function toJsonFindings(results: readonly RulebookLintResult[]): JsonFinding[] {
  const out: JsonFinding[] = [];
  for (const result of results) {
    const at = (range: SourceRange): JsonRange => ({
      file: displayPath(result, range.file),
      line: range.start.line,
      column: range.start.column,
      endLine: range.end.line,
      endColumn: range.end.column,
    });
    for (const f of result.findings) {
      out.push({
        ...at(f.range),
        ruleId: f.ruleId,
        severity: f.severity,
        message: f.message,
        ...(f.suggestions?.length ? { suggestions: f.suggestions.map((s) => ({ title: s.title, edits: s.edits.map((e) => ({ ...at(e.range), newText: e.newText })) })) } : {}),
        ...(f.related?.length ? { related: f.related.map((r) => ({ ...at(r.range), message: r.message })) } : {}),
      });
    }
  }
  return out;
}

export function formatJson(results: readonly RulebookLintResult[]): string {
  return `${JSON.stringify(toJsonFindings(results), null, 2)}\n`;
}
