/**
 * Writing one file atomically: the new content goes to a temp file beside the file's real target (a symlink
 * stays a symlink), reaches the disk, and one rename puts it in place. A reader or a crash sees the old file or
 * the new one, never half of each.
 *
 * Not write-file-atomic: its temp files are named `<file>.<number>`, which nothing can tell from a marshal's
 * own file, so a temp left by a killed process could never be cleaned up safely. Ours carry the writer's pid
 * and a fixed shape (see besidePath), which stale-temps.ts recognises.
 */
import { chmod, open, realpath, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { besidePath, writeNewFileDurably } from './beside.js';
import { removeStaleTempsOf } from './stale-temps.js';

export interface AtomicWriteOptions {
  /** Permissions of a new file; an existing file keeps its own. */
  readonly mode?: number;
}

/** The file a write to `file` lands in: the target of a symlink, or `file` itself when it does not exist yet. */
async function realTarget(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch {
    return file;
  }
}

async function existingMode(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).mode & 0o777;
  } catch {
    return undefined;
  }
}

/** Makes a rename in `folder` durable; some systems (Windows) cannot open a folder, and lose nothing by skipping it. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // best effort
  }
}

export async function writeFileAtomically(file: string, data: string | Uint8Array, options: AtomicWriteOptions = {}): Promise<void> {
  const target = await realTarget(file);
  // What an earlier writer of this file left when it was killed goes first.
  await removeStaleTempsOf(target);
  const kept = await existingMode(target);
  const temp = besidePath(target, 'tmp');
  try {
    await writeNewFileDurably(temp, data, kept ?? options.mode ?? 0o644);
    // The umask narrowed the mode at creation; the file being replaced had exactly this one.
    if (kept !== undefined) await chmod(temp, kept);
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(path.dirname(target));
}
