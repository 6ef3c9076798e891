/**
 * Prerequisite text into requirements: "Merchant, Identify Magic and Estimate Value or GM permission",
 * "Agility 3, Might 3, or Any Extraordinary 3", "Wits 11, either Specimen Collection or Research",
 * "Must have [Florentine](#florentine)", "Str 13, {% feat_link power-attack %}".
 */
import type { ConditionLayout } from '../model/layout.js';
import { ENGLISH_READING, type ReadingWords } from '../model/reading-words.js';
import { nameKey, trimName } from './keys.js';
import { escapeRegExp } from './regexp.js';

/** One alternative, offsets relative to the parsed text. */
export interface TermSpan {
  readonly text: string;
  readonly key: string;
  readonly kind: 'skill' | 'condition';
  readonly start: number;
  readonly end: number;
}

export interface RequirementSpan {
  readonly alternatives: readonly TermSpan[];
  readonly start: number;
  readonly end: number;
}

/** A word of a language's that stands alone, not inside another word (`\b` knows only ASCII letters). */
const wordOf = (words: readonly string[]) => String.raw`(?<![\p{L}\p{N}])(?:${words.map(escapeRegExp).join('|')})(?![\p{L}\p{N}])`;

/**
 * The words a requirement is written with, English's and the book's language's (reading-words.ts): what requires
 * nothing ("None", "нет"), what joins requirements ("and", "и") and alternatives ("or", "или"), what widens an
 * alternative ("or higher", "или выше"), and what makes one a level ("Колдун 2-го уровня").
 */
interface Grammar {
  /** No requirement: "None", "--", "Untrained" (anyone may learn it). */
  readonly none: RegExp;
  readonly and: RegExp;
  readonly or: RegExp;
  /** An alternative that is the word "or" and what follows it: "or Any Extraordinary 3" closes a list of them. */
  readonly orFirst: RegExp;
  /** "or higher", "or larger": a word that widens the alternative before it, no requirement of its own. */
  readonly widening: RegExp;
  /** An alternative that widens the one before it: "larger", "more hands". */
  readonly wideningStart: RegExp;
  /** A level in the book's language, null in English (LEVEL has its words). */
  readonly level: RegExp | null;
}

const WIDENING_WORDS = ['higher', 'lower', 'larger', 'smaller', 'greater', 'better', 'more', 'above', 'below'];

function compileGrammar(reading: ReadingWords): Grammar {
  const none = ['none', 'n/a', 'no', 'nothing', 'untrained', ...reading.none];
  const and = wordOf(['and', ...reading.and]);
  const or = ['or', ...reading.or];
  const widening = wordOf([...WIDENING_WORDS, ...reading.widening]);
  const level = reading.level.length > 0 ? wordOf(reading.level) : '';
  return {
    none: new RegExp(String.raw`^\s*(?:-+|—|–|${wordOf(none)})\.?\s*$`, 'iu'),
    // A line break inside a table cell ("Shield<br>Melee Weapon") parts requirements as a comma does.
    and: new RegExp(String.raw`\s*(?:[,;&]|${and}|<br\s{0,20}\/?>)\s*(?:${and}\s*)?`, 'iuy'),
    or: new RegExp(String.raw`\s+${wordOf(or)}\s+|\s*,?\s*${wordOf(or)}\s*`, 'iuy'),
    orFirst: new RegExp(String.raw`^${wordOf(or)}\s`, 'iu'),
    widening: new RegExp(String.raw`^${widening}\.?$`, 'iu'),
    wideningStart: new RegExp(String.raw`^\s*${widening}[^.,;()]*?(?=\s*\.?\s*$)`, 'iu'),
    // "Уровень 4+", "Колдун 2-го уровня", "5e niveau", "5. Stufe": the word before or after a number.
    level: level === '' ? null : new RegExp(String.raw`${level}\s+\d+|\d+(?:-?\p{L}{1,3}|\.|º)?\s+${level}`, 'iu'),
  };
}

const grammars = new Map<string | null, Grammar>();
const grammarOf = (reading: ReadingWords): Grammar => grammars.get(reading.language) ?? grammars.set(reading.language, compileGrammar(reading)).get(reading.language)!;

const QUANTITY = /^(?:\d+(?:[.,]\d+)?\s+\S|(?:level|rank|tier|age)\s+\d+$|any\s)/i;
/**
 * Levels and bonuses d20 books require: "base attack bonus +6", "caster level 5th", "3rd-level", "character level 3",
 * and the SRD 5.2's "Level 4+" and "Level 5+ Warlock" (a level, or a level in a class).
 */
const LEVEL = /^(?:(?:base attack bonus|caster level|character level|manifester level|class level|effective character level)\b|\d+(?:st|nd|rd|th)[- ]level\b)|\b\d+\s+ranks?\b|\blevel\s+\d+(?:st|nd|rd|th)?$|^level\s+\d+\+(?:\s+\p{L}[\p{L}' -]*)?$|\bbonus\s+\+\d+|\bclass feature$/iu;
/** A level, in English's words (LEVEL) or the book's language's. */
const isLevel = (key: string, grammar: Grammar): boolean => LEVEL.test(key) || (grammar.level?.test(key) ?? false);
/** A score to reach, "N or more": "Dexterity 13+" (the SRD 5.2's feats). */
const SCORE_AT_LEAST = /^\p{L}[\p{L} '-]{0,30}\s\d{1,3}\+$/u;
/** A score after a name, as a condition is written ("dexterity 13+", "wisdom 13 or higher", "agility 3"). */
const NAMED_SCORE = /^\p{L}[\p{L} '-]{0,30}\s\d{1,3}(?:\+|\s|$)/u;
/** "Must have X", "either X or Y", "one of X, Y or Z", "the skill X", "Trained in X": words around a name that are not the name. */
const LEAD_WORDS = /^(?:must\s+(?:have|know|possess)\s+|either\s+|one\s+of\s+(?:the\s+following:?\s+)?|the\s+skill\s+|trained\s+in\s+)+/i;
/** "Max Intelligence 11+", "Minimum Strength 13": a bound before an attribute's score. */
const BOUND_WORD = /^(?:max|maximum|min|minimum)\s+/;
const NO_CONDITIONS: ConditionLayout = { attributes: [], phrases: [] };

/** Splits text at separators that stand outside parentheses and quotes. */
function splitTopLevel(text: string, start: number, end: number, separator: RegExp): Array<[number, number]> {
  const parts: Array<[number, number]> = [];
  let depth = 0;
  let partStart = start;
  let i = start;
  while (i < end) {
    const ch = text[i];
    if (ch === '(' || ch === '[') depth++;
    else if ((ch === ')' || ch === ']') && depth > 0) depth--;
    else if (depth === 0) {
      separator.lastIndex = i;
      const m = separator.exec(text);
      if (m && m.index === i && m[0].length > 0 && i + m[0].length <= end) {
        parts.push([partStart, i]);
        i += m[0].length;
        partStart = i;
        continue;
      }
    }
    i++;
  }
  parts.push([partStart, end]);
  return parts;
}

/**
 * Parses the text of a prerequisite line, in English and the book's language (`reading`). `conditions` are normalised
 * keys of declared condition phrases. Returns no requirement for "--", "none", "n/a" or empty text.
 */
export function parsePrerequisites(
  written: string,
  conditions: ReadonlySet<string>,
  layout: ConditionLayout = NO_CONDITIONS,
  reading: ReadingWords = ENGLISH_READING,
): RequirementSpan[] {
  const words = grammarOf(reading);
  if (words.none.test(written) || !written.trim()) return [];
  // Link markup is blanked, not removed, so that every name keeps its place in the text as written.
  const text = blankLinks(written);
  const requirements: RequirementSpan[] = [];
  const groups = splitTopLevel(text, 0, text.length, words.and);
  for (let g = 0; g < groups.length; g++) {
    const [aStart, aEnd] = groups[g];
    const alternatives: TermSpan[] = [];
    // "A, B, or C": a comma list that ends in "or" lists alternatives, not requirements. So does "one of A, B, C".
    const last = listOfAlternatives(text, groups, g, words);
    const parts = last > g ? groups.slice(g, last + 1) : [[aStart, aEnd] as [number, number]];
    for (const [pStart, pEnd] of parts) {
      // "Ability to turn or rebuke creatures": a describing phrase is one condition, whatever "or" it holds.
      const describing = opensWithPhrase(text.slice(pStart, pEnd), layout);
      const fromPart = alternatives.length;
      for (const [oStart, oEnd] of describing ? [[pStart, pEnd] as [number, number]] : splitTopLevel(text, pStart, pEnd, words.or)) {
        // "size Large or larger", "three or more hands": what is widened is a measure, so a condition, never a skill;
        // its words run to the widening's end, as written ("Колдун 2-го уровня или выше" prints whole).
        const widened = alternatives.length > fromPart && words.wideningStart.exec(text.slice(oStart, oEnd));
        if (widened) {
          const measure = alternatives[alternatives.length - 1];
          const end = oStart + widened[0].trimEnd().replace(/\.$/, '').length;
          const written = text.slice(measure.start, end);
          alternatives[alternatives.length - 1] = { ...measure, text: written, key: nameKey(written), kind: 'condition', end };
          continue;
        }
        const term = readTerm(text, oStart, oEnd, conditions, layout, reading);
        if (term) alternatives.push(term);
      }
      // "Strength or Dexterity 13+", "Intelligence or Wisdom 13 or higher": a score written once, after the last
      // alternative, is each one-word alternative's.
      const scored = alternatives[alternatives.length - 1];
      // A level is no score: "Dodge or Level 5", "Schildkampf oder Stufe 5" keep their skill.
      if (scored && alternatives.length - fromPart > 1 && scored.kind === 'condition' && NAMED_SCORE.test(scored.key) && !isLevel(scored.key, words)) {
        for (let a = fromPart; a < alternatives.length - 1; a++) if (!/\s/.test(alternatives[a].key)) alternatives[a] = { ...alternatives[a], kind: 'condition' };
      }
    }
    g = Math.max(g, last);
    if (alternatives.length > 0) {
      requirements.push({ alternatives, start: alternatives[0].start, end: alternatives[alternatives.length - 1].end });
    }
  }
  return requirements;
}

/** `[Florentine](#florentine)` → ` Florentine             `: the link text stays where it was written. */
function blankLinks(text: string): string {
  if (text.includes('{%')) {
    // A Liquid link tag names an entry by its file's slug: "{% feat_link combat-expertise %}" → "Combat Expertise"
    // in the tag's place, padded to its length.
    text = text.replace(/\{%-?[ \t]*[a-z]+_link[ \t]+([a-z0-9_-]{1,100})[ \t]*-?%\}/gi, (whole, slug: string) => {
      const words = slug.split(/[-_]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
      return ` ${words}`.padEnd(whole.length, ' ');
    });
  }
  if (!text.includes('](')) return text;
  return text.replace(/\[([^\]\n]{1,200})\]\((?:[^()\n]|\([^()\n]*\)){0,500}\)/g, (whole, label: string) => ` ${label}${' '.repeat(whole.length - label.length - 1)}`);
}

/**
 * The index of the last comma-separated group that belongs to one list of alternatives starting at group `g`:
 * "Agility 3, Might 3, or Any Extraordinary 3" (the last group starts with "or"), or "one of A, B, C" (to the end).
 */
function listOfAlternatives(text: string, groups: ReadonlyArray<[number, number]>, g: number, words: Grammar): number {
  if (/^\s*one\s+of\b/i.test(text.slice(groups[g][0], groups[g][1]))) return groups.length - 1;
  let last = g;
  while (last + 1 < groups.length && /^,\s*$/.test(text.slice(groups[last][1], groups[last + 1][0]).replace(/\s+/g, ' ').trim() + ' ')) last++;
  // Only when the run ends with ", or X" and "or" is written at its last comma.
  if (last === g) return g;
  const lastGroup = text.slice(groups[last][0], groups[last][1]);
  if (!words.orFirst.test(lastGroup.trimStart())) return g;
  for (let i = g + 1; i < last; i++) if (!/^\s*,\s*$/.test(text.slice(groups[i - 1][1], groups[i][0]))) return g;
  return last;
}

function opensWithPhrase(part: string, layout: ConditionLayout): boolean {
  const key = nameKey(part);
  return layout.phrases.some((p) => p.includes(' ') && key.startsWith(`${p.toLowerCase()} `));
}

function readTerm(text: string, start: number, end: number, conditions: ReadonlySet<string>, layout: ConditionLayout, reading: ReadingWords): TermSpan | null {
  const raw = text.slice(start, end);
  const grammar = grammarOf(reading);
  if (grammar.none.test(raw) || grammar.widening.test(raw.trim())) return null;
  let { text: name, lead } = trimName(raw);
  // "Weapon Focus (Greataxe)": a closing parenthesis that closes one inside the name belongs to it.
  if (name.split('(').length > name.split(')').length && raw.slice(lead + name.length).trimStart().startsWith(')')) {
    name = raw.slice(lead, raw.indexOf(')', lead + name.length) + 1);
  }
  const words = LEAD_WORDS.exec(name);
  if (words && words[0].length < name.length) {
    lead += words[0].length;
    name = name.slice(words[0].length);
  }
  if (!name) return null;
  const termStart = start + lead;
  const key = nameKey(name);
  // The name as read: a link's markup blanked inside it leaves runs of spaces that are no part of it.
  return { text: name.replace(/\s{2,}/g, ' '), key, kind: isCondition(key, conditions, layout, reading) ? 'condition' : 'skill', start: termStart, end: termStart + name.length };
}

/**
 * A declared condition phrase (exactly, or followed by more words), a quantity such as "2 Production Points",
 * a level, a score to reach ("Dexterity 13+"), an attribute with a score ("Agility 3"), or a requirement that opens
 * with a describing phrase ("Ability to…").
 */
export function isCondition(key: string, conditions: ReadonlySet<string>, layout: ConditionLayout = NO_CONDITIONS, reading: ReadingWords = ENGLISH_READING): boolean {
  if (conditions.has(key)) return true;
  for (const condition of conditions) if (key.startsWith(`${condition} `)) return true;
  if (QUANTITY.test(key) || isLevel(key, grammarOf(reading)) || SCORE_AT_LEAST.test(key)) return true;
  const scored = key.replace(BOUND_WORD, '');
  for (const attribute of layout.attributes) {
    const a = attribute.toLowerCase();
    // "Agility, Might, or Any Extraordinary 2": the score may be written once, after the last alternative.
    if (key === a || (scored.startsWith(`${a} `) && /^[+]?\d{1,3}\+?$/.test(scored.slice(a.length + 1)))) return true;
  }
  for (const phrase of layout.phrases) if (key.startsWith(`${phrase.toLowerCase()} `)) return true;
  return false;
}
