/** "Did you mean": the closest existing skill names or rule numbers to a name that resolves to nothing. */
import { distance } from 'fastest-levenshtein';

/** Whether each word of `short` starts the same word of `long`: "id magic" → "identify magic". */
function abbreviates(short: string, long: string): boolean {
  // Most candidates fail on the first letter: no need to split them into words.
  if (short.charCodeAt(0) !== long.charCodeAt(0) || short === long) return false;
  const a = short.split(' ');
  const b = long.split(' ');
  if (a.length !== b.length || short === long) return false;
  return a.every((word, i) => b[i].startsWith(word.replace(/\.$/, '')));
}

/** How many edits a name may be from the one it misspells: about a third of its length. */
export const editLimit = (key: string): number => Math.max(2, Math.floor(key.length / 3));

/** Whether a name is a misspelling of a key, within editLimit: no abbreviation ("fire" is no "fireball"). */
export const misspells = (name: string, key: string): boolean => distance(name, key) <= editLimit(name);

/** Up to three keys within about a third of the name's length in edits, or whose words it abbreviates. */
export function closestNames(key: string, keys: readonly string[], most = 3): string[] {
  const limit = editLimit(key);
  const scored: Array<[string, number]> = [];
  for (const candidate of keys) {
    if (Math.abs(candidate.length - key.length) > limit && !abbreviates(key, candidate)) continue;
    const d = distance(key, candidate);
    if (d <= limit) scored.push([candidate, d]);
    else if (abbreviates(key, candidate)) scored.push([candidate, limit]);
    else if (candidate.replace(/s$/, '') === key.replace(/s$/, '')) scored.push([candidate, 1]);
  }
  return scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, most).map(([k]) => k);
}

/** Existing numbers one edit away from a missing one ("2.7" → "2.1", "2.17"), at most three. */
export function closestNumbers(key: string, keys: readonly string[]): string[] {
  const scored: Array<[string, number]> = [];
  for (const candidate of keys) {
    if (Math.abs(candidate.length - key.length) > 1) continue;
    const d = distance(key, candidate);
    if (d <= 1) scored.push([candidate, d]);
  }
  return scored.sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0])).slice(0, 3).map(([k]) => k);
}
