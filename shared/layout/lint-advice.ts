/**
 * Lint settings a book's own conventions call for, judged from what was read: a book whose skills mostly carry no
 * price, wholly or in good part (d20 feats, Cypher enablers, skills bought with attributes) would otherwise get a missing-cost finding on
 * most of its skills. Proposed by `rulebook init` beside the layout, with its reason.
 */
import type { Rulebook } from '../model/types.js';

export interface LintAdvice {
  readonly settings: Record<string, unknown>;
  readonly reasons: string[];
}

const n = (x: number) => x.toLocaleString('en');

export function lintAdvice(model: Rulebook): LintAdvice {
  const skills = model.skills;
  const unpriced = skills.filter((s) => s.costText === null);
  // A quarter of the skills without a price is a convention (Cypher's enablers are half its abilities), not a slip:
  // a few missing costs in a priced book are findings.
  if (skills.length < 5 || unpriced.length * 4 <= skills.length) return { settings: {}, reasons: [] };
  return {
    settings: { lint: { 'missing-cost': 'off' } },
    reasons: [
      `${n(unpriced.length)} of ${n(skills.length)} skills carry no cost (\`${unpriced[0].name}\`…): the book prices them some other way, so \`missing-cost\` is off (\`lint: { missing-cost: off }\`; remove it to hear about skills without a cost again).`,
    ],
  };
}
