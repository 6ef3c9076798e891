/**
 * Attributes: words that many requirements write with a score (`Strength 7`, `Str 13`, `Max Intelligence 11+`) while no entry of the book is
 * named that way, so they are conditions rather than skills with ranks.
 */
import { MEASURE_AFTER } from '../parse/references.js';
import { readableText } from './names.js';

const SCORE = /\b([A-Z][A-Za-z]{1,15})[ \t]+(\d{1,3})\b(?![ \t]*(?:\+[ \t]*\d|%|points?\b|pts?\b|xp\b|sp\b|cp\b|gp\b|gold\b|ranks?\b|levels?\b|th\b|st\b|nd\b|rd\b|or more\b))/g;
/**
 * A source cited in parentheses, its title and pages: "(Ultimate Campaign 45)", "(Ranged Tactics Toolbox 8)",
 * "(Pathfinder Campaign Setting: The Inner Sea World Guide 287)", "(Ultimate Campaign 21, 30 e 24)".
 */
const CITATION = /\((?:\p{Lu}[\p{L}\d'’:-]*[ \t]+){1,8}\d{1,4}(?:[ \t]*(?:,|&|\p{Ll}{1,3})[ \t]*\d{1,4})*\)/gu;
/** Words before a number that are no attribute: quantities the parser reads as conditions already, or grammar. */
const NOT_ATTRIBUTE = /^(?:level|levels|tier|rank|circle|any|and|or|must|have|has|of|at|least|the|a|an|with|type|total|minimum|min|max|maximum|page|see|rule|rules|section|chapter|step|round|rounds|turn|turns|age)$/i;

export interface AttributeFinding {
  readonly word: string;
  /** Entries whose requirements write it with a score. */
  readonly entries: number;
  readonly example: string;
}

/**
 * `requirements`: each entry's requirement texts (one list per entry). `names`: every entry name, lower case, to
 * rule out a series of skills ("Alchemy 1" … "Alchemy 5").
 */
export function inferAttributes(requirements: readonly (readonly string[])[], names: ReadonlySet<string>): AttributeFinding[] {
  const found = new Map<string, { word: string; entries: number; example: string; numbers: Set<string> }>();
  for (const texts of requirements) {
    const inEntry = new Set<string>();
    for (const text of texts) {
      const readable = readableText(text).replace(CITATION, ' ');
      for (const m of readable.matchAll(SCORE)) {
        const [whole, word, score] = m;
        // "Visão no Escuro 18 m" (darkvision 18 metres) measures; it scores nothing.
        const after = m.index! + whole.length;
        if (NOT_ATTRIBUTE.test(word) || MEASURE_AFTER.test(readable.slice(after, after + 12))) continue;
        const key = word.toLowerCase();
        const seen = found.get(key) ?? { word, entries: 0, example: whole, numbers: new Set<string>() };
        seen.numbers.add(score);
        if (!inEntry.has(key)) {
          seen.entries++;
          inEntry.add(key);
        }
        found.set(key, seen);
      }
    }
  }
  const candidates = [...found.entries()].filter(([key, f]) => ![...f.numbers].some((n) => names.has(`${key} ${n}`)));
  // Three entries make a word an attribute; once one is, the book writes attributes with scores, and any other word it
  // writes so in a requirement is one too ("Wis 13" beside "Str 13", "Prescience 2" beside "Agility 4").
  const least = candidates.some(([, f]) => f.entries >= 3) ? 1 : 3;
  return candidates
    .filter(([, f]) => f.entries >= least)
    .map(([, f]) => ({ word: f.word, entries: f.entries, example: f.example }))
    .sort((a, b) => b.entries - a.entries || a.word.localeCompare(b.word));
}
