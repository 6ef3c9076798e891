/** Puts a website's files in place together (a half-written site would mix two versions of the rules). */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { UserError } from '../errors.js';
import { describeFsError } from '../fs/load-rulebook.js';
import { ReplaceFailure, replaceFiles, type NewFile } from '../fs/replace-files.js';

export async function writeSiteFiles(files: readonly NewFile[]): Promise<void> {
  for (const dir of new Set(files.map((f) => path.dirname(f.file)))) {
    try {
      await mkdir(dir, { recursive: true });
    } catch (error) {
      throw new UserError(`${dir}: cannot create the folder: ${describeFsError(error)}`);
    }
  }
  try {
    await replaceFiles(files);
  } catch (error) {
    throw error instanceof ReplaceFailure ? new UserError(`${error.message}; nothing was written`) : error;
  }
}
