/** `rulebook lint <path…>`: reports findings in the chosen format; exit 1 on errors or too many warnings, 2 on bad input. */
import type { Command } from 'commander';
import { applyFixes, type AppliedFix } from '../../lint/apply-fixes.js';
import { FORMATS, isLintFormat, renderFindings } from '../../lint/output.js';
import { countFindings, displayPath, runLint, type RunLintOptions } from '../../lint/run-lint.js';
import { UserError } from '../../errors.js';

export interface LintCommandOptions {
  readonly format: string;
  readonly maxWarnings?: string;
  readonly fix?: boolean;
  readonly since?: string;
  /** On unless `--no-cache`. */
  readonly cache?: boolean;
}

function parseMaxWarnings(value: string | undefined): number {
  if (value === undefined) return Infinity;
  if (!/^\d+$/.test(value.trim())) throw new UserError(`--max-warnings must be a whole number of 0 or more, not \`${value}\``);
  return Number(value);
}

function describeFix(fix: AppliedFix): string {
  return `fixed ${fix.file}:${fix.line}:${fix.column} \`${fix.before}\` → \`${fix.after}\` (${fix.ruleId})\n`;
}

/** The whole command as a function, so other commands and options (a baseline, `--since`) can reuse it with a filter. */
export async function lintCommand(targets: readonly string[], options: LintCommandOptions, extra: RunLintOptions = {}): Promise<number> {
  if (!isLintFormat(options.format)) throw new UserError(`--format must be one of ${FORMATS.join(', ')}, not \`${options.format}\``);
  const maxWarnings = parseMaxWarnings(options.maxWarnings);
  let results = await runLint(targets, extra);
  if (options.fix) {
    const applied: AppliedFix[] = [];
    for (const result of results) applied.push(...(await applyFixes(result)));
    // Machine-readable formats own stdout; the list of changes goes beside them on stderr.
    const log = options.format === 'stylish' ? process.stdout : process.stderr;
    for (const fix of applied) log.write(describeFix(fix));
    if (applied.length > 0) results = await runLint(targets, extra);
  }
  // Never read nothing in silence: a site's folder linted at its root reads its own files only.
  for (const { loaded } of results) {
    const unlisted = loaded.unlistedPages;
    if (unlisted.length > 0) process.stderr.write(`warning: ${displayPath({ loaded }, '.')}: ${unlisted.length === 1 ? '1 page' : `${unlisted.length} pages`} in subfolders not read (first: ${unlisted[0]}): \`rulebook init\` lists them in rulebook.yaml\n`);
  }
  process.stdout.write(await renderFindings(results, options.format, { color: options.format === 'stylish' && process.stdout.isTTY === true && !process.env.NO_COLOR }));
  const counts = countFindings(results);
  return counts.errors > 0 || counts.warnings > maxWarnings ? 1 : 0;
}

export function registerLint(program: Command): void {
  program
    .command('lint')
    .description('check rulebooks for duplicate skills, unknown prerequisites, broken references, numbering mistakes and more')
    .argument('<path...>', 'rulebook .md files, or folders with rulebook.yaml')
    .option('--format <format>', `output: ${FORMATS.join(', ')}`, 'stylish')
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this')
    .option('--fix', 'apply the unambiguous fixes (a misspelt prerequisite with one close match, capitalisation, bold Markdown reads as text) and write the files')
    // On by default, as the app's parse cache is: an unchanged book is not read again, a changed one only in its changed parts.
    .option('--no-cache', 'read every file afresh, without the findings and parses kept in the cache folder')
    .option('--cache', 'use the cache folder (the default); says why when it cannot')
    .option('--since <old>', 'report only findings introduced since an old version: a file or folder, a git revision (HEAD~1, v7.4), or `published`')
    .action(async (targets: string[], options: LintCommandOptions, command: Command) => {
      // --since loads its code (the diff and git) only when asked: a plain lint starts without it.
      const since = options.since ? (await import('../../diff/since.js')).sinceFilter : null;
      // Why the cache is not used (its folder inside the book's) is said only to whoever asked for it by name.
      const asked = command.getOptionValueSource('cache') === 'cli' && options.cache !== false;
      const warn = asked ? (m: string) => void process.stderr.write(`rulebook: ${m}\n`) : undefined;
      const cache = options.cache !== false ? (await import('../../lint/cache.js')).LintCache.open(undefined, warn ? { warn } : {}) : null;
      process.exitCode = await lintCommand(targets, options, { ...(since ? { filter: await since(targets, options.since!) } : {}), ...(cache ? { cache } : {}) });
    });
}
