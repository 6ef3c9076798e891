/** `--format github`: GitHub Actions workflow commands, so findings appear as annotations on the pull request. */
import { toJsonFindings } from './format-json.js';
import type { RulebookLintResult } from './run-lint.js';

const LEVEL = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** Workflow command escaping: data escapes %, CR, LF; properties also : and ,. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function formatGithub(results: readonly RulebookLintResult[]): string {
  return toJsonFindings(results)
    .map((f) => {
      const props = [`file=${escapeProperty(f.file)}`, `line=${f.line}`, `col=${f.column}`, `endLine=${f.endLine}`];
      if (f.endLine === f.line) props.push(`endColumn=${f.endColumn}`);
      props.push(`title=${escapeProperty(f.ruleId)}`);
      return `::${LEVEL[f.severity]} ${props.join(',')}::${escapeData(f.message)}\n`;
    })
    .join('');
}
