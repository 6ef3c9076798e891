/**
 * Locks on files by their absolute path, shared by every workspace of one process (each browser tab and each
 * Electron window has its own workspace, and two of them may have the same rulebook open): two saves of one file
 * run one after the other, so they cannot both pass the version check.
 */
import path from 'node:path';

export class FileLocks {
  private readonly tails = new Map<string, Promise<unknown>>();
  private readonly held = new Set<string>();

  /** The key of a file of the rulebook whose real folder is `root`. */
  static keyOf(root: string, relPath: string): string {
    return path.join(root, ...relPath.split('/'));
  }

  /** Runs `body` once every earlier holder of any of `keys` is done; later callers wait for it. */
  async run<T>(keys: readonly string[], body: () => Promise<T>): Promise<T> {
    const sorted = [...new Set(keys)].sort();
    const previous = sorted.map((key) => this.tails.get(key) ?? Promise.resolve());
    const run = Promise.allSettled(previous).then(body);
    const settled = run.catch(() => undefined);
    for (const key of sorted) this.tails.set(key, settled);
    try {
      return await run;
    } finally {
      for (const key of sorted) if (this.tails.get(key) === settled) this.tails.delete(key);
    }
  }

  /** Takes `key` unless it is held (a second Publish of one book while the first runs): the release, or null. */
  tryHold(key: string): (() => void) | null {
    if (this.held.has(key)) return null;
    this.held.add(key);
    return () => void this.held.delete(key);
  }
}
