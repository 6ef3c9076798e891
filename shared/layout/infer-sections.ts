/**
 * Where skills are written, when a book writes other things the same way: Open Legend's `# Feats` chapter has
 * `## Alternate Form (I - II)` with `**Cost:**` and `**Prerequisites:**`, while its `# Banes and Boons` chapter has
 * `## Blinded` with `**Duration:**`, `**Power Level:**` and `**Effect:**` at the same level. Banes are invoked, not
 * bought, so the skills are those of the chapters whose headings carry prices.
 */
import { otherCurrency } from '../parse/costs.js';
import type { TextStats } from './collect-text.js';

export interface SectionsFinding {
  /** Titles of the top-level chapters that hold the priced headings. */
  readonly sections: readonly string[];
  readonly priced: number;
  /** Entries written the same way elsewhere (field headings, bold leads) with neither cost nor prerequisites. */
  readonly others: number;
  readonly otherChapters: readonly string[];
}

/** Headings at a skill level with fields but no price, fewer than this, are a stray; more, a kind of their own. */
const LEAST_OTHERS = 5;

/**
 * `levels`: the heading levels skills are written at (none: skills are no headings); `costKeys`, `prerequisiteKeys`:
 * the labels that give a skill's cost and prerequisites (lower case); `leads`: whether bold-lead paragraphs are the
 * skills (`**Bash (1 Might point):** …`), priced by their parentheses; `pricedPlaces`: where other priced entries
 * stand (tables and lists priced by a heading or label, list items with their price in their bold), and how many.
 * Cypher's type chapter repeats `**Effort:**` and `**Weapons:**` for every type, while the priced abilities are all in
 * its Abilities chapter. `units`: the units the book writes costs in; an entry priced in money ("**Cost:** 500 cr") is
 * gear, as the parser reads it, and counts neither way.
 */
export function inferSkillSections(
  text: TextStats,
  levels: readonly number[],
  costKeys: ReadonlySet<string>,
  prerequisiteKeys: ReadonlySet<string>,
  leads: boolean,
  pricedPlaces: readonly { readonly file: string; readonly line: number; readonly rows: number }[] = [],
  units: readonly string[] = [],
): SectionsFinding | null {
  if (levels.length === 0 && !leads) return null;
  const top = levels.length ? Math.min(...levels) : 7;
  // Each entry's chapter: the shallowest heading above the skill levels that stands over it.
  const chapterOf = new Map<number, string>();
  /** The chapter from each heading on, for the tables a heading prices (which are no entries). */
  const chapterAt: { file: string; line: number; name: string | null }[] = [];
  let chapter: { name: string; depth: number } | null = null;
  let file = '';
  text.entries.forEach((entry, index) => {
    if (entry.file !== file) {
      file = entry.file;
      chapter = null;
    }
    if (entry.kind === 'heading' && entry.depth < top) {
      if (chapter === null || entry.depth <= chapter.depth) chapter = { name: entry.name, depth: entry.depth };
    } else if (chapter !== null) chapterOf.set(index, chapter.name);
    if (entry.kind === 'heading') chapterAt.push({ file: entry.file, line: entry.line, name: chapter?.name ?? null });
  });

  const priced = new Map<string, number>();
  const others = new Map<string, number>();
  let unplaced = 0;
  const count = (entry: number, isPriced: boolean, isOther: boolean) => {
    const where = chapterOf.get(entry);
    if (isPriced) {
      if (where === undefined) unplaced++;
      else priced.set(where, (priced.get(where) ?? 0) + 1);
    } else if (isOther && where !== undefined) others.set(where, (others.get(where) ?? 0) + 1);
  };
  if (levels.length) {
    const fieldsOf = new Map<number, { priced: boolean; gear: boolean; count: number }>();
    for (const f of text.fields) {
      if (f.entry < 0) continue;
      const seen = fieldsOf.get(f.entry) ?? { priced: false, gear: false, count: 0 };
      seen.count++;
      if (costKeys.has(f.key) && otherCurrency(f.value, units) !== null) seen.gear = true;
      else if (costKeys.has(f.key) || prerequisiteKeys.has(f.key)) seen.priced = true;
      fieldsOf.set(f.entry, seen);
    }
    for (const [entry, seen] of fieldsOf) {
      const e = text.entries[entry];
      if (e.kind === 'heading' && levels.includes(e.depth) && (seen.priced || !seen.gear)) count(entry, seen.priced, seen.count >= 2);
    }
    // "#### Attack [Action]" in a glossary: a type after the name makes a heading at a skill level a skill to the
    // parser, fields or none, so it is written like one.
    text.entries.forEach((e, entry) => {
      if (e.kind === 'heading' && levels.includes(e.depth) && !fieldsOf.has(entry) && e.tagged) count(entry, false, true);
    });
  }
  if (leads) for (const lead of text.leads) count(lead.entry, lead.cost !== null, true);
  // Rows a heading prices ("### Tier 1 — 5 CP each" over a table of abilities), and priced list entries, are priced
  // entries of their chapter.
  for (const place of pricedPlaces) {
    const at = chapterAt.findLast((c) => c.file === place.file && c.line < place.line);
    if (!at?.name) unplaced++;
    else priced.set(at.name, (priced.get(at.name) ?? 0) + place.rows);
  }
  // Only chapters that hold no priced entry count against: a feat written without a cost is still a feat.
  for (const c of priced.keys()) others.delete(c);
  const otherCount = [...others.values()].reduce((a, b) => a + b, 0);
  if (unplaced > 0 || priced.size === 0 || otherCount < LEAST_OTHERS) return null;
  return {
    sections: [...priced.keys()],
    priced: [...priced.values()].reduce((a, b) => a + b, 0),
    others: otherCount,
    otherChapters: [...others.keys()],
  };
}
