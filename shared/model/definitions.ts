/**
 * Whether two definitions of a skill say the same: one comparison for the linker's "the definitions agree" and
 * lint's duplicate-skill, so that "10+5" and "10+2", or two lists of prerequisites, never pass for one.
 */
import type { ClassCost, Cost, CostDetail, Skill } from './types.js';
import { sameItems } from './same-items.js';

export function sameCost(a: Cost, b: Cost): boolean {
  if (a === null || b === null) return a === b;
  const x = typeof a === 'number' ? [a] : a;
  const y = typeof b === 'number' ? [b] : b;
  return sameItems(x, y);
}

function sameClassCosts(a: readonly ClassCost[], b: readonly ClassCost[]): boolean {
  return a.length === b.length && a.every((c, i) => c.name.toLowerCase() === b[i].name.toLowerCase() && c.cost === b[i].cost && c.further === b[i].further);
}

function sameDetail(a: CostDetail | null, b: CostDetail | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.kind === 'ranked' && b.kind === 'ranked') return a.first === b.first && a.further === b.further;
  if (a.kind === 'per-class' && b.kind === 'per-class') return sameClassCosts(a.byClass, b.byClass);
  return a.kind === b.kind;
}

/** The same price: the same amounts, and the same further purchases and classes where the book gives them. */
export function samePrice(a: Pick<Skill, 'cost' | 'costDetail'>, b: Pick<Skill, 'cost' | 'costDetail'>): boolean {
  return sameCost(a.cost, b.cost) && sameDetail(a.costDetail, b.costDetail);
}

/** The skill's requirements in a canonical form: the same requirements of the same tiers, in any order, give the same key. */
function prerequisiteKey(skill: Skill): string {
  return skill.prerequisites
    .flatMap((p) => p.requirements.map((r) => `${p.tiers.join(',')}:${r.alternatives.map((t) => t.key).sort().join('|')}`))
    .sort()
    .join('&');
}

export function samePrerequisites(a: Skill, b: Skill): boolean {
  return prerequisiteKey(a) === prerequisiteKey(b);
}
