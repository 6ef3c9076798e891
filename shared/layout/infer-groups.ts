/**
 * Conditions named as a family: `Human Lineage`, `Elf Lineage`, `Dwarf Lineage` required by many skills while no
 * entry of the book is named so. They are lineages (or classes, factions, orders) a character belongs to, not
 * skills to buy, and become the book's declared `conditions:`.
 */
import { requirementTerms } from './names.js';

export interface ConditionGroup {
  /** The word the family shares, as written ("Lineage"). */
  readonly word: string;
  /** Each member as the book most often writes it. */
  readonly terms: readonly string[];
  /** Entries that require one of them. */
  readonly entries: number;
}

/** Two to four capitalised words, no digits: a name, not a sentence or a score. */
const NAME = /^[A-Z][A-Za-z'’-]*(?: [A-Z][A-Za-z'’-]*){1,3}$/;
/** A family needs this many members, required by this many entries: two lineages could be two skills' names. */
const LEAST_TERMS = 3;
const LEAST_ENTRIES = 3;
/** Tiers ("Lethal Strike II") and words that qualify rather than name ("Brawlers Only"). */
const NOT_FAMILY = /^(?:[IVX]+|only|required|needed|recommended|preferred|allowed|level|rank|tier)$/i;

/**
 * `requirements`: each entry's requirement texts; `names`: every entry name, lower case. A family counts when at least
 * three different members are required by at least three entries and none of its members is itself an entry.
 */
export function inferConditionGroups(requirements: readonly (readonly string[])[], names: ReadonlySet<string>): ConditionGroup[] {
  const groups = new Map<string, { word: string; spellings: Map<string, Map<string, number>>; entries: number }>();
  for (const texts of requirements) {
    const inEntry = new Set<string>();
    for (const text of texts) {
      for (const term of requirementTerms(text)) {
        if (!NAME.test(term)) continue;
        const word = term.slice(term.lastIndexOf(' ') + 1);
        const key = word.toLowerCase();
        if (NOT_FAMILY.test(word)) continue;
        const group = groups.get(key) ?? { word, spellings: new Map(), entries: 0 };
        const member = term.toLowerCase();
        const spellings = group.spellings.get(member) ?? new Map<string, number>();
        spellings.set(term, (spellings.get(term) ?? 0) + 1);
        group.spellings.set(member, spellings);
        if (!inEntry.has(key)) {
          group.entries++;
          inEntry.add(key);
        }
        groups.set(key, group);
      }
    }
  }
  const out: ConditionGroup[] = [];
  for (const group of groups.values()) {
    const members = [...group.spellings.keys()];
    if (members.length < LEAST_TERMS || group.entries < LEAST_ENTRIES) continue;
    if (members.some((m) => names.has(m))) continue;
    const terms = [...group.spellings.values()].map((spellings) => [...spellings].sort((a, b) => b[1] - a[1])[0][0]).sort();
    out.push({ word: group.word, terms, entries: group.entries });
  }
  return out.sort((a, b) => b.entries - a.entries);
}
