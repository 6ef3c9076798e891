/**
 * The one binary search of the code base: the first index in [0, length) at which `predicate` is false, for a
 * predicate that is true for a prefix and false after it; `length` when it is true everywhere.
 *
 * Searches over sorted lists (the span that holds an offset) and over measured text (the longest slice that fits a
 * width) both ask it. It runs while parsing and laying out PDF pages, so it stays a plain loop that allocates nothing.
 */
export function partitionPoint(length: number, predicate: (index: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (predicate(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
