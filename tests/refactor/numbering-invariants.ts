/** Test helpers: the numbering invariants renumber promises, checked from the linked model alone, and the text each reference names. */
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { applyEdits } from '../../shared/model/edits.js';
import type { NumberedEntry, Reference } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';

export function link(text: string, path = 'rules.md'): LinkedRulebook {
  return linkRulebook(parseRulebook({ files: [{ path, text }] }));
}

/** What an entry says: what a reference must still point at after renumbering. */
export function entryText(entry: NumberedEntry): string {
  // Numbers inside the text ("See 1.3.5.") are references that renumbering rewrites too: they do not count.
  const text = (entry.kind === 'rule' ? `rule: ${entry.text}` : `section: ${entry.title}`);
  return text.replace(/\d+(?:\.\d+)+[a-z]?/g, '#');
}

/** For each rule reference, the text of the entries it names (first and last of a range). */
export function referenceTargets(linked: LinkedRulebook): Map<Reference, string | null> {
  const resolved = new Map(linked.resolvedReferences.map((r) => [r.reference, r]));
  const out = new Map<Reference, string | null>();
  // In document order: the tests pair references before and after by position in this list.
  for (const reference of linked.model.references) {
    if (reference.kind !== 'rule') continue;
    const found = resolved.get(reference);
    if (!found) {
      out.set(reference, null);
      continue;
    }
    const first = found.entries[0];
    const last = reference.targetEnd ? linked.entriesByNumber.get(reference.targetEnd)![0] : first;
    out.set(reference, `${entryText(first)} … ${entryText(last)}`);
  }
  return out;
}

/**
 * Problems with the global numbering: duplicates, a number whose parent is not the nearest shallower
 * entry before it, and siblings that are not consecutive from 1 (or a) in document order.
 */
export function numberingProblems(linked: LinkedRulebook): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const latest: string[] = [];
  const lastChild = new Map<string, string>();
  for (const entry of linked.numberedEntries) {
    if (entry.kind === 'rule' && entry.scope === 'local') continue;
    const key = entry.number.key;
    if (seen.has(key)) problems.push(`duplicate ${key}`);
    seen.add(key);
    const segments = entry.number.segments;
    const depth = segments.length;
    const parentKey = depth === 1 ? '' : key.slice(0, key.length - segments[depth - 1].length).replace(/\.$/, '');
    latest.length = depth;
    if (depth > 1 && latest[depth - 1] !== parentKey) problems.push(`${key} is under ${latest[depth - 1] ?? 'nothing'}`);
    latest[depth] = key;
    const last = segments[depth - 1];
    const previous = lastChild.get(parentKey);
    const expected = /^[a-z]$/.test(last)
      ? previous === undefined ? 'a' : String.fromCharCode(previous.charCodeAt(0) + 1)
      : String(previous === undefined ? 1 : Number(previous) + 1);
    if (last !== expected) problems.push(`${key} follows ${previous === undefined ? 'nothing' : `${parentKey}.${previous}`}`);
    lastChild.set(parentKey, last);
  }
  return problems;
}

export { applyEdits };
