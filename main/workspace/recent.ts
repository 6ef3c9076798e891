/** The recent-rulebooks list, stored as <dataDir>/recent.json, newest first. */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../fs/atomic-write.js';
import type { RecentRulebook } from '../../shared/ipc/contract.js';

const MAX_RECENT = 10;

interface StoredRecent {
  readonly target: string;
  readonly name: string;
  readonly openedAt: string;
}

export class RecentList {
  private readonly file: string;

  constructor(private readonly dataDir: string) {
    this.file = path.join(dataDir, 'recent.json');
  }

  private async load(): Promise<StoredRecent[]> {
    try {
      const data = JSON.parse(await readFile(this.file, 'utf8')) as unknown;
      if (!Array.isArray(data)) return [];
      return data.filter((e): e is StoredRecent => typeof e?.target === 'string' && typeof e?.name === 'string' && typeof e?.openedAt === 'string');
    } catch {
      // Missing or damaged: start a fresh list rather than refuse to open anything.
      return [];
    }
  }

  private async store(entries: readonly StoredRecent[]): Promise<void> {
    const { mkdir } = await import('node:fs/promises');
    await mkdir(this.dataDir, { recursive: true });
    await writeFileAtomically(this.file, `${JSON.stringify(entries, null, 2)}\n`);
  }

  async add(target: string, name: string): Promise<void> {
    const entries = (await this.load()).filter((e) => e.target !== target);
    entries.unshift({ target, name, openedAt: new Date().toISOString() });
    await this.store(entries.slice(0, MAX_RECENT));
  }

  async forget(target: string): Promise<void> {
    await this.store((await this.load()).filter((e) => e.target !== target));
  }

  async list(): Promise<RecentRulebook[]> {
    const entries = await this.load();
    return Promise.all(
      entries.map(async (e) => ({ ...e, exists: await stat(e.target).then(() => true, () => false) })),
    );
  }
}
