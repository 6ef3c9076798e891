/**
 * `--fix`: applies each finding's unambiguous fix to the files on disk, atomically (temp file + rename),
 * keeping the byte-order mark. Fixes that overlap an earlier one are left for the next run.
 */
import { writeFileAtomically } from '../fs/atomic-write.js';
import { applyEdits, type TextEdit } from '../../shared/model/edits.js';
import type { Finding } from '../../shared/lint/types.js';
import { UserError } from '../errors.js';
import { describeFsError } from '../fs/load-rulebook.js';
import { displayPath, type RulebookLintResult } from './run-lint.js';

export interface AppliedFix {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly ruleId: string;
  /** What was there and what is there now. */
  readonly before: string;
  readonly after: string;
}

function overlaps(a: TextEdit, b: TextEdit): boolean {
  return a.range.start.offset < b.range.end.offset && b.range.start.offset < a.range.end.offset;
}

/** Picks the fixes of one rulebook that can be applied together, file by file, in document order. */
export function planFixes(findings: readonly Finding[]): Map<string, Array<{ finding: Finding; edits: readonly TextEdit[] }>> {
  const plan = new Map<string, Array<{ finding: Finding; edits: readonly TextEdit[] }>>();
  const taken = new Map<string, TextEdit[]>();
  for (const finding of findings) {
    if (!finding.fix || finding.fix.length === 0) continue;
    const clash = finding.fix.some((edit) => (taken.get(edit.range.file) ?? []).some((t) => overlaps(t, edit) || (t.range.start.offset === edit.range.start.offset && t.range.end.offset === edit.range.end.offset)));
    if (clash) continue;
    for (const edit of finding.fix) taken.set(edit.range.file, [...(taken.get(edit.range.file) ?? []), edit]);
    // A fix may touch several files: each file gets its own edits, so none is dropped or shown against the wrong text.
    for (const file of new Set(finding.fix.map((e) => e.range.file))) {
      plan.set(file, [...(plan.get(file) ?? []), { finding, edits: finding.fix.filter((e) => e.range.file === file) }]);
    }
  }
  return plan;
}

/** Writes the fixes and returns what changed. Files are rewritten only when their text changes. */
export async function applyFixes(result: RulebookLintResult): Promise<AppliedFix[]> {
  const applied: AppliedFix[] = [];
  for (const [file, fixes] of planFixes(result.findings)) {
    const loaded = result.loaded.files.find((f) => f.path === file);
    if (!loaded) continue;
    const edits = fixes.flatMap((f) => f.edits);
    const text = applyEdits(loaded.text, edits);
    if (text === loaded.text) continue;
    try {
      await writeFileAtomically(loaded.absolutePath, (loaded.bom ? '\uFEFF' : '') + text);
    } catch (error) {
      throw new UserError(`${displayPath(result, file)}: cannot write the fixes: ${describeFsError(error)}`);
    }
    for (const { finding, edits: own } of fixes) {
      for (const edit of own) {
        applied.push({
          file: displayPath(result, file),
          line: edit.range.start.line,
          column: edit.range.start.column,
          ruleId: finding.ruleId,
          before: loaded.text.slice(edit.range.start.offset, edit.range.end.offset),
          after: edit.newText,
        });
      }
    }
  }
  return applied;
}
