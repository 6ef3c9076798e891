/** Whether a path stays inside a folder: the one test every confinement (CLI, app, host) makes. */
import { realpath } from 'node:fs/promises';
import path from 'node:path';

/** Whether `candidate` (absolute, normalised) is `root` or inside it. */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..');
}

/**
 * Whether an existing file of a book really lies outside the book's folder (`realRoot`, itself a realpath): a
 * symbolic link to elsewhere. A file that does not exist leads nowhere; its reader says so.
 */
export async function leadsOutside(realRoot: string, file: string): Promise<boolean> {
  try {
    return !isInside(realRoot, await realpath(file));
  } catch {
    return false;
  }
}
