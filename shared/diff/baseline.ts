/**
 * Baseline lint: which findings of the new version were already there in the old one. A finding is old
 * when the old version had one of the same rule, with the same message once rule numbers are masked
 * (renumbering changes numbers in messages), in the same place: the rule, skill or heading holding it,
 * paired across versions by the comparison.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { Finding } from '../lint/types.js';
import { SpanIndex } from '../model/span-index.js';
import type { SourceRange } from '../model/types.js';
import { maskNumbers, normaliseText } from './text.js';
import type { RulebookComparison } from './types.js';

/** Finds the innermost rule, skill or heading holding a range, as a key in the new version's terms. */
function placeFinder(linked: LinkedRulebook, keyOf: (kind: 'entry' | 'skill', id: string) => string | null) {
  const spans = new SpanIndex<string>();
  const add = (range: SourceRange, key: string | null) => spans.add(range, key ?? `gone:${range.file}#${range.start.offset}`);
  for (const rule of linked.model.rules) add(rule.range, keyOf('entry', rule.id));
  for (const skill of linked.model.skills) add(skill.range, keyOf('skill', skill.id));
  for (const section of linked.model.sections) add(section.range, section.number ? keyOf('entry', section.id) : `title:${section.title}`);
  return (range: SourceRange): string => spans.innermost(range.file, range.start.offset) ?? `file:${range.file}`;
}

function signature(finding: Finding, place: string): string {
  return `${finding.ruleId}\u0000${maskNumbers(normaliseText(finding.message))}\u0000${place}`;
}

/**
 * Returns a predicate over the new version's findings: true for a finding this version introduced.
 * It counts: two equal findings where the old version had one leave one introduced.
 */
export function introducedFindingFilter(
  oldLinked: LinkedRulebook,
  newLinked: LinkedRulebook,
  comparison: RulebookComparison,
  oldFindings: readonly Finding[],
): (finding: Finding) => boolean {
  const oldPlace = placeFinder(oldLinked, (kind, id) => {
    const partner = kind === 'skill' ? comparison.skillMatches.get(id) : comparison.entryMatches.get(id);
    return partner ? `${kind}:${partner}` : null;
  });
  const newPlace = placeFinder(newLinked, (kind, id) => `${kind}:${id}`);
  const remaining = new Map<string, number>();
  for (const finding of oldFindings) {
    const key = signature(finding, oldPlace(finding.range));
    remaining.set(key, (remaining.get(key) ?? 0) + 1);
  }
  return (finding) => {
    const key = signature(finding, newPlace(finding.range));
    const left = remaining.get(key) ?? 0;
    if (left === 0) return true;
    remaining.set(key, left - 1);
    return false;
  };
}
