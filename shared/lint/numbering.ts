/**
 * Numbering facts the numbering rules share: which entries are siblings, what each sibling's place in
 * its sequence is, and where a number sits in the hierarchy. Computed once per lint run, in one pass.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { NumberedEntry, NumberingConfig } from '../model/types.js';
import { writtenNumber } from '../parse/numbers.js';

/** One numbered entry placed in its sequence. */
export interface PlacedEntry {
  readonly entry: NumberedEntry;
  /** The number as people read it, as the book writes it (local numbers without their scope prefix): "3.2", "2.a", "A4b", "1.B.2". */
  readonly label: string;
  /** Local numbers: the scope id; global numbers: "". */
  readonly scope: string;
  /** Segments after applying numbering conventions (hundreds sections get their chapter in front). */
  readonly path: readonly string[];
  /** Position of the last segment in its sequence (1 for "1" and "a"), null when it is not countable. */
  readonly ordinal: number | null;
  /** Whether the last segment is a letter (its sequence uses letters). */
  readonly lettered: boolean;
}

/** Siblings: entries sharing a parent number (and a prefix family, so "Appendix 1" is not chapter 1). */
export interface SiblingGroup {
  readonly key: string;
  /** In document order. */
  readonly members: readonly PlacedEntry[];
  /** Where the sequence starts: 1 (or "a"), or N00 for the sections of chapter N with hundredsSections. */
  readonly firstOrdinal: number;
}

export interface NumberingFacts {
  readonly placed: readonly PlacedEntry[];
  readonly groups: readonly SiblingGroup[];
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz';

/** The letters in use, in order, after removing those the rulebook declares it never uses. */
export function letterSequence(config: NumberingConfig): string {
  const skip = new Set((config.skipLetters ?? []).map((l) => l.toLowerCase()));
  return [...ALPHABET].filter((l) => !skip.has(l)).join('');
}

function isHundreds(segments: readonly string[], config: NumberingConfig): boolean {
  return config.hundredsSections === true && /^\d{3,}$/.test(segments[0] ?? '');
}

/** "100.1a" with hundredsSections → ["1", "100", "1", "a"]: section 100 lives in chapter 1. */
export function hierarchyPath(segments: readonly string[], config: NumberingConfig): string[] {
  if (!isHundreds(segments, config)) return [...segments];
  return [String(Math.floor(Number(segments[0]) / 100)), ...segments];
}

/** The written number of an ancestor at `length` segments of the hierarchy path. */
export function labelOfPath(path: readonly string[], config: NumberingConfig): string {
  const segments = config.hundredsSections && path.length >= 2 && /^\d{3,}$/.test(path[1]) ? path.slice(1) : path;
  return joinSegments(segments);
}

/** ["100", "1", "a"] → "100.1a"; ["2", "a"] → "2.a" is kept for local sub-rules by the caller. */
export function joinSegments(segments: readonly string[]): string {
  let out = '';
  for (const s of segments) out += out === '' ? s : /^[a-z]$/i.test(s) ? s : `.${s}`;
  return out;
}

function localLabel(entry: NumberedEntry): string {
  return entry.number.segments.join('.');
}

function scopeOf(entry: NumberedEntry): string {
  // A heading numbered among its siblings counts under its parent heading.
  if (entry.kind === 'section' && entry.scope === 'local') return `${entry.parentId}/headings`;
  if (entry.kind === 'rule' && entry.scope === 'local') {
    const key = entry.number.key;
    return key.slice(0, key.lastIndexOf(':'));
  }
  return '';
}

export function computeNumbering(linked: LinkedRulebook): NumberingFacts {
  const config = linked.model.config.numbering;
  const letters = letterSequence(config);
  const placed: PlacedEntry[] = [];
  const groups = new Map<string, { members: PlacedEntry[]; firstOrdinal: number }>();
  for (const entry of linked.numberedEntries) {
    const scope = scopeOf(entry);
    const path = scope ? [...entry.number.segments] : hierarchyPath(entry.number.segments, config);
    const last = path[path.length - 1] ?? '';
    let ordinal: number | null = null;
    let lettered = false;
    // A number past 2^53 cannot be counted to: it is placed, but in no sequence.
    if (/^\d+$/.test(last)) ordinal = Number.isSafeInteger(Number(last)) ? Number(last) : null;
    else if (/^[a-z]$/i.test(last)) {
      lettered = true;
      const at = letters.indexOf(last.toLowerCase());
      ordinal = at === -1 ? null : at + 1;
    }
    const item: PlacedEntry = { entry, label: scope ? localLabel(entry) : writtenNumber(entry.number), scope, path, ordinal, lettered };
    placed.push(item);
    if (ordinal === null) continue;
    // Appendices and parts are their own sequences beside the chapters.
    const family = entry.kind === 'section' && entry.number.prefix && /^(appendix|part)$/i.test(entry.number.prefix) ? entry.number.prefix.toLowerCase() : '';
    const parent = path.slice(0, -1);
    const key = `${scope}|${family}|${parent.join('.')}|${lettered ? 'letter' : 'number'}`;
    let group = groups.get(key);
    if (!group) {
      const hundredsChild = !scope && config.hundredsSections === true && parent.length === 1 && /^\d{3,}$/.test(last);
      group = { members: [], firstOrdinal: hundredsChild ? Number(parent[0]) * 100 : 1 };
      groups.set(key, group);
    }
    group.members.push(item);
  }
  return { placed, groups: [...groups].map(([key, g]) => ({ key, members: g.members, firstOrdinal: g.firstOrdinal })) };
}

/**
 * The sequence label of ordinal `n` in a group shaped like `like` ("3.2" for n = 2 beside "3.1"), written as `like`
 * is: "2g1" beside "2g3", "A4a" beside "A4b", "1.B" beside "1.C" (not "2g.1", "a4a", "1b").
 */
export function labelFor(like: PlacedEntry, n: number, config: NumberingConfig): string {
  const letters = letterSequence(config);
  const value = like.lettered ? letters[n - 1] ?? '?' : String(n);
  const path = [...like.path.slice(0, -1), value];
  if (like.scope) return path.join('.');
  // The last part of the number as written stands for the last segment: put the value in its place, in its case.
  const last = /(?:\d+|[A-Za-z]+)$/.exec(like.label)?.[0];
  if (last !== undefined && last.toLowerCase() === like.path[like.path.length - 1]) {
    return like.label.slice(0, like.label.length - last.length) + (/^[A-Z]+$/.test(last) ? value.toUpperCase() : value);
  }
  return labelOfPath(path, config);
}

/** A run of missing numbers in one sequence, before the entry `at` (whose number follows it). */
export interface NumberingGap {
  readonly at: PlacedEntry;
  /** The first and last missing ordinals of the run (equal for one number); every one between is missing too. */
  readonly from: number;
  readonly to: number;
}

/** The ordinal a label would have in `like`'s sequence, when the label is one of that sequence's at all. */
function ordinalOf(label: string, like: PlacedEntry, config: NumberingConfig): number | null {
  const last = (like.lettered ? /[a-z]$/i : /\d+$/).exec(label)?.[0];
  if (last === undefined) return null;
  const n = like.lettered ? letterSequence(config).indexOf(last.toLowerCase()) + 1 : Number(last);
  return labelFor(like, n, config).toLowerCase() === label.toLowerCase() ? n : null;
}

/**
 * Every run of numbers a sequence skips, except the numbers `allowed` names as absent on purpose (compared ignoring
 * case). A lone top-level number ("## 4 Types of Combat") is no sequence: it may be a count, not a chapter. A gap is
 * found as a run, never a number at a time: `1.1` then `1.99999999` is one gap, found at once.
 */
export function numberingGaps(facts: NumberingFacts, config: NumberingConfig, allowed: Iterable<string> = []): NumberingGap[] {
  const allowedLabels = [...allowed];
  const gaps: NumberingGap[] = [];
  for (const group of facts.groups) {
    if (group.members.length === 1 && group.members[0].path.length === 1) continue;
    // The first entry of each value, in document order, is where a gap before it is reported.
    const firstWith = new Map<number, PlacedEntry>();
    for (const member of group.members) if (!firstWith.has(member.ordinal!)) firstWith.set(member.ordinal!, member);
    const values = [...firstWith.keys()].sort((a, b) => a - b);
    // A sequence may start at 0 ("Chapter 0. Introduction"); otherwise it starts at its first number.
    let expected = Math.min(group.firstOrdinal, values[0] === 0 ? 0 : group.firstOrdinal);
    for (const value of values) {
      if (value > expected) {
        const at = firstWith.get(value)!;
        // The allowed numbers inside the gap split it into runs.
        const holes = allowedLabels.map((label) => ordinalOf(label, at, config)).filter((n): n is number => n !== null && n >= expected && n < value);
        let from = expected;
        for (const hole of [...new Set(holes)].sort((a, b) => a - b)) {
          if (hole > from) gaps.push({ at, from, to: hole - 1 });
          from = hole + 1;
        }
        if (from < value) gaps.push({ at, from, to: value - 1 });
      }
      expected = Math.max(expected, value + 1);
    }
  }
  return gaps;
}
