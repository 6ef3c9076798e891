/** Whether a path stays inside a folder: the one test every confinement (CLI, app, host) makes. */
import { readlink, realpath } from 'node:fs/promises';
import path from 'node:path';

/** Whether `candidate` (absolute, normalised) is `root` or inside it. */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..');
}

/**
 * Whether a file of a book really lies, or would be written, outside the book's folder (`realRoot`, itself a
 * realpath): a symbolic link to elsewhere, dangling or not. A path the file system cannot follow (a loop) is left
 * to its reader or writer to name.
 */
export async function leadsOutside(realRoot: string, file: string): Promise<boolean> {
  try {
    return !isInside(realRoot, await realLocation(file));
  } catch {
    return false;
  }
}

/** More links than this on one path is a loop (Linux gives up at 40 too). */
const MAX_LINKS = 40;

/**
 * Where the file at `file` (absolute) really is, or would be once written: symbolic links followed, and a dangling
 * one too (writing through it creates its target), then the parts that do not exist yet appended to the real path
 * of the nearest part that does. Throws the file system's error for anything but a missing part (ELOOP for a loop).
 */
export async function realLocation(file: string): Promise<string> {
  let probe = file;
  let rest: string[] = [];
  let links = 0;
  for (;;) {
    try {
      return path.join(await realpath(probe), ...rest);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    }
    const target = await readlink(probe).catch(() => null);
    if (target !== null) {
      if (++links > MAX_LINKS) throw Object.assign(new Error(`ELOOP: too many symbolic links encountered, ${file}`), { code: 'ELOOP' });
      // Relative to the link's real folder: a `..` in the target climbs from there, not from how the path was spelled.
      probe = path.resolve(await realpath(path.dirname(probe)), target);
      continue;
    }
    const parent = path.dirname(probe);
    if (parent === probe) return file;
    rest = [path.basename(probe), ...rest];
    probe = parent;
  }
}
