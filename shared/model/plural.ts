/** Counts and lists in words, for every message the product writes: "1 error", "1,204 entries", "cost, category and prerequisites". */

/** `many` defaults to `one` + "s"; give it for the rest ("entry", "entries"; "number is", "numbers are"). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${thousands(count)} ${count === 1 ? one : many}`;
}

/**
 * A whole count with its thousands set apart by commas, as `toLocaleString('en')` writes it. Not toLocaleString
 * itself: its first call loads the ICU number formats, some 20 ms, a fifth of a cached `rulebook lint`'s whole run.
 */
export function thousands(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString('en');
  return String(count).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** Items joined as a sentence lists them: "a", "a and b", "a, b and c"; empty for none. */
export function wordList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
