/** A fresh temp folder for each test of a file, with the files a test writes into it; and writing files into a folder. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

/** Writes each file into `dir` (a path relative to it, its subfolders made as needed). */
export function writeFiles(dir: string, files: Record<string, string | Uint8Array>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

export interface TempFolder {
  /** The folder of the test running now. */
  readonly dir: string;
  /** Writes each file (a path relative to the folder, its subfolders made as needed). */
  write(files: Record<string, string | Uint8Array>): void;
}

/**
 * Makes a new folder `rulebook-<name>-…` before each test of the file and removes it after the test: whatever the
 * test runs there (the CLI, a child process) must have been awaited to its end, so that nothing is still writing.
 */
export function useTempFolder(name: string): TempFolder {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), `rulebook-${name}-`));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  return {
    get dir() {
      return dir;
    },
    write: (files) => writeFiles(dir, files),
  };
}
