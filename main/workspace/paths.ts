/** Path confinement: every path the page names must resolve, symlinks followed, inside the opened rulebook's folder. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { extensionOf, relPathProblem } from '../../shared/ipc/validate.js';
import { isInside, realLocation } from '../fs/inside.js';
import { ApiFailure } from './errors.js';

/**
 * Resolves a rulebook-relative path to an absolute one inside `realRoot` (itself already a realpath): where the file
 * really is, or would be once written (realLocation: symlinks of the file and of its folders followed, dangling ones
 * too), so a link pointing outside the folder is refused even when the spelling looks innocent. The file itself
 * need not exist. A loop of links or a name too long for the file system is a named failure, not an internal one.
 */
export async function confine(realRoot: string, relPath: string): Promise<string> {
  const problem = relPathProblem(relPath);
  if (problem) throw new ApiFailure('outside-rulebook', `\`${relPath}\` ${problem}`);
  const absolute = path.resolve(realRoot, ...relPath.split('/'));
  if (!isInside(realRoot, absolute)) throw new ApiFailure('outside-rulebook', `\`${relPath}\` is outside the rulebook folder`);
  try {
    await stat(realRoot);
  } catch {
    throw new ApiFailure('not-found', 'The rulebook folder no longer exists');
  }
  let real: string;
  try {
    real = await realLocation(absolute);
  } catch (error) {
    throw pathFailure(error, relPath);
  }
  if (!isInside(realRoot, real)) throw new ApiFailure('outside-rulebook', `\`${relPath}\` leads outside the rulebook folder (through a symbolic link)`);
  return real;
}

/** Why the file system could not say where `relPath` leads, as a failure the page can show. */
function pathFailure(error: unknown, relPath: string): unknown {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ELOOP':
      return new ApiFailure('unreadable', `\`${relPath}\` is a loop of symbolic links`);
    case 'ENAMETOOLONG':
      return new ApiFailure('bad-argument', `\`${relPath}\` has a name too long for the file system`);
    case 'EACCES':
    case 'EPERM':
      return new ApiFailure('unreadable', `\`${relPath}\`: permission denied`);
    default:
      return error;
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
