/**
 * What costs are written in: their units ("Might points"), the words that stand for a cost ("None", "X"), and
 * whether a book's bold-lead paragraphs (`**Bash (1 Might point):** …`) are its abilities.
 */
import { DEFAULT_LAYOUT } from '../model/layout.js';
import { ENGLISH_READING, type ReadingWords } from '../model/reading-words.js';
import { DEFAULT_COST_UNITS, NOT_A_UNIT, POINTS_ALONE } from '../parse/costs.js';
import type { BoldLead } from './collect-text.js';
import { bareValue, GLUED_UNIT, VARIABLE_WORD, ZERO_WORD } from './field-words.js';

const isDefaultUnit = (word: string) => DEFAULT_COST_UNITS.some((u) => u.toLowerCase() === word.toLowerCase());

/** What joins "points" to what they are points of, in the languages that put it after them: "points de magie". */
const OF = /^(?:de|du|des|da|do|der)$/i;

/**
 * Units in one cost text: "6 Intellect points + 2 XP" → ["Intellect points", "XP"]; in the book's language also points
 * before what they are points of, in the form the count takes: "1 очко чародейства", "2 очка чародейства".
 */
export function unitsIn(cost: string, reading: ReadingWords = ENGLISH_READING): string[] {
  const out: string[] = [];
  const points = new Set(reading.points.map((p) => p.toLowerCase()));
  const joins = (word: string) => /^(?:or|and)$/i.test(word) || reading.or.includes(word.toLowerCase()) || reading.and.includes(word.toLowerCase());
  for (const m of cost.matchAll(/\d+(?:[.,]\d+)?\+?[ \t]+(\p{L}[\p{L}'’-]*)(?:[ \t]+(\p{L}[\p{L}'’-]*))?(?:[ \t]+(\p{L}[\p{L}'’-]*))?/gu)) {
    const [, first, second, third] = m;
    // "2 очка или 3 монеты": points of nothing named, before the word for "or", are no unit.
    if (second && points.has(first.toLowerCase()) && !joins(second)) {
      out.push(OF.test(second) && third ? `${first} ${second} ${third}` : `${first} ${second}`);
      continue;
    }
    // "4 Might or Intellect points": the unit is the phrase after the "or", which has no number of its own.
    if (NOT_A_UNIT.test(first) || (second && joins(second))) continue;
    if (second && POINTS_ALONE.test(second) && !POINTS_ALONE.test(first) && !isDefaultUnit(first)) out.push(`${first} ${second}`);
    else if (isDefaultUnit(first) || POINTS_ALONE.test(first) || /^\p{Lu}/u.test(first)) out.push(first);
  }
  for (const m of cost.matchAll(GLUED_LETTER)) out.push(m[1]);
  return out;
}

/** "2p", "2p per rank": a unit written onto its number (GLUED_UNIT). */
const GLUED_LETTER = new RegExp(String.raw`(?<![\p{L}\p{N}.,])\d+(${GLUED_UNIT})(?![\p{L}\p{N}])`, 'gu');

export interface CostFindings {
  /** Units seen in costs, most used first, when at least one of them is not a default unit; else empty. */
  readonly units: readonly { readonly unit: string; readonly uses: number }[];
  readonly zero: readonly string[];
  readonly variable: readonly string[];
  /** Bold-lead paragraphs are abilities: how many, how many with a cost, an example line. */
  readonly leads: { readonly count: number; readonly withCost: number; readonly example: string } | null;
}

export function inferCosts(costValues: readonly string[], leads: readonly BoldLead[], leadEntriesWithFields: number, reading: ReadingWords): CostFindings {
  const unitUses = new Map<string, { unit: string; uses: number }>();
  const texts = [...costValues, ...leads.map((l) => l.cost).filter((c): c is string => c !== null)];
  for (const text of texts) {
    for (const unit of unitsIn(text, reading)) {
      const key = unit.toLowerCase();
      const seen = unitUses.get(key);
      if (seen) seen.uses++;
      else unitUses.set(key, { unit, uses: 1 });
    }
  }
  // A capitalised word after a number is a unit only when it recurs ("5 Mana" twice), a "… points" phrase at once.
  const units = [...unitUses.values()].filter((u) => u.uses >= 2 || isDefaultUnit(u.unit) || / /.test(u.unit)).sort((a, b) => b.uses - a.uses);
  // A new unit must carry a fair share of the costs: a unit list replaces the default one. Its forms count together
  // where the language changes a word with the count ("1 очко", "2 очка", "5 очков": one stem).
  // "point" is the default "points" written for one.
  const formsOf = (unit: string) => (reading.stem ? unit.toLowerCase().split(/\s+/).map(reading.stem).join(' ') : unit.toLowerCase());
  const usesByStem = new Map<string, number>();
  for (const u of units) usesByStem.set(formsOf(u.unit), (usesByStem.get(formsOf(u.unit)) ?? 0) + u.uses);
  const needed = units.some((u) => {
    const uses = usesByStem.get(formsOf(u.unit))!;
    return !isDefaultUnit(u.unit) && !POINTS_ALONE.test(u.unit) && uses >= 3 && uses * 20 >= texts.length;
  });

  const words = new Map<string, { word: string; uses: number }>();
  for (const value of costValues) {
    const v = bareValue(value);
    if (!v || /\d/.test(v) || v.split(/\s+/).length > 3 || /^[-–—?]+$|^n\/a$|^tbd$/i.test(v)) continue;
    const seen = words.get(v.toLowerCase());
    if (seen) seen.uses++;
    else words.set(v.toLowerCase(), { word: v, uses: 1 });
  }
  const known = new Set([...DEFAULT_LAYOUT.costs.zero, ...DEFAULT_LAYOUT.costs.variable].map((w) => w.toLowerCase()));
  const fresh = [...words.values()].filter((w) => w.uses >= 2 && !known.has(w.word.toLowerCase()));

  const withCost = leads.filter((l) => l.cost !== null).length;
  // Bold leads are abilities when they come in bulk, enough of them priced, and not already followed by field lines
  // (those the default reads as skills): a glossary of `**Term:** definition` paragraphs carries no prices.
  const bulk = leads.length >= 6 && withCost >= Math.max(2, leads.length / 4) && leadEntriesWithFields * 10 < leads.length * 3;
  return {
    units: needed ? units : [],
    zero: fresh.filter((w) => ZERO_WORD.test(w.word)).map((w) => w.word),
    variable: fresh.filter((w) => !ZERO_WORD.test(w.word) && (VARIABLE_WORD.test(w.word) || w.word.split(/\s+/).length <= 3)).map((w) => w.word),
    leads: bulk ? { count: leads.length, withCost, example: leads.find((l) => l.cost !== null)!.text.trim() } : null,
  };
}
