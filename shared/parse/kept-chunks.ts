/**
 * The chunk results the app keeps between launches (the renderer stores them; see renderer/worker/kept-chunks-db.ts),
 * read back: a ChunkStore over what was kept (KeptChunks, made by ParseCache.kept from a parse cache's last parse)
 * that believes only entries of the right shape read with the same settings. A book opened again after a restart is
 * then parsed from what was kept, except for the chunks that changed since.
 */
import { isChunkResult, isRecord } from './chunk-shape.js';
import type { ChunkResult, ChunkStore } from './index.js';

export class KeptChunkStore implements ChunkStore {
  private settingsKey: string | null = null;
  private entries = new Map<string, unknown>();
  /** Chunks found here, that the parse did not have to read. */
  hits = 0;

  /** Takes what was kept, whatever it holds: an entry of the wrong shape is found missing when asked for. */
  fill(kept: unknown): void {
    if (!isRecord(kept) || typeof kept.settingsKey !== 'string' || !Array.isArray(kept.chunks)) return;
    this.settingsKey = kept.settingsKey;
    this.entries = new Map();
    for (const entry of kept.chunks) if (Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string') this.entries.set(entry[0], entry[1]);
  }

  /** Forgets what was kept (it made the parser throw). */
  clear(): void {
    this.settingsKey = null;
    this.entries = new Map();
  }

  get(settingsKey: string, text: string): ChunkResult | undefined {
    if (settingsKey !== this.settingsKey) return undefined;
    const found = this.entries.get(text);
    if (!isChunkResult(found, text.length)) return undefined;
    this.hits++;
    return found;
  }

  set(): void {
    // Nothing: what is kept next is taken from the parse cache's last parse (ParseCache.kept), chunks edited away left out.
  }
}
