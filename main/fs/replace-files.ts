/**
 * Puts a set of new files in place together: a publication's PDFs and changelog must all be of the new
 * edition or all stay of the old one, never a mix a player could pick up.
 *
 * Every new content is first written to a temp file beside its target; only when all are on disk are
 * they renamed over their targets, each old file kept under a second name first so that it can be put
 * back if a later rename fails. Targets that did not exist before are removed again in that case.
 */
import { copyFile, link, rename, unlink } from 'node:fs/promises';
import { besidePath, writeNewFileDurably } from './beside.js';
import { describeFsError } from './load-rulebook.js';

export interface NewFile {
  readonly file: string;
  readonly data: string | Uint8Array;
}

/** Why nothing was replaced, naming the file it happened at. */
export class ReplaceFailure extends Error {
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'ReplaceFailure';
  }
}

export interface ReplaceHooks {
  /** Called before each target is replaced; lets tests make a later step fail. */
  readonly beforeReplace?: (index: number, file: string) => void | Promise<void>;
}

/** A second name for a target's old content, to put it back with; null when there is no old content. */
async function keepOld(file: string): Promise<string | null> {
  const old = besidePath(file, 'old');
  try {
    await link(file, old);
    return old;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  }
  // A file system without hard links: a copy does as well.
  await copyFile(file, old);
  return old;
}

export async function replaceFiles(files: readonly NewFile[], hooks: ReplaceHooks = {}): Promise<void> {
  const temps: string[] = [];
  try {
    for (const { file, data } of files) {
      const temp = besidePath(file, 'tmp');
      temps.push(temp);
      await writeNewFileDurably(temp, data);
    }
  } catch (error) {
    await Promise.all(temps.map((t) => unlink(t).catch(() => undefined)));
    throw new ReplaceFailure(`${describeFsError(error)}; nothing was replaced`, files[temps.length - 1].file);
  }

  // For each target taken on so far: where its old content was moved (null when it had none).
  const done: Array<{ file: string; old: string | null }> = [];
  let at = 0;
  try {
    for (; at < files.length; at++) {
      const { file } = files[at];
      await hooks.beforeReplace?.(at, file);
      const old = await keepOld(file);
      done.push({ file, old });
      // One rename over the target: a reader (a PDF viewer, a sync client) sees the old file or the new one.
      await rename(temps[at], file);
    }
  } catch (error) {
    await Promise.all(temps.map((t) => unlink(t).catch(() => undefined)));
    for (const { file, old } of done.reverse()) {
      if (old) await rename(old, file).catch(() => undefined);
      else await unlink(file).catch(() => undefined);
    }
    throw new ReplaceFailure(`${describeFsError(error)}; the files already replaced were put back`, files[at].file);
  }
  await Promise.all(done.map(({ old }) => (old ? unlink(old).catch(() => undefined) : undefined)));
}
