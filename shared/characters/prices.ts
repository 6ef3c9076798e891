/** What the book charges for a purchase: one price, a choice of prices, or anything (a cost the book explains in words). */
import type { ClassCost, Skill } from '../model/types.js';

/** The prices the book accepts for one purchase; `any` when the book gives no price to check against. */
export type Price = { readonly kind: 'any' } | { readonly kind: 'one-of'; readonly costs: readonly number[]; readonly why: string | null };

/**
 * `bought` counts the earlier purchases of the same skill (a ranked cost charges the first one apart); `tier` picks a
 * price from one per tier ("2/4/6" for I–III); `klass` picks a cost column. A per-class cost with no class named
 * accepts any of its columns: the marshal sees the class on the sheet.
 */
export function priceOf(skill: Skill, bought: number, tier: string | null, klass: string | null): Price {
  const detail = skill.costDetail;
  if (detail) {
    switch (detail.kind) {
      case 'ranked':
        return { kind: 'one-of', costs: [bought === 0 ? detail.first : detail.further], why: bought === 0 ? 'the first purchase' : 'a further purchase' };
      case 'per-class': {
        // A column may itself be ranked ("10+5"): a further purchase pays its second price.
        const price = (c: ClassCost) => (bought > 0 && c.further !== null ? c.further : c.cost);
        const column = klass ? detail.byClass.find((c) => c.name.toLowerCase() === klass.toLowerCase()) : undefined;
        if (column) return { kind: 'one-of', costs: [price(column)], why: `for ${column.name}` };
        return { kind: 'one-of', costs: [...new Set(detail.byClass.map(price))], why: null };
      }
      case 'variable':
        return { kind: 'any' };
    }
  }
  const cost = skill.cost;
  if (cost === null) return { kind: 'any' };
  if (typeof cost === 'number') return { kind: 'one-of', costs: [cost], why: null };
  const index = tier ? skill.tiers.indexOf(tier) : -1;
  if (index >= 0 && skill.tiers.length === cost.length) return { kind: 'one-of', costs: [cost[index]], why: `for tier ${tier}` };
  return { kind: 'one-of', costs: [...cost], why: null };
}

/** Whether the skill is bought again and again at a further price ("4+2", or cost columns of "10+5"). */
export function isRanked(skill: Skill): boolean {
  const detail = skill.costDetail;
  return detail?.kind === 'ranked' || (detail?.kind === 'per-class' && detail.byClass.some((c) => c.further !== null));
}

/** The points a purchase takes: what was paid, else the book's price (the lowest, when it gives a choice), else nothing. */
export function pointsTaken(paid: number | null, price: Price): number {
  if (paid !== null) return paid;
  return price.kind === 'one-of' ? Math.min(...price.costs) : 0;
}
