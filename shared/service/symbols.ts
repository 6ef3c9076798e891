/**
 * Which symbol (a skill, a numbered section/rule, a heading or a link landing on one) is written at a place, and
 * every place a skill is written.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { NumberedEntry, Reference, SourceRange } from '../model/types.js';
import { landings } from './landings.js';
import type { FilePosition, SymbolTarget } from './types.js';

interface Occurrence {
  readonly range: SourceRange;
  readonly target: SymbolTarget;
}

// Built once per analysis and dropped with it (the WeakMap key is the analysis' own object).
const occurrenceIndex = new WeakMap<LinkedRulebook, Map<string, Occurrence[]>>();

function occurrences(linked: LinkedRulebook, file: string): Occurrence[] {
  let byFile = occurrenceIndex.get(linked);
  if (!byFile) {
    byFile = new Map();
    const add = (range: SourceRange, target: SymbolTarget) => {
      const list = byFile!.get(range.file) ?? [];
      list.push({ range, target });
      byFile!.set(range.file, list);
    };
    for (const skill of linked.model.skills) {
      add(skill.nameRange, { kind: 'skill', key: skill.key, name: skill.name, range: skill.nameRange });
      for (const list of skill.prerequisites) {
        if (list.origin === 'section') continue; // written once under a heading, not in this entry
        for (const req of list.requirements) {
          for (const term of req.alternatives) {
            if (term.kind === 'skill') add(term.range, { kind: 'skill', key: term.key, name: term.text, range: term.range });
          }
        }
      }
    }
    // `[[agile]]` that the linker resolved to the page agile.md is that page's link (below), no skill's name.
    const pageNames = new Set<Reference>();
    // A number names what the linker resolved it to, which its key alone may not find (a licence's "Section 7").
    const named = new Map<Reference, readonly NumberedEntry[]>();
    for (const resolved of linked.resolvedReferences) {
      if (resolved.page !== undefined) pageNames.add(resolved.reference);
      else named.set(resolved.reference, resolved.entries);
    }
    // A number the book writes twice names both places, as the linter says it does.
    const sameNumber = (entry: NumberedEntry | undefined): readonly NumberedEntry[] =>
      !entry ? [] : entry.scope === 'global' ? (linked.entriesByNumber.get(entry.number.key) ?? [entry]) : [entry];
    for (const ref of linked.model.references) {
      if (pageNames.has(ref)) continue;
      add(ref.targetRange, ref.kind === 'skill'
        ? { kind: 'skill', key: ref.target, name: ref.targetText, range: ref.targetRange }
        : { kind: 'number', key: ref.target, text: ref.targetText, range: ref.targetRange, entries: sameNumber(named.get(ref)?.[0]) });
    }
    for (const entry of linked.numberedEntries) {
      add(entry.number.range, { kind: 'number', key: entry.number.key, text: entry.number.text, range: entry.number.range, entries: sameNumber(entry) });
    }
    // Headings and the links that land on them; a name or number written inside either is narrower and wins.
    for (const section of linked.model.sections) {
      add(section.headingRange, { kind: 'heading', sectionId: section.id, written: 'heading', range: section.headingRange });
    }
    for (const [link, section] of landings(linked).sectionOf) add(link.range, { kind: 'heading', sectionId: section.id, written: 'link', range: link.range });
    // Section-wide prerequisite lines are shared by several skills: index each term once.
    const seen = new Set<string>();
    for (const skill of linked.model.skills) {
      for (const list of skill.prerequisites) {
        if (list.origin !== 'section') continue;
        for (const req of list.requirements) {
          for (const term of req.alternatives) {
            const id = `${term.range.file}#${term.range.start.offset}`;
            if (term.kind !== 'skill' || seen.has(id)) continue;
            seen.add(id);
            add(term.range, { kind: 'skill', key: term.key, name: term.text, range: term.range });
          }
        }
      }
    }
    occurrenceIndex.set(linked, byFile);
  }
  return byFile.get(file) ?? [];
}

/** Whether a place lies in a range, both ends included (the cursor just after a name is still on it). */
export function contains(range: SourceRange, at: FilePosition): boolean {
  const afterStart = at.line > range.start.line || (at.line === range.start.line && at.column >= range.start.column);
  const beforeEnd = at.line < range.end.line || (at.line === range.end.line && at.column <= range.end.column);
  return afterStart && beforeEnd;
}

/** The symbol under the cursor, the narrowest when several overlap. */
export function symbolAt(linked: LinkedRulebook, at: FilePosition): SymbolTarget | null {
  let best: Occurrence | null = null;
  for (const occ of occurrences(linked, at.file)) {
    if (!contains(occ.range, at)) continue;
    const size = occ.range.end.offset - occ.range.start.offset;
    if (!best || size < best.range.end.offset - best.range.start.offset) best = occ;
  }
  return best ? best.target : null;
}

/** Every place a skill is written: definitions, prerequisite terms, [[links]]. */
export function skillOccurrences(linked: LinkedRulebook, key: string): SourceRange[] {
  const ranges: SourceRange[] = [];
  const seen = new Set<string>();
  const add = (r: SourceRange) => {
    const id = `${r.file}#${r.start.offset}`;
    if (!seen.has(id)) {
      seen.add(id);
      ranges.push(r);
    }
  };
  for (const skill of linked.skillsByKey.get(key) ?? []) add(skill.nameRange);
  for (const skill of linked.model.skills) {
    for (const list of skill.prerequisites) for (const req of list.requirements) for (const term of req.alternatives) if (term.kind === 'skill' && term.key === key) add(term.range);
  }
  for (const ref of linked.model.references) if (ref.kind === 'skill' && ref.target === key) add(ref.targetRange);
  return ranges;
}
