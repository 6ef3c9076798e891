/**
 * The lint pipeline the CLI (and anything else on the Node side) calls: load each rulebook, analyse it (or take its
 * findings from the lint cache), optionally filter, and give every finding a path the user can open.
 */
import path from 'node:path';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { Finding } from '../../shared/lint/types.js';
import type { LintRuleConfig } from '../../shared/model/types.js';
import { loadRulebook, type LoadedRulebook } from '../fs/load-rulebook.js';
import { readPublicationRecord, retiredNumbersLintOptions } from '../diff/publication.js';
import type { LintCache } from './cache.js';

/** The findings of one rulebook. */
export interface RulebookLintResult {
  readonly loaded: LoadedRulebook;
  /** The linked model; null when the findings came whole from the cache (nothing was parsed). */
  readonly linked: LinkedRulebook | null;
  readonly findings: readonly Finding[];
}

export interface RunLintOptions {
  /** Settings on top of each rulebook's own `lint:` entries. */
  readonly rules?: Readonly<Record<string, LintRuleConfig>>;
  /** Keeps only the findings this returns true for (a baseline, `--since`, …); it sees the rulebook too. */
  readonly filter?: (finding: Finding, result: { readonly loaded: LoadedRulebook; readonly linked: LinkedRulebook }) => boolean;
  /** The lint cache (on unless `--no-cache`): findings and chunk parses kept between runs (cache.ts). */
  readonly cache?: LintCache | null;
}

export async function lintOne(target: string, options: RunLintOptions = {}): Promise<RulebookLintResult> {
  const loaded = await loadRulebook(target);
  // Numbers deleted in earlier publications feed number-reused; the caller's settings still win.
  const retired = retiredNumbersLintOptions(await readPublicationRecord(loaded.root, loaded.isFolder ? null : loaded.files[0].path));
  const rules = { ...retired, ...options.rules };
  const cached = options.cache ? await options.cache.book(loaded, rules) : null;
  // An unchanged book: its findings as the last run stored them. A filter needs the model, so it always parses.
  const stored = cached && !options.filter ? await cached.findings() : null;
  if (stored) return { loaded, linked: null, findings: stored };
  let chunks = cached ? await cached.chunks() : null;
  const { analyse, ParseCache } = await engine();
  let analysis;
  try {
    analysis = analyse(loaded.source, { rules, ...(chunks ? { cache: new ParseCache({ store: chunks }) } : {}) });
  } catch (error) {
    // The parser never throws on a book: records from the cache that made it throw are dropped, and the book read afresh.
    if (!chunks) throw error;
    chunks = null;
    await cached?.dropChunks();
    analysis = analyse(loaded.source, { rules });
  }
  const { linked } = analysis;
  const all = analysis.findings();
  await cached?.save(all, chunks);
  const findings = options.filter ? all.filter((f) => options.filter!(f, { loaded, linked })) : all;
  return { loaded, linked, findings };
}

/** The analysis, loaded when a book must be read: not when the cache has its findings. */
async function engine() {
  const [{ analyse }, { ParseCache }] = await Promise.all([import('../../shared/analyse/index.js'), import('../../shared/parse/index.js')]);
  return { analyse, ParseCache };
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

/** How many findings of each severity. */
export interface FindingCounts {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
}

export function countBySeverity(findings: readonly Finding[]): FindingCounts {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const f of findings) {
    if (f.severity === 'error') errors++;
    else if (f.severity === 'warning') warnings++;
    else infos++;
  }
  return { errors, warnings, infos };
}

export function countFindings(results: readonly RulebookLintResult[]): FindingCounts {
  return countBySeverity(results.flatMap((result) => result.findings));
}
