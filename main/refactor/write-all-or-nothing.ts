/**
 * Writes several files so that either all of them change or none does: every new content goes to a temp
 * file beside its target first, and only when all are on disk are they renamed over the originals.
 */
import { readFile, realpath, rename, stat, unlink } from 'node:fs/promises';
import { besidePath, writeNewFileDurably } from '../fs/beside.js';

export interface FileWrite {
  readonly absolutePath: string;
  readonly content: Uint8Array;
  /** The bytes the file held when it was read: if it holds anything else now, nothing is written. */
  readonly expected: Uint8Array;
}

/** Why nothing was written, naming the file. */
export class WriteFailure extends Error {
  constructor(
    message: string,
    readonly file: string,
  ) {
    super(message);
    this.name = 'WriteFailure';
  }
}

export interface WriteHooks {
  /** Called before each rename; lets tests simulate a crash between two renames. */
  readonly beforeRename?: (index: number, file: string) => void | Promise<void>;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return 'permission denied';
  if (code === 'ENOSPC') return 'the disk is full';
  if (code === 'ENOENT') return 'no such file or folder';
  return error instanceof Error ? error.message : String(error);
}

/**
 * Writes every file or none. Throws WriteFailure (nothing changed) when a file changed on disk since it
 * was read, or when a temp file cannot be written. If a rename fails half way, the files already replaced
 * are put back as they were before the error is thrown.
 */
export async function writeAllOrNothing(writes: readonly FileWrite[], hooks: WriteHooks = {}): Promise<void> {
  const modes: number[] = [];
  // A symlinked chapter stays a symlink: the new content replaces the file it points to, not the link.
  const reals: string[] = [];
  for (const write of writes) {
    let current: Uint8Array;
    try {
      current = await readFile(write.absolutePath);
      modes.push((await stat(write.absolutePath)).mode & 0o777);
      reals.push(await realpath(write.absolutePath));
    } catch (error) {
      throw new WriteFailure(`cannot read it again before writing: ${reason(error)}`, write.absolutePath);
    }
    if (!sameBytes(current, write.expected)) throw new WriteFailure('changed on disk since it was read; nothing was written, run the command again', write.absolutePath);
  }

  const temps: string[] = [];
  try {
    for (const [i, write] of writes.entries()) {
      const temp = besidePath(reals[i], 'tmp');
      temps.push(temp);
      await writeNewFileDurably(temp, write.content, modes[i]);
    }
  } catch (error) {
    await Promise.all(temps.map((t) => unlink(t).catch(() => undefined)));
    throw new WriteFailure(`cannot write beside it: ${reason(error)}; nothing was written`, writes[temps.length - 1].absolutePath);
  }

  let renamed = 0;
  try {
    for (const [i, write] of writes.entries()) {
      await hooks.beforeRename?.(i, write.absolutePath);
      await rename(temps[i], reals[i]);
      renamed++;
    }
  } catch (error) {
    await Promise.all(temps.slice(renamed).map((t) => unlink(t).catch(() => undefined)));
    // Put back what was already replaced, each again through a temp file and a rename.
    for (const [i, write] of writes.slice(0, renamed).entries()) {
      const temp = besidePath(reals[i], 'tmp');
      try {
        await writeNewFileDurably(temp, write.expected, modes[i]);
        await rename(temp, reals[i]);
      } catch {
        await unlink(temp).catch(() => undefined);
      }
    }
    throw new WriteFailure(`cannot replace it: ${reason(error)}; the files already written were restored`, writes[renamed].absolutePath);
  }
}
