/** Go to definition and find references, for skills and for numbered sections and rules, across every file of the rulebook. */
import type { LinkedRulebook } from '../link/types.js';
import type { SourceRange } from '../model/types.js';
import { skillOccurrences, symbolAt } from './symbols.js';
import type { FilePosition } from './types.js';

export function definitionAt(linked: LinkedRulebook, at: FilePosition): SourceRange[] {
  const target = symbolAt(linked, at);
  if (!target) return [];
  if (target.kind === 'skill') return (linked.skillsByKey.get(target.key) ?? []).map((s) => s.nameRange);
  return (linked.entriesByNumber.get(target.key) ?? []).map((entry) => entry.number.range);
}

/** The definitions and every use: a skill's prerequisite terms and [[links]], a number's cross references. */
export function referencesAt(linked: LinkedRulebook, at: FilePosition): SourceRange[] {
  const target = symbolAt(linked, at);
  if (!target) return [];
  if (target.kind === 'skill') return skillOccurrences(linked, target.key);
  const entries = linked.entriesByNumber.get(target.key) ?? [];
  const ranges = entries.map((entry) => entry.number.range);
  for (const entry of entries) for (const ref of linked.referencedBy.get(entry.id) ?? []) ranges.push(ref.targetRange);
  return ranges;
}
