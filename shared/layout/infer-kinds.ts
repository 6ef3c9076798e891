/**
 * Skills that carry no price, named by headings under a chapter named for skills (in English, or in the book's
 * language); only where they stand says what they are. Two ways books write them:
 * - with their kind after the name: Razorweave's `## 15. Skills Reference` holds `#### Athletic Movement — Exploration
 *   / Conflict (MIG)` and fifteen more, its proficiencies chapter `#### Harbor Operations — Domain Proficiency`;
 *   Ashfall's `# Skills` holds `### Athletics (MIG)` (inferKinds); a base formula says it under any chapter
 *   (Mythras's `# スキル` over `#### 運動 (STR+DEX)`);
 * - with no field and no kind at all, a heading and its text alone: Blades in the Dark's `## Special abilities` over
 *   `### Battleborn`, `### Bodyguard` and fourteen more (inferBareHeadings).
 * Either way a run of such headings at one level under the chapter.
 */
import { isAttributeFormula, namesNoEntry, namesSkillKind, titleWithoutTagAndTiers } from '../parse/titles.js';
import type { Entry, TextStats } from './collect-text.js';
import { headingPlaces } from './heading-places.js';

export interface KindsFinding {
  /** The heading levels the entries stand at. */
  readonly levels: readonly number[];
  /** The chapters (their titles as the parser has them) that hold them. */
  readonly sections: readonly string[];
  readonly entries: number;
  /** One entry's name (and kind), for the reason. */
  readonly example: string;
}

/**
 * A heading under a chapter named for skills (the outermost: "Skills" over "Physical Skills (MIG/AGI/END)"), or, in a
 * chapter named otherwise, under the outermost heading above it: a title in a language we have no words of
 * (Mythras's `# スキル`) is no name we know, and what its headings write after their names may still say what they are.
 */
interface ChapterHeading {
  readonly chapter: string;
  /** The chapter's title names a kind of skills (namesSkillKind). */
  readonly named: boolean;
  /** The heading right above it ("Spell Descriptions" under "Magic and Powers"). */
  readonly parent: string;
  readonly entry: Entry;
  /** Its index in `text.entries`. */
  readonly index: number;
  /** No heading stands under it. */
  readonly leaf: boolean;
}

function headingsUnderChapters(text: TextStats): ChapterHeading[] {
  return headingPlaces(text).flatMap(({ entry, index, above, leaf }) => {
    const named = above.find((h) => namesSkillKind(h.name, text.reading));
    const chapter = named ?? above[0];
    return chapter ? [{ chapter: chapter.name, named: named !== undefined, parent: above[above.length - 1].name, entry, index, leaf }] : [];
  });
}

/** Fewer entries than this under a chapter are a stray heading or two, not a list of skills. */
const LEAST_ENTRIES = 5;
/** The share of a chapter's headings at the level that must be entries: the rest are its explanations. */
const LEAST_SHARE = 0.6;

/** The share of a chapter's entries its subsections' own runs must hold for those subsections to be named instead. */
const NARROW_SHARE = 0.8;

interface Run {
  readonly chapter: string;
  readonly depth: number;
  headings: number;
  entries: number;
  example: string;
}

/** The headings `example` takes for entries, counted per place `placeOf` names and level. */
function countRuns(headings: readonly ChapterHeading[], placeOf: (heading: ChapterHeading) => string, example: (heading: ChapterHeading) => string | null): Run[] {
  const groups = new Map<string, Run>();
  for (const heading of headings) {
    const key = `${placeOf(heading)}\n${heading.entry.depth}`;
    const group = groups.get(key) ?? { chapter: placeOf(heading), depth: heading.entry.depth, headings: 0, entries: 0, example: '' };
    group.headings++;
    const named = example(heading);
    if (named !== null) {
      group.entries++;
      group.example ||= named;
    }
    groups.set(key, group);
  }
  return [...groups.values()].filter((g) => g.entries >= LEAST_ENTRIES && g.entries >= g.headings * LEAST_SHARE);
}

/**
 * The runs of entries: per chapter and level, the headings `example` takes for entries (naming each for the reason),
 * where they are enough of them and most of the level's headings. With `narrow`, a chapter whose entries stand for
 * the most part in runs of their own subsections is named by those: Mythras's `# Magic and Powers` explains casting
 * under `## How Powers Work` in headings of the level its `## Spell Descriptions` lists its spells at.
 */
function entryRuns(headings: readonly ChapterHeading[], example: (heading: ChapterHeading) => string | null, narrow = false): KindsFinding | null {
  const lists = countRuns(headings, (h) => h.chapter, example).flatMap((run) => {
    if (!narrow) return [run];
    const here = headings.filter((h) => h.chapter === run.chapter && h.entry.depth === run.depth);
    const parts = countRuns(here, (h) => h.parent, example);
    const held = parts.reduce((n, part) => n + part.entries, 0);
    return parts.length > 0 && held >= run.entries * NARROW_SHARE && held < run.headings ? parts : [run];
  });
  if (lists.length === 0) return null;
  return {
    levels: [...new Set(lists.map((g) => g.depth))].sort((a, b) => a - b),
    sections: [...new Set(lists.map((g) => g.chapter))],
    entries: lists.reduce((n, g) => n + g.entries, 0),
    example: lists[0].example,
  };
}

/**
 * Headings with a kind after the name: under a chapter named for skills any kind ("Athletics (MIG)"), elsewhere an
 * attribute formula alone ("運動 (STR+DEX)", "Атлетика (СИЛ+ЛОВ)"), which no heading of rules ends with.
 */
export function inferKinds(text: TextStats): KindsFinding | null {
  return entryRuns(headingsUnderChapters(text), ({ named, entry }) =>
    entry.kindAfterName && (named || isAttributeFormula(entry.kindAfterName)) ? `${titleWithoutTagAndTiers(entry.name, text.reading)} ${entry.kindAfterName}` : null,
  );
}

/**
 * The kinds a character picks from a list, which no chapter of rules is named for: 13th Age's `### Class Talents`,
 * `## General Feats`. "Skills", "Abilities", "Traits" and "Spells" name chapters of rules as often as lists (the SRD
 * 3.5's `## Skills` explains checks in `### Trying Again`, the SRD 5.1's `## Abilities` in `### Strength Checks`).
 */
const NAMES_CHOSEN_KIND = /\b(?:talents|feats|powers)\b/i;

/**
 * Headings with no heading under them, no kind after the name and no title naming a kind of skills (a group's), in
 * chapters other than `claimed` (those whose skills carry their kind). `priced` (indexes into text.entries of the
 * headings with a cost or prerequisite line, or a price in the title) is null in a book that prices nothing; in one
 * that prices skills, only chapters with no priced heading and named for a kind chosen from a list: 13th Age prices a
 * commander's commands (`**Cost:** 1 command point`) and writes every class's talents as `#### Barbaric Cleave` under
 * `### Class Talents`, their text alone, while the SRD 5.1 prices its feats by prerequisites and explains its rules
 * under chapters named for skills and abilities.
 */
export function inferBareHeadings(text: TextStats, claimed: readonly string[], priced: ReadonlySet<number> | null): KindsFinding | null {
  const headings = headingsUnderChapters(text);
  const pricedChapters = new Set(headings.filter((h) => priced?.has(h.index)).map((h) => h.chapter));
  const listed = (chapter: string) => priced === null || (!pricedChapters.has(chapter) && NAMES_CHOSEN_KIND.test(chapter));
  return entryRuns(
    headings,
    ({ chapter, named, entry, leaf }) =>
      named && leaf && !claimed.includes(chapter) && listed(chapter) && !entry.kindAfterName && !namesNoEntry(entry.name, text.reading) ? entry.name : null,
    true,
  );
}

/** A heading that names the book's list of skills: "Skill List", beside the kinds' plurals ("Skills", "Talents"). */
const NAMES_SKILL_LIST = /\bskill[ \t]+list\b/i;

/**
 * Paragraphs that open with a bold name and a colon and no price, under a heading named for skills: Fate Condensed's
 * `#### Skill List` holds `**Academics:** Mundane, everyday human knowledge…` and eighteen more. The headings right
 * over such runs are the sections (each run under one heading, five or more).
 */
export function inferBareLeads(text: TextStats): KindsFinding | null {
  const places = headingPlaces(text);
  const runs = new Map<Entry, { title: string; names: string[] }>();
  let at = 0;
  for (const lead of text.leads) {
    if (lead.cost !== null) continue;
    // The last heading before the lead in its file: the places are in the entries' order, as the leads are.
    while (at + 1 < places.length && places[at + 1].index < lead.entry) at++;
    const place = places[at];
    if (!place || place.index > lead.entry || place.entry.file !== lead.file) continue;
    const named = [place.entry, ...place.above].some((h) => namesSkillKind(h.name, text.reading) || NAMES_SKILL_LIST.test(h.name));
    if (!named) continue;
    const run = runs.get(place.entry) ?? { title: place.entry.name, names: [] };
    run.names.push(lead.name);
    runs.set(place.entry, run);
  }
  const found = [...runs.values()].filter((r) => r.names.length >= LEAST_ENTRIES);
  if (found.length === 0) return null;
  return { levels: [], sections: [...new Set(found.map((r) => r.title))], entries: found.reduce((n, r) => n + r.names.length, 0), example: found[0].names[0] };
}
