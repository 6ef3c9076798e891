/**
 * The anchors of a patience diff, for the entry matcher (match.ts) and the text comparison (compare-text.ts): keys
 * found exactly once in each version pair up, and the longest run of those pairs in the same order is what stayed put.
 */
import { partitionPoint } from '../model/partition-point.js';

/** [old index, new index] of each key found exactly once in each sequence, by old index. */
export function uniquePairs(oldKeys: readonly string[], newKeys: readonly string[]): [number, number][] {
  const seen = new Map<string, { old: number; new: number; count: number }>();
  oldKeys.forEach((key, i) => {
    const found = seen.get(key);
    if (found) found.count = 2;
    else seen.set(key, { old: i, new: -1, count: 1 });
  });
  newKeys.forEach((key, j) => {
    const found = seen.get(key);
    if (!found || found.count !== 1) return;
    if (found.new === -1) found.new = j;
    else found.count = 2;
  });
  const pairs: [number, number][] = [];
  for (const found of seen.values()) if (found.count === 1 && found.new !== -1) pairs.push([found.old, found.new]);
  return pairs.sort((a, b) => a[0] - b[0]);
}

/** Longest subsequence of pairs (sorted by old index) whose new indexes increase: O(n log n), by patience sorting. */
export function longestIncreasing(pairs: readonly [number, number][]): [number, number][] {
  const tails: number[] = [];
  const previous = new Int32Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    const value = pairs[k][1];
    // tails[n] ends the increasing run of n + 1 pairs with the lowest last value; this pair extends the longest run
    // ending below it, of `extended` pairs.
    const extended = partitionPoint(tails.length, (n) => pairs[tails[n]][1] < value);
    if (extended > 0) previous[k] = tails[extended - 1];
    tails[extended] = k;
  }
  const out: [number, number][] = [];
  for (let k = tails.length ? tails[tails.length - 1] : -1; k !== -1; k = previous[k]) out.push(pairs[k]);
  return out.reverse();
}
