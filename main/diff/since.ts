/** `rulebook lint --since <old>`: a lint filter keeping only the findings each rulebook introduced since an old version. */
import { introducedFindingFilter } from '../../shared/diff/baseline.js';
import { compareRulebooks } from '../../shared/diff/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { Finding } from '../../shared/lint/types.js';
import { loadRulebook, type LoadedRulebook } from '../fs/load-rulebook.js';
import { NotAtRevisionError } from './git-version.js';
import { loadOldVersion, type LoadedVersion } from './load-version.js';

export type FindingFilter = (finding: Finding, result: { loaded: LoadedRulebook; linked: LinkedRulebook }) => boolean;

/**
 * Loads the old version of every target first (it may come from git or the publication record), then
 * filters synchronously. The filter starts afresh for each lint run of a rulebook (after `--fix` lint runs again).
 */
export async function sinceFilter(targets: readonly string[], spec: string): Promise<FindingFilter> {
  const olds = new Map<string, LoadedVersion>();
  for (const target of targets) {
    const loaded = await loadRulebook(target);
    try {
      olds.set(loaded.target, await loadOldVersion(spec, loaded));
    } catch (error) {
      // A book added since the revision (its first commit, as a pre-commit hook sees it): every finding is new.
      if (!(error instanceof NotAtRevisionError)) throw error;
    }
  }
  const perRun = new WeakMap<LinkedRulebook, (finding: Finding) => boolean>();
  return (finding, { loaded, linked }) => {
    let introduced = perRun.get(linked);
    if (!introduced) {
      const old = olds.get(loaded.target);
      if (!old) return true;
      introduced = introducedFindingFilter(old.linked, linked, compareRulebooks(old.linked, linked), old.findings());
      perRun.set(linked, introduced);
    }
    return introduced(finding);
  };
}
