/**
 * The lint pipeline the CLI (and anything else on the Node side) calls: load each rulebook, parse, link,
 * lint, optionally filter, and give every finding a path the user can open.
 */
import path from 'node:path';
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { lintRulebook } from '../../shared/lint/index.js';
import type { Finding } from '../../shared/lint/types.js';
import type { LintRuleConfig } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { loadRulebook, type LoadedRulebook } from '../fs/load-rulebook.js';
import { readPublicationRecord, retiredNumbersLintOptions } from '../diff/publication.js';

/** The findings of one rulebook. */
export interface RulebookLintResult {
  readonly loaded: LoadedRulebook;
  readonly linked: LinkedRulebook;
  readonly findings: readonly Finding[];
}

export interface RunLintOptions {
  /** Settings on top of each rulebook's own `lint:` entries. */
  readonly rules?: Readonly<Record<string, LintRuleConfig>>;
  /** Keeps only the findings this returns true for (a baseline, `--since`, …); it sees the rulebook too. */
  readonly filter?: (finding: Finding, result: Omit<RulebookLintResult, 'findings'>) => boolean;
}

export async function lintOne(target: string, options: RunLintOptions = {}): Promise<RulebookLintResult> {
  const loaded = await loadRulebook(target);
  const linked = linkRulebook(parseRulebook(loaded.source), { assets: loaded.source.assets });
  // Numbers deleted in earlier publications feed number-reused; the caller's settings still win.
  const retired = retiredNumbersLintOptions(await readPublicationRecord(loaded.root, loaded.isFolder ? null : loaded.files[0].path));
  const all = lintRulebook(linked, { rules: { ...retired, ...options.rules }, source: loaded.source });
  const findings = options.filter ? all.filter((f) => options.filter!(f, { loaded, linked })) : all;
  return { loaded, linked, findings };
}

/** Lints each path as its own rulebook, in the order given. Input problems throw UserError (exit 2). */
export async function runLint(targets: readonly string[], options: RunLintOptions = {}): Promise<RulebookLintResult[]> {
  const results: RulebookLintResult[] = [];
  for (const target of targets) results.push(await lintOne(target, options));
  return results;
}

/** The path to show for a rulebook-relative file: relative to the working folder when inside it. */
export function displayPath(result: Pick<RulebookLintResult, 'loaded'>, file: string, cwd = process.cwd()): string {
  const absolute = path.resolve(result.loaded.root, file);
  const relative = path.relative(cwd, absolute);
  const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : absolute;
  return shown.split(path.sep).join('/');
}

export interface Counts {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
}

export function countFindings(results: readonly RulebookLintResult[]): Counts {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const result of results) {
    for (const f of result.findings) {
      if (f.severity === 'error') errors++;
      else if (f.severity === 'warning') warnings++;
      else infos++;
    }
  }
  return { errors, warnings, infos };
}
