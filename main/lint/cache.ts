/**
 * `rulebook lint`'s cache (on unless `--no-cache`): what linting a book took, kept in the platform's cache folder
 * (defaultCacheDir) for the next run. Two files per book, named by a hash of the book's real path:
 *
 * - `<book>.findings`: the findings, under a key hashing the tool version, the lint settings and everything the
 *   book was read from (its files, rulebook.yaml, the list of its other files, the numbers its publication record
 *   retired). The same key next time: the findings are printed and nothing is parsed.
 * - `<book>.chunks`: each chunk's parse result (ChunkResult, shared/parse), by a hash of the chunk's text, with a
 *   hash of the settings they were read with. A changed book re-parses only the chunks whose text changed.
 *
 * Each file is one header line (format, version, tool version, kind, content hash of the rest) and a JSON body. A file
 * that does not parse, comes from another format or tool version, fails its checksum or has an unexpected shape is
 * ignored (and replaced): never trusted. Writes are atomic (atomic-write.ts), and never inside the rulebook's
 * folder: a cache folder there is not used at all (unless the book's folder is the home folder or above it). A cache that cannot be read or written only makes lint slower.
 */
import { readdir, readFile, realpath, stat, unlink, utimes, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Finding } from '../../shared/lint/types.js';
import type { LintRuleConfig } from '../../shared/model/types.js';
import { isChunkResult, isCount, isRecord } from '../../shared/parse/chunk-shape.js';
import type { ChunkResult, ChunkStore } from '../../shared/parse/index.js';
import { toolVersion } from '../build-id.js';
import { writeFileAtomically } from '../fs/atomic-write.js';
import { isInside, realLocation } from '../fs/inside.js';
import { contentHash } from './content-hash.js';
import type { LoadedRulebook } from '../fs/load-rulebook.js';
import { defaultCacheDir } from '../host/app-data.js';

const FORMAT = 'rulebook-studio-lint-cache';
/** Bumped when what the files hold changes shape (2: content hashes by xxHash, content-hash.ts). */
export const CACHE_VERSION = 2;
/** Entries of books not linted for this long are removed when another is written. */
const MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

type Kind = 'findings' | 'chunks';

/** The text of a cache file: the header line, then the body. */
export function entryText(tool: string, kind: Kind, body: unknown): string {
  const json = JSON.stringify(body);
  return `${JSON.stringify({ format: FORMAT, version: CACHE_VERSION, tool, kind, sum: contentHash(json) })}\n${json}`;
}

/** A cache file's body when the file is whole and written by this very version for this kind, else null. */
async function readEntry(file: string, tool: string, kind: Kind): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return null;
  }
  const newline = text.indexOf('\n');
  if (newline < 0) return null;
  try {
    const header: unknown = JSON.parse(text.slice(0, newline));
    if (!isRecord(header) || header.format !== FORMAT || header.version !== CACHE_VERSION || header.tool !== tool || header.kind !== kind) return null;
    const body = text.slice(newline + 1);
    if (header.sum !== contentHash(body)) return null;
    return JSON.parse(body);
  } catch {
    return null;
  }
}

// Shapes: checked before anything read from a cache file is used, so that a wrong file can only be a miss.

const isPosition = (v: unknown) => isRecord(v) && isCount(v.line) && isCount(v.column) && isCount(v.offset);
const isRange = (v: unknown) => isRecord(v) && typeof v.file === 'string' && isPosition(v.start) && isPosition(v.end);
const isEdit = (v: unknown) => isRecord(v) && isRange(v.range) && typeof v.newText === 'string';
const isListOf = (v: unknown, item: (x: unknown) => boolean) => Array.isArray(v) && v.every(item);
const SEVERITIES = new Set(['error', 'warning', 'info']);

function isFinding(v: unknown): v is Finding {
  return (
    isRecord(v) &&
    typeof v.ruleId === 'string' &&
    SEVERITIES.has(v.severity as string) &&
    typeof v.message === 'string' &&
    isRange(v.range) &&
    (v.fix === undefined || isListOf(v.fix, isEdit)) &&
    (v.suggestions === undefined || isListOf(v.suggestions, (s) => isRecord(s) && typeof s.title === 'string' && isListOf(s.edits, isEdit))) &&
    (v.related === undefined || isListOf(v.related, (r) => isRecord(r) && typeof r.message === 'string' && isRange(r.range)))
  );
}

/**
 * Chunk results read from a book's `.chunks` file, and those this run used or made, to write back. Looked up by
 * a hash of the chunk's text; an entry read with other settings, or of the wrong shape, is a miss.
 */
export class DiskChunkStore implements ChunkStore {
  private readonly used = new Map<string, ChunkResult>();
  private changed = false;
  /** Chunks found here, that this run did not parse. */
  hits = 0;
  private lastSettings: { key: string; hash: string } | null = null;

  constructor(
    private readonly settingsHash: string | null,
    private readonly entries: ReadonlyMap<string, unknown>,
  ) {}

  private hashOf(settingsKey: string): string {
    if (this.lastSettings?.key !== settingsKey) this.lastSettings = { key: settingsKey, hash: contentHash(settingsKey) };
    return this.lastSettings.hash;
  }

  get(settingsKey: string, text: string): ChunkResult | undefined {
    if (this.hashOf(settingsKey) !== this.settingsHash) return undefined;
    const id = contentHash(text);
    const found = this.entries.get(id);
    if (!isChunkResult(found, text.length)) return undefined;
    this.used.set(id, found);
    this.hits++;
    return found;
  }

  set(settingsKey: string, text: string, result: ChunkResult): void {
    this.hashOf(settingsKey);
    this.used.set(contentHash(text), result);
    this.changed = true;
  }

  /** Whether the file should be written: a chunk was parsed, or some chunk of the file is no longer in the book. */
  get stale(): boolean {
    return this.changed || this.used.size !== this.entries.size;
  }

  body(): unknown {
    return { settings: this.lastSettings?.hash ?? this.settingsHash, chunks: [...this.used] };
  }
}

/** The cache entries of one book. */
export class BookCache {
  constructor(
    private readonly base: string,
    private readonly tool: string,
    /** Hash of the tool version, the lint settings and everything the book was read from. */
    readonly key: string,
  ) {}

  /** The findings stored under this very key, or null. */
  async findings(): Promise<Finding[] | null> {
    const body = await readEntry(`${this.base}.findings`, this.tool, 'findings');
    if (!isRecord(body) || body.key !== this.key || !isListOf(body.findings, isFinding)) return null;
    // Marks the entries as in use, so pruning (MAX_AGE_MS) keeps them.
    const now = new Date();
    await Promise.all([`${this.base}.findings`, `${this.base}.chunks`].map((file) => utimes(file, now, now).catch(() => undefined)));
    return body.findings as Finding[];
  }

  /** The chunk results stored for this book (none when the file is missing or not to be trusted). */
  async chunks(): Promise<DiskChunkStore> {
    const body = await readEntry(`${this.base}.chunks`, this.tool, 'chunks');
    const entries = new Map<string, unknown>();
    let settings: string | null = null;
    if (isRecord(body) && typeof body.settings === 'string' && Array.isArray(body.chunks)) {
      settings = body.settings;
      for (const entry of body.chunks) if (Array.isArray(entry) && entry.length === 2 && typeof entry[0] === 'string') entries.set(entry[0], entry[1]);
    }
    return new DiskChunkStore(settings, entries);
  }

  /** Forgets the chunk results (they made the parser throw). */
  async dropChunks(): Promise<void> {
    await unlink(`${this.base}.chunks`).catch(() => undefined);
  }

  /**
   * Stores the chunk results alone, when they changed (the language server's: it parsed the texts of its editor,
   * which may not be the book's on disk, so it leaves the findings, kept under the disk's texts, alone).
   */
  async saveChunks(chunks: DiskChunkStore): Promise<void> {
    try {
      await mkdir(path.dirname(this.base), { recursive: true });
      if (chunks.stale) await writeFileAtomically(`${this.base}.chunks`, entryText(this.tool, 'chunks', chunks.body()));
    } catch {
      // A cache that cannot be written only makes the next first request slower.
    }
  }

  /** Stores the findings (all of them, before any filter) and, when they changed, the chunk results. */
  async save(findings: readonly Finding[], chunks: DiskChunkStore | null): Promise<void> {
    try {
      await mkdir(path.dirname(this.base), { recursive: true });
      if (chunks?.stale) await writeFileAtomically(`${this.base}.chunks`, entryText(this.tool, 'chunks', chunks.body()));
      await writeFileAtomically(`${this.base}.findings`, entryText(this.tool, 'findings', { key: this.key, findings }));
      await prune(path.dirname(this.base));
    } catch {
      // A cache that cannot be written (a read-only or full disk) only makes the next lint slower.
    }
  }
}

/** Removes the entries of books not linted for MAX_AGE_MS. */
async function prune(folder: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(folder)) {
    if (!/^[0-9a-f]{32}\.(?:findings|chunks)$/.test(name)) continue;
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > MAX_AGE_MS) await unlink(file).catch(() => undefined);
  }
}

export interface LintCacheOptions {
  /** Told why the cache is not used for a book (its folder is inside the book's). */
  readonly warn?: (message: string) => void;
}

export class LintCache {
  /** `folder` holds this cache's files; `tool` is the version they must have been written by. */
  constructor(
    readonly folder: string,
    readonly tool: string,
    private readonly options: LintCacheOptions = {},
  ) {}

  /** The cache in the platform's cache folder (or `dir`), or null when the running code has no version to key it by. */
  static open(dir = defaultCacheDir(), options: LintCacheOptions = {}): LintCache | null {
    const tool = toolVersion();
    return tool ? new LintCache(path.join(dir, 'lint'), tool, options) : null;
  }

  /**
   * The entries of one book, read with these lint settings; null when the cache folder lies inside the book's
   * folder, where the cache never writes.
   */
  async book(loaded: LoadedRulebook, rules: Readonly<Record<string, LintRuleConfig>>): Promise<BookCache | null> {
    const root = await realpath(loaded.root).catch(() => path.resolve(loaded.root));
    const folder = await realLocation(path.resolve(this.folder)).catch(() => path.resolve(this.folder));
    // A book kept in the home folder itself (or above it) holds every user's cache folder: that one is not its own.
    if (isInside(root, folder) && !isInside(root, os.homedir())) {
      this.options.warn?.(`--cache: the cache folder ${folder} is inside the rulebook's folder ${root}; linting without the cache`);
      return null;
    }
    const target = await realpath(loaded.target).catch(() => path.resolve(loaded.target));
    const key = contentHash(JSON.stringify([FORMAT, CACHE_VERSION, this.tool, rules, loaded.source]));
    return new BookCache(path.join(folder, contentHash(target)), this.tool, key);
  }
}
