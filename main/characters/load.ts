/** Reads character files and rosters (folders of them) from disk; an unreadable file is one UserError naming it. */
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { readCharacterFile } from '../../shared/characters/read.js';
import type { Character } from '../../shared/characters/types.js';
import { UserError } from '../errors.js';
import { describeFsError, readText, statNamed } from '../fs/load-rulebook.js';
import { isInside } from '../fs/inside.js';

export interface LoadedCharacterFile {
  readonly absolutePath: string;
  readonly characters: readonly Character[];
}

const CHARACTER_FILE = /\.ya?ml$/i;

function display(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') ? relative : file;
}

/**
 * Each target is a character file, or a roster folder whose .yaml/.yml files (in its subfolders too, in name order)
 * are read; a file a symbolic link leads out of the roster folder is not.
 */
export async function loadCharacterFiles(targets: readonly string[]): Promise<LoadedCharacterFile[]> {
  const files: LoadedCharacterFile[] = [];
  for (const target of targets) {
    const absolute = path.resolve(target);
    const info = await statNamed(absolute);
    if (!info.isDirectory()) {
      files.push(await loadOne(absolute));
      continue;
    }
    const root = await realpath(absolute);
    const names = (await readdir(absolute, { recursive: true })).filter((n) => CHARACTER_FILE.test(n)).sort();
    if (names.length === 0) throw new UserError(`${display(absolute)}: no character files (.yaml or .yml) in the roster folder`);
    for (const name of names) {
      const file = path.join(absolute, name);
      if (!isInside(root, await realpath(file))) continue;
      if ((await stat(file)).isFile()) files.push(await loadOne(file));
    }
  }
  return files;
}

async function loadOne(absolutePath: string): Promise<LoadedCharacterFile> {
  const { text } = await readText(absolutePath);
  const result = readCharacterFile(absolutePath, text);
  if (result.problem) throw new UserError(`${display(absolutePath)}: line ${result.problem.line}: ${result.problem.message}`);
  return { absolutePath, characters: result.characters };
}
