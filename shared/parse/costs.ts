/** Costs as marshals write them: "2 SP", "1.5 XP", "4/5 SP", "3". */
import type { Cost } from '../model/types.js';

export const DEFAULT_COST_UNITS: readonly string[] = [
  'SP', 'XP', 'CP', 'BP', 'PP', 'EP', 'AP', 'MP', 'CC', 'points', 'pts', 'pt', 'gold', 'gp',
];

export interface ParsedCost {
  readonly cost: Cost;
  readonly unit: string | null;
}

const AMOUNT = String.raw`\d+(?:[.,]\d+)?`;
const COST_PATTERN = new RegExp(String.raw`^\s*(${AMOUNT}(?:\s*/\s*${AMOUNT})*)?\s*([A-Za-z]+)?\b\s*(.*?)\s*$`);
const NOTHING = /^\s*(?:-+|—|–|\?|n\/a|none|tbd)?\s*$/i;

function toNumber(text: string): number {
  return Number(text.replace(',', '.'));
}

/**
 * Reads a cost. `strictUnit` (inside a list item's parentheses) needs a known unit or a bare number,
 * so "(Passive)" or "(see below)" is no cost. Returns null when the text is not a cost at all.
 */
export function parseCost(text: string, units: readonly string[], strictUnit: boolean): ParsedCost | null {
  const match = COST_PATTERN.exec(text);
  if (!match) return null;
  const [, amounts, word, rest] = match;
  const unit = word ? (units.find((u) => u.toLowerCase() === word.toLowerCase()) ?? null) : null;
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

/** Whether a piece of text written as a cost field ("Cost: –") is empty. */
export function isBlankCost(text: string): boolean {
  return NOTHING.test(text);
}
