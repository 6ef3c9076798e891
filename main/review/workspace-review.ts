/** The app's review (the Changes panel's `reviewChanges`): the working copy, unsaved texts included, against a revision or the publication. */
import type { ChangeReview, ReviewBase, ReviewFinding } from '../../shared/ipc/contract.js';
import type { Finding } from '../../shared/lint/types.js';
import { UserError } from '../errors.js';
import { referenceCounts } from '../../shared/diff/impact.js';
import { readGitVersion } from '../diff/git-version.js';
import { analyseVersion, gitTargetOf, loadOldVersion, type LoadedVersion } from '../diff/load-version.js';
import { loadRulebook } from '../fs/load-rulebook.js';
import { ApiFailure } from '../workspace/errors.js';
import { sourceWithUnsaved } from '../workspace/export.js';
import { buildReview, introducesErrors } from './build-review.js';
import { formatReviewMarkdown } from './format-markdown.js';
import { retiredRules } from './load-versions.js';

function plain(f: Finding): ReviewFinding {
  return { file: f.range.file, line: f.range.start.line, column: f.range.start.column, severity: f.severity, ruleId: f.ruleId, message: f.message };
}

export async function reviewWorkingCopy(target: string, base: ReviewBase, unsaved: readonly { path: string; text: string }[]): Promise<ChangeReview> {
  let loaded;
  try {
    loaded = await loadRulebook(target);
  } catch (error) {
    throw new ApiFailure('invalid-rulebook', (error as Error).message);
  }
  const options = { rules: await retiredRules(loaded) };
  let older: LoadedVersion;
  try {
    // A hash goes to git directly: the CLI's spec would first be tried as a path, relative to wherever the host started.
    if (base === 'publication') older = await loadOldVersion('published', loaded, options);
    else {
      const { label, source } = await readGitVersion(gitTargetOf(loaded), base);
      older = analyseVersion(label, source, options);
    }
  } catch (error) {
    if (error instanceof UserError) throw new ApiFailure('not-found', error.message);
    throw error;
  }
  const source = await sourceWithUnsaved(target, unsaved);
  const review = buildReview(older, analyseVersion('the working copy', source, options));
  return {
    label: older.label,
    failed: introducesErrors(review),
    introduced: review.introduced.map(plain),
    fixed: review.fixed.map(plain),
    ...referenceCounts(review.impact),
    markdown: formatReviewMarkdown(review, { baseSpec: base === 'publication' ? 'published' : base.slice(0, 12) }),
  };
}
