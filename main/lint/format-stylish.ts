/** `--format stylish`: findings grouped by file, aligned columns, a summary line; colour only when asked (a TTY). */
import { toJsonFindings } from './format-json.js';
import type { RulebookLintResult } from './run-lint.js';
import { countFindings } from './run-lint.js';
import { plural } from '../../shared/model/plural.js';

const paint = (on: boolean) => (code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

export function formatStylish(results: readonly RulebookLintResult[], options: { color: boolean }): string {
  const c = paint(options.color);
  const findings = toJsonFindings(results);
  const byFile = new Map<string, typeof findings>();
  for (const f of findings) {
    const list = byFile.get(f.file);
    if (list) list.push(f);
    else byFile.set(f.file, [f]);
  }
  let out = '';
  for (const [file, list] of byFile) {
    out += `\n${c('4', file)}\n`;
    const places = list.map((f) => `${f.line}:${f.column}`);
    const width = Math.max(...places.map((p) => p.length));
    const severityWidth = Math.max(...list.map((f) => f.severity.length));
    list.forEach((f, i) => {
      const colour = f.severity === 'error' ? '31' : f.severity === 'warning' ? '33' : '36';
      out += `  ${c('2', places[i].padEnd(width))}  ${c(colour, f.severity.padEnd(severityWidth))}  ${f.message}  ${c('2', f.ruleId)}\n`;
    });
  }
  const counts = countFindings(results);
  const total = counts.errors + counts.warnings + counts.infos;
  if (total === 0) return '';
  const parts = [plural(counts.errors, 'error'), plural(counts.warnings, 'warning')];
  if (counts.infos > 0) parts.push(plural(counts.infos, 'info'));
  const fixable = results.reduce((n, r) => n + r.findings.filter((f) => f.fix).length, 0);
  const colour = counts.errors > 0 ? '31;1' : counts.warnings > 0 ? '33;1' : '36;1';
  out += `\n${c(colour, `✖ ${plural(total, 'problem')} (${parts.join(', ')})`)}\n`;
  if (fixable > 0) out += `  ${plural(fixable, 'problem')} can be fixed with --fix\n`;
  return out;
}
