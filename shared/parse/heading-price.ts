/**
 * A price a heading states for the entries listed under it: Ashfall's skill trees write `### Tier 1 — 5 CP each` and
 * `### Capstone — 25 CP, Level 10+` over tables of abilities that carry no cost of their own, and its classes write a
 * bold label over a list (`**Tier 2 Abilities (10 CP each, requires one Tier 1):**`). The parser and `rulebook init`
 * (shared/layout) read headings and labels with these tests, so that init proposes what the parser reads.
 */

export interface HeadingPrice {
  /** What the title names before the price ("Tier 1" of "Tier 1 — 5 CP each", "Tier 2 Abilities" of a label). */
  readonly name: string;
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
  return { name: m[1], costText: m[2], start, unit: m[3], condition: rest ? { text: rest, start: restStart } : null };
}

/**
 * "Tier 2 Abilities (10 CP each, requires one Tier 1)": a name, then in parentheses an amount and a unit, "each", and
 * optionally a condition after a comma or semicolon.
 */
const PRICE_IN_PARENTHESES = new RegExp(
  String.raw`^(.*?\S)[ \t]*\((${AMOUNT}(?:[ \t]*\/[ \t]*${AMOUNT})*[ \t]+([A-Za-z][A-Za-z'’]*(?:[ \t]+[A-Za-z][A-Za-z'’]*){0,2}?))[ \t]+each[ \t]*(?:[,;—–][ \t]*(.*?))?[ \t]*\)$`,
);

/** "**Tier 1 Abilities (5 CP each):**": a paragraph that is one bold label, a colon after it or not (its words start at 2). */
const BOLD_LABEL = /^\*\*([^*\n]{1,120}?)[ \t]*(?::\*\*|\*\*[ \t]*:|\*\*)[ \t]*$/;

/**
 * The price a paragraph that is one bold label states for each entry of the list under it, or null; offsets are in
 * the paragraph's text.
 */
export function boldLabelPrice(paragraph: string): HeadingPrice | null {
  const m = BOLD_LABEL.exec(paragraph);
  const found = m && labelPrice(m[1]);
  return found && { ...found, start: found.start + 2, condition: found.condition && { ...found.condition, start: found.condition.start + 2 } };
}

/**
 * The price a label over a list states for each entry of the list, or null: `label` is the label's words without its
 * bold marks and colon ("Tier 1 Abilities (5 CP each)", "Tier 1 — 5 CP each"). Unlike a heading's, a label's price
 * must say "each": "Suggested powers (8 pts)" over a character's picks is what they add up to, not a price of each.
 */
function labelPrice(label: string): HeadingPrice | null {
  const m = PRICE_IN_PARENTHESES.exec(label);
  if (m) {
    const start = m[1].length + label.slice(m[1].length).indexOf(m[2]);
    const condition = m[4] ? { text: m[4], start: label.lastIndexOf(m[4], label.length - 1) } : null;
    return { name: m[1], costText: m[2], start, unit: m[3], condition };
  }
  const dashed = headingPrice(label);
  return dashed && /[ \t]each\b/.test(label.slice(dashed.start + dashed.costText.length)) ? dashed : null;
}
