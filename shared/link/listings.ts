/**
 * One entry listed in several price lists. Amtgard's classes each list the spells and abilities they may take in a
 * table, `| Heal | 1 | 1 | Unlimited | … |`, the Druid at one price and the Healer at another, and describe each once
 * elsewhere (a page of its own, or a martial class's `### Heal` with its whole text): a row with no text of its own
 * is a listing, and listings in lists that share only some of their entries are one entry bought in several ways,
 * not one name defined twice (105 duplicate-skill findings in its Rules of Play said so). A list that repeats most
 * of another is a copy of it, whose prices must agree (Chronicles' glossary table of a skillset's skills).
 */
import type { Skill } from '../model/types.js';

/** The share of the shorter list's entries the longer one holds too, from which a list is the other's copy. */
const COPY_SHARE = 0.8;

/** A table row that only names and prices an entry: no description of its own. */
const isListing = (skill: Skill) => skill.form === 'table' && skill.text.trim() === '';

export class PriceLists {
  /** Each list's entries (their keys), by the section the list stands in. */
  private readonly lists = new Map<string | null, Set<string>>();

  constructor(skills: readonly Skill[]) {
    for (const skill of skills) {
      if (!isListing(skill)) continue;
      const list = this.lists.get(skill.sectionId);
      if (list) list.add(skill.key);
      else this.lists.set(skill.sectionId, new Set([skill.key]));
    }
  }

  /**
   * The definitions of one name that define it: all of them, less its listings when each stands in a list of its
   * own and no list repeats another. Two listings in one list name the entry twice, and are kept.
   */
  definingOnes(definitions: readonly Skill[]): readonly Skill[] {
    const listings = definitions.filter(isListing);
    const sections = listings.map((s) => s.sectionId);
    if (listings.length === 0 || new Set(sections).size < sections.length) return definitions;
    for (let i = 0; i < sections.length; i++) for (let j = i + 1; j < sections.length; j++) if (this.copies(sections[i], sections[j])) return definitions;
    return definitions.filter((s) => !isListing(s));
  }

  private copies(a: string | null, b: string | null): boolean {
    const [shorter, longer] = [this.lists.get(a)!, this.lists.get(b)!].sort((x, y) => x.size - y.size);
    let shared = 0;
    for (const key of shorter) if (longer.has(key)) shared++;
    return shared >= shorter.size * COPY_SHARE;
  }
}
