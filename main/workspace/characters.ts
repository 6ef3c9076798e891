/**
 * The open rulebook's roster for the app's Characters panel: the character files (.yaml, .yml) under the roster
 * folder inside the rulebook's folder, read like any other file of the book (confined, strictly decoded).
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { CHARACTERS_FOLDER, LIMITS, type CharacterRoster, type FileSnapshot } from '../../shared/ipc/contract.js';
import { READABLE_EXTENSIONS } from '../../shared/ipc/validate.js';
import { ApiFailure } from './errors.js';
import { readSnapshot } from './files.js';
import { confine, confineTyped } from './paths.js';

const CHARACTER_FILE = /\.ya?ml$/i;

/**
 * Lists and reads the roster. No roster folder yet is an empty roster (the panel creates the folder on the first
 * save). A file a symbolic link leads out of the book's folder is left out, as `rulebook character check` leaves it;
 * hidden files (an editor's or an atomic write's temp) are not characters.
 */
export async function readRoster(realRoot: string, noteVersion: (relPath: string, version: string) => void): Promise<CharacterRoster> {
  const folder = await confine(realRoot, CHARACTERS_FOLDER);
  let names: string[];
  try {
    if (!(await stat(folder)).isDirectory()) throw new ApiFailure('unreadable', `${CHARACTERS_FOLDER}: is a file; the roster is a folder of character files`);
    names = await readdir(folder, { recursive: true });
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { folder: CHARACTERS_FOLDER, files: [], unreadable: [] };
    throw new ApiFailure('unreadable', `${CHARACTERS_FOLDER}: ${(error as Error).message}`);
  }
  const relPaths = names
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => CHARACTER_FILE.test(name) && !name.split('/').some((part) => part.startsWith('.')))
    .sort()
    .map((name) => `${CHARACTERS_FOLDER}/${name}`);
  if (relPaths.length > LIMITS.maxFilesPerSave) {
    throw new ApiFailure('failed', `${CHARACTERS_FOLDER}: ${relPaths.length} character files, more than the ${LIMITS.maxFilesPerSave} the app opens; put several characters in one file, or check the roster with \`rulebook character check\``);
  }
  const files: FileSnapshot[] = [];
  const unreadable: { path: string; message: string }[] = [];
  for (const relPath of relPaths) {
    let absolute: string;
    try {
      absolute = await confineTyped(realRoot, relPath, READABLE_EXTENSIONS);
    } catch (error) {
      // Leads out of the folder, or to a file of another kind: not part of the roster.
      if (error instanceof ApiFailure && (error.code === 'outside-rulebook' || error.code === 'bad-argument')) continue;
      throw error;
    }
    try {
      if (!(await stat(absolute)).isFile()) continue;
      const snapshot = await readSnapshot(absolute, relPath);
      noteVersion(relPath, snapshot.version);
      files.push(snapshot);
    } catch (error) {
      unreadable.push({ path: relPath, message: (error as Error).message });
    }
  }
  return { folder: CHARACTERS_FOLDER, files, unreadable };
}
