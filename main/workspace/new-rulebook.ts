/** Where the Import command's new rulebook goes when the host has no save dialog: a free name in the app-data `imported/` folder. */
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { ApiFailure, fsFailure } from './errors.js';
import { encodeText, writeAtomically } from './files.js';

/**
 * Writes `text` to `<folder>/<fileName>`, or `<name>-2.md`, `<name>-3.md`… when taken, never
 * overwriting: the name is claimed by creating the file exclusively ('wx'), so two imports at once
 * cannot collide, then the text is written atomically over the empty claim. Returns the path written.
 */
export async function writeNewRulebook(folder: string, fileName: string, text: string): Promise<string> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (error) {
    throw fsFailure(error, folder, true);
  }
  const stem = fileName.replace(/\.md$/i, '');
  const bytes = encodeText(text, false);
  for (let n = 1; n < 1000; n++) {
    const candidate = path.join(folder, n === 1 ? `${stem}.md` : `${stem}-${n}.md`);
    try {
      await (await open(candidate, 'wx')).close();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw fsFailure(error, path.basename(candidate), true);
    }
    await writeAtomically(candidate, bytes, path.basename(candidate));
    return candidate;
  }
  throw new ApiFailure('exists', `${fileName}: every name up to ${stem}-999.md is taken in ${folder}`);
}

/** Writes where the person chose in a save dialog (the dialog itself asked before replacing a file). */
export async function writeChosenRulebook(chosen: string, text: string): Promise<string> {
  // A name typed without the extension would not open as a rulebook.
  const absolute = /\.md$/i.test(chosen) ? chosen : `${chosen}.md`;
  await writeAtomically(absolute, encodeText(text, false), path.basename(absolute));
  return absolute;
}
