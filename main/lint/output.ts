/** Picks the formatter for `--format` and renders the findings of every linted rulebook. */
import { readFileSync } from 'node:fs';
import { formatGithub } from './format-github.js';
import { formatJson } from './format-json.js';
import { formatStylish } from './format-stylish.js';
import type { RulebookLintResult } from './run-lint.js';

export const FORMATS = ['stylish', 'json', 'sarif', 'github'] as const;
export type LintFormat = (typeof FORMATS)[number];

export function isLintFormat(value: string): value is LintFormat {
  return (FORMATS as readonly string[]).includes(value);
}

function toolVersion(): string {
  try {
    return JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export async function renderFindings(results: readonly RulebookLintResult[], format: LintFormat, options: { color: boolean }): Promise<string> {
  switch (format) {
    case 'stylish':
      return formatStylish(results, options);
    case 'json':
      return formatJson(results);
    case 'sarif':
      // SARIF lists every rule with its documentation: the only format that loads the rules (a cached lint needs none).
      return (await import('./format-sarif.js')).formatSarif(results, toolVersion());
    case 'github':
      return formatGithub(results);
  }
}
