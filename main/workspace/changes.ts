/**
 * Changes made on disk by other programs, as a numbered log the page polls (long-polling, the same over
 * IPC and HTTP). The host's own saves are recognised by content hash and left out.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { ChangeBatch, FileChange } from '../../shared/ipc/contract.js';
import { READABLE_EXTENSIONS, extensionOf } from '../../shared/ipc/validate.js';
import { isInside, realLocation } from '../fs/inside.js';
import { OtherFiles } from './other-files.js';
import { contentHash, hashOfVersion, makeVersion } from './versions.js';

const MAX_LOG = 1000;

/**
 * The rulebook-relative posix path of `absolute` under `root`, or null when it is not strictly inside
 * (the root itself, a `..` path, another drive). Pure, so the hostile cases are easy to test.
 */
export function changePathOf(root: string, absolute: string): string | null {
  const relative = path.relative(root, path.resolve(absolute));
  if (relative === '' || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  if (parts.some((part) => part === '..' || part === '')) return null;
  return parts.join('/');
}

interface LoggedChange extends FileChange {
  readonly seq: number;
}

export class ChangeLog {
  private seq = 0;
  private log: LoggedChange[] = [];
  /** Content hash of each file as the page last saw it (read or saved), so echoes are not reported. */
  private readonly known = new Map<string, string | null>();
  private waiters = new Set<() => void>();
  private watcher: FSWatcher | null = null;
  private root: string | null = null;
  private singleFile: string | null = null;
  private others: OtherFiles | null = null;
  /** The seq at which the folder's other files last changed (0: not since the start). */
  private othersSeq = 0;

  /** Remembers what the page has seen, by version or by the bytes about to be written. */
  noteVersion(relPath: string, version: string): void {
    this.known.set(relPath, hashOfVersion(version));
  }

  noteBytes(relPath: string, bytes: Uint8Array): void {
    this.known.set(relPath, contentHash(bytes));
  }

  /**
   * Starts watching the rulebook's folder (`root`, a realpath). A one-file rulebook watches its folder
   * too, one level deep, and keeps only its file: watching the file itself loses track of it when
   * another program saves atomically (a temp file renamed over it gives the name a new inode), and
   * chokidar then re-watches the parent folder and reports paths the page must never see.
   */
  start(root: string, singleFile: string | null, otherFiles?: { readonly list: readonly string[]; readonly relist: () => Promise<string[]> }): Promise<void> {
    this.root = root;
    this.singleFile = singleFile;
    if (otherFiles) this.others = new OtherFiles(otherFiles.list, otherFiles.relist, () => this.otherFilesChanged());
    this.watcher = watch(root, {
      ignoreInitial: true,
      depth: singleFile ? 0 : 3,
      // The app never reads these, and watching node_modules or .git would be slow and noisy.
      ignored: (p: string) => /(^|[\\/])(node_modules|\.git)([\\/]|$)/.test(p),
      awaitWriteFinish: { stabilityThreshold: 60, pollInterval: 20 },
    });
    const onEvent = (kind: FileChange['kind']) => (absolute: string) => void this.record(absolute, kind);
    this.watcher.on('add', onEvent('added')).on('change', onEvent('changed')).on('unlink', onEvent('removed'));
    // Any file or folder added or removed may be a picture a link names: the other files are listed again (by the
    // open's own listing, which never follows a symbolic link, whatever path the event names).
    for (const event of ['add', 'unlink', 'addDir', 'unlinkDir'] as const) this.watcher.on(event, () => this.others?.touched());
    // Errors (a folder removed under us, too many watches) must not crash the host; changes just stop.
    this.watcher.on('error', () => undefined);
    return new Promise((resolve) => this.watcher!.once('ready', () => resolve()));
  }

  /**
   * The rulebook-relative path of a watcher event, or null when it must not be reported: outside the
   * folder (a `..` path never leaves the host), behind a symbolic link out of it (the watcher follows links, but
   * the file of a linked-out folder or the target of a linked-out file is not the book's: never read, never named),
   * not a text the app reads, or, in a one-file rulebook, any file but the rulebook's own.
   */
  async relPathOf(absolute: string): Promise<string | null> {
    const root = this.root;
    if (root === null) return null;
    let relPath = changePathOf(root, absolute);
    if (relPath === null) {
      // Spelled through another name of the same folder (/tmp vs /private/tmp, a symlinked parent):
      // compare real paths before giving up. The file itself may be gone, so resolve its folder.
      try {
        relPath = changePathOf(root, path.join(await realpath(path.dirname(absolute)), path.basename(absolute)));
      } catch {
        return null;
      }
    }
    if (relPath === null) return null;
    if (this.singleFile !== null && relPath !== this.singleFile) return null;
    if (!READABLE_EXTENSIONS.includes(extensionOf(relPath))) return null;
    try {
      if (!isInside(root, await realLocation(absolute))) return null;
    } catch {
      return null;
    }
    return relPath;
  }

  private async record(absolute: string, kind: FileChange['kind']): Promise<void> {
    const relPath = await this.relPathOf(absolute);
    if (relPath === null) return;
    let version: string | null = null;
    if (kind !== 'removed') {
      try {
        const bytes = await readFile(absolute);
        version = makeVersion(bytes, (await stat(absolute)).mtimeMs);
      } catch {
        return; // Gone again before we could read it: the unlink event will follow.
      }
      if (this.known.get(relPath) === hashOfVersion(version)) return;
      this.known.set(relPath, hashOfVersion(version));
    } else {
      if (this.known.get(relPath) === null) return;
      this.known.set(relPath, null);
    }
    this.push({ path: relPath, kind, version });
  }

  private push(change: FileChange): void {
    this.log.push({ ...change, seq: ++this.seq });
    if (this.log.length > MAX_LOG) this.log = this.log.slice(-MAX_LOG);
    this.wake();
  }

  private otherFilesChanged(): void {
    this.othersSeq = ++this.seq;
    this.wake();
  }

  private wake(): void {
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  /** The rulebook folder's other files as they are now (those it was opened with, when nothing watches them). */
  otherFiles(): readonly string[] | null {
    return this.others?.current() ?? null;
  }

  /** Changes after `since`; waits up to `waitMs` for one when there are none yet. */
  async poll(since: number, waitMs: number): Promise<ChangeBatch> {
    // A cursor from a previous host session (larger than ours) starts over rather than waits forever.
    const from = since > this.seq ? 0 : since;
    const news = () => this.log.some((c) => c.seq > from) || this.othersSeq > from;
    if (!news() && waitMs > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.waiters.delete(wake);
          resolve();
        }, waitMs);
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        this.waiters.add(wake);
      });
    }
    const changes = this.log.filter((c) => c.seq > from).map(({ seq: _seq, ...change }) => change);
    const assets = this.othersSeq > from ? this.otherFiles() : null;
    return { cursor: this.seq, changes, ...(assets ? { assets } : {}) };
  }

  async close(): Promise<void> {
    this.others?.close();
    this.wake();
    await this.watcher?.close();
    this.watcher = null;
  }
}
