/**
 * Which fixes can be applied together: `rulebook lint --fix` writes them, the editors' "fix all" actions offer them.
 * Fixes are taken in the findings' order; one that overlaps a fix already taken waits for the next run.
 */
import type { TextEdit } from '../model/edits.js';
import type { Finding } from './types.js';

/** A finding's fix as it lands in one file. */
export interface PlannedFix {
  readonly finding: Finding;
  /** The fix's edits of this file (a fix may touch several). */
  readonly edits: readonly TextEdit[];
}

/** Whether two edits of the same file would write over each other's characters. */
export function overlaps(a: TextEdit, b: TextEdit): boolean {
  return a.range.start.offset < b.range.end.offset && b.range.start.offset < a.range.end.offset;
}

/** Two edits of the same range (insertions at one place among them) clash too: which goes first would be a guess. */
function clashes(a: TextEdit, b: TextEdit): boolean {
  return overlaps(a, b) || (a.range.start.offset === b.range.start.offset && a.range.end.offset === b.range.end.offset);
}

/** Picks the fixes of one rulebook that can be applied together, file by file, in document order. */
export function planFixes(findings: readonly Finding[]): Map<string, PlannedFix[]> {
  const plan = new Map<string, PlannedFix[]>();
  const taken = new Map<string, TextEdit[]>();
  for (const finding of findings) {
    if (!finding.fix || finding.fix.length === 0) continue;
    const clash = finding.fix.some((edit) => (taken.get(edit.range.file) ?? []).some((t) => clashes(t, edit)));
    if (clash) continue;
    for (const edit of finding.fix) taken.set(edit.range.file, [...(taken.get(edit.range.file) ?? []), edit]);
    // A fix may touch several files: each file gets its own edits, so none is dropped or shown against the wrong text.
    for (const file of new Set(finding.fix.map((e) => e.range.file))) {
      plan.set(file, [...(plan.get(file) ?? []), { finding, edits: finding.fix.filter((e) => e.range.file === file) }]);
    }
  }
  return plan;
}
