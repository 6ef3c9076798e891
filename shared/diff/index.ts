/** Comparing two versions of a rulebook: changes, renumbering, impact, and their text, JSON and markdown forms. */
export { compareRulebooks } from './compare.js';
export { changeImpact, referenceCounts } from './impact.js';
export { toJsonComparison, COMPARISON_FORMAT_VERSION } from './json.js';
export { formatComparisonText } from './format-text.js';
export { changelogMarkdown } from './changelog-markdown.js';
export { wordDiff, formatWordDiff, needsGapAfter } from './word-diff.js';
export type * from './types.js';
export type { ComparedTexts } from './compare-text.js';
