/**
 * Links from the review to lines of the head revision on the repository's website (`--repo-url`), so a reviewer
 * clicks from the pull-request comment to the rule. Pinned to a commit, so a later push cannot move the line.
 */
import path from 'node:path';
import { UserError } from '../errors.js';
import { git } from '../diff/git-version.js';

/** A rulebook-relative file and a line → the address of that line, or null when there is none to link to. */
export type LineLink = (file: string, line: number) => string | null;

export const NO_LINKS: LineLink = () => null;

/** Checks `--repo-url`: an http(s) address without query or fragment, so what is appended stays a path. */
export function parseRepoUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UserError(`--repo-url must be the repository's web address (https://github.com/owner/name), not \`${value}\``);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password) {
    throw new UserError(`--repo-url must be an http(s) address without a query, a fragment or a password, not \`${value}\``);
  }
  return url.href.replace(/\/+$/, '');
}

async function gitText(cwd: string, args: readonly string[]): Promise<string | null> {
  try {
    return (await git(cwd, args)).toString('utf8').trim();
  } catch {
    return null;
  }
}

/**
 * Line links into `repoUrl` at the head: the commit `headRevision` names, or HEAD for the working copy (in CI the
 * checkout of the pull request's head). `/blob/<commit>/<path>#L<line>` is GitHub's form; GitLab redirects it to its own.
 * Outside a git repository there is no commit to pin to, so there are no links (the report still names file:line).
 */
export async function repositoryLineLinks(repoUrl: string, root: string, headRevision: string | null): Promise<LineLink> {
  const commit = await gitText(root, ['rev-parse', '--verify', '--quiet', `${headRevision ?? 'HEAD'}^{commit}`]);
  const prefix = await gitText(root, ['rev-parse', '--show-prefix']);
  if (!commit || prefix === null) return NO_LINKS;
  return (file, line) => {
    const inRepository = path.posix.join(prefix, file);
    const encoded = inRepository.split('/').map(encodeURIComponent).join('/');
    return `${repoUrl}/blob/${commit}/${encoded}#L${line}`;
  };
}
