/**
 * A name with the kind of entry it is written beside: "Thirsting Blade Invocation", "Pact of the Blade Invocation".
 * The SRD 5.2 requires its warlocks' invocations so, and the entries stand under "Eldritch Invocation Options": the
 * last word names the entry when a heading above the entry is titled with that word. Other languages put the kind
 * first, in the case the sentence needs ("воззвание Договор клинка" under "Опции таинственных воззваний"), or quote the
 * name after it ("умение «Боевой стиль»").
 */
import type { ReadingWords } from '../model/reading-words.js';
import { nameKey } from '../parse/keys.js';

export interface KindedName {
  readonly name: string;
  readonly kind: string;
}

/**
 * A name key split into a name and its kind: before its last word ("pact of the blade invocation" → "pact of the
 * blade", "invocation"), and in a language other than English also after its first ("воззвание договор клинка").
 */
export function splitKind(key: string, reading: ReadingWords): KindedName[] {
  const splits: KindedName[] = [];
  const last = /^(.+?)\s+(\p{L}{3,})$/u.exec(key);
  if (last) splits.push({ name: last[1], kind: last[2] });
  const first = reading.language ? /^(\p{L}{3,})\s+(.+)$/u.exec(key) : null;
  if (first) splits.push({ name: first[2], kind: first[1] });
  return splits;
}

/** The name a requirement quotes after a word that says what it is: "умение «боевой стиль»" → "боевой стиль". */
export function quotedName(key: string): string | null {
  const quoted = /^\p{L}[\p{L} -]{0,40}?\s+[«„“"‹]\s*([^«»„“”"‹›]{2,80}?)\s*[»“”"›]$/u.exec(key);
  return quoted && quoted[1];
}

/**
 * Whether one of the titles holds the kind as a word, in the singular or the plural ("Invocation", "Invocations"); in
 * another language, the same word in any of its forms by the language's stem ("воззваний" for "воззвание").
 */
export function titledWithKind(titles: readonly string[], kind: string, reading: ReadingWords): boolean {
  const { stem } = reading;
  const base = stem ?? ((word: string) => word.replace(/s$/, ''));
  const wanted = base(kind);
  return titles.some((title) => nameKey(title).split(/[^\p{L}\p{N}]+/u).some((word) => base(word) === wanted));
}
