/** Quick fixes: the suggestions the linter attached to each finding, offered where the finding's range meets the editor's selection. */
import type { Finding } from '../lint/types.js';
import type { TextEdit } from '../model/edits.js';
import type { SourceRange } from '../model/types.js';

export interface QuickFix {
  readonly title: string;
  /** The first suggestion of a finding is the one to prefer. */
  readonly preferred: boolean;
  readonly finding: Finding;
  readonly edits: readonly TextEdit[];
}

/** A place as 1-based line and column, ordered. */
function before(a: { line: number; column: number }, b: { line: number; column: number }): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

/** Whether two ranges of the same file overlap or touch (a cursor at a squiggle's end still gets its fix). */
export function rangesTouch(a: SourceRange, b: { readonly start: { line: number; column: number }; readonly end: { line: number; column: number } }): boolean {
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/**
 * The quick fixes for `selection` in `file`. The findings must describe the text as it is now: ranges from an
 * older text would make a fix edit the wrong characters.
 */
export function quickFixes(findings: readonly Finding[], file: string, selection: { readonly start: { line: number; column: number }; readonly end: { line: number; column: number } }): QuickFix[] {
  const fixes: QuickFix[] = [];
  for (const finding of findings) {
    if (finding.range.file !== file || !finding.suggestions?.length || !rangesTouch(finding.range, selection)) continue;
    finding.suggestions.forEach((suggestion, index) => fixes.push({ title: suggestion.title, preferred: index === 0, finding, edits: suggestion.edits }));
  }
  return fixes;
}
