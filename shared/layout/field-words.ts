/**
 * How a field's label and value look when the field gives a skill's price or requirements: the words of a price or a
 * requirement in a label, and a cost as it is written. Shared by what the layout inference counts (collect-text.ts)
 * and how it judges labels (infer-fields.ts, infer-costs.ts).
 */
import { ENGLISH_READING, type ReadingWords } from '../model/reading-words.js';
import { escapeRegExp } from '../parse/regexp.js';

export const COST_NAME = /\b(?:costs?|prices?|build|xp|exp|experience)\b/i;
/**
 * A cost label that names a pool spent in play ("Stamina Cost: 1", "ST Cost", "Mana Cost", "MP Cost"), or the party's
 * resources an activity spends (Ashfall's downtime "Capital Cost: 1 Influence"): what using the ability takes each
 * time, not what learning it costs.
 */
export const USE_COST_LABEL = /^(?:capital|stamina|st|mana|mp|energy|ep|focus|fp|fatigue|strain|ki|psi|essence|spell\s+points?|power\s+points?|magic\s+points?|action|activation|casting|use|upkeep)\s+costs?$/i;
/**
 * A label that is a requirement word alone, or with a word that keeps it about skills ("Skill Requirements"):
 * "Costume Requirements" and "Makeup Requirements" require a costume, not a skill.
 */
export const PREREQUISITE_LABEL = /^(?:(?:skills?|class|training|purchase)\s+)?(?:reqs?|prereqs?|pre-?requisites?|restrictions?|requires?|required|requirements?)(?:\s+(?:skills?|to (?:buy|learn|purchase)))?$/i;

/**
 * A letter written onto a number as its unit, as the Vitality System prices its upgrades ("Cost: 2p", points by their
 * first letter): none of a die, a time, a distance, a thousand or a multiple ("2d6", "1h", "5m", "2s", "3k", "3x").
 */
export const GLUED_UNIT = '[a-ce-gijlnopqrt-wyz]';
/** A number first, glued to no word but a unit's letter: "4", "4/5", "3+2", "2 SP", "2p", never "1d10" or "3rd". */
export const COST_VALUE = new RegExp(String.raw`^[ \t]*(?:\d+(?:[.,]\d+)?\+?(?:[ \t]*[/+][ \t]*\d+(?:[.,]\d+)?)*)(?:${GLUED_UNIT}(?![A-Za-z]))?(?![\w.,])`);
export const ZERO_WORD = /^(?:none|free|nil|nothing|no cost|zero|n\/a|-+|—|–|0)$/i;
export const VARIABLE_WORD = /^(?:x|varies|variable|special|see text|see below|see description|tbd|\?)$/i;

/** A cost as written, stripped of emphasis and a closing period. */
export function bareValue(value: string): string {
  return value.replace(/[*_`]/g, '').replace(/[.;,]+$/, '').trim();
}

export function isCostLike(value: string): boolean {
  const v = bareValue(value);
  return COST_VALUE.test(v) || ZERO_WORD.test(v) || VARIABLE_WORD.test(v);
}

/** The words of a price and of a requirement in a label, English's and the book's language's (reading-words.ts). */
export interface LabelWords {
  /** A label that names a price: "CP Cost", "Coût". */
  readonly cost: RegExp;
  /** A label that is a requirement word: "Prerequisites", "Требование". */
  readonly prerequisite: RegExp;
  /**
   * Whether a label may be judged by its values alone (numbers that look like prices, names of other entries): only
   * in an English book, whose labels of other numbers and names (Difficulty, Range, Potential Adversaries) the
   * judgement knows to leave out (infer-fields.ts). A Russian book's `Сложность: 14` is no price.
   */
  readonly byValues: boolean;
  /** Headers of a skill table's name column in the book's language ("Навык"), beside English's (skillNameColumn). */
  readonly skillColumns: readonly string[];
  /** The language's reading words these are made of: what else the book's text is read by (its kinds of skills). */
  readonly reading: ReadingWords;
}

export const ENGLISH_LABELS: LabelWords = { cost: COST_NAME, prerequisite: PREREQUISITE_LABEL, byValues: true, skillColumns: [], reading: ENGLISH_READING };

const byLanguage = new Map<string, LabelWords>();

export function labelWords(reading: ReadingWords): LabelWords {
  if (!reading.language) return ENGLISH_LABELS;
  let words = byLanguage.get(reading.language);
  if (!words) {
    const any = (labels: readonly string[]) => labels.map(escapeRegExp).join('|');
    words = {
      // "Стоимость в очках": a cost word anywhere in the label, as COST_NAME takes "CP Cost".
      cost: new RegExp(String.raw`${COST_NAME.source}|(?<![\p{L}\p{N}])(?:${any(reading.costLabels)})(?![\p{L}\p{N}])`, 'iu'),
      prerequisite: new RegExp(String.raw`${PREREQUISITE_LABEL.source}|^(?:${any(reading.prerequisiteLabels)})$`, 'iu'),
      byValues: false,
      skillColumns: reading.skillColumns,
      reading,
    };
    byLanguage.set(reading.language, words);
  }
  return words;
}

/**
 * Whether a field line may give a skill's cost or prerequisites, whatever the book's labels turn out to be: its label
 * names a price or a requirement, or its value is a number as a cost is written (a label judged by its values).
 */
export function mayPriceOrRequire(label: string, value: string, words: LabelWords): boolean {
  return words.cost.test(label) || words.prerequisite.test(label) || (words.byValues && COST_VALUE.test(bareValue(value)));
}
