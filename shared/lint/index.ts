/** The linter's public face: lint a linked rulebook, list the rules (for the editor, docs and the CLI). */
import type { LinkedRulebook } from '../link/types.js';
import type { LintRuleConfig, RulebookSource, Severity } from '../model/types.js';
import { BUILTIN_RULES } from './builtin-rules.js';
import { runLint } from './engine.js';
import { RULES } from './registry.js';
import type { Finding } from './types.js';
import type { LintMemo } from './memo.js';

export type * from './types.js';
export type { LintRule, RuleMeta, Report, RuleContext } from './define-rule.js';
export { defineRule } from './define-rule.js';
export { sortFindings } from './engine.js';
export { LintMemo } from './memo.js';

export interface RuleInfo {
  readonly id: string;
  readonly description: string;
  readonly defaultSeverity: Severity;
  /** Project-relative path of the rule's documentation. */
  readonly docs: string;
  /** Whether the engine makes these findings itself rather than a rule file. */
  readonly builtin: boolean;
  readonly options: Readonly<Record<string, string>>;
}

/**
 * Lints a linked rulebook: findings sorted by file (rulebook order), line and column, after the
 * rulebook's `lint:` settings, `options.rules` on top, and the `<!-- lint … -->` comments. Pass
 * `options.source` (what was parsed) so that a bad setting is reported at its key rather than at 1:1. With
 * `options.memo`, kept across runs over the same rulebook, what still holds of the last run is not found again.
 */
export function lintRulebook(
  linked: LinkedRulebook,
  options: { rules?: Readonly<Record<string, LintRuleConfig>>; source?: RulebookSource; memo?: LintMemo } = {},
): Finding[] {
  return runLint(linked, RULES, options);
}

/** Every rule id the linter knows, rule files first in registry order, then the engine's own. */
export function ruleIds(): string[] {
  return [...RULES.map((r) => r.id), ...Object.keys(BUILTIN_RULES)];
}

export function listRules(): RuleInfo[] {
  return [
    ...RULES.map((r) => ({ id: r.id, description: r.meta.description, defaultSeverity: r.meta.defaultSeverity, docs: `docs/rules/${r.id}.md`, builtin: false, options: r.meta.options ?? {} })),
    ...Object.entries(BUILTIN_RULES).map(([id, meta]) => ({ id, description: meta.description, defaultSeverity: meta.defaultSeverity, docs: `docs/rules/${id}.md`, builtin: true, options: {} })),
  ];
}
