/** Where an import is written (a file, or rulebook.md inside a folder) and writing it atomically, never over an existing file unless forced. */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { UserError } from '../cli/errors.js';
import { describeFsError } from '../fs/load-rulebook.js';
import { display } from './read-source.js';

/** `--out` as a path: a .md file as named, otherwise a folder that receives rulebook.md. */
export async function resolveOutput(out: string): Promise<string> {
  const absolute = path.resolve(out);
  if (/\.(md|markdown)$/i.test(absolute)) {
    try {
      if ((await stat(absolute)).isDirectory()) return path.join(absolute, 'rulebook.md');
    } catch {
      // Not there yet: a file to create.
    }
    return absolute;
  }
  return path.join(absolute, 'rulebook.md');
}

export async function writeOutput(file: string, markdown: string, force: boolean): Promise<void> {
  let exists = false;
  try {
    const info = await stat(file);
    if (info.isDirectory()) throw new UserError(`${display(file)}: is a folder, cannot write the rulebook there`);
    exists = true;
  } catch (error) {
    if (error instanceof UserError) throw error;
  }
  if (exists && !force) throw new UserError(`${display(file)}: already exists; use --force to replace it`);
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, markdown, { encoding: 'utf8' });
  } catch (error) {
    throw new UserError(`${display(file)}: cannot write (${describeFsError(error)})`);
  }
}
