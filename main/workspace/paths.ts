/** Path confinement: every path the page names must resolve, symlinks followed, inside the opened rulebook's folder. */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { extensionOf, relPathProblem } from '../../shared/ipc/validate.js';
import { isInside } from '../fs/inside.js';
import { ApiFailure } from './errors.js';


/**
 * Resolves a rulebook-relative path to an absolute one inside `realRoot` (itself already a realpath).
 * Follows symlinks of the file and of its nearest existing ancestor, so a link pointing outside the
 * folder is refused even when the spelling looks innocent. The file itself need not exist.
 */
export async function confine(realRoot: string, relPath: string): Promise<string> {
  const problem = relPathProblem(relPath);
  if (problem) throw new ApiFailure('outside-rulebook', `\`${relPath}\` ${problem}`);
  const absolute = path.resolve(realRoot, ...relPath.split('/'));
  if (!isInside(realRoot, absolute)) throw new ApiFailure('outside-rulebook', `\`${relPath}\` is outside the rulebook folder`);
  // Walk up to the nearest part that exists and check where it really points.
  let probe = absolute;
  let rest: string[] = [];
  for (;;) {
    try {
      const real = await realpath(probe);
      const resolved = path.join(real, ...rest);
      if (!isInside(realRoot, resolved)) throw new ApiFailure('outside-rulebook', `\`${relPath}\` leads outside the rulebook folder (through a symbolic link)`);
      return resolved;
    } catch (error) {
      if (error instanceof ApiFailure) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
      if (probe === realRoot) throw new ApiFailure('not-found', 'The rulebook folder no longer exists');
      rest = [path.basename(probe), ...rest];
      probe = path.dirname(probe);
    }
  }
}

/**
 * confine, then the same file-type check on the file the path really names: the validators checked the
 * spelling, but `book.pdf` may be a symbolic link to `install.sh` inside the folder, and opening that
 * with the system's default app would run it.
 */
export async function confineTyped(realRoot: string, relPath: string, extensions: readonly string[]): Promise<string> {
  const absolute = await confine(realRoot, relPath);
  const real = toRelPath(realRoot, absolute);
  if (!extensions.includes(extensionOf(real))) {
    throw new ApiFailure('bad-argument', `\`${relPath}\` is a link to \`${real}\`, which is not a ${extensions.join(', ')} file`);
  }
  return absolute;
}

/** Rulebook-relative posix path of an absolute path inside root. */
export function toRelPath(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join('/');
}
