/** Costs as marshals write them: "2 SP", "1.5 XP", "4/5 SP", "3", "4+2", "None", "X", "10 (Craftsman) or 8 (Kinfolk Lineage)". */
import type { ClassCost, Cost, CostDetail } from '../model/types.js';
import { plainText } from './keys.js';

export const DEFAULT_COST_UNITS: readonly string[] = [
  'SP', 'XP', 'CP', 'BP', 'PP', 'EP', 'AP', 'MP', 'CC', 'points', 'pts', 'pt', 'gold', 'gp',
];

export interface ParsedCost {
  readonly cost: Cost;
  readonly unit: string | null;
  /** Ranked, per-class or variable; absent for a plain cost. */
  readonly detail?: CostDetail;
}

/** Words a book uses for a cost of nothing and for a cost it explains in words (the layout's `costs`). */
export interface CostWords {
  readonly zero: readonly string[];
  readonly variable: readonly string[];
}

const NO_WORDS: CostWords = { zero: [], variable: [] };

const AMOUNT = String.raw`\d+(?:[.,]\d+)?`;
// A unit in any alphabet ("2 ОП", "3 PX"): `\b` knows only ASCII letters, so a unit's end is no letter after it.
const COST_PATTERN = new RegExp(String.raw`^\s*(${AMOUNT}(?:\s*/\s*${AMOUNT})*)?\s*(?:(\p{L}+)(?![\p{L}\p{N}_])|\b)\s*(.*?)\s*$`, 'u');
const NOTHING = /^\s*(?:-+|—|–|\?|n\/a|none|tbd)?\s*$/i;

function toNumber(text: string): number {
  return Number(text.replace(',', '.'));
}

/**
 * Reads a cost. `strictUnit` (inside a list item's parentheses) needs a known unit or a bare number,
 * so "(Passive)" or "(see below)" is no cost. Returns null when the text is not a cost at all.
 */
export function parseCost(written: string, units: readonly string[], strictUnit: boolean, words: CostWords = NO_WORDS): ParsedCost | null {
  // "10 ([Craftsman](…)) or 8 ([Kinfolk Lineage](…))": links and emphasis in a cost say nothing of its amount.
  const text = /[[*_`]/.test(written) ? plainText(written) : written;
  const word = wordCost(text, units, words);
  if (word) return word;
  const special = rankedCost(text, units) ?? perClassCost(text);
  if (special) return special;
  const multi = multiWordUnit(text, units);
  if (multi) return multi;
  return plainCost(text, units, strictUnit);
}

/**
 * "None", "Free" (nothing), "X", "varies" (the book explains it), with or without a unit: "X SP"; a variable cost
 * may carry its explanation in parentheses: "Variable (5 damage per 1 Energy)".
 */
function wordCost(text: string, units: readonly string[], words: CostWords): ParsedCost | null {
  const trimmed = text.trim().replace(/\.$/, '');
  const explained = /^(\S+)\s*\([^()]*(?:\([^()]*\)[^()]*)*\)$/.exec(trimmed);
  if (explained && words.variable.some((v) => v.toLowerCase() === explained[1].toLowerCase())) return { cost: null, unit: null, detail: { kind: 'variable' } };
  const lower = trimmed.toLowerCase();
  for (const zero of words.zero) if (lower === zero.toLowerCase()) return { cost: 0, unit: null };
  for (const variable of words.variable) {
    const v = variable.toLowerCase();
    if (lower === v) return { cost: null, unit: null, detail: { kind: 'variable' } };
    if (lower.startsWith(`${v} `)) {
      const unit = unitNamed(lower.slice(v.length + 1), units);
      if (unit) return { cost: null, unit, detail: { kind: 'variable' } };
    }
  }
  return unitInWords(lower, units);
}

/** "Points" as a unit, in any of its forms: the generic unit, which names no pool of the book's own. */
export const POINTS_ALONE = /^(?:points?|pts?)$/i;

/**
 * A price in words that ends with one of the book's units: "Your remaining command points" (13th Age's Commander
 * spends what it has left), "as many XP as …" not: the unit must end it. It varies, in that unit. Points alone are no
 * such unit: "(Hit Points)" after a heading translates its name (the Russian Daggerheart's `### Хиты (Hit Points)`).
 */
function unitInWords(lower: string, units: readonly string[]): ParsedCost | null {
  if (/\d/.test(lower)) return null;
  const words = lower.split(/\s+/);
  if (words.length < 2 || words.length > 6) return null;
  for (let k = Math.min(3, words.length - 1); k >= 1; k--) {
    const unit = unitNamed(words.slice(-k).join(' '), units);
    if (unit && !POINTS_ALONE.test(unit)) return { cost: null, unit, detail: { kind: 'variable' } };
  }
  return null;
}

/** "4+2", "4 + 2 CP": the first purchase, then each further one. "4+ Intellect points" (four or more) is not ranked. */
function rankedCost(text: string, units: readonly string[]): ParsedCost | null {
  const m = /^\s*(\d{1,4})\s*\+\s*(\d{1,4})\s*(\p{L}[\p{L} ]{0,30}?)?\s*$/u.exec(text);
  if (!m) return null;
  const unit = m[3] ? unitNamed(m[3], units) : null;
  if (m[3] && !unit) return null;
  const first = Number(m[1]);
  return { cost: first, unit: unit ?? null, detail: { kind: 'ranked', first, further: Number(m[2]) } };
}

/** "10 (Craftsman) or 8 (Kinfolk Lineage)": a price for each class, the alternatives of the cost. */
function perClassCost(text: string): ParsedCost | null {
  if (!text.includes('(')) return null;
  const parts = text.split(/\s*(?:,\s*or|,|\bor\b|\/|;)\s*/i).map((p) => p.trim()).filter(Boolean);
  if (parts.length < 2) return null;
  const byClass: ClassCost[] = [];
  for (const part of parts) {
    const m = /^(\d{1,5}(?:[.,]\d+)?)\s*(?:\p{L}{1,10}\s*)?\(([^()]{1,60})\)$/u.exec(part);
    if (!m) return null;
    byClass.push({ name: m[2].trim(), cost: toNumber(m[1]), further: null, text: m[1] });
  }
  return { cost: byClass.map((c) => c.cost), unit: null, detail: { kind: 'per-class', byClass } };
}

/**
 * A unit of more than one word ("1 Might point", "6 Intellect points + 2 XP", "4+ Speed points"): the amount,
 * then a declared unit, singular or plural; what follows may add another price ("+ 2 XP") or an alternative.
 */
function multiWordUnit(text: string, units: readonly string[]): ParsedCost | null {
  const m = /^\s*(\d{1,5}(?:[.,]\d+)?)(\+?)\s+(\p{L}[\p{L} ]{1,40}?)\s*((?:\+|,|\bor\b).*)?$/iu.exec(text);
  if (!m || !m[3].includes(' ')) return null;
  const written = m[3].toLowerCase();
  const unit = unitNamed(written, units.filter((u) => u.includes(' ')));
  if (!unit) return null;
  const cost = toNumber(m[1]);
  return { cost, unit, ...(m[2] ? { detail: { kind: 'variable' } as const } : {}) };
}

/**
 * The declared unit a word names, singular or plural: "(2 actions)" with `costUnits: [Action]` as "(1 action)" is
 * (Ashfall's "### Sweeping Strike (2 actions)"), "1 Might point" with `Might points`.
 */
export function unitNamed(word: string, units: readonly string[]): string | null {
  const written = word.toLowerCase();
  return units.find((u) => {
    const unit = u.toLowerCase();
    return unit === written || `${unit}s` === written || unit === `${written}s`;
  }) ?? null;
}

function plainCost(text: string, units: readonly string[], strictUnit: boolean): ParsedCost | null {
  const match = COST_PATTERN.exec(text);
  if (!match) return null;
  const [, amounts, word, rest] = match;
  const unit = word ? unitNamed(word, units) : null;
  if (word && !unit) {
    // A word that is no unit: "2 body points" reads as amount + rest only outside parentheses.
    if (strictUnit || !amounts) return null;
  }
  if (!amounts) {
    if (!unit) return NOTHING.test(text) && !strictUnit ? { cost: null, unit: null } : null;
    // "(– SP)", "(SP)": a unit without an amount is a skill whose cost is missing.
    return /^[\s\-–—?]*$/.test(rest) ? { cost: null, unit } : null;
  }
  if (strictUnit && !unit && (word || rest)) return null;
  if (strictUnit && rest && !/^(each|per\b.*|\/\s*\w+.*)$/i.test(rest)) return null;
  const values = amounts.split('/').map((a) => toNumber(a.trim()));
  return { cost: values.length === 1 ? values[0] : values, unit };
}

/** Words after a number that are no unit: "4 or more", "10 minutes", "1 action" (what using it takes in a turn). */
export const NOT_A_UNIT = /^(?:or|and|per|each|to|of|for|the|an?|in|at|with|times?|minutes?|rounds?|hours?|days?|weeks?|turns?|(?:re)?actions?|levels?|ranks?|feet|ft|foot|yards?|miles?|m|km|cm|inch(?:es)?|lbs?|kg|targets?|creatures?|characters?|players?|people|dice|d\d+|more|less|additional|extra|plus|then)$/i;

/**
 * The currency a cost field prices in when it is no unit of the book's: "500 cr", "1,000 credits x (spell level
 * squared)" → "cr", "credits" (Ashfall's vehicle compartments and spell research, bought with money, not with the
 * character points skills cost). A lower-case word only: a capitalised one ("3 Build") is a unit the book has not
 * declared yet, and words of counting or measure ("50 for each", "2 body points") say how the price goes. Null for
 * any other text.
 */
export function otherCurrency(text: string, units: readonly string[]): string | null {
  const m = /^\s*\d{1,3}(?:[,.]\d{3})*(?:[.,]\d+)?\s+([a-z][a-z]*)\b\.?(?:\s+(\S+))?/.exec(text);
  if (!m || NOT_A_UNIT.test(m[1]) || unitNamed(m[1], units) || (m[2] && /^points?\b/i.test(m[2]))) return null;
  return m[1];
}

/** Whether a piece of text written as a cost field ("Cost: –") is empty. */
export function isBlankCost(text: string): boolean {
  return NOTHING.test(text);
}

/**
 * The price a skill's parentheses hold: all of them ("4/5 SP"), or, where that is no price, their first part before a
 * comma or semicolon ("10 CP" of "10 CP, Requires Power Strike", Ashfall's classes); null when neither is one. The
 * parser (extract.ts) and `rulebook init` (shared/layout) read parentheses with this one test.
 */
export function priceInParentheses(inner: string, isPrice: (text: string) => boolean): string | null {
  if (isPrice(inner)) return inner;
  const first = /^[^,;]*/.exec(inner)![0];
  return first.length < inner.length && isPrice(first) ? first : null;
}
