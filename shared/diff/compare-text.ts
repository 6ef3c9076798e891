/**
 * Compares two versions' texts block by block, so that no change of wording goes unreported: unnumbered
 * paragraphs, list items, table rows, headings and settings. Only the stretches that differ are read: each
 * file is cut where the parser can cut it (blockBoundaries), the stretches are aligned by their text (jsdiff),
 * and only unequal ones are parsed into blocks, aligned again, and paired by wording for a word diff.
 */
import { diffArrays } from 'diff';
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookSource, Section, SourceRange } from '../model/types.js';
import { partitionPoint } from '../model/partition-point.js';
import { blockBoundaries } from '../parse/chunks.js';
import { splitFrontMatter } from '../parse/config.js';
import { Locator } from '../parse/locator.js';
import { longestIncreasing, uniquePairs } from './anchors.js';
import { followsRenumbering, headingLabel } from './compare-entries.js';
import { bagSize, maskNumbers, normaliseText, numbersIn, similarity, wordBag } from './text.js';
import { readTextBlocks, withoutCarriageReturns, type TextBlock } from './text-blocks.js';
import type { TextBlockSummary, TextChange, TextComparison, TextCounts, TextSectionChanges } from './types.js';
import { wordDiff } from './word-diff.js';

/** The two versions' texts, as they were parsed. */
export interface ComparedTexts {
  readonly old: RulebookSource;
  readonly new: RulebookSource;
}

/** What the entry and skill comparison found, which the text comparison builds on. */
export interface EntryFacts {
  /** Ids (rules, numbered headings, skills) whose change is already listed, in each version. */
  readonly reported: { readonly old: ReadonlySet<string>; readonly new: ReadonlySet<string> };
  /** Old entry id → new entry id. */
  readonly entryMatches: ReadonlyMap<string, string>;
  /** Old number → new number of each renumbered entry. */
  readonly renumbering: ReadonlyMap<string, string>;
}

/** Blocks of unequal wording pair up from this similarity on (Dice of their words); below it they are an addition and a removal. */
const PAIR_SIMILARITY = 0.5;
/** A block at least this many words long, and an eighth of the other's length, also pairs by containment: a paragraph split, or several joined. */
const CONTAINED_WORDS = 10;
const CONTAINED_RATIO = 8;
/** A new block looks for its old counterpart among this many unpaired old blocks after the last pair: bounded work on a rewrite. */
const PAIR_WINDOW = 40;
/** Beyond this many edits between two sequences, jsdiff gives up and the whole stretch is compared as one. */
const MAX_EDITS = 4000;

interface FileText {
  readonly path: string;
  readonly text: string;
  /** rulebook.yaml: one settings block. */
  readonly manifest: boolean;
}

interface Stretch {
  readonly start: number;
  readonly end: number;
  readonly key: string;
  readonly settings: boolean;
}

/** A block and where it stands: which version's file. */
interface Placed {
  readonly file: string;
  readonly block: TextBlock;
}

type RawChange =
  | { type: 'added'; new: Placed }
  | { type: 'removed'; old: Placed }
  | { type: 'changed'; old: Placed; new: Placed; similarity: number }
  | { type: 'moved'; old: Placed; new: Placed };

function filesOf(source: RulebookSource): FileText[] {
  return [...(source.manifest ? [{ path: source.manifest.path, text: source.manifest.text, manifest: true }] : []), ...source.files.map((f) => ({ path: f.path, text: f.text, manifest: false }))];
}

/** Whether two versions' texts are the same, line endings aside: file by file in order, whatever the files are called. */
export function sameTexts(a: RulebookSource, b: RulebookSource): boolean {
  const fa = filesOf(a);
  const fb = filesOf(b);
  return fa.length === fb.length && fa.every((f, k) => f.manifest === fb[k].manifest && (f.text === fb[k].text || withoutCarriageReturns(f.text) === withoutCarriageReturns(fb[k].text)));
}

/**
 * The files of the two versions side by side: by path, then those left over in order (a one-file rulebook
 * compared with a copy under another name, a renamed chapter). A file with no counterpart stands alone.
 */
function pairFiles(olds: readonly FileText[], news: readonly FileText[]): [FileText | null, FileText | null][] {
  const newPaths = new Set(news.map((f) => f.path));
  const oldByPath = new Map(olds.map((f) => [f.path, f]));
  const leftOld = olds.filter((f) => !newPaths.has(f.path));
  const pairs: [FileText | null, FileText | null][] = news.map((f) => {
    const same = oldByPath.get(f.path);
    if (same) return [same, f];
    const k = leftOld.findIndex((o) => o.manifest === f.manifest);
    return [k === -1 ? null : leftOld.splice(k, 1)[0], f];
  });
  for (const f of leftOld) pairs.push([f, null]);
  return pairs;
}

/** A file cut where blocks on either side parse alone; the front matter (or a whole rulebook.yaml) is one stretch of settings. */
function stretches(file: FileText): Stretch[] {
  const { text } = file;
  const out: Stretch[] = [];
  const add = (start: number, end: number, settings: boolean) => {
    if (end > start) out.push({ start, end, settings, key: withoutCarriageReturns(text.slice(start, end)) });
  };
  if (file.manifest) {
    add(0, text.length, true);
    return out;
  }
  const front = splitFrontMatter(text);
  const body = front ? front.bodyOffset : 0;
  if (front) add(0, body, true);
  let at = body;
  for (const boundary of blockBoundaries(body ? text.slice(body) : text)) {
    add(at, body + boundary, false);
    at = body + boundary;
  }
  add(at, text.length, false);
  return out;
}

/** The blocks of consecutive stretches: the settings alone, the rest read in one parser call (they are contiguous). */
function runBlocks(file: FileText | null, run: readonly Stretch[]): Placed[] {
  if (!file || run.length === 0) return [];
  const blocks: TextBlock[] = [];
  const body = run.filter((s) => !s.settings);
  for (const s of run) if (s.settings) blocks.push(...settingsBlocks(file, s));
  if (body.length) blocks.push(...readTextBlocks(file.text.slice(body[0].start, body[body.length - 1].end), body[0].start));
  return blocks.map((block) => ({ file: file.path, block }));
}

function settingsBlocks(file: FileText, stretch: Stretch): TextBlock[] {
  const front = file.manifest ? null : splitFrontMatter(file.text);
  const start = front ? front.yamlOffset : stretch.start;
  const end = front ? front.yamlOffset + front.yaml.length : stretch.end;
  const text = withoutCarriageReturns(file.text.slice(start, end)).trim();
  return text ? [{ kind: 'settings', start, end, text, quoted: false, key: text }] : [];
}

interface Run {
  equal: boolean;
  oldFrom: number;
  oldTo: number;
  newFrom: number;
  newTo: number;
}

/**
 * The alignment of two key sequences as runs: equal, or a stretch of removals and additions between equal runs.
 * Keys found once in each sequence, in the same order, anchor it (patience diff, as entries are matched); jsdiff
 * aligns what lies between two anchors. A long book with edits all through it is then many small diffs, not one
 * diff whose cost grows with the book's length times the number of edits.
 */
function alignRuns(oldKeys: readonly string[], newKeys: readonly string[]): Run[] {
  const runs: Run[] = [];
  const push = (equal: boolean, oldFrom: number, oldTo: number, newFrom: number, newTo: number) => {
    if (oldFrom === oldTo && newFrom === newTo) return;
    const last = runs[runs.length - 1];
    if (last && last.equal === equal && last.oldTo === oldFrom && last.newTo === newFrom) {
      last.oldTo = oldTo;
      last.newTo = newTo;
    } else runs.push({ equal, oldFrom, oldTo, newFrom, newTo });
  };
  const between = (oldFrom: number, oldTo: number, newFrom: number, newTo: number) => {
    if (oldFrom === oldTo || newFrom === newTo) return push(false, oldFrom, oldTo, newFrom, newTo);
    const parts = diffArrays(oldKeys.slice(oldFrom, oldTo), newKeys.slice(newFrom, newTo), { maxEditLength: MAX_EDITS });
    if (!parts) return push(false, oldFrom, oldTo, newFrom, newTo);
    let i = oldFrom;
    let j = newFrom;
    for (const part of parts) {
      const n = part.count ?? part.value.length;
      const di = part.added ? 0 : n;
      const dj = part.removed ? 0 : n;
      push(!part.added && !part.removed, i, i + di, j, j + dj);
      i += di;
      j += dj;
    }
  };
  let oldAt = 0;
  let newAt = 0;
  for (const [i, j] of longestIncreasing(uniquePairs(oldKeys, newKeys))) {
    between(oldAt, i, newAt, j);
    push(true, i, i + 1, j, j + 1);
    oldAt = i + 1;
    newAt = j + 1;
  }
  between(oldAt, oldKeys.length, newAt, newKeys.length);
  return runs;
}

/**
 * Pairs the removed and added blocks of one stretch by wording, in order: each new block takes the most similar
 * unpaired old block within reach after the last pair. Unpaired ones are removals and additions, where they stand.
 */
function pairBlocks(olds: readonly Placed[], news: readonly Placed[], out: RawChange[]): void {
  const bags = new Map<Placed, { bag: Map<string, number>; size: number }>();
  const bag = (p: Placed) => {
    let found = bags.get(p);
    if (!found) {
      const words = wordBag(normaliseText(p.block.text));
      bags.set(p, (found = { bag: words, size: bagSize(words) }));
    }
    return found;
  };
  let next = 0;
  for (const n of news) {
    let best = -1;
    let bestScore = PAIR_SIMILARITY;
    for (let k = next; k < Math.min(olds.length, next + PAIR_WINDOW); k++) {
      if ((olds[k].block.kind === 'settings') !== (n.block.kind === 'settings')) continue;
      const score = pairScore(bag(olds[k]), bag(n));
      if (score > bestScore || (best === -1 && score >= bestScore)) {
        best = k;
        bestScore = score;
      }
    }
    if (best === -1) {
      out.push({ type: 'added', new: n });
      continue;
    }
    while (next < best) out.push({ type: 'removed', old: olds[next++] });
    out.push({ type: 'changed', old: olds[best], new: n, similarity: Math.round(bestScore * 1000) / 1000 });
    next = best + 1;
  }
  while (next < olds.length) out.push({ type: 'removed', old: olds[next++] });
}

/**
 * How alike two blocks' wordings are: their Dice similarity, or (for a block that was split or joined, most of the
 * smaller one's words found in the larger) three quarters of how much of the smaller the larger holds.
 */
function pairScore(a: { bag: Map<string, number>; size: number }, b: { bag: Map<string, number>; size: number }): number {
  const dice = similarity(a.bag, b.bag, a.size, b.size);
  const small = Math.min(a.size, b.size);
  const large = Math.max(a.size, b.size);
  if (small < CONTAINED_WORDS || small * CONTAINED_RATIO < large) return dice;
  const shared = (dice * (a.size + b.size)) / 2;
  return Math.max(dice, 0.75 * (shared / small));
}

/** Compares one file's two versions (either may be missing), adding its block changes to `out`; returns the formatting-only differences. */
function compareFile(oldFile: FileText | null, newFile: FileText | null, out: RawChange[]): number {
  const olds = oldFile ? stretches(oldFile) : [];
  const news = newFile ? stretches(newFile) : [];
  let formatting = 0;
  for (const run of alignRuns(
    olds.map((s) => s.key),
    news.map((s) => s.key),
  )) {
    if (run.equal) continue;
    const oldBlocks = runBlocks(oldFile, olds.slice(run.oldFrom, run.oldTo));
    const newBlocks = runBlocks(newFile, news.slice(run.newFrom, run.newTo));
    let blockChanges = 0;
    for (const inner of alignRuns(
      oldBlocks.map((p) => p.block.key),
      newBlocks.map((p) => p.block.key),
    )) {
      if (inner.equal) continue;
      blockChanges++;
      pairBlocks(oldBlocks.slice(inner.oldFrom, inner.oldTo), newBlocks.slice(inner.newFrom, inner.newTo), out);
    }
    // The stretches differ and their blocks do not: blank lines or something between blocks changed.
    if (blockChanges === 0) formatting++;
  }
  return formatting;
}

/** Finds, for a place in a file, the innermost section holding it. */
class SectionIndex {
  private readonly byFile = new Map<string, Section[]>();

  constructor(readonly linked: LinkedRulebook) {
    for (const section of linked.model.sections) {
      const list = this.byFile.get(section.range.file) ?? [];
      list.push(section);
      this.byFile.set(section.range.file, list);
    }
    for (const list of this.byFile.values()) list.sort((a, b) => a.range.start.offset - b.range.start.offset);
  }

  at(file: string, offset: number): Section | null {
    const list = this.byFile.get(file);
    if (!list) return null;
    // The last section starting at or before the offset, or none; then out through its parents to one that holds it.
    const after = partitionPoint(list.length, (k) => list[k].range.start.offset <= offset);
    let section: Section | null = after === 0 ? null : list[after - 1];
    while (section && offset >= section.range.end.offset) section = section.parentId ? this.linked.sectionsById.get(section.parentId) ?? null : null;
    return section;
  }

  path(section: Section | null): string[] {
    const labels: string[] = [];
    for (let s = section; s; s = s.parentId ? this.linked.sectionsById.get(s.parentId) ?? null : null) labels.unshift(headingLabel(s));
    return labels;
  }
}

/**
 * Old sections to new ones: a numbered heading (or a chapter numbered by its place) as the comparison paired it, any
 * other by its title under its (matched) parent, the nth heading of that title there to the nth.
 */
function sectionMatcher(oldLinked: LinkedRulebook, newLinked: LinkedRulebook, entryMatches: ReadonlyMap<string, string>): (old: Section) => string | null {
  const titleKey = (s: Section) => normaliseText(s.title);
  const childKeys = (sections: readonly Section[]) => {
    const seen = new Map<string, number>();
    const keys = new Map<string, string>();
    for (const s of sections) {
      const base = `${s.parentId ?? ''}\u0000${titleKey(s)}`;
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      keys.set(s.id, `${base}\u0000${n}`);
    }
    return keys;
  };
  const newKeys = childKeys(newLinked.model.sections);
  const newByKey = new Map([...newKeys].map(([id, key]) => [key, id]));
  // Old keys count repeats under the old parent; the parent part is swapped for its match when looked up.
  const oldOrdinals = new Map([...childKeys(oldLinked.model.sections)].map(([id, key]) => [id, key.slice(key.lastIndexOf('\u0000') + 1)]));
  const memo = new Map<string, string | null>();
  const match = (s: Section): string | null => {
    const known = memo.get(s.id);
    if (known !== undefined) return known;
    // A chapter numbered by its place was paired as an entry too.
    let found: string | null = entryMatches.get(s.id) ?? null;
    if (!found) {
      const parent = s.parentId ? oldLinked.sectionsById.get(s.parentId) ?? null : null;
      const parentMatch = parent ? match(parent) : '';
      if (parentMatch !== null) found = newByKey.get(`${parentMatch}\u0000${titleKey(s)}\u0000${oldOrdinals.get(s.id)}`) ?? null;
    }
    memo.set(s.id, found);
    return found;
  };
  return match;
}

interface Owner {
  readonly start: number;
  readonly end: number;
  readonly id: string;
}

/** The rules, numbered headings and skills of one version by file, to tell whether a block's change is already listed. */
class OwnerIndex {
  private readonly byFile = new Map<string, { owners: Owner[]; longest: number }>();

  constructor(linked: LinkedRulebook) {
    const add = (id: string, range: SourceRange) => {
      const entry = this.byFile.get(range.file) ?? { owners: [], longest: 0 };
      entry.owners.push({ id, start: range.start.offset, end: range.end.offset });
      entry.longest = Math.max(entry.longest, range.end.offset - range.start.offset);
      this.byFile.set(range.file, entry);
    };
    for (const rule of linked.model.rules) add(rule.id, rule.range);
    for (const section of linked.model.sections) if (section.number) add(section.id, section.headingRange);
    for (const chapter of linked.chaptersByOrder) if (chapter.kind === 'section') add(chapter.id, chapter.headingRange);
    for (const skill of linked.model.skills) add(skill.id, skill.range);
    for (const entry of this.byFile.values()) entry.owners.sort((a, b) => a.start - b.start);
  }

  /** Whether something listed in `reported` overlaps the block. */
  listed(file: string, block: TextBlock, reported: ReadonlySet<string>): boolean {
    const entry = this.byFile.get(file);
    if (!entry || reported.size === 0) return false;
    const { owners, longest } = entry;
    // Owners starting before the block ends, walked back while one could still reach into it.
    const before = partitionPoint(owners.length, (k) => owners[k].start < block.end);
    for (let k = before - 1; k >= 0 && owners[k].start >= block.start - longest; k--) {
      const o = owners[k];
      if (o.end > block.start && reported.has(o.id)) return true;
    }
    return false;
  }
}

/** Same words, same order: only spacing differs. */
function sameWords(a: string, b: string): boolean {
  return a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
}

/** Only rule numbers differ, each following its rule's renumbering ("see rule 701.14" → "701.15"). */
function referencesOnly(oldText: string, newText: string, renumbering: ReadonlyMap<string, string>): boolean {
  if (renumbering.size === 0) return false;
  const o = normaliseText(oldText);
  const n = normaliseText(newText);
  return maskNumbers(o) === maskNumbers(n) && followsRenumbering(numbersIn(o), numbersIn(n), renumbering);
}

export const NO_TEXT_COUNTS: TextCounts = { textAdded: 0, textRemoved: 0, textChanged: 0, textMoved: 0, textReferencesUpdated: 0, textFormatting: 0 };

export function compareTexts(oldLinked: LinkedRulebook, newLinked: LinkedRulebook, texts: ComparedTexts, facts: EntryFacts): { comparison: TextComparison; counts: TextCounts } {
  if (sameTexts(texts.old, texts.new)) return { comparison: { identical: true, sections: [] }, counts: NO_TEXT_COUNTS };
  const { reported, entryMatches, renumbering } = facts;
  const oldFiles = filesOf(texts.old);
  const newFiles = filesOf(texts.new);
  const raw: RawChange[] = [];
  let formatting = 0;
  for (const [oldFile, newFile] of pairFiles(oldFiles, newFiles)) formatting += compareFile(oldFile, newFile, raw);

  // A block removed in one place and added, word for word, in another was moved.
  const removedByKey = new Map<string, RawChange[]>();
  for (const change of raw) if (change.type === 'removed') removedByKey.set(change.old.block.key, [...(removedByKey.get(change.old.block.key) ?? []), change]);
  const movedAway = new Set<RawChange>();
  const placed: RawChange[] = raw.map((change) => {
    if (change.type !== 'added') return change;
    const from = removedByKey.get(change.new.block.key)?.shift();
    if (!from || from.type !== 'removed') return change;
    movedAway.add(from);
    return { type: 'moved', old: from.old, new: change.new };
  });

  const oldOwners = new OwnerIndex(oldLinked);
  const newOwners = new OwnerIndex(newLinked);
  const listedOld = (p: Placed) => oldOwners.listed(p.file, p.block, reported.old);
  const listedNew = (p: Placed) => newOwners.listed(p.file, p.block, reported.new);
  const oldSections = new SectionIndex(oldLinked);
  const newSections = new SectionIndex(newLinked);
  const matchSection = sectionMatcher(oldLinked, newLinked, entryMatches);
  const locators = new Map<string, Locator>();
  const rangeOf = (side: 'old' | 'new', p: Placed): SourceRange => {
    const key = `${side}\u0000${p.file}`;
    let locator = locators.get(key);
    if (!locator) {
      const file = (side === 'old' ? oldFiles : newFiles).find((f) => f.path === p.file)!;
      locators.set(key, (locator = new Locator(file.path, file.text)));
    }
    return locator.range(p.block.start, p.block.end);
  };
  const summary = (side: 'old' | 'new', p: Placed): TextBlockSummary => ({ kind: p.block.kind, text: p.block.text, quoted: p.block.quoted, range: rangeOf(side, p) });

  const groups = new Map<string, { path: string[]; removed: boolean; changes: TextChange[] }>();
  const group = (side: 'old' | 'new', p: Placed) => {
    const index = side === 'old' ? oldSections : newSections;
    let section = index.at(p.file, p.block.start);
    let removed = false;
    let key: string;
    if (side === 'old' && section) {
      const matched = matchSection(section);
      if (matched) {
        section = newLinked.sectionsById.get(matched) ?? null;
        key = `new\u0000${matched}`;
      } else {
        removed = true;
        key = `old\u0000${section.id}`;
      }
    } else key = section ? `new\u0000${section.id}` : `none\u0000${p.file}`;
    let found = groups.get(key);
    if (!found) groups.set(key, (found = { path: (removed ? oldSections : newSections).path(section), removed, changes: [] }));
    return found.changes;
  };

  const counts = { ...NO_TEXT_COUNTS, textFormatting: formatting };
  for (const change of placed) {
    if (movedAway.has(change)) continue;
    switch (change.type) {
      case 'added':
        if (listedNew(change.new)) continue;
        counts.textAdded++;
        group('new', change.new).push({ type: 'added', new: summary('new', change.new) });
        break;
      case 'removed':
        if (listedOld(change.old)) continue;
        counts.textRemoved++;
        group('old', change.old).push({ type: 'removed', old: summary('old', change.old) });
        break;
      case 'changed':
        if (listedOld(change.old) || listedNew(change.new)) continue;
        // Taken into or out of a quote (a sidebar), the same words read differently: listed, not formatting.
        if (sameWords(change.old.block.text, change.new.block.text) && change.old.block.quoted === change.new.block.quoted) {
          counts.textFormatting++;
          continue;
        }
        const followed = referencesOnly(change.old.block.text, change.new.block.text, renumbering);
        if (followed) counts.textReferencesUpdated++;
        else counts.textChanged++;
        group('new', change.new).push({
          type: 'changed',
          old: summary('old', change.old),
          new: summary('new', change.new),
          words: wordDiff(change.old.block.text, change.new.block.text),
          similarity: change.similarity,
          referencesOnly: followed,
        });
        break;
      case 'moved':
        if (listedOld(change.old) || listedNew(change.new)) continue;
        counts.textMoved++;
        group('new', change.new).push({ type: 'moved', old: summary('old', change.old), new: summary('new', change.new) });
        break;
    }
  }
  const sections: TextSectionChanges[] = [...groups.values()].map((g) => ({ path: g.path, removed: g.removed, changes: g.changes }));
  return { comparison: { identical: false, sections }, counts };
}
