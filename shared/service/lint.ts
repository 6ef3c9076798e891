/** Findings for the editor: the linter's own engine (the same as `rulebook lint`), so the editor and the CLI never disagree. */
import type { LinkedRulebook } from '../link/types.js';
import { lintRulebook, type LintMemo } from '../lint/index.js';
import type { Finding } from '../lint/types.js';
import type { LintRuleConfig, RulebookSource } from '../model/types.js';

/**
 * `rules` are settings laid over the rulebook's own, as the CLI does with the publication record's retired
 * numbers; `source` (what was parsed) lets a bad setting be shown at its key, as the CLI shows it; `memo` (the
 * session's, kept across keystrokes) lets what still holds of the last run be kept.
 */
export function lintForEditor(linked: LinkedRulebook, rules: Readonly<Record<string, LintRuleConfig>> = {}, source?: RulebookSource, memo?: LintMemo): Finding[] {
  return lintRulebook(linked, { rules, source, memo });
}
