import type { PrerequisiteList, Requirement, Skill } from './types.js';

/** Prerequisite lists that hold for the same tiers of their skill, with the words that say which ("Tier II"). */
export interface TierLists {
  /** "Tier II", "Tiers I–III"; null for lists that hold for every tier. */
  readonly label: string | null;
  readonly lists: readonly PrerequisiteList[];
}

/** The requirements of such lists, each once. */
export interface TierRequirements {
  readonly label: string | null;
  readonly requirements: readonly Requirement[];
}

/**
 * A skill's prerequisite lists in runs of the same tiers, in the book's order: one run, unlabelled, for a skill whose
 * lists hold for every tier (most skills); "Tier I: Agility 6, Lethal Strike I; Tier II: Agility 7, Lethal Strike
 * III" where the book gives each tier its own.
 */
export function prerequisitesByTier(skill: Pick<Skill, 'prerequisites'>): TierLists[] {
  const runs: { label: string | null; lists: PrerequisiteList[] }[] = [];
  for (const list of skill.prerequisites) {
    const label = tierLabel(list.tiers);
    const last = runs[runs.length - 1];
    if (last && last.label === label) last.lists.push(list);
    else runs.push({ label, lists: [list] });
  }
  return runs;
}

/**
 * The requirements of each run of prerequisitesByTier, each once (the same requirement written twice, on a line and
 * in a table cell, is one); a run that needs nothing ("Tier 1: None") is left out.
 */
export function requirementsByTier(skill: Pick<Skill, 'prerequisites'>): TierRequirements[] {
  return prerequisitesByTier(skill)
    .map(({ label, lists }) => {
      const byKey = new Map<string, Requirement>();
      for (const list of lists) {
        for (const requirement of list.requirements) {
          const key = requirement.alternatives.map((t) => t.key).join('|');
          if (!byKey.has(key)) byKey.set(key, requirement);
        }
      }
      return { label, requirements: [...byKey.values()] };
    })
    .filter((run) => run.requirements.length > 0);
}

/**
 * The requirements as words: "A or B, C" ("any of A or B, and C"), each tier's after its label ("Tier I: Agility 6,
 * Lethal Strike I; Tier II: Agility 7, Lethal Strike III"). Empty for a skill that needs nothing. `or`: the book's
 * word between alternatives (alternativesWord: "или" in a Russian book).
 */
export function requirementText(skill: Pick<Skill, 'prerequisites'>, or: string): string {
  return requirementsByTier(skill)
    .map(({ label, requirements }) => {
      const words = requirements.map((r) => r.alternatives.map((t) => t.text).join(` ${or} `)).join(', ');
      return label ? `${label}: ${words}` : words;
    })
    .join('; ');
}

/**
 * Each list as the book writes it after its label (`words` of it; a dash for "none" is left out), joined by "; ",
 * each tier's after its label ("Tier II: Agility 5, Fortitude 5, or Movement 4"). Empty for a skill that needs nothing.
 */
export function writtenPrerequisites(skill: Pick<Skill, 'prerequisites'>, words: (list: PrerequisiteList) => string): string {
  const parts: string[] = [];
  for (const { label, lists } of prerequisitesByTier(skill)) {
    const written = lists
      .map(words)
      .filter((t) => t && t !== '--' && t !== '-')
      .join(label ? ', ' : '; ');
    if (written) parts.push(label ? `${label}: ${written}` : written);
  }
  return parts.join('; ');
}

function tierLabel(tiers: readonly string[]): string | null {
  if (tiers.length === 0) return null;
  return tiers.length === 1 ? `Tier ${tiers[0]}` : `Tiers ${tiers[0]}–${tiers[tiers.length - 1]}`;
}
