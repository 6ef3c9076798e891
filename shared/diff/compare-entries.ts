/** Compares the numbered headings and rules of two versions: pairs them, then says of each pair what changed. */
import type { LinkedRulebook } from '../link/types.js';
import type { NumberedEntry, Section } from '../model/types.js';
import { matchItems, type MatchItem } from './match.js';
import { maskNumbers, normaliseText, numbersIn, similarity, wordBag } from './text.js';
import type { EntryChange, EntrySummary } from './types.js';
import { wordDiff } from './word-diff.js';

/** An entry with what the comparison needs to know about it in its own version. */
export interface PreparedEntry {
  readonly entry: NumberedEntry;
  readonly summary: EntrySummary;
  readonly item: MatchItem;
  readonly normal: string;
  /** The entry this one nests under (by number, else its heading), null at top level. */
  readonly parentId: string | null;
  /** Printed name of the parent: its number, or a heading's title. */
  readonly parentLabel: string | null;
  /** Whether the parent is a numbered entry (matched between versions) rather than an unnumbered heading (compared by title). */
  readonly parentNumbered: boolean;
}

export interface EntryComparison {
  readonly changes: EntryChange[];
  readonly matches: Map<string, string>;
  readonly unchanged: number;
}

/** Printable heading text: "1. Game Concepts", "Chapter 4. Alchemy", "General skills". */
export function headingLabel(section: Section): string {
  return section.number ? `${section.number.text} ${section.title}`.trim() : section.title;
}

/** The outermost heading above a section (the section itself when it is top level), cached per section. */
export function chapterFinder(linked: LinkedRulebook): (sectionId: string | null) => string | null {
  const cache = new Map<string, string | null>();
  const find = (sectionId: string | null): string | null => {
    if (sectionId === null) return null;
    const known = cache.get(sectionId);
    if (known !== undefined) return known;
    const section = linked.sectionsById.get(sectionId);
    const label = !section ? null : section.parentId === null ? headingLabel(section) : find(section.parentId);
    cache.set(sectionId, label);
    return label;
  };
  return find;
}


/**
 * The entries a version is compared by, in document order: its numbered headings and rules, and the chapters numbered
 * by their place (layout `numbering.chapterOrder`), which references name by that number as they name the others.
 */
export function comparedEntries(linked: LinkedRulebook): readonly NumberedEntry[] {
  const chapters = linked.chaptersByOrder;
  const numbered = linked.numberedEntries;
  if (chapters.length === 0) return numbered;
  const fileIndex = new Map(linked.model.files.map((f, i) => [f.path, i]));
  const before = (a: NumberedEntry, b: NumberedEntry) => {
    const ra = a.kind === 'rule' ? a.range : a.headingRange;
    const rb = b.kind === 'rule' ? b.range : b.headingRange;
    const files = (fileIndex.get(ra.file) ?? 0) - (fileIndex.get(rb.file) ?? 0);
    return files !== 0 ? files < 0 : ra.start.offset < rb.start.offset;
  };
  const merged: NumberedEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < numbered.length && j < chapters.length) merged.push(before(chapters[j], numbered[i]) ? chapters[j++] : numbered[i++]);
  return merged.concat(numbered.slice(i), chapters.slice(j));
}

export function prepareEntries(linked: LinkedRulebook): PreparedEntry[] {
  const chapterOf = chapterFinder(linked);
  const prepared: PreparedEntry[] = [];
  // Parents by number: the nearest earlier entry whose number is a prefix of this one ("704.5" holds "704.5w").
  const stack: NumberedEntry[] = [];
  for (const entry of comparedEntries(linked)) {
    const sectionId = entry.kind === 'rule' ? entry.sectionId : entry.parentId;
    const section = sectionId ? linked.sectionsById.get(sectionId) ?? null : null;
    const text = entry.kind === 'rule' ? entry.text : entry.title;
    const normal = normaliseText(text);
    let number: string;
    let hintKey: string;
    let parent: NumberedEntry | Section | null = null;
    if (entry.scope === 'global') {
      number = entry.kind === 'section' && entry.number.prefix ? `${entry.number.prefix} ${entry.number.key}` : entry.number.key;
      hintKey = entry.number.key;
      const segments = entry.number.segments;
      while (stack.length && !isPrefix(stack[stack.length - 1].number.segments, segments)) stack.pop();
      parent = stack[stack.length - 1] ?? (entry.kind === 'rule' ? section : sectionOf(linked, entry));
      stack.push(entry);
    } else {
      const local = entry.number.key.slice(entry.number.key.lastIndexOf(':') + 1);
      number = section ? `${section.title} ${local}` : local;
      // The scope id holds an offset, which moves between versions; the heading's title does not.
      hintKey = `${section?.title ?? ''}:${local}`;
      parent = section;
    }
    const ownSection = entry.kind === 'section' ? entry.id : entry.sectionId;
    const summary: EntrySummary = {
      id: entry.id,
      kind: entry.kind,
      number,
      key: entry.number.key,
      text,
      chapter: chapterOf(ownSection),
      range: entry.kind === 'rule' ? entry.range : entry.headingRange,
    };
    const masked = maskNumbers(normal);
    prepared.push({
      entry,
      summary,
      normal,
      item: { kind: entry.kind, key: hintKey, text: masked, bag: wordBag(masked) },
      parentId: parent?.id ?? null,
      parentLabel: parent ? (parent.kind === 'section' && !parent.number ? parent.title : parent.number!.key) : null,
      parentNumbered: parent !== null && parent.number !== null,
    });
  }
  return prepared;
}

function sectionOf(linked: LinkedRulebook, section: Section): Section | null {
  return section.parentId ? linked.sectionsById.get(section.parentId) ?? null : null;
}

function isPrefix(prefix: readonly string[], of: readonly string[]): boolean {
  if (prefix.length >= of.length) return false;
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== of[i]) return false;
  return true;
}

export function compareEntries(olds: readonly PreparedEntry[], news: readonly PreparedEntry[]): EntryComparison {
  const oldToNew = matchItems(
    olds.map((o) => o.item),
    news.map((n) => n.item),
  );
  const matches = new Map<string, string>();
  const newToOld = new Map<number, number>();
  oldToNew.forEach((j, i) => {
    if (j === -1) return;
    matches.set(olds[i].entry.id, news[j].entry.id);
    newToOld.set(j, i);
  });
  const renumbering = renumberingOf(olds, news, matches);

  const changes: EntryChange[] = [];
  let unchanged = 0;
  // Removed entries are shown where they stood: just before the new entry that follows their old place.
  const removedBefore = new Map<number, number[]>();
  const trailingRemoved: number[] = [];
  let nextMatched = -1;
  for (let i = olds.length - 1; i >= 0; i--) {
    if (oldToNew[i] !== -1) {
      nextMatched = oldToNew[i];
      continue;
    }
    if (nextMatched === -1) trailingRemoved.unshift(i);
    else {
      const list = removedBefore.get(nextMatched) ?? [];
      list.unshift(i);
      removedBefore.set(nextMatched, list);
    }
  }
  // removedBefore keys are new indexes of matched entries; emit removals before the first such index reached in order.
  const emitted = new Set<number>();
  const emitRemoved = (list: number[] | undefined) => {
    for (const i of list ?? []) {
      if (emitted.has(i)) continue;
      emitted.add(i);
      changes.push({ type: 'removed', old: olds[i].summary });
    }
  };

  for (let j = 0; j < news.length; j++) {
    emitRemoved(removedBefore.get(j));
    const n = news[j];
    const i = newToOld.get(j);
    if (i === undefined) {
      changes.push({ type: 'added', new: n.summary });
      continue;
    }
    const o = olds[i];
    const renumbered = o.entry.number.key !== n.entry.number.key && o.entry.scope === 'global';
    const moved = o.parentNumbered && n.parentNumbered ? matches.get(o.parentId!) !== n.parentId : o.parentNumbered !== n.parentNumbered || o.parentLabel !== n.parentLabel;
    if (o.normal !== n.normal) {
      const referencesOnly = o.item.text === n.item.text && followsRenumbering(numbersIn(o.normal), numbersIn(n.normal), renumbering);
      changes.push({
        type: 'changed',
        old: o.summary,
        new: n.summary,
        words: wordDiff(o.summary.text, n.summary.text),
        similarity: round(similarity(o.item.bag, n.item.bag)),
        renumbered,
        moved,
        referencesOnly,
      });
    } else if (moved) {
      changes.push({ type: 'moved', old: o.summary, new: n.summary, fromParent: o.parentLabel, toParent: n.parentLabel });
    } else if (renumbered) {
      changes.push({ type: 'renumbered', old: o.summary, new: n.summary });
    } else unchanged++;
  }
  emitRemoved(trailingRemoved);
  return { changes, matches, unchanged };
}

/** Old number → new number of the same entry, for telling a followed renumbering from a real text change. */
export function renumberingOf(olds: readonly PreparedEntry[], news: readonly PreparedEntry[], matches: ReadonlyMap<string, string>): Map<string, string> {
  const newKeyById = new Map(news.map((n) => [n.entry.id, n.entry.number.key]));
  const renumbering = new Map<string, string>();
  for (const o of olds) {
    const newId = matches.get(o.entry.id);
    if (newId && o.entry.scope === 'global') renumbering.set(o.entry.number.key, newKeyById.get(newId)!);
  }
  return renumbering;
}

/** Whether each number that differs between the two texts is an old number and its entry's new number. */
export function followsRenumbering(oldNumbers: readonly string[], newNumbers: readonly string[], renumbering: ReadonlyMap<string, string>): boolean {
  if (oldNumbers.length !== newNumbers.length) return false;
  return oldNumbers.every((o, k) => o === newNumbers[k] || renumbering.get(o) === newNumbers[k]);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
