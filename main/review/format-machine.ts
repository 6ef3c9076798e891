/**
 * The review for tools: its JSON (documented in docs/review.md), and the GitHub annotations and SARIF of what a
 * reviewer should see on the changed lines, through the lint formatters (the same escaping, the same schema).
 */
import { toJsonComparison, type JsonComparison } from '../../shared/diff/json.js';
import { costText } from '../../shared/diff/format-text.js';
import { referenceCounts } from '../../shared/diff/impact.js';
import type { ImpactItem, ReferenceCounts, SkillChange, SkillSummary } from '../../shared/diff/types.js';
import type { Finding } from '../../shared/lint/types.js';
import type { LoadedRulebook } from '../fs/load-rulebook.js';
import { toJsonFindings, type JsonFinding } from '../lint/format-json.js';
import { countBySeverity, type FindingCounts, type RulebookLintResult } from '../lint/run-lint.js';
import { introducesErrors, type Review } from './build-review.js';

export const REVIEW_FORMAT_VERSION = 1;

export interface JsonReviewSkill {
  readonly type: SkillChange['type'];
  /** The name in the head version (the old name for a removed skill). */
  readonly name: string;
  readonly oldName: string | null;
  readonly renamed: boolean;
  readonly repriced: boolean;
  readonly oldCost: string | null;
  readonly newCost: string | null;
  readonly requiredBy: readonly string[];
}

export interface JsonReview {
  readonly format: 'rulebook-review';
  readonly version: typeof REVIEW_FORMAT_VERSION;
  readonly base: string;
  readonly head: string;
  /** True when the change introduces an error (the command then exits 1). */
  readonly failed: boolean;
  readonly summary: {
    readonly introduced: FindingCounts;
    readonly fixed: FindingCounts;
  } & ReferenceCounts;
  readonly introduced: readonly JsonFinding[];
  /** Places are in the base version. */
  readonly fixed: readonly JsonFinding[];
  readonly skills: readonly JsonReviewSkill[];
  /** Exactly `rulebook diff <base> --format json` (docs/changes.md). */
  readonly comparison: JsonComparison;
}

function asResult(loaded: LoadedRulebook, review: Review, findings: readonly Finding[]): RulebookLintResult {
  return { loaded, linked: review.head.linked, findings };
}

/** The cost as the comparison prints it (shared/diff's costText), null where the skill has none. */
function costOf(skill: SkillSummary): string | null {
  return skill.costText === null && skill.cost === null ? null : costText(skill);
}

export function toJsonReview(review: Review, loaded: LoadedRulebook): JsonReview {
  return {
    format: 'rulebook-review',
    version: REVIEW_FORMAT_VERSION,
    base: review.base.label,
    head: review.head.label,
    failed: introducesErrors(review),
    summary: {
      introduced: countBySeverity(review.introduced),
      fixed: countBySeverity(review.fixed),
      ...referenceCounts(review.impact),
    },
    introduced: toJsonFindings([asResult(loaded, review, review.introduced)]),
    fixed: toJsonFindings([asResult(loaded, review, review.fixed)]),
    skills: review.skills.map(({ change: c, requiredBy }) => ({
      type: c.type,
      name: c.type === 'removed' ? c.old.name : c.new.name,
      oldName: c.type === 'added' ? null : c.old.name,
      renamed: c.type === 'changed' && c.renamed,
      repriced: c.type === 'changed' && c.costChanged,
      oldCost: c.type === 'added' ? null : costOf(c.old),
      newCost: c.type === 'removed' ? null : costOf(c.new),
      requiredBy,
    })),
    comparison: toJsonComparison(review.comparison, review.impact),
  };
}

export function formatJsonReview(review: Review, loaded: LoadedRulebook): string {
  return `${JSON.stringify(toJsonReview(review, loaded), null, 2)}\n`;
}

/**
 * A reference the change broke, as a warning on its line: it resolves (or names a renamed skill), so lint alone
 * does not say that it now means something else. The sure fix travels as a suggestion (SARIF `fixes`).
 */
function impactFinding(item: ImpactItem): Finding {
  const fix = item.replacement !== null ? ` Write ${item.replacement} instead.` : '';
  return {
    ruleId: `review/${item.kind}`,
    severity: 'warning',
    message: `${item.message.replace(/\.?$/, '.')}${fix}`,
    range: item.range,
    ...(item.fix.length && item.replacement !== null ? { suggestions: [{ title: `Change to ${item.replacement}`, edits: item.fix }] } : {}),
  };
}

/**
 * What is annotated on the changed lines (`--format github` and `sarif`, through the lint formatters): the
 * findings the change introduced, then the references it broke.
 */
export function reviewAnnotations(review: Review, loaded: LoadedRulebook): RulebookLintResult[] {
  return [asResult(loaded, review, [...review.introduced, ...review.impact.map(impactFinding)])];
}
