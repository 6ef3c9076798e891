/** A count in words, for every message the product writes: "1 error", "3 warnings", "1,204 entries". */

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
