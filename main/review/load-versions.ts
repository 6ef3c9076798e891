/**
 * The two versions `rulebook review <base> [head]` compares, read the way `diff` and `lint --since` read them
 * (main/diff/load-version.ts): the head is the working copy, or a git revision of the same rulebook.
 */
import path from 'node:path';
import { readGitVersion } from '../diff/git-version.js';
import type { LintRuleConfig } from '../../shared/model/types.js';
import { analyseVersion, gitTargetOf, loadOldVersion } from '../diff/load-version.js';
import { readPublicationRecord, retiredNumbersLintOptions } from '../diff/publication.js';
import { loadRulebook, type LoadedRulebook } from '../fs/load-rulebook.js';
import type { ReviewVersion } from './build-review.js';
import { exists } from '../fs/exists.js';

export interface ReviewInputs {
  /** The rulebook on disk: where git runs, what file paths are shown relative to. */
  readonly loaded: LoadedRulebook;
  readonly base: ReviewVersion;
  readonly head: ReviewVersion;
  /** The git revision the head was read from, null for the working copy. */
  readonly headRevision: string | null;
}


export function workingCopyLabel(loaded: LoadedRulebook): string {
  const shown = path.relative(process.cwd(), loaded.target) || loaded.target;
  return `the working copy (${shown.split(path.sep).join('/')})`;
}

/**
 * `headSpec`: omitted for the working copy of `bookPath`; an existing file or folder for that rulebook's working
 * copy (as `diff <old> [new]` takes it); otherwise a git revision of the rulebook at `bookPath`.
 */
export async function loadReviewInputs(baseSpec: string, headSpec: string | undefined, bookPath: string): Promise<ReviewInputs> {
  const headIsPath = headSpec === undefined || (await exists(headSpec));
  const loaded = await loadRulebook(headIsPath ? (headSpec ?? bookPath) : bookPath);
  const options = { rules: await retiredRules(loaded) };
  const base = await loadOldVersion(baseSpec, loaded, options);
  let head: ReviewVersion;
  if (headIsPath) head = analyseVersion(workingCopyLabel(loaded), loaded.source, options);
  else {
    const { label, source } = await readGitVersion(gitTargetOf(loaded), headSpec!);
    head = analyseVersion(label, source, options);
  }
  return { loaded, base, head, headRevision: headIsPath ? null : headSpec! };
}

/** Numbers deleted in earlier publications feed number-reused, as in `rulebook lint`. */
export async function retiredRules(loaded: LoadedRulebook): Promise<Readonly<Record<string, LintRuleConfig>>> {
  const target = gitTargetOf(loaded);
  return retiredNumbersLintOptions(await readPublicationRecord(target.root, target.singleFile));
}
