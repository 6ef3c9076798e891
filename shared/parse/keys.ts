import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { readWikiLink, shownWords, wikiRuleNumber } from './wiki-links.js';

/** Comparison keys for names: case, curly quotes, spacing and surrounding punctuation do not count. */

const CURLY = /[\u2018\u2019\u201A\u201B\u2032]/g;
const CURLY_DOUBLE = /[\u201C\u201D\u201E\u201F\u2033]/g;
// A trailing "#" or "*" marks a skill in some books ("Ambidextrous#": has a prerequisite; "Body*": bought again).
const EDGE_PUNCTUATION = /^[\s*_"'`.,:;!?()[\]{}<>~-]+|[\s*_"'`.,:;!?()[\]{}<>~#\\-]+$/g;
/**
 * Characters that show nothing where they stand: a soft hyphen (U+00AD, left inside "Im\u00ADproved" by a
 * hyphenating typesetter, as the d20 Modern SRD's text is), zero-width spaces and joiners, the word joiner and the
 * invisible operators, a byte-order mark inside the text. A name reads the same with them or without.
 */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060-\u2064\uFEFF]/g;

/** The key two names are compared by: "“Magic Healing.”" and "magic healing" share one. */
export function nameKey(name: string): string {
  return name
    .replace(INVISIBLE, '')
    .replace(CURLY, "'")
    .replace(CURLY_DOUBLE, '"')
    .replace(EDGE_PUNCTUATION, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** A section title as a layout lists it (`skills.sections`, `skills.headings`), by name key; `prefix` for one ending in `*`. */
export interface TitleKey {
  readonly key: string;
  readonly prefix: boolean;
}

export function titleKeys(titles: readonly string[], keyOf: (title: string) => string = nameKey): TitleKey[] {
  return titles.map((title) => ({ key: keyOf(title), prefix: /\*\s*$/.test(title) }));
}

/** Whether the title of name key `key` is one the list names: the same key, or one an entry ending in `*` begins ("Abilities*"). */
export function titleListed(listed: readonly TitleKey[], key: string): boolean {
  return listed.some((entry) => (entry.prefix ? key.startsWith(entry.key) : key === entry.key));
}

/** The name with surrounding punctuation, quotes and emphasis markers removed, but its case kept. */
export function trimName(text: string): { text: string; lead: number } {
  const lead = /^[\s*_"'`\u2018\u2019\u201C\u201D.,:;!?(\[{<~-]*/.exec(text)![0].length;
  let rest = text.slice(lead);
  rest = rest.replace(/[\s*_"'`\u2018\u2019\u201C\u201D.,:;!?)\]}>~-]+$/, '');
  // Keep a closing parenthesis that belongs to an opening one inside the name: "Access to Simple (and then Advanced) Alchemy".
  return { text: rest, lead };
}

const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const PROTECTED = /[\uE000-\uE07F]/g;
const ENTITY = /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/gi;

/** A character reference as CommonMark reads it: any HTML5 name ("&ast;", "&rsquo;"), or a code point; an unknown name stays as written. */
function decodeEntity(written: string, decimal?: string, hex?: string, name?: string): string {
  if (name) return decodeNamedCharacterReference(name) || written;
  const code = decimal ? Number(decimal) : Number.parseInt(hex!, 16);
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\uFFFD';
}

/**
 * Inline HTML as CommonMark reads it (an open tag with its attributes, or a closing tag): "Requires Shield<br/>" carries
 * a line break, not text. Text that only looks like a tag stays ("say <ability verbal/incant>": no valid attribute).
 */
const BREAK_TAG = /<br\s{0,20}\/?>/gi;
const HTML_TAG = /<[A-Za-z][A-Za-z0-9-]{0,30}(?:\s{1,20}[A-Za-z_:][\w.:-]{0,60}(?:\s{0,20}=\s{0,20}(?:[^\s"'=<>`]{1,500}|'[^'\n]{0,500}'|"[^"\n]{0,500}"))?){0,30}\s{0,20}\/?>|<\/[A-Za-z][A-Za-z0-9-]{0,30}\s{0,20}>/g;

/** Sets an ASCII punctuation character aside as a private-use one, out of reach of the replacements after it. */
const protect = (c: string) => String.fromCharCode(0xe000 + c.charCodeAt(0));

/** A character every replacement of plainText below needs to find (the private-use ones included): none, nothing to remove. */
const MAY_HOLD_MARKUP = /[\\[*_`<&\uE000-\uE07F]/;

/** A wiki link's shown words (`[[Classes/Chaos-Mage|Chaos Mage]]` → Chaos Mage); a table's escaped bar is set aside as `\|` was. */
function wikiLinkWords(_: string, inner: string): string {
  if (inner === '' || wikiRuleNumber(inner) !== null) return inner;
  return shownWords(readWikiLink(inner.replaceAll(protect('|'), '|'))).text;
}

/** Removes the inline Markdown a name or description may carry: emphasis, code ticks, wiki brackets, escapes, entities. */
export function plainText(markdown: string): string {
  // Most rule text carries no inline Markdown at all: one scan instead of ten.
  if (!MAY_HOLD_MARKUP.test(markdown)) return markdown.replace(/\s+/g, ' ').trim();
  // Escaped punctuation is set aside first (as private-use characters) so that "\*star\*" is never read as emphasis.
  // Every quantifier is bounded: this runs on untrusted text, and an unbounded `[^\]]*` is quadratic on "[[[[…".
  return markdown
    .replace(ESCAPED, (_, c: string) => protect(c))
    .replace(/\[\[([^\]\n]{0,200})\]\]/g, wikiLinkWords)
    .replace(/!?\[([^\]\n]{0,200})\]\([^)\n]{0,500}\)/g, '$1')
    .replace(/(\*\*|__)([^\n]{1,500}?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_\n]{1,500})[*_](?![\w*])/g, '$1$2')
    // A code span's text is literal: "`<br>`" and "`&amp;`" stay as written.
    .replace(/`([^`\n]{0,500})`/g, (_, code: string) => code.replace(/[<&]/g, protect))
    .replace(/<!--[\s\S]{0,2000}?-->/g, '')
    .replace(BREAK_TAG, ' ')
    .replace(HTML_TAG, '')
    .replace(ENTITY, decodeEntity)
    .replace(PROTECTED, (c) => String.fromCharCode(c.charCodeAt(0) - 0xe000))
    .replace(/\s+/g, ' ')
    .trim();
}
