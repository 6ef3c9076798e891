/** Whether a path stays inside a folder: the one test every confinement (CLI, app, host) makes. */
import path from 'node:path';

/** Whether `candidate` (absolute, normalised) is `root` or inside it. */
export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..');
}
