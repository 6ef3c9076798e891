/**
 * Lint settings a book's own conventions call for, judged from what was read, and proposed by `rulebook init` beside
 * the layout with their reasons:
 * - a book whose skills carry no price, wholly or in good part (d20 feats, Cypher enablers, skills bought with
 *   attributes), would otherwise get a missing-cost finding on most of its skills;
 * - a book whose numbers skip the same places chapter after chapter (Tragedy's modules all go from `.0` to `.2`, and
 *   jump to `.9` or `.10` for compatibility) numbers sparsely by design: numbering-gap would report its scheme.
 */
import type { LinkedRulebook } from '../link/types.js';
import { computeNumbering, labelFor, numberingGaps } from '../lint/numbering.js';
import { thousands } from '../model/plural.js';

export interface LintAdvice {
  readonly settings: Record<string, unknown>;
  readonly reasons: string[];
}


/** The same gap recurring under this many parents is a scheme, not a slip. */
const RECURRING = 3;

export function lintAdvice(linked: LinkedRulebook): LintAdvice {
  const model = linked.model;
  const lint: Record<string, string> = {};
  const reasons: string[] = [];
  const skills = model.skills;
  const unpriced = skills.filter((s) => s.costText === null);
  // A quarter of the skills without a price is a convention (Cypher's enablers are half its abilities), not a slip:
  // a few missing costs in a priced book are findings.
  if (skills.length >= 5 && unpriced.length * 4 > skills.length) {
    lint['missing-cost'] = 'off';
    reasons.push(
      `${thousands(unpriced.length)} of ${thousands(skills.length)} skills carry no cost (\`${unpriced[0].name}\`…): the book prices them some other way, so \`missing-cost\` is off (\`lint: { missing-cost: off }\`; remove it to hear about skills without a cost again).`,
    );
  }
  const gaps = recurringGap(linked);
  if (gaps) {
    lint['numbering-gap'] = 'off';
    reasons.push(
      `Under ${thousands(gaps.parents)} different numbers the sequence skips the same place (${gaps.example}): the book leaves gaps by design, so \`numbering-gap\` is off (remove it from \`lint:\` to hear about gaps again).`,
    );
  }
  return { settings: reasons.length ? { lint } : {}, reasons };
}

/**
 * A gap that recurs: the same first missing number, or the same number after the gap, under several parents
 * ("1003.1 is missing before 1003.2" in five modules). The gaps are the numbering-gap rule's own.
 */
function recurringGap(linked: LinkedRulebook): { parents: number; example: string } | null {
  const config = linked.model.config.numbering;
  const byStart = new Map<number, string[]>();
  const byEnd = new Map<number, string[]>();
  for (const { at, from, to } of numberingGaps(computeNumbering(linked), config)) {
    const run = from === to ? labelFor(at, from, config) : `${labelFor(at, from, config)} to ${labelFor(at, to, config)}`;
    const example = `${run} missing before ${at.label}`;
    (byStart.get(from) ?? byStart.set(from, []).get(from)!).push(example);
    (byEnd.get(at.ordinal!) ?? byEnd.set(at.ordinal!, []).get(at.ordinal!)!).push(example);
  }
  const recurring = [...byStart.values(), ...byEnd.values()].sort((a, b) => b.length - a.length)[0];
  return recurring && recurring.length >= RECURRING ? { parents: recurring.length, example: `${recurring.slice(0, 2).join(', ')}…` } : null;
}
