/**
 * Rules that describe a skill in prose: "3.15.12 Estimate Value allows the character to appraise…", or a
 * series of ranked skills: "3.15.28 Alchemy permits the creation…" for Alchemy 1 to 5.
 * Rulebooks that list their skills in a table (cost and prerequisites only) explain them in numbered
 * rules like these; the handouts need that text, or a table skill's card and summary stay blank.
 */
import { headingSkills } from '../model/heading-skills.js';
import type { Rule, Skill, SourceRange } from '../model/types.js';
import { nameKey } from '../parse/keys.js';
import type { LinkedRulebook } from './types.js';

/** Skill names are short: looking at more leading words than this could only find a sentence. */
const MAX_NAME_WORDS = 8;

const cache = new WeakMap<LinkedRulebook, ReadonlyMap<string, readonly Rule[]>>();

/**
 * The numbered rules whose text opens with a skill's exact name followed by a lower-case word ("allows",
 * "is required", "permits"): a sentence about the skill, not a heading or a list of names. In rulebook
 * order, keyed by skill id; every definition of a duplicated name gets the same rules.
 */
export function describingRules(linked: LinkedRulebook): ReadonlyMap<string, readonly Rule[]> {
  let found = cache.get(linked);
  if (!found) {
    found = collect(linked);
    cache.set(linked, found);
  }
  return found;
}

export function rulesDescribing(linked: LinkedRulebook, skill: Skill): readonly Rule[] {
  return describingRules(linked).get(skill.id) ?? [];
}

/** "Alchemy 3", "Craft Points (2)": a rank of a series, and the series' name. */
const RANKED = /^(.+?)\s+(?:\d+|\(\d+\))$/;

/** The name of the series a ranked skill belongs to ("Alchemy" for "Alchemy 3"), null for other names. */
export function seriesName(name: string): string | null {
  return RANKED.exec(name)?.[1] ?? null;
}

/**
 * Skills by the name of the series they rank in ("alchemy" → Alchemy 1–5), for the rule that describes
 * the whole series ("3.15.28 Alchemy permits the creation of certain Alchemical goods per rank").
 */
function seriesOf(linked: LinkedRulebook): Map<string, Skill[]> {
  const series = new Map<string, Skill[]>();
  for (const skill of linked.model.skills) {
    const base = seriesName(skill.name);
    if (!base || linked.skillsByKey.has(nameKey(base))) continue;
    const key = base.replace(/\s+/g, ' ');
    const list = series.get(key);
    if (list) list.push(skill);
    else series.set(key, [skill]);
  }
  return series;
}

function collect(linked: LinkedRulebook): Map<string, Rule[]> {
  const byId = new Map<string, Rule[]>();
  if (linked.skillsByKey.size === 0) return byId;
  const series = seriesOf(linked);
  // Most rules start with no skill's first word: one set lookup settles them before any name is built.
  const firstWords = new Set([...linked.model.skills.map((s) => s.name), ...series.keys()].map((name) => name.split(/\s+/, 1)[0]));
  for (const rule of linked.model.rules) {
    const start = rule.text.trimStart();
    if (!firstWords.has(start.slice(0, start.search(/\s|$/)))) continue;
    const skills = namedAtStart(linked, series, start);
    for (const skill of skills) {
      const list = byId.get(skill.id);
      if (list) list.push(rule);
      else byId.set(skill.id, [rule]);
    }
  }
  return byId;
}

/**
 * The skills whose name the text starts with, the longest name winning ("Melee Expert" over "Melee"), or
 * the ranks of the series it starts with.
 */
function namedAtStart(linked: LinkedRulebook, series: ReadonlyMap<string, readonly Skill[]>, text: string): readonly Skill[] {
  const words = text.trimStart().split(/\s+/, MAX_NAME_WORDS + 1);
  for (let n = Math.min(MAX_NAME_WORDS, words.length - 1); n >= 1; n--) {
    const next = words[n];
    // A sentence goes on in lower case; "Alchemy 1, Alchemy 2" or "Lore." is a list or a heading.
    if (!/^[a-z]/.test(next)) continue;
    if (/[,.;:]$/.test(words[n - 1])) continue;
    const written = words.slice(0, n).join(' ');
    // Case counts: "Body points are not locational" is not about a skill called "body".
    const skills = linked.skillsByKey.get(nameKey(written))?.filter((s) => s.name.replace(/\s+/g, ' ') === written);
    if (skills?.length) return skills;
    const ranks = series.get(written);
    if (ranks) return ranks;
  }
  return [];
}

/** Where a section's own prose stands in its file: from the end of its heading to its first subsection, or its end. */
export interface DescribedRegion {
  readonly file: string;
  readonly start: number;
  readonly end: number;
  /** The section's heading line. */
  readonly heading: SourceRange;
}

const sectionCache = new WeakMap<LinkedRulebook, ReadonlyMap<string, DescribedRegion>>();

/**
 * The section a table skill is explained under: a heading that is the skill's name and no skill itself ("## Backstab"
 * under the skillset tables, Chronicles LARP's way, and many a LARP's). Null when the book has none.
 */
export function sectionDescribing(linked: LinkedRulebook, skill: Skill): DescribedRegion | null {
  let found = sectionCache.get(linked);
  if (!found) {
    found = collectSections(linked);
    sectionCache.set(linked, found);
  }
  return found.get(skill.id) ?? null;
}

function collectSections(linked: LinkedRulebook): Map<string, DescribedRegion> {
  const byId = new Map<string, DescribedRegion>();
  const { skills, sections } = linked.model;
  if (!skills.some((s) => s.form === 'table')) return byId;
  // A heading a skill is written as ("### Fireball (20 XP)") is that skill's definition, not an explanation of another.
  const headings = headingSkills(linked.model);
  for (const section of sections) {
    const described = linked.skillsByKey.get(nameKey(section.title))?.filter((s) => s.form === 'table');
    if (!described?.length || headings.skillOf(section)) continue;
    const firstChild = section.childSectionIds.length ? linked.sectionsById.get(section.childSectionIds[0]) : undefined;
    const region = { file: section.range.file, start: section.headingRange.end.offset, end: firstChild ? firstChild.range.start.offset : section.range.end.offset, heading: section.headingRange };
    if (region.end <= region.start) continue;
    // The first such heading explains the skill; a later one of the same name (a glossary's) says it again.
    for (const skill of described) if (!byId.has(skill.id)) byId.set(skill.id, region);
  }
  return byId;
}
