/** Every lint rule, in the order they run and are listed. A rule file not listed here never runs (a test checks). */
import type { LintRule } from './define-rule.js';
import brokenLink from './rules/broken-link.js';
import brokenReference from './rules/broken-reference.js';
import costMismatch from './rules/cost-mismatch.js';
import duplicateNumber from './rules/duplicate-number.js';
import duplicateSkill from './rules/duplicate-skill.js';
import emptyField from './rules/empty-field.js';
import emptySection from './rules/empty-section.js';
import gluedEmphasis from './rules/glued-emphasis.js';
import latexCommand from './rules/latex-command.js';
import misplacedNumber from './rules/misplaced-number.js';
import literalBold from './rules/literal-bold.js';
import missingCost from './rules/missing-cost.js';
import missingImage from './rules/missing-image.js';
import nameCase from './rules/name-case.js';
import numberReused from './rules/number-reused.js';
import numberingGap from './rules/numbering-gap.js';
import numberingOrder from './rules/numbering-order.js';
import parseProblem from './rules/parse-problem.js';
import prerequisiteCycle from './rules/prerequisite-cycle.js';
import skillHeadingLevel from './rules/skill-heading-level.js';
import unknownPrerequisite from './rules/unknown-prerequisite.js';
import unreachableSkill from './rules/unreachable-skill.js';

export const RULES: readonly LintRule[] = [
  parseProblem,
  duplicateSkill,
  unknownPrerequisite,
  prerequisiteCycle,
  unreachableSkill,
  nameCase,
  duplicateNumber,
  numberingGap,
  numberingOrder,
  misplacedNumber,
  brokenReference,
  brokenLink,
  missingImage,
  missingCost,
  emptySection,
  skillHeadingLevel,
  emptyField,
  literalBold,
  gluedEmphasis,
  latexCommand,
  costMismatch,
  numberReused,
];
