/**
 * Pairs the entries of two versions by content first and number second. Line diffs pair by position, so
 * one rule inserted early makes every later rule look changed; here a rule keeps its partner whatever
 * its number became.
 *
 * 1. Anchors: texts that occur exactly once in each version pair up; the longest run of anchors in
 *    the same order (patience diff) fixes the skeleton, the others are rules that moved.
 * 2. Between two consecutive anchors: equal texts in order, then the most similar wording, a kept
 *    number counting a little (a rule whose text was edited stays paired with itself).
 * 3. Whatever is left, anywhere: equal texts, then very similar wording (or the same number with
 *    similar wording when there are too many to compare every pair).
 */
import { longestIncreasing, uniquePairs } from './anchors.js';
import { bagSize, similarity } from './text.js';

export interface MatchItem {
  /** Entries of different kinds never pair (a heading never matches a rule). */
  readonly kind: string;
  /** Number key: a tie-breaker and a hint, never a requirement. */
  readonly key: string;
  /** The normal form with numbers masked: equal means "same text". */
  readonly text: string;
  readonly bag: ReadonlyMap<string, number>;
}

/** Similarity needed to pair two texts with nothing else in common, inside a gap and anywhere. */
const GAP_THRESHOLD = 0.5;
const SAME_NUMBER_THRESHOLD = 0.4;
const GLOBAL_THRESHOLD = 0.7;
/** What keeping its number adds to a pair's score. */
const SAME_NUMBER_BONUS = 0.15;
/** Above this many candidate pairs, a gap (or the remainder) is not searched all-pairs: its cost would grow quadratically. */
const MAX_PAIRS = 250_000;

/** Returns, for each old index, the new index it pairs with (-1 when none). */
export function matchItems(olds: readonly MatchItem[], news: readonly MatchItem[]): Int32Array {
  const oldToNew = new Int32Array(olds.length).fill(-1);
  const newToOld = new Int32Array(news.length).fill(-1);
  const pair = (i: number, j: number) => {
    oldToNew[i] = j;
    newToOld[j] = i;
  };
  const full = (item: MatchItem) => `${item.kind}\u0000${item.text}`;
  const sizes = { old: olds.map((o) => bagSize(o.bag)), new: news.map((n) => bagSize(n.bag)) };
  const sim = (i: number, j: number) => similarity(olds[i].bag, news[j].bag, sizes.old[i], sizes.new[j]);

  // 1. Unique texts, and the longest increasing run of them.
  const unique = uniquePairs(olds.map(full), news.map(full));
  const anchors = longestIncreasing(unique);
  for (const [i, j] of unique) pair(i, j);

  // 2. The gaps between consecutive anchors.
  let previous: [number, number] = [-1, -1];
  for (const anchor of [...anchors, [olds.length, news.length] as [number, number]]) {
    const gapOld: number[] = [];
    const gapNew: number[] = [];
    for (let i = previous[0] + 1; i < anchor[0]; i++) if (oldToNew[i] === -1) gapOld.push(i);
    for (let j = previous[1] + 1; j < anchor[1]; j++) if (newToOld[j] === -1) gapNew.push(j);
    if (gapOld.length && gapNew.length) matchGroup(gapOld, gapNew, GAP_THRESHOLD);
    previous = anchor;
  }

  // 3. Everything left, wherever it stands.
  const restOld: number[] = [];
  const restNew: number[] = [];
  for (let i = 0; i < olds.length; i++) if (oldToNew[i] === -1) restOld.push(i);
  for (let j = 0; j < news.length; j++) if (newToOld[j] === -1) restNew.push(j);
  if (restOld.length && restNew.length) matchGroup(restOld, restNew, GLOBAL_THRESHOLD);
  return oldToNew;

  function matchGroup(groupOld: number[], groupNew: number[], threshold: number): void {
    // Equal texts, in order of appearance.
    const waiting = new Map<string, number[]>();
    for (const j of groupNew) {
      const list = waiting.get(full(news[j]));
      if (list) list.push(j);
      else waiting.set(full(news[j]), [j]);
    }
    for (const i of groupOld) {
      const list = waiting.get(full(olds[i]));
      const j = list?.shift();
      if (j !== undefined) pair(i, j);
    }
    const leftOld = groupOld.filter((i) => oldToNew[i] === -1);
    const leftNew = groupNew.filter((j) => newToOld[j] === -1);
    if (!leftOld.length || !leftNew.length) return;
    const sameKey = (i: number, j: number) => olds[i].key === news[j].key;
    if (leftOld.length * leftNew.length > MAX_PAIRS) {
      // Too many to compare all pairs: only the same number, with similar enough wording.
      const byKey = new Map<string, number>();
      for (const j of leftNew) byKey.set(`${news[j].kind}\u0000${news[j].key}`, j);
      for (const i of leftOld) {
        const j = byKey.get(`${olds[i].kind}\u0000${olds[i].key}`);
        if (j !== undefined && newToOld[j] === -1 && sim(i, j) >= SAME_NUMBER_THRESHOLD) pair(i, j);
      }
      return;
    }
    // Most similar wording first; keeping its number counts for a little, so a rule rewritten in place
    // stays paired with itself, but a rule that moved one place down with light edits finds its old self.
    const candidates: { i: number; j: number; score: number }[] = [];
    for (const i of leftOld) {
      for (const j of leftNew) {
        if (olds[i].kind !== news[j].kind) continue;
        const same = sameKey(i, j);
        const needed = same ? SAME_NUMBER_THRESHOLD : threshold;
        const small = Math.min(sizes.old[i], sizes.new[j]);
        const large = Math.max(sizes.old[i], sizes.new[j]);
        // Dice can never reach the threshold when one text is much longer than the other.
        if (large > 0 && (2 * small) / (small + large) < needed) continue;
        const score = sim(i, j);
        if (score >= needed) candidates.push({ i, j, score: same ? score + SAME_NUMBER_BONUS : score });
      }
    }
    candidates.sort((a, b) => b.score - a.score || a.i - b.i || a.j - b.j);
    for (const c of candidates) if (oldToNew[c.i] === -1 && newToOld[c.j] === -1) pair(c.i, c.j);
  }
}
