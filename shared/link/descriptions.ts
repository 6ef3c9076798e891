/**
 * Rules that describe a skill in prose: "3.15.12 Estimate Value allows the character to appraise…".
 * Rulebooks that list their skills in a table (cost and prerequisites only) explain them in numbered
 * rules like these; the handouts need that text, or a table skill's card and summary stay blank.
 */
import type { Rule, Skill } from '../model/types.js';
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

function collect(linked: LinkedRulebook): Map<string, Rule[]> {
  const byId = new Map<string, Rule[]>();
  if (linked.skillsByKey.size === 0) return byId;
  for (const rule of linked.model.rules) {
    const skills = namedAtStart(linked, rule.text);
    for (const skill of skills) {
      const list = byId.get(skill.id);
      if (list) list.push(rule);
      else byId.set(skill.id, [rule]);
    }
  }
  return byId;
}

/** The skills whose name the text starts with, the longest name winning ("Melee Expert" over "Melee"). */
function namedAtStart(linked: LinkedRulebook, text: string): readonly Skill[] {
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
  }
  return [];
}
