/** Finds cross references in running text: "see 3.3", "rule 702.19b", "rules 201.2a–b", "chapter 6", "[[3.3]]", "[[Skill]]". */
import { nameKey } from './keys.js';
import { numberKey, OUTLINE_NUMBER } from './numbers.js';
import { readWikiLink, WIKI_LINK, wikiLinkKind, wikiRuleNumber } from './wiki-links.js';

export interface ReferenceSpan {
  readonly kind: 'rule' | 'skill';
  readonly keyword: string;
  readonly text: string;
  readonly targetText: string;
  readonly target: string;
  readonly targetEnd: string | null;
  readonly start: number;
  readonly end: number;
  readonly targetStart: number;
  readonly targetEnd_: number;
  /** For a chapter or section reference: what follows its number and may be its title (see `Reference.after`). */
  readonly after?: string;
}

// "20.B", "3.J.2", "B1.A.1" (an outline's numbers, read in any case here: the flags are `i`), then "100.1a", "3".
const NUMBER = String.raw`(?:${OUTLINE_NUMBER}|\d+(?:\.\d+)*[a-z]?)`;
// What may not follow a number: a word character, or a dot and one ("rule 20.Bx" is no reference to 20, nor to anything).
const NUMBER_END = String.raw`(?![\w]|\.\w)`;
const KEYWORD = String.raw`rules?|sections?|chapters?|appendix|appendices`;
// "201.2a–b", "103.1-103.4", "1.1 through 1.3", "100.1 to 100.3"; after a word only a number ends a range ("rule 3.2 to a player").
const RANGE = String.raw`(?:\s*[–—-]\s*|\s+(?:through|to)\s+(?=\d))`;
// "see rule 702.19b", "rules 201.2a–b", "section 8", "see 3.3". The range end is a full number or just letters.
const TEXT_REFERENCE = new RegExp(
  String.raw`\b(?:(see)(?:\s+also)?\s+(?:(${KEYWORD})\s+)?|(${KEYWORD})\s+)(${NUMBER})(?:${RANGE}(${NUMBER}|[a-z]))?${NUMBER_END}`,
  'gi',
);
const DOTTED_OR_LETTERED = /^\d+(?:\.\d+)+[a-z]?$|^\d+[a-z]$|^[a-z]?\d+(?:\.\d+)*\.[a-z](?:\.(?:\d+|[a-z]))*$/i;

/** The full last number of a range: "201.2a" with end "b" → "201.2b"; with end "201.4" → "201.4". */
function rangeEnd(first: string, end: string): string {
  if (/^[a-z]$/i.test(end) && /[a-z]$/i.test(first)) return first.slice(0, -1) + end.toLowerCase();
  if (/^[a-z]$/i.test(end)) return first + end.toLowerCase();
  // "rules 119.9-10": a bare integer after a dotted number replaces its last part (119.10).
  if (/^\d+$/.test(end) && /^\d+(?:\.\d+)+$/.test(first)) return first.replace(/\d+$/, end);
  return numberKey(end);
}

// ", 608.2b", ", and 800.4h", " or 702.19c–d": the further numbers of a list after "rules".
const LIST_ITEM = new RegExp(String.raw`^(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+)(${NUMBER})(?:${RANGE}(${NUMBER}|[a-z]))?${NUMBER_END}`, 'i');

/** The numbers that continue a list after a plural keyword ("rules 113.7a, 608.2b, and 800.4h"). */
function listContinuation(text: string, from: number, keyword: string): ReferenceSpan[] {
  const found: ReferenceSpan[] = [];
  let at = from;
  for (let m = LIST_ITEM.exec(text.slice(at, at + 200)); m; m = LIST_ITEM.exec(text.slice(at, at + 200))) {
    const [whole, number, end] = m;
    // Only dotted or lettered numbers continue a list: "rules 2 and 3 players" is too ambiguous.
    if (!DOTTED_OR_LETTERED.test(number)) break;
    const start = at + whole.indexOf(number);
    const target = numberKey(number);
    found.push({
      kind: 'rule',
      keyword,
      text: text.slice(start, at + whole.length),
      targetText: end ? text.slice(start, at + whole.length) : number,
      target,
      targetEnd: end ? rangeEnd(target, end) : null,
      start,
      end: at + whole.length,
      targetStart: start,
      targetEnd_: end ? at + whole.length : start + number.length,
    });
    at += whole.length;
  }
  return found;
}

/**
 * References in `text`, offsets relative to it. `inPrerequisite` says [[Skill]] links are prerequisites there,
 * so they are not returned as skill references.
 */
/** " of CC-BY-4.0", " of the OGL": what follows a number that places it in a document named there, not in this book. */
const OF_ANOTHER_DOCUMENT = /^[ \t]+of[ \t]+(?:the[ \t]+)?(?!(?:this|these|chapters?|sections?|parts?|appendix|rules?)\b)[\p{Lu}\d]/u;

export function findReferences(text: string, skillLinks: boolean, bare = false): ReferenceSpan[] {
  const found: ReferenceSpan[] = [];
  if (text.includes('[[')) {
    WIKI_LINK.lastIndex = 0;
    for (let m = WIKI_LINK.exec(text); m; m = WIKI_LINK.exec(text)) {
      const inner = m[1];
      const link = readWikiLink(inner);
      const kind = wikiLinkKind(inner, link);
      if (kind === 'rule') {
        const number = wikiRuleNumber(inner)!;
        const targetStart = m.index + 2 + inner.indexOf(number);
        found.push({ kind: 'rule', keyword: 'link', text: m[0], targetText: number, target: numberKey(number), targetEnd: null, start: m.index, end: m.index + m[0].length, targetStart, targetEnd_: targetStart + number.length });
      } else if (kind === 'name' && skillLinks) {
        // `[[Shield Bash|the bash]]`: the name is the target; the words after the bar are only shown.
        const targetStart = m.index + 2 + link.targetAt;
        found.push({ kind: 'skill', keyword: 'link', text: m[0], targetText: link.target, target: nameKey(link.target), targetEnd: null, start: m.index, end: m.index + m[0].length, targetStart, targetEnd_: targetStart + link.target.length });
      }
    }
  }
  if (!/\d/.test(text)) return found;
  TEXT_REFERENCE.lastIndex = 0;
  for (let m = TEXT_REFERENCE.exec(text); m; m = TEXT_REFERENCE.exec(text)) {
    const [whole, see, seeKeyword, keyword, number, end] = m;
    // "see 3 players" is no reference: after a bare "see" only a dotted or lettered number counts.
    if (see && !seeKeyword && !DOTTED_OR_LETTERED.test(number)) continue;
    // "Section 5 of CC-BY-4.0", "section 15 of the OGL": a place in another document, named after the number.
    if (OF_ANOTHER_DOCUMENT.test(text.slice(m.index + whole.length, m.index + whole.length + 40))) continue;
    const target = numberKey(number);
    const targetStart = m.index + whole.indexOf(number, (see ?? keyword ?? '').length);
    const plural = /s$/i.test(seeKeyword ?? keyword ?? '') || /^appendices$/i.test(seeKeyword ?? keyword ?? '');
    if (plural) found.push(...listContinuation(text, m.index + whole.length, (seeKeyword ?? keyword)!.toLowerCase()));
    const word = (seeKeyword ?? keyword)?.toLowerCase();
    // Only a single chapter or section can be followed by its title: the check stays off the other references.
    const after = !end && (word === 'chapter' || word === 'section') ? titleAfter(text, m.index + whole.length) : undefined;
    found.push({
      kind: 'rule',
      keyword: (seeKeyword ?? keyword ?? see).toLowerCase(),
      text: whole,
      targetText: end ? whole.slice(targetStart - m.index) : number,
      target,
      targetEnd: end ? rangeEnd(target, end) : null,
      start: m.index,
      end: m.index + whole.length,
      targetStart,
      targetEnd_: end ? m.index + whole.length : targetStart + number.length,
      ...(after !== undefined ? { after } : {}),
    });
  }
  if (bare) found.push(...bareReferences(text, found));
  return found.sort((a, b) => a.start - b.start);
}

// What may start a title after a chapter's number: `: Combat`, ` - Combat`, `, "Combat"`, or a capital after a space
// (`Chapter 4 Wealth & Equipment`; a lower-case word after a space goes on with the sentence: `chapter 4 explains`).
const TITLE_START = /^(?:\*{0,2}[ \t]*:[ \t]*|[ \t]+[-–—][ \t]+|,[ \t]*(?=["“‘'])|[ \t]+(?=[*_"“‘'(]*[A-Z]))/;
// Where a title ends at the latest: the end of the sentence or line, a closing bracket, quote or emphasis, or a `;`.
const TITLE_STOP = /[.!?](?=\s|$|["”’'*_)])|[;)\]\n”"*_]/;
/** How much of what follows is kept: more than any chapter title, never the rest of a long paragraph. */
const TITLE_MAX = 100;

/**
 * The text after a chapter or section number that may be its title ("Running the Game" after "Chapter 8: "), as
 * written, from the separator on and cut where a title must end; undefined when no title can start there. Whether it
 * names a heading is for the linker, which knows the book's titles.
 */
function titleAfter(text: string, from: number): string | undefined {
  const rest = text.slice(from, from + TITLE_MAX);
  const start = TITLE_START.exec(rest);
  if (!start) return undefined;
  // Opening emphasis, quotes and a bracket belong to the title's writing, not its end.
  const lead = /^[*_"“‘'(]*/.exec(rest.slice(start[0].length))![0].length;
  const body = rest.slice(start[0].length + lead);
  const stop = TITLE_STOP.exec(body);
  const title = stop ? body.slice(0, stop.index) : body;
  return title.trim() ? rest.slice(0, start[0].length + lead) + title : undefined;
}

// A dotted number standing alone in prose ("5.2", "(17.A)", "17.H.2 applies": an outline's letters in capitals); not a
// part of a longer token (a version "v1.2", a date, a path, a decimal "1.5"), nor cut short ("15.5.a.5" is not 15.5).
const BARE_NUMBER = new RegExp(
  String.raw`(?<![\w.\/:#-])(${OUTLINE_NUMBER}|\d{1,4}(?:\.\d{1,4})+[a-z]?)(?![\w/-]|\.\w|\s*(?:%|cm|mm|m|km|kg|g|lbs?|ft|in|inch|inches|feet|meters?|metres?|seconds?|minutes?|hours?|s)\b)`,
  'g',
);

/**
 * "…before the match starts.\n1.B.2. Captains may…", "…must:\n2.D.1. know the rules;": a number that opens a line
 * inside a paragraph, closed by a dot or followed by a capital, is that line's own number (a rule written on the line
 * under another, with no blank line between), not a reference to itself.
 */
function opensLine(text: string, start: number, end: number): boolean {
  let i = start;
  while (i > 0 && (text[i - 1] === ' ' || text[i - 1] === '\t')) i--;
  return i > 0 && text[i - 1] === '\n' && /^(?:\.[ \t]+\S|[ \t]+[A-Z])/.test(text.slice(end, end + 4));
}

/**
 * "the *BRP* Open Game License, Version 1.0", "License v 1.0", "edition 2.1", and the attribution every open-licence
 * book carries, "the System Reference Document 5.1 ("SRD 5.1")": a version, not a rule.
 */
const VERSION_BEFORE = /\b(?:versions?|ver\.|v\.?|editions?|releases?|revisions?|rev\.|srd|document)[ \t]*$/i;

/** A unit of measure after a number: "450 inch-pounds (518.5 kgf-cm)" measures, it names no rule. */
export const MEASURE_AFTER = /^[ \t]?(?:kgf?|g|grams?|lbs?|oz|ounces?|pounds?|inch(?:es)?|in\.|cm|mm|m|km|metres?|meters?|feet|ft|foot|yards?|miles?|%|seconds?|secs?|minutes?|mins?|hours?|hrs?)(?![\p{L}])/iu;

/** "the remedies listed in 5.2.": dotted numbers with no keyword, for books whose layout says they are references. */
function bareReferences(text: string, taken: readonly ReferenceSpan[]): ReferenceSpan[] {
  const found: ReferenceSpan[] = [];
  BARE_NUMBER.lastIndex = 0;
  for (let m = BARE_NUMBER.exec(text); m; m = BARE_NUMBER.exec(text)) {
    const start = m.index;
    const end = start + m[1].length;
    if (taken.some((t) => t.start <= start && end <= t.end)) continue;
    if (opensLine(text, start, end) || VERSION_BEFORE.test(text.slice(Math.max(0, start - 16), start)) || MEASURE_AFTER.test(text.slice(end, end + 12))) continue;
    const target = numberKey(m[1]);
    found.push({ kind: 'rule', keyword: 'bare', text: m[1], targetText: m[1], target, targetEnd: null, start, end, targetStart: start, targetEnd_: end });
  }
  return found;
}
