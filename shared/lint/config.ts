/** Lint settings: turns `lint:` entries (rulebook config plus caller options) into each rule's severity and options. */
import type { LintRuleConfig, RuleSetting } from '../model/types.js';

export interface ResolvedRuleConfig {
  /** 'off' skips the rule; null means "not set": each report keeps the rule's own severity. */
  readonly severity: RuleSetting | null;
  readonly options: Readonly<Record<string, unknown>>;
}

/** A problem in a `lint:` entry, for the engine to report. */
export type ConfigProblem =
  | { readonly kind: 'unknown-rule'; readonly id: string }
  | { readonly kind: 'severity'; readonly id: string; readonly value: string }
  | { readonly kind: 'shape'; readonly id: string }
  | { readonly kind: 'option'; readonly id: string; readonly option: string };

const SETTINGS: ReadonlySet<string> = new Set(['off', 'info', 'warning', 'error']);

function describe(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Reads one entry. Strings are severities; mappings carry `severity` and options. Anything malformed
 * becomes a problem and leaves the rule at its defaults, so a typo never silences a rule by accident.
 */
export function resolveRuleConfig(
  id: string,
  value: LintRuleConfig | unknown,
  knownOptions: ReadonlySet<string>,
  problems: ConfigProblem[],
): ResolvedRuleConfig {
  if (typeof value === 'string') {
    const lowered = value.toLowerCase();
    if (SETTINGS.has(lowered)) return { severity: lowered as RuleSetting, options: {} };
    problems.push({ kind: 'severity', id, value });
    return { severity: null, options: {} };
  }
  // YAML `rule: false` / `rule: true` reads naturally as off / on.
  if (value === false) return { severity: 'off', options: {} };
  if (value === true || value === null || value === undefined) return { severity: null, options: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.push({ kind: 'shape', id });
    return { severity: null, options: {} };
  }
  let severity: RuleSetting | null = null;
  const options: Record<string, unknown> = {};
  for (const [key, option] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'severity') {
      const lowered = typeof option === 'string' ? option.toLowerCase() : '';
      if (SETTINGS.has(lowered)) severity = lowered as RuleSetting;
      else problems.push({ kind: 'severity', id, value: describe(option) });
    } else if (knownOptions.has(key)) options[key] = option;
    else problems.push({ kind: 'option', id, option: key });
  }
  return { severity, options };
}
