/** Findings for the editor: the linter's own engine (the same as `rulebook lint`), so the editor and the CLI never disagree. */
import type { LinkedRulebook } from '../../shared/link/types.js';
import { lintRulebook } from '../../shared/lint/index.js';
import type { Finding } from '../../shared/lint/types.js';
import type { LintRuleConfig } from '../../shared/model/types.js';

/** `rules` are settings laid over the rulebook's own, as the CLI does with the publication record's retired numbers. */
export function lintForEditor(linked: LinkedRulebook, rules: Readonly<Record<string, LintRuleConfig>> = {}): Finding[] {
  return lintRulebook(linked, { rules });
}
