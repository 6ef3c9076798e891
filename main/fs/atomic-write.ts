/**
 * Writing one file atomically: the new content goes to a temp file beside the file's real target (a symlink
 * stays a symlink), reaches the disk, and one rename puts it in place. A reader or a crash sees the old file or
 * the new one, never half of each.
 *
 * Not write-file-atomic: its temp files are named `<file>.<number>`, which nothing can tell from a marshal's
 * own file, so a temp left by a killed process could never be cleaned up safely. Ours carry the writer's pid
 * and a fixed shape (see besidePath), which stale-temps.ts recognises.
 */
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
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

/**
 * writeFileAtomically for content made piece by piece (a PDF as it is drawn), so it is never held whole in memory:
 * `produce` gets a `write` that appends to the temp file beside the target; when `produce` returns, the file
 * reaches the disk and one rename puts it in place. When `produce` throws, the temp file goes and the target stays
 * as it was. The writes are synchronous, gathered in blocks: the producer (pdfkit, called from planning that
 * never yields) makes its bytes without letting the event loop turn, so writes queued for later would pile up in
 * memory until the end.
 */
export async function writeFileAtomicallyFrom<T>(file: string, produce: (write: (chunk: Uint8Array) => void) => T | Promise<T>, options: AtomicWriteOptions = {}): Promise<T> {
  const target = await realTarget(file);
  await removeStaleTempsOf(target);
  const kept = await existingMode(target);
  const temp = besidePath(target, 'tmp');
  let fd: number | null = null;
  let result: T;
  try {
    fd = openSync(temp, 'wx', kept ?? options.mode ?? 0o644);
    const out = new BlockWriter(fd);
    result = await produce((chunk) => out.write(chunk));
    out.flush();
    fsyncSync(fd);
    closeSync(fd);
    fd = null;
    // The umask narrowed the mode at creation; the file being replaced had exactly this one.
    if (kept !== undefined) await chmod(temp, kept);
    await rename(temp, target);
  } catch (error) {
    if (fd !== null) {
      try {
        closeSync(fd);
      } catch {
        // already closed or never opened: nothing to release
      }
    }
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncFolder(path.dirname(target));
  return result;
}

/** Appends to a file in blocks of 256 KiB: one system call per block, not per small piece. */
class BlockWriter {
  private static readonly SIZE = 256 * 1024;
  private readonly block = Buffer.allocUnsafe(BlockWriter.SIZE);
  private used = 0;

  constructor(private readonly fd: number) {}

  write(chunk: Uint8Array): void {
    if (chunk.length > BlockWriter.SIZE - this.used) {
      this.flush();
      if (chunk.length >= BlockWriter.SIZE) {
        writeAll(this.fd, chunk);
        return;
      }
    }
    this.block.set(chunk, this.used);
    this.used += chunk.length;
  }

  flush(): void {
    if (this.used) writeAll(this.fd, this.block.subarray(0, this.used));
    this.used = 0;
  }
}

function writeAll(fd: number, bytes: Uint8Array): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
}
