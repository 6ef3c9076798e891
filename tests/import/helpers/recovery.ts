// Recovery figures: how much of a hand-converted rulebook's numbered rules and skills an import recovers, compared by number+text and name+cost+prerequisites.
import type { Rule, Rulebook, Skill } from '../../../shared/model/types.js';

export interface Recovery {
  readonly rules: { readonly expected: number; readonly recovered: number; readonly missing: readonly string[] };
  readonly skills: { readonly expected: number; readonly recovered: number; readonly missing: readonly string[] };
}

function normal(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Similarity of two texts by their words (Dice coefficient over word bigrams), 1 for identical. */
export function similarity(a: string, b: string): number {
  const x = normal(a);
  const y = normal(b);
  if (x === y) return 1;
  const grams = (s: string): Map<string, number> => {
    const words = s.split(' ');
    const m = new Map<string, number>();
    for (let i = 0; i < words.length - 1 || (i === 0 && words.length === 1); i++) {
      const g = words.length === 1 ? words[0] : `${words[i]} ${words[i + 1]}`;
      m.set(g, (m.get(g) ?? 0) + 1);
    }
    return m;
  };
  const gx = grams(x);
  const gy = grams(y);
  let common = 0;
  let total = 0;
  for (const [g, n] of gx) {
    common += Math.min(n, gy.get(g) ?? 0);
    total += n;
  }
  for (const n of gy.values()) total += n;
  return total ? (2 * common) / total : 0;
}

/** A rule's identity: its global number, or for a locally numbered list the heading it stands under plus its local number. */
function ruleKey(rule: Rule, model: Rulebook): string {
  if (rule.scope === 'global') return rule.number.key;
  const section = model.sections.find((s) => s.id === rule.sectionId);
  return `${normal(section?.title ?? '')}#${rule.number.segments.join('.')}`;
}

function costKey(skill: Skill): string {
  return JSON.stringify(skill.cost);
}

function prerequisiteKey(skill: Skill): string {
  const terms = skill.prerequisites
    .filter((p) => p.origin !== 'section')
    .flatMap((p) => p.requirements.map((r) => r.alternatives.map((t) => normal(t.text)).sort().join('|')));
  return [...new Set(terms)].sort().join(';');
}

/** Compares an imported model with the hand-converted one. */
export function measureRecovery(hand: Rulebook, imported: Rulebook): Recovery {
  const importedRules = new Map<string, Rule>();
  for (const rule of imported.rules) if (!importedRules.has(ruleKey(rule, imported))) importedRules.set(ruleKey(rule, imported), rule);
  const missingRules: string[] = [];
  let rulesRecovered = 0;
  for (const rule of hand.rules) {
    const key = ruleKey(rule, hand);
    const found = importedRules.get(key);
    if (found && similarity(found.text, rule.text) >= 0.8) rulesRecovered++;
    else missingRules.push(`${key}${found ? ` (text differs: "${found.text.slice(0, 60)}")` : ''}`);
  }
  const importedSkills = new Map<string, Skill[]>();
  for (const skill of imported.skills) importedSkills.set(skill.key, [...(importedSkills.get(skill.key) ?? []), skill]);
  const missingSkills: string[] = [];
  let skillsRecovered = 0;
  // A hand-converted "skill" without a cost is a table row the core reads as a skill because of an
  // "Ability" column (the Ars Magica weapon tables: "Brawl" six times): no skill to recover.
  const handSkills = hand.skills.filter((s) => s.cost !== null);
  for (const skill of handSkills) {
    const candidates = importedSkills.get(skill.key) ?? [];
    const match = candidates.find((c) => costKey(c) === costKey(skill) && prerequisiteKey(c) === prerequisiteKey(skill));
    if (match) skillsRecovered++;
    else {
      const near = candidates[0];
      missingSkills.push(
        near
          ? `${skill.name}: cost ${costKey(near)} vs ${costKey(skill)}, prerequisites [${prerequisiteKey(near)}] vs [${prerequisiteKey(skill)}]`
          : `${skill.name}: not found`,
      );
    }
  }
  return {
    rules: { expected: hand.rules.length, recovered: rulesRecovered, missing: missingRules },
    skills: { expected: handSkills.length, recovered: skillsRecovered, missing: missingSkills },
  };
}
