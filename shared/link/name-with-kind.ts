/**
 * A name with the kind of entry it is written after it: "Thirsting Blade Invocation", "Pact of the Blade Invocation".
 * The SRD 5.2 requires its warlocks' invocations so, and the entries stand under "Eldritch Invocation Options": the
 * last word names the entry when a heading above the entry is titled with that word.
 */
import { nameKey } from '../parse/keys.js';

/** A name key split before its last word: "pact of the blade invocation" → "pact of the blade", "invocation". */
export function splitKind(key: string): { readonly name: string; readonly kind: string } | null {
  const m = /^(.+?)\s+(\p{L}{3,})$/u.exec(key);
  return m && { name: m[1], kind: m[2] };
}

/** Whether one of the titles holds the kind as a word, in the singular or the plural ("Invocation", "Invocations"). */
export function titledWithKind(titles: readonly string[], kind: string): boolean {
  const singular = (word: string) => word.replace(/s$/, '');
  const wanted = singular(kind);
  return titles.some((title) => nameKey(title).split(/[^\p{L}\p{N}]+/u).some((word) => singular(word) === wanted));
}
