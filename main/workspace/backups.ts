/**
 * Crash-recovery copies of unsaved text, kept in the user's app-data folder (never inside the rulebook,
 * so a backup is never mistaken for a chapter or committed to git): <dataDir>/backups/<rulebook key>/.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../fs/atomic-write.js';
import type { Backup, FileVersion } from '../../shared/ipc/contract.js';
import { ApiFailure } from './errors.js';

interface StoredBackup {
  readonly root: string;
  readonly path: string;
  readonly text: string;
  readonly savedAt: string;
  readonly baseVersion: FileVersion | null;
}

export type StoredBackupInfo = Omit<Backup, 'baseStillCurrent'>;

export class BackupStore {
  private readonly folder: string;

  constructor(dataDir: string, private readonly root: string) {
    // One folder per rulebook: two rulebooks with a "rules.md" each must not share a backup.
    const key = createHash('sha256').update(root).digest('hex').slice(0, 16);
    this.folder = path.join(dataDir, 'backups', key);
  }

  private fileFor(relPath: string): string {
    // encodeURIComponent turns "/" into "%2F", so every backup is a flat file name in one folder. A name longer
    // than a file system allows (255 bytes) is a hash instead: the stored JSON keeps the path.
    const name = encodeURIComponent(relPath);
    return path.join(this.folder, `${name.length <= 200 ? name : createHash('sha256').update(relPath).digest('hex')}.json`);
  }

  async write(relPath: string, text: string, baseVersion: FileVersion | null): Promise<void> {
    const stored: StoredBackup = { root: this.root, path: relPath, text, savedAt: new Date().toISOString(), baseVersion };
    try {
      await writeFileAtomically(this.fileFor(relPath), JSON.stringify(stored), { mode: 0o600 });
    } catch (error) {
      // The app-data folder may not exist yet on first use.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new ApiFailure('write-failed', `Could not write the recovery copy of ${relPath}: ${(error as Error).message}`);
      const { mkdir } = await import('node:fs/promises');
      await mkdir(this.folder, { recursive: true, mode: 0o700 });
      await writeFileAtomically(this.fileFor(relPath), JSON.stringify(stored), { mode: 0o600 });
    }
  }

  async read(relPath: string): Promise<StoredBackupInfo | null> {
    let raw: string;
    try {
      raw = await readFile(this.fileFor(relPath), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return parseStored(raw, this.root);
  }

  async list(): Promise<StoredBackupInfo[]> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return [];
    }
    const out: StoredBackupInfo[] = [];
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      try {
        const backup = parseStored(await readFile(path.join(this.folder, name), 'utf8'), this.root);
        if (backup) out.push(backup);
      } catch {
        // A damaged backup file is skipped, not fatal: the others may still save someone's work.
      }
    }
    return out;
  }

  async discard(relPath: string): Promise<void> {
    await rm(this.fileFor(relPath), { force: true });
  }
}

function parseStored(raw: string, root: string): StoredBackupInfo | null {
  let data: StoredBackup;
  try {
    data = JSON.parse(raw) as StoredBackup;
  } catch {
    return null;
  }
  if (data.root !== root || typeof data.path !== 'string' || typeof data.text !== 'string') return null;
  return { path: data.path, text: data.text, savedAt: data.savedAt, baseVersion: data.baseVersion ?? null };
}
