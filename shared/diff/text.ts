/** Text helpers for comparing versions: the normal form two texts are matched by, rule numbers inside text, and similarity. */

/** Rule numbers as they occur inside running text: "701.14", "100.1a", "1.3.2". Plain integers are not included. */
const NUMBER_IN_TEXT = /\b\d+(?:\.\d+)+[a-z]?\b|\b\d+[a-z]\b(?=[\s,.;:)]|$)/g;

/** Numbers written after "rule", "section", "chapter", "appendix" (so "see rule 713" counts, "100 cards" does not). */
const KEYWORD_NUMBER = /\b(rules?|sections?|chapters?|appendix)\s+(\d+)\b(?![.\d])/gi;

/** Straight quotes, single spaces, no Markdown emphasis, lower case: wording is what counts, not typography. */
export function normaliseText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The normal form with every rule number inside the text replaced by "#", so renumbered references do not hide a match. */
export function maskNumbers(normalised: string): string {
  return normalised.replace(NUMBER_IN_TEXT, '#').replace(KEYWORD_NUMBER, (_, word: string) => `${word} #`);
}

/** The rule numbers written inside a normalised text, in order (what `maskNumbers` replaces). */
export function numbersIn(normalised: string): string[] {
  const found: { at: number; key: string }[] = [];
  for (const m of normalised.matchAll(NUMBER_IN_TEXT)) found.push({ at: m.index!, key: m[0] });
  for (const m of normalised.matchAll(KEYWORD_NUMBER)) found.push({ at: m.index! + m[0].length - m[2].length, key: m[2] });
  return found.sort((a, b) => a.at - b.at).map((f) => f.key);
}

/** Words of a normalised text (punctuation dropped) as a multiset. */
export function wordBag(normalised: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const word of normalised.split(/[^\p{L}\p{N}#'-]+/u)) {
    if (!word) continue;
    bag.set(word, (bag.get(word) ?? 0) + 1);
  }
  return bag;
}

export function bagSize(bag: ReadonlyMap<string, number>): number {
  let size = 0;
  for (const n of bag.values()) size += n;
  return size;
}

/** Dice coefficient of two word multisets: 1 for the same words, 0 for none in common. */
export function similarity(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>, sizeA = bagSize(a), sizeB = bagSize(b)): number {
  if (sizeA === 0 && sizeB === 0) return 1;
  if (sizeA === 0 || sizeB === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const [word, n] of small) {
    const m = large.get(word);
    if (m) shared += Math.min(n, m);
  }
  return (2 * shared) / (sizeA + sizeB);
}
