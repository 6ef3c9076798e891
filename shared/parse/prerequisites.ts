/** Prerequisite text ("Merchant, Identify Magic and Estimate Value or GM permission") into requirements. */
import { nameKey, trimName } from './keys.js';

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

const NONE = /^\s*(?:-+|—|–|none|n\/a|no|nothing)\.?\s*$/i;
const QUANTITY = /^(?:\d+(?:[.,]\d+)?\s+\S|(?:level|rank|tier|age)\s+\d+$|any\s)/i;

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

const AND_SEPARATOR = /\s*(?:[,;&]|\band\b)\s*(?:\band\b\s*)?/iy;
const OR_SEPARATOR = /\s+or\s+|\s*,?\s*\bor\b\s*/iy;

/**
 * Parses the text of a prerequisite line. `conditions` are normalised keys of declared condition phrases.
 * Returns no requirement for "--", "none", "n/a" or empty text.
 */
export function parsePrerequisites(text: string, conditions: ReadonlySet<string>): RequirementSpan[] {
  if (NONE.test(text) || !text.trim()) return [];
  const requirements: RequirementSpan[] = [];
  for (const [aStart, aEnd] of splitTopLevel(text, 0, text.length, AND_SEPARATOR)) {
    const alternatives: TermSpan[] = [];
    for (const [oStart, oEnd] of splitTopLevel(text, aStart, aEnd, OR_SEPARATOR)) {
      const term = readTerm(text, oStart, oEnd, conditions);
      if (term) alternatives.push(term);
    }
    if (alternatives.length > 0) {
      requirements.push({ alternatives, start: alternatives[0].start, end: alternatives[alternatives.length - 1].end });
    }
  }
  return requirements;
}

function readTerm(text: string, start: number, end: number, conditions: ReadonlySet<string>): TermSpan | null {
  const raw = text.slice(start, end);
  if (NONE.test(raw)) return null;
  const { text: name, lead } = trimName(raw);
  if (!name) return null;
  const key = nameKey(name);
  const termStart = start + lead;
  return { text: name, key, kind: isCondition(key, conditions) ? 'condition' : 'skill', start: termStart, end: termStart + name.length };
}

/** A declared condition phrase (exactly, or followed by more words), or a quantity such as "2 Production Points". */
export function isCondition(key: string, conditions: ReadonlySet<string>): boolean {
  if (conditions.has(key)) return true;
  for (const condition of conditions) if (key.startsWith(`${condition} `)) return true;
  return QUANTITY.test(key);
}
