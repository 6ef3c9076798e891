/** Where an import is written (a file, or rulebook.md inside a folder) and writing it atomically, never over an existing file unless forced. */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { UserError } from '../errors.js';
import { describeFsError } from '../fs/load-rulebook.js';
import { display } from './read-source.js';

/** Extensions of documents that are not a rulebook .md: `--out rules.txt` is a slip, not a folder to create. */
const OTHER_DOCUMENTS = /\.(txt|text|docx?|html?|pdf|odt|rtf|json|ya?ml)$/i;

/** `--out` as a path: a .md file as named, otherwise a folder that receives rulebook.md. */
export async function resolveOutput(out: string): Promise<string> {
  const absolute = path.resolve(out);
  let kind: 'folder' | 'file' | 'none' = 'none';
  try {
    kind = (await stat(absolute)).isDirectory() ? 'folder' : 'file';
  } catch {
    // Not there yet: a file or a folder to create.
  }
  if (kind === 'folder') return path.join(absolute, 'rulebook.md');
  if (/\.(md|markdown)$/i.test(absolute)) return absolute;
  if (kind === 'file' || OTHER_DOCUMENTS.test(absolute)) {
    throw new UserError(`${display(absolute)}: --out must name a .md file or a folder`);
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
    await writeFileAtomically(file, markdown);
  } catch (error) {
    throw new UserError(`${display(file)}: cannot write (${describeFsError(error)})`);
  }
}
