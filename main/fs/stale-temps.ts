/**
 * Removing the temp files a killed process left beside a rulebook's files. Every atomic write first puts its
 * content in a hidden file named by besidePath (".07-combat.md.<pid>-<hex>.tmp"); a process killed before
 * its rename leaves that file behind. The next host, app or command that opens the rulebook removes those
 * whose writer no longer runs. Nothing else is touched: a name must have exactly that shape.
 */
import type { Dirent } from 'node:fs';
import { readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { besideWriter, MAX_STEM } from './beside.js';
import { FOLDER_DEPTH } from './folder-depth.js';

/** Folders a rulebook's files never live in, and that can be huge. */
const SKIPPED = new Set(['.git', 'node_modules']);
const MAX_ENTRIES = 20_000;

/** Whether process `pid` runs: signal 0 tests without sending anything; EPERM means it runs as someone else. */
export function processRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes `file` when besidePath named it and its writer no longer runs. */
async function removeIfStale(file: string, removed: string[]): Promise<void> {
  const writer = besideWriter(path.basename(file));
  if (writer === null || processRuns(writer)) return;
  try {
    await unlink(file);
    removed.push(file);
  } catch {
    // gone already, or not ours to remove
  }
}

/**
 * Removes stale temp files in `folder` and, up to `depth` levels, its subfolders (symlinks are not followed).
 * Returns the paths removed. Never throws: a folder it cannot read or a file it cannot remove stays as it is.
 */
export async function removeStaleTemps(folder: string, depth = FOLDER_DEPTH): Promise<string[]> {
  const removed: string[] = [];
  let seen = 0;
  const visit = async (dir: string, level: number): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (level < depth && !SKIPPED.has(entry.name)) await visit(full, level + 1);
      } else if (entry.isFile()) await removeIfStale(full, removed);
    }
  };
  await visit(folder, 0);
  return removed;
}

/** Removes the stale temps of one file only: those beside it that carry its name. */
export async function removeStaleTempsOf(file: string): Promise<string[]> {
  const removed: string[] = [];
  const stem = path.basename(file).slice(0, MAX_STEM);
  let names: string[];
  try {
    names = await readdir(path.dirname(file));
  } catch {
    return removed;
  }
  for (const name of names) if (name.startsWith(`.${stem}.`)) await removeIfStale(path.join(path.dirname(file), name), removed);
  return removed;
}
