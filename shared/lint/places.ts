/** How findings name other places and costs in their messages: "line 40", "guilds.md line 40", "4/5 SP". */
import type { Cost, Skill, SourceRange } from '../model/types.js';

/** "line 40" when `there` is in the same file as `here`, else "guilds.md line 40". */
export function placeName(there: SourceRange, here: SourceRange): string {
  return there.file === here.file ? `line ${there.start.line}` : `${there.file} line ${there.start.line}`;
}

/** A cost as people write it: 4, 4/5; "no cost" when null. */
export function costLabel(cost: Cost, unit?: string | null): string {
  if (cost === null) return 'no cost';
  const value = typeof cost === 'number' ? String(cost) : cost.join('/');
  return unit ? `${value} ${unit}` : value;
}

type Priced = Pick<Skill, 'cost' | 'costUnit' | 'costText' | 'costDetail'>;

/** A skill's price in a message: as written where it says more than one amount ("10+5", cost columns), else its cost. */
function priceLabel(skill: Priced): string {
  return skill.costDetail && skill.costText ? skill.costText : costLabel(skill.cost, skill.costUnit);
}

/**
 * Two prices that differ, each as a message names it. Cost columns under the same headers name only the columns
 * that differ ("Primary 10+2" against "Primary 10+5"): the others say the same and would bury the difference.
 */
export function priceLabels(here: Priced, there: Priced): { here: string; there: string } {
  const a = here.costDetail;
  const b = there.costDetail;
  if (a?.kind === 'per-class' && b?.kind === 'per-class' && a.byClass.length === b.byClass.length && a.byClass.every((c, i) => c.name === b.byClass[i].name)) {
    const differ = a.byClass.flatMap((c, i) => (c.text === b.byClass[i].text ? [] : [i]));
    if (differ.length > 0) {
      const label = (d: typeof a) => differ.map((i) => `${d.byClass[i].name} ${d.byClass[i].text}`).join(', ');
      return { here: label(a), there: label(b) };
    }
  }
  return { here: priceLabel(here), there: priceLabel(there) };
}
