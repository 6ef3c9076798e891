/**
 * "Fix all" in one file, as ESLint's editor extension offers it: every fix `rulebook lint --fix` would apply to this
 * file, or those of one rule, as one set of edits, so a book pasted from a word processor (148 bold labels with no
 * space after them) is mended in one step instead of one squiggle at a time.
 */
import { planFixes } from '../lint/plan-fixes.js';
import type { Finding } from '../lint/types.js';
import type { TextEdit } from '../model/edits.js';

export interface FixAll {
  readonly kind: 'fix-all';
  readonly title: string;
  /** The rule whose findings it fixes; null when it fixes every rule's. */
  readonly ruleId: string | null;
  /** The findings whose fixes it applies (one clashing with an earlier fix waits for the next fix-all, as with --fix). */
  readonly findings: readonly Finding[];
  /** Edits of this file only, none overlapping another. */
  readonly edits: readonly TextEdit[];
}

/**
 * A finding of `file` that --fix would mend by editing `file` alone. A fix reaching into another file is left to its
 * own quick fix: a file's fix-all changes only the file in front of the marshal.
 */
function fixableIn(finding: Finding, file: string): boolean {
  return finding.range.file === file && finding.fix !== undefined && finding.fix.length > 0 && finding.fix.every((edit) => edit.range.file === file);
}

/** The fix-all of `file`, for one rule or (ruleId null) every rule, or null when there is nothing to fix. */
export function fixAllInFile(findings: readonly Finding[], file: string, ruleId: string | null = null): FixAll | null {
  const fixable = findings.filter((f) => fixableIn(f, file) && (ruleId === null || f.ruleId === ruleId));
  const planned = planFixes(fixable).get(file) ?? [];
  if (planned.length === 0) return null;
  return {
    kind: 'fix-all',
    title: ruleId === null ? 'Fix all auto-fixable problems in this file' : `Fix all ${ruleId} problems in this file`,
    ruleId,
    findings: planned.map((p) => p.finding),
    edits: planned.flatMap((p) => p.edits),
  };
}

/**
 * The fix-alls to offer beside the quick fixes of `met` (the findings a selection meets), when one of them is fixable:
 * one per rule of those that has two or more fixable findings in the file, then every rule's when the file has two or
 * more (with one, its own quick fix does the same).
 */
export function fixAllOffers(findings: readonly Finding[], file: string, met: readonly Finding[]): FixAll[] {
  const fixable = findings.filter((f) => fixableIn(f, file));
  const rulesMet = [...new Set(met.filter((f) => fixableIn(f, file)).map((f) => f.ruleId))];
  if (rulesMet.length === 0 || fixable.length < 2) return [];
  const offers: FixAll[] = [];
  for (const ruleId of rulesMet) {
    if (fixable.filter((f) => f.ruleId === ruleId).length < 2) continue;
    const offer = fixAllInFile(fixable, file, ruleId);
    if (offer) offers.push(offer);
  }
  const all = fixAllInFile(fixable, file);
  if (all) offers.push(all);
  return offers;
}
