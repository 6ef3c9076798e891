/** Findings the engine itself makes (not from rule files): bad lint config, unknown rule ids, a rule that crashed. */
import type { RuleMeta } from './define-rule.js';

export const BUILTIN_RULES: Readonly<Record<'unknown-rule' | 'invalid-lint-config' | 'internal-error', RuleMeta>> = {
  'unknown-rule': {
    description: 'Lint config and `<!-- lint … -->` comments name rules that exist',
    defaultSeverity: 'warning',
    messages: {
      config: 'Unknown lint rule `{id}` in the `lint:` settings{hint}',
      comment: 'Unknown lint rule `{id}` in this lint comment{hint}',
    },
  },
  'invalid-lint-config': {
    description: 'Each `lint:` setting is off, info, warning, error, or a mapping with a severity and the rule’s options',
    defaultSeverity: 'error',
    messages: {
      severity: 'Lint setting for `{id}` must be off, info, warning or error, not `{value}`',
      shape: 'Lint setting for `{id}` must be a severity or a mapping with `severity` and options',
      option: 'Lint rule `{id}` has no option `{option}`{hint}',
    },
  },
  'internal-error': {
    description: 'A lint rule failed while checking this rulebook (a bug in the linter, not in the rulebook)',
    defaultSeverity: 'error',
    messages: {
      crashed: 'Lint rule `{id}` failed and was skipped: {error}',
    },
  },
};
