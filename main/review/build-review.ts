/**
 * The review of one change of a rulebook: the findings it introduces and the ones it fixes, the renumbering-aware
 * comparison, the references it broke (with their fixes) and the skills it touches. Pure: the CLI and the app's
 * host hand it two versions already read.
 */
import { introducedFindingFilter } from '../../shared/diff/baseline.js';
import { changeImpact, compareRulebooks } from '../../shared/diff/index.js';
import type { ImpactItem, RulebookComparison, SkillChange } from '../../shared/diff/types.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { Finding } from '../../shared/lint/types.js';
import type { RulebookAnalysis } from '../../shared/analyse/index.js';

/**
 * A version as analyse() read it, under the name the reader is shown ("git origin/main (1a2b3c4d)", "the working
 * copy", "edition 7.4, published 2025-03-01"); both versions are analysed with the same lint settings (the
 * publication record's retired numbers), so a finding is new only when the text made it so.
 */
export interface ReviewVersion extends RulebookAnalysis {
  readonly label: string;
}

/** A skill the change added, removed, renamed, re-priced or otherwise changed, with the skills that build on it. */
export interface SkillImpact {
  readonly change: SkillChange;
  /** Names of the other skills that list it as a prerequisite, in either version (sorted, without repeats). */
  readonly requiredBy: readonly string[];
}

export interface Review {
  readonly base: ReviewVersion;
  readonly head: ReviewVersion;
  readonly comparison: RulebookComparison;
  readonly impact: readonly ImpactItem[];
  /** Findings of the head version that the base did not have (what `lint --since <base>` reports). */
  readonly introduced: readonly Finding[];
  /** Findings of the base version that the head no longer has; their places are in the base version. */
  readonly fixed: readonly Finding[];
  readonly skills: readonly SkillImpact[];
}

function invert(map: ReadonlyMap<string, string>): Map<string, string> {
  return new Map([...map].map(([from, to]) => [to, from]));
}

/**
 * The comparison read backwards, for asking which base findings the head no longer has. The baseline only pairs
 * places through the two match maps, which are one-to-one, so swapping them is the comparison from head to base.
 */
function backwards(comparison: RulebookComparison): RulebookComparison {
  return { ...comparison, entryMatches: invert(comparison.entryMatches), skillMatches: invert(comparison.skillMatches) };
}

function requirers(linked: LinkedRulebook, skillId: string): string[] {
  return (linked.requiredBy.get(skillId) ?? []).map((skill) => skill.name);
}

function skillImpacts(base: LinkedRulebook, head: LinkedRulebook, changes: readonly SkillChange[]): SkillImpact[] {
  return changes.map((change) => {
    const names = new Set<string>();
    if (change.type !== 'added') for (const name of requirers(base, change.old.id)) names.add(name);
    if (change.type !== 'removed') for (const name of requirers(head, change.new.id)) names.add(name);
    const own = change.type === 'removed' ? change.old.name : change.new.name;
    names.delete(own);
    if (change.type === 'changed') names.delete(change.old.name);
    return { change, requiredBy: [...names].sort((a, b) => a.localeCompare(b, 'en')) };
  });
}

export function buildReview(base: ReviewVersion, head: ReviewVersion): Review {
  const comparison = compareRulebooks(base.linked, head.linked, { old: base.source, new: head.source });
  const impact = changeImpact(base.linked, head.linked, comparison);
  const headFindings = head.findings();
  const baseFindings = base.findings();
  const isNew = introducedFindingFilter(base.linked, head.linked, comparison, baseFindings);
  const isGone = introducedFindingFilter(head.linked, base.linked, backwards(comparison), headFindings);
  return {
    base,
    head,
    comparison,
    impact,
    introduced: headFindings.filter(isNew),
    fixed: baseFindings.filter(isGone),
    skills: skillImpacts(base.linked, head.linked, comparison.skills),
  };
}

/** Whether the change should fail a check: it introduces at least one error. */
export function introducesErrors(review: Review): boolean {
  return review.introduced.some((f) => f.severity === 'error');
}
