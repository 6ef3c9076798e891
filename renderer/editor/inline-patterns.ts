/**
 * Patterns of the editor's tokenizer that say what the book prints, kept apart from Monaco so that tests can hold them
 * to what remark reads.
 */

/** A cost in parentheses: "(4 SP)", "(2/3)". */
export const COST = /\(\s*\d+(?:\.\d+)?(?:\s*\/\s*\d+(?:\.\d+)?)*\s*(?:[A-Za-z]{1,6})?\s*\)/;

/** Punctuation and symbols, as CommonMark counts them for the flanking rules (the tokenizer is `unicode`). */
const PUNCTUATION = String.raw`\p{P}\p{S}`;

/**
 * Bold as CommonMark reads it: the closing `**` right-flanking, so `**Description:**Text` (punctuation before the
 * marks, a letter after them) is no bold and prints its asterisks, as the literal-bold lint rule says; neither is
 * `** spaced **`. Monarch matches from the current position onwards, so what stands before the opening marks is
 * not asked.
 */
export const STRONG = new RegExp(String.raw`(\*\*)(?=[^\s*])([^*]*?[^\s*${PUNCTUATION}]|[^*]*?(?!\*)[${PUNCTUATION}](?=\*\*(?:[\s${PUNCTUATION}]|$)))(\*\*)`, 'u');

/** A list item that opens with a bold name, `- **Fireball** (4 SP)`: the name is bold as STRONG finds bold. */
export const BOLD_LIST_ITEM = new RegExp(String.raw`^(\s*[-*+]\s+)${STRONG.source}`, 'u');
