/**
 * A price a heading states for the entries listed under it: Ashfall's skill trees write `### Tier 1 — 5 CP each` and
 * `### Capstone — 25 CP, Level 10+` over tables of abilities that carry no cost of their own. The parser and
 * `rulebook init` (shared/layout) read headings with this one test, so that init proposes what the parser reads.
 */

export interface HeadingPrice {
  /** The price as written ("5 CP"), without "each" and what follows it; `start` is its place in the title. */
  readonly costText: string;
  readonly start: number;
  /** The unit as written ("CP", "Might points"). */
  readonly unit: string;
  /** What the title says after the price ("Level 10+"): no part of the cost; null when it says nothing more. */
  readonly condition: { readonly text: string; readonly start: number } | null;
}

const AMOUNT = String.raw`\d{1,5}(?:[.,]\d+)?`;
/**
 * A name ("Tier 1", "Tier 3 (Advanced)"), a dash or a colon, an amount and a unit of up to three words, "each"
 * optionally, then the end of the title or a condition after a comma, semicolon, dash or parenthesis.
 */
const PRICE = new RegExp(
  String.raw`^(.*?\S)[ \t]*(?:[—–:]|[ \t]--?)[ \t]*(${AMOUNT}(?:[ \t]*\/[ \t]*${AMOUNT})*[ \t]+([A-Za-z][A-Za-z'’]*(?:[ \t]+[A-Za-z][A-Za-z'’]*){0,2}?))(?:[ \t]+each)?[ \t]*(?:[,;—–(][ \t]*(.*?)[ \t)]*)?$`,
);

/**
 * The price a heading's title states, or null. `title` is the heading's text as written (no `#` marks); the unit is
 * any word here: the parser keeps only prices in the book's `costUnits`, init counts the units it finds.
 */
export function headingPrice(title: string): HeadingPrice | null {
  const m = PRICE.exec(title);
  if (!m) return null;
  const start = m.index + m[0].indexOf(m[2], m[1].length);
  const rest = m[4] ?? '';
  const restStart = rest ? title.lastIndexOf(rest) : -1;
  return { costText: m[2], start, unit: m[3], condition: rest ? { text: rest, start: restStart } : null };
}
