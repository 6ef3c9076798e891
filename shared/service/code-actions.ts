/**
 * The linter's code actions: each finding's suggestions, offered where its range meets the editor's selection, and
 * beside them the file's fix-alls (fix-all.ts). The app's Monaco adapter and `rulebook lsp` both offer these.
 */
import type { Finding } from '../lint/types.js';
import type { TextEdit } from '../model/edits.js';
import type { SourceRange } from '../model/types.js';
import { fixAllOffers, type FixAll } from './fix-all.js';
import type { EditorRange } from './types.js';

export interface QuickFix {
  readonly kind: 'fix';
  readonly title: string;
  /** The first suggestion of a finding is the one to prefer. */
  readonly preferred: boolean;
  readonly finding: Finding;
  readonly edits: readonly TextEdit[];
}

/** A quick fix of one finding, or a fix-all of many. */
export type LintAction = QuickFix | FixAll;

/** A place as 1-based line and column, ordered. */
function before(a: { line: number; column: number }, b: { line: number; column: number }): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

/** Whether two ranges of the same file overlap or touch (a cursor at a squiggle's end still gets its fix). */
export function rangesTouch(a: SourceRange, b: EditorRange): boolean {
  return !before(a.end, b.start) && !before(b.end, a.start);
}

/**
 * The quick fixes for `selection` in `file`. The findings must describe the text as it is now: ranges from an
 * older text would make a fix edit the wrong characters.
 */
export function quickFixes(findings: readonly Finding[], file: string, selection: EditorRange): QuickFix[] {
  const fixes: QuickFix[] = [];
  for (const finding of findings) {
    if (finding.range.file !== file || !finding.suggestions?.length || !rangesTouch(finding.range, selection)) continue;
    finding.suggestions.forEach((suggestion, index) => fixes.push({ kind: 'fix', title: suggestion.title, preferred: index === 0, finding, edits: suggestion.edits }));
  }
  return fixes;
}

/** The quick fixes for `selection` in `file`, then the fix-alls of the file they lead to (the findings must be current, as for quickFixes). */
export function lintActions(findings: readonly Finding[], file: string, selection: EditorRange): LintAction[] {
  const met = findings.filter((f) => f.range.file === file && rangesTouch(f.range, selection));
  return [...quickFixes(met, file, selection), ...fixAllOffers(findings, file, met)];
}
