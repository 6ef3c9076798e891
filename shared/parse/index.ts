/** parseRulebook: a rulebook's files → the typed model. Never throws on user content; problems become diagnostics. */
import type { ParseDiagnostic, Rulebook, RulebookConfig, RulebookFile, RulebookSource, Skill } from '../model/types.js';
import { NODE_KINDS, type ModelChange, type NodeKind, type NodeRun } from '../model/change.js';
import type { Collected } from './assemble.js';
import type { Root } from 'mdast';
import { boundedPieces, literalParagraph, measureRisk, MAX_BLOCK_LINES, shiftOffsets, type Piece } from './chunks.js';
import { continuable, graftPiece, listContext } from './list-pieces.js';
import { graftTableRows, tableContext } from './table-pieces.js';
import { buildConfig, parseYaml, splitFrontMatter, type ConfigProblem, type YamlResult } from './config.js';
import { extractRecords, type ChunkRecord } from './extract.js';
import { chunkLines, findUnread, unreadPatterns, type CandidateBlock, type FileCandidates, type UnreadPatterns } from '../layout/unread.js';
import { fileChange, lengthsOf, readBody, type FileRun, type FileSnapshot, type Lengths } from './file-body.js';
import { rereadChunk } from './reread.js';
import { numberFromContents } from './contents-numbers.js';
import { frontMatterSkill } from './front-matter-skills.js';
import { withoutIndexRows } from './index-rows.js';
import { Locator } from './locator.js';
import { StringMemo } from './memo.js';
import type { Recognisers } from './recognisers.js';
import { MAX_BRACKETS, MAX_DELIMITER_RUNS, MAX_NESTING, parseMarkdown, type Construct } from './markdown.js';
import { settingPlace, settingsText } from './setting-place.js';
import { sameItems } from '../model/same-items.js';

/** Files larger than this (in UTF-16 code units) are not parsed at all. */
export const MAX_FILE_LENGTH = 4 * 1024 * 1024;
/**
 * A rulebook's files are read until their lengths add up to this; the files after it are not read. With the
 * per-file limit and the bounds on one parser call (nesting, delimiter runs, brackets, block lines), it bounds
 * the work of a parse by the size of its input alone, whatever the machine's load.
 */
export const MAX_RULEBOOK_LENGTH = 16 * 1024 * 1024;

/** What reading one chunk gives: plain data (it survives JSON), a function of the chunk's text and the settings alone. */
export interface ChunkResult {
  readonly records: readonly ChunkRecord[];
  /** Why the chunk was read with constructs switched off, and where (offset in the chunk). */
  readonly limited: { readonly code: 'too-deep' | 'too-large'; readonly message: string; readonly at: number } | null;
}

/**
 * Chunk results kept beyond this process (`rulebook lint --cache` keeps them on disk): looked up when the
 * ParseCache has none in memory, by the settings they were read with (ParseCache's settings key) and their text.
 */
export interface ChunkStore {
  get(settingsKey: string, text: string): ChunkResult | undefined;
  set(settingsKey: string, text: string, result: ChunkResult): void;
}

/**
 * Chunk results in the plain form the app keeps them between launches (plain data: it survives structured cloning
 * and JSON), with the settings they were read with; read back through a KeptChunkStore (kept-chunks.ts).
 */
export interface KeptChunks {
  readonly settingsKey: string;
  readonly chunks: ReadonlyArray<readonly [text: string, result: ChunkResult]>;
}

/**
 * What a re-parse after an edit takes over from the last one, so that it only parses the chunks the edit
 * touched: each file's snapshot (its chunks, their records, its nodes and chapter checkpoints), and the
 * records of chunks by their text for text that moved elsewhere (kept for what the last two parses read).
 */
export class ParseCache {
  /** Results of the pure string functions records need, kept across parses too. */
  readonly memo = new StringMemo();
  /**
   * Whether a parse may take over the chapters after an edit by moving the earlier parse's nodes in place
   * (see move.ts). That changes the model the earlier parse returned: for a caller that keeps none (the editor).
   */
  readonly inPlace: boolean;

  /** Where chunk results outlive this cache, if anywhere. */
  private readonly store: ChunkStore | null;

  constructor(options: { readonly inPlace?: boolean; readonly store?: ChunkStore } = {}) {
    this.inPlace = options.inPlace ?? false;
    this.store = options.store ?? null;
  }

  private current = new Map<string, ChunkResult>();
  private previous = new Map<string, ChunkResult>();
  hits = 0;
  misses = 0;

  /**
   * How the model of the last parse differs from the one before it, for the linker and linter to redo only that
   * (see ModelChange); null when it cannot be told in one run of each kind of node (settings or files changed,
   * several files edited, a cache that does not move nodes in place).
   */
  change: ModelChange | null = null;
  /** The model of the last parse. */
  lastModel: Rulebook | null = null;

  /** Whether a chunk's text could be read in part after an edit (see reread.ts), by its reading. */
  readonly plainReadings = new WeakMap<ChunkResult, boolean>();

  /** The settings the last parse read, and from what: the same front matter and manifest (the same data) give them again. */
  private lastConfig: { readonly main: unknown; readonly chapters: readonly unknown[]; readonly config: RulebookConfig; readonly problems: readonly ConfigProblem[] } | null = null;

  config(main: Record<string, unknown> | null, chapters: readonly Record<string, unknown>[], problems: ConfigProblem[]): RulebookConfig {
    const last = this.lastConfig;
    if (last && last.main === main && sameItems(last.chapters, chapters)) {
      problems.push(...last.problems);
      return last.config;
    }
    const found: ConfigProblem[] = [];
    const config = buildConfig(main, chapters, found);
    this.lastConfig = { main, chapters: [...chapters], config, problems: found };
    problems.push(...found);
    return config;
  }

  /** The unread check's patterns, made again only when the settings change (each chunk's lines are kept by them). */
  private patterns: { readonly settingsKey: string; readonly value: UnreadPatterns } | null = null;

  unreadPatterns(settingsKey: string, config: RulebookConfig): UnreadPatterns {
    if (this.patterns?.settingsKey !== settingsKey) this.patterns = { settingsKey, value: unreadPatterns(config.layout, config.costUnits) };
    return this.patterns.value;
  }

  /** The settings the chunks' records were read with: records depend on the layout, so other settings forget them. */
  private settingsKey = '';

  useSettings(key: string): void {
    if (key === this.settingsKey) return;
    this.settingsKey = key;
    this.current = new Map();
    this.previous = new Map();
  }

  get(text: string): ChunkResult | undefined {
    const found = this.current.get(text) ?? this.previous.get(text) ?? this.store?.get(this.settingsKey, text);
    if (found) this.current.set(text, found);
    return found;
  }

  set(text: string, result: ChunkResult): void {
    this.current.set(text, result);
    this.store?.set(this.settingsKey, text, result);
  }

  /** The front matter and manifest of the last parse, read: settings rarely change while a book is edited. */
  private yamlRead = new Map<string, YamlResult>();
  private yamlNext = new Map<string, YamlResult>();

  yaml(text: string): YamlResult {
    const found = this.yamlRead.get(text) ?? parseYaml(text);
    this.yamlNext.set(text, found);
    return found;
  }

  /** Each file's last parse, to take over the chapters an edit did not touch. */
  private readonly snapshots = new Map<string, FileSnapshot>();

  snapshot(path: string, settingsKey: string): FileSnapshot | undefined {
    const found = this.snapshots.get(path);
    return found && found.settingsKey === settingsKey ? found : undefined;
  }

  remember(path: string, snapshot: FileSnapshot): void {
    this.snapshots.set(path, snapshot);
  }

  /** The chunks of the last parse with their results, in the form the app keeps them between launches (kept-chunks.ts). */
  kept(): KeptChunks {
    const chunks = new Map<string, ChunkResult>();
    for (const snapshot of this.snapshots.values()) {
      if (snapshot.settingsKey !== this.settingsKey) continue;
      snapshot.chunks.forEach((chunk, index) => chunks.set(chunk.text, snapshot.results[index]));
    }
    return { settingsKey: this.settingsKey, chunks: [...chunks] };
  }

  /** Called once per parse: what the parse before last used and this one did not is dropped. */
  rotate(): void {
    this.previous = this.current;
    this.current = new Map();
    this.memo.rotate();
    this.yamlRead = this.yamlNext;
    this.yamlNext = new Map();
  }
}

export interface ParseOptions {
  readonly cache?: ParseCache;
}

/** Reads one chunk, in bounded pieces when it holds a block or a line too long for one parser call. */
function parseChunk(text: string, recognisers: Recognisers): ChunkResult {
  const { root, limited } = parseChunkTree(text);
  return { records: extractRecords(text, root, recognisers), limited };
}

/**
 * The mdast of one chunk as the parser reads it: guarded against input that would stall remark, in bounded
 * pieces when it holds a block or a line too long for one parser call. Exported for readers of the same
 * blocks (the comparison of two versions' texts), so every reader sees the blocks the model was built from.
 */
export function parseChunkTree(text: string): { root: Root; limited: ChunkResult['limited'] } {
  const pieces = boundedPieces(text);
  if (pieces.length === 1 && !pieces[0].literal) return parseGuarded(text);
  // Piece trees are shifted into chunk offsets and joined, so extraction reads the chunk as one.
  const root: Root = { type: 'root', children: [] };
  let limited: ChunkResult['limited'] = null;
  // Where a piece reads otherwise than in the whole text: an over-long line, else the first cut not continued.
  let literal: Piece | undefined;
  let cut: Piece | undefined;
  const continuing = continuable(text);
  for (const piece of pieces) {
    // A piece cut off a list is read behind lines that reopen the items the text before it ends inside.
    const context = piece.continues && continuing ? listContext(root, text, piece.offset) : null;
    if (context !== null) {
      const parsed = parseGuarded(context + piece.text);
      shiftOffsets(parsed.root, piece.offset - context.length);
      if (parsed.limited === null && graftPiece(root, parsed.root, piece.offset)) continue;
    }
    // A piece cut off a table is read behind the table's header and delimiter lines, its rows the table's.
    const header = continuing ? tableContext(root, text, piece.offset) : null;
    if (header !== null) {
      const parsed = parseGuarded(header + piece.text);
      shiftOffsets(parsed.root, piece.offset - header.length);
      if (parsed.limited === null && graftTableRows(root, parsed.root, piece.offset)) continue;
    }
    const parsed = piece.literal ? literalParagraph(piece.text) : parseGuarded(piece.text);
    limited ??= parsed.limited ? { ...parsed.limited, at: parsed.limited.at + piece.offset } : null;
    if (piece.literal) literal ??= piece;
    // Cut inside an HTML block (the GUMSHOE SRD's card tables, `<tr>` after `<tr>` for 300 lines and more), both
    // sides read as HTML, which holds nothing the parser reads: the pieces read as the whole does.
    else if (piece.offset > 0 && !(root.children.at(-1)?.type === 'html' && parsed.root.children[0]?.type === 'html')) cut ??= piece;
    shiftOffsets(parsed.root, piece.offset);
    root.children.push(...parsed.root.children);
  }
  const split = literal ?? cut;
  if (split !== undefined) {
    limited ??= {
      code: 'too-large',
      message: split.literal
        ? `a line of ${split.text.length} characters; read as plain text`
        : `a block of over ${MAX_BLOCK_LINES} lines without a blank line; read in pieces of at most ${MAX_BLOCK_LINES} lines`,
      at: split.offset,
    };
  }
  return { root, limited };
}

function parseGuarded(text: string): { root: Root; limited: ChunkResult['limited'] } {
  const risk = measureRisk(text);
  const disabled: Construct[] = [];
  let limited: ChunkResult['limited'] = null;
  if (risk.depth > MAX_NESTING) {
    disabled.push('blockQuote', 'list');
    limited = { code: 'too-deep', message: `blocks nested ${risk.depth} levels deep (the limit is ${MAX_NESTING}); read as plain paragraphs`, at: risk.depthAt };
  }
  if (risk.delimiterRuns > MAX_DELIMITER_RUNS) disabled.push('attention');
  if (risk.brackets > MAX_BRACKETS) disabled.push('labelStartLink', 'labelStartImage', 'labelEnd', 'gfmFootnoteCall', 'gfmPotentialFootnoteCall');
  return { root: parseMarkdown(text, disabled), limited };
}

/**
 * Settings that hold for a whole book: written in a chapter's front matter, they do nothing, and the marshal should
 * know. Not `date`: a site generator dates every page (Jekyll, Hugo), and the MSRD's 19 pages each said so in error.
 */
const BOOK_ONLY_KEYS = new Set(['edition', 'lint', 'numbering', 'files', 'layout', 'characters']);

export function parseRulebook(source: RulebookSource, options: ParseOptions = {}): Rulebook {
  const diagnostics: ParseDiagnostic[] = [];
  const problems: ConfigProblem[] = [];

  // Settings first: they decide units and conditions for every file.
  let manifestData: Record<string, unknown> | null = null;
  if (source.manifest) {
    const locator = new Locator(source.manifest.path, source.manifest.text);
    const result = options.cache?.yaml(source.manifest.text) ?? parseYaml(source.manifest.text);
    if (result.error) {
      diagnostics.push({ code: 'config-invalid', message: `${source.manifest.path}: ${result.error.message}`, range: locator.range(result.error.offset, result.error.offset) });
    }
    manifestData = result.data;
  }
  const fronts = source.files.map((file) => {
    const front = splitFrontMatter(file.text);
    if (!front) return { front, data: null as Record<string, unknown> | null };
    const result = options.cache?.yaml(front.yaml) ?? parseYaml(front.yaml);
    if (result.error) {
      const locator = new Locator(file.path, file.text);
      const at = front.yamlOffset + result.error.offset;
      diagnostics.push({ code: 'front-matter-invalid', message: `front matter: ${result.error.message}`, range: locator.range(at, at) });
    }
    return { front, data: result.data };
  });
  const main = manifestData ?? (source.files.length === 1 ? fronts[0].data : null) ?? fronts.find((f) => f.data)?.data ?? null;
  const chapters = fronts.map((f) => f.data).filter((d): d is Record<string, unknown> => d !== null && d !== main);
  const config: RulebookConfig = options.cache ? options.cache.config(main, chapters, problems) : buildConfig(main, chapters, problems);
  // Each problem is placed at its key: in rulebook.yaml, or in the front matter the settings came from.
  if (problems.length > 0) {
    const home = settingsText(source, (i) => (i < 0 ? manifestData !== null : fronts[i].data !== null)) ?? { path: source.files[0]?.path ?? 'rulebook.md', text: source.files[0]?.text ?? '', from: 0, to: 0 };
    // Made only for a book with a bad setting: finding a big book's lines at every keystroke would cost.
    const homeLocator = new Locator(home.path, home.text);
    for (const problem of problems) {
      const place = settingPlace(home.text, home.from, home.to, problem.key) ?? { start: home.from, end: home.from };
      diagnostics.push({ code: 'config-invalid', message: problem.message, range: homeLocator.range(place.start, place.end) });
    }
  }
  // In a folder, a chapter's front matter may add conditions and cost units; anything else there has no effect.
  if (source.manifest && !config.layout.skills.frontMatter) {
    source.files.forEach((file, index) => {
      const data = fronts[index].data;
      if (!data) return;
      for (const key of Object.keys(data)) {
        // Only keys that are settings of a whole book: a site generator's own keys (title, weight) are its business.
        if (!BOOK_ONLY_KEYS.has(key)) continue;
        const front = fronts[index].front!;
        const place = settingPlace(file.text, front.yamlOffset, front.yamlOffset + front.yaml.length, [key]) ?? { start: front.yamlOffset, end: front.yamlOffset };
        diagnostics.push({
          code: 'config-invalid',
          message: `\`${key}\` in a chapter's front matter has no effect: put it in ${source.manifest!.path}`,
          range: new Locator(file.path, file.text).range(place.start, place.end),
        });
      }
    });
  }

  const collected = Object.fromEntries(NODE_KINDS.map((k) => [k, []])) as unknown as Collected;
  const files: RulebookFile[] = [];
  const cache = options.cache;
  const memo = cache?.memo ?? new StringMemo();
  memo.useSettings(config);
  cache?.useSettings(memo.settingsKey);
  // Skills a file's front matter describes (layout `skills.frontMatter`), each placed before its file's own.
  const frontSkills: Array<{ file: string; skill: Skill }> = [];
  const frontSpec = config.layout.skills.frontMatter;
  const conditionKeys = frontSpec ? new Set(config.conditions.map((c) => memo.nameKey(c))) : null;
  /** What this parse read of each file, for the unread check: its chunks and their lines. */
  const snapshots = new Map<string, FileSnapshot>();
  const unreadFiles = new Set<string>();
  let length = 0;
  // What changed since the last parse, file by file (see ModelChange): told only while every file read has a run.
  const fileRuns: Array<{ start: Lengths; run: FileRun }> | null = cache?.inPlace && cache.lastModel && sameFiles(cache.lastModel, source) ? [] : null;
  let describable = fileRuns !== null;
  source.files.forEach((file, index) => {
    const front = fronts[index].front;
    const bodyOffset = front?.bodyOffset ?? 0;
    // After an edit, only the changed part of the file is looked at again (see FileSnapshot in file-body.ts).
    const change = cache ? fileChange(cache.snapshot(file.path, memo.settingsKey), file.text, bodyOffset) : null;
    const locator = change?.locator ?? new Locator(file.path, file.text);
    files.push({
      path: file.path,
      length: file.text.length,
      lineCount: locator.lineCount,
      frontMatter: fronts[index].data,
      frontMatterRange: front ? locator.range(0, front.bodyOffset) : null,
    });
    if (file.text.length > MAX_FILE_LENGTH) {
      diagnostics.push({ code: 'too-large', message: `file is ${(file.text.length / 1048576).toFixed(1)} MB, over the ${MAX_FILE_LENGTH / 1048576} MB limit; not read`, range: locator.range(0, 0) });
      unreadFiles.add(file.path);
      return;
    }
    length += file.text.length;
    if (length > MAX_RULEBOOK_LENGTH) {
      diagnostics.push({ code: 'too-large', message: `the rulebook's files come to over ${MAX_RULEBOOK_LENGTH / 1048576} MB with this one; it is not read`, range: locator.range(0, 0) });
      unreadFiles.add(file.path);
      return;
    }
    const data = fronts[index].data;
    if (frontSpec && front && data) {
      const skill = frontMatterSkill(frontSpec, data, file.text, { start: front.yamlOffset, end: bodyOffset }, locator, config, memo, conditionKeys!);
      if (skill) frontSkills.push({ file: file.path, skill });
    }
    const start = lengthsOf(collected);
    const read = readBody({
      path: file.path,
      text: file.text,
      bodyOffset,
      locator,
      config,
      memo,
      cache,
      change,
      collected,
      readChunk: (text) => parseChunk(text, memo.recognisers),
      rereadChunk: (before, earlier, after) => rereadChunk(before, earlier, after, memo.recognisers, cache?.plainReadings),
    });
    diagnostics.push(...read.diagnostics);
    if (read.run) fileRuns?.push({ start, run: read.run });
    else describable = false;
    if (cache && read.snapshot) {
      cache.remember(file.path, read.snapshot);
      snapshots.set(file.path, read.snapshot);
    }
  });
  cache?.rotate();

  const read: Rulebook = {
    config,
    files,
    sections: config.layout.numbering.fromContents ? numberFromContents(collected.sections, collected.links, collected.anchors, source) : collected.sections,
    rules: collected.rules,
    skills: frontSkills.length > 0 ? withFrontSkills(source.files, frontSkills, collected.skills) : collected.skills,
    references: collected.references,
    costMentions: collected.costMentions,
    links: collected.links,
    anchors: collected.anchors,
    lintControls: collected.lintControls,
    literalBold: collected.literalBold,
    gluedEmphasis: collected.gluedEmphasis,
    latexCommands: collected.latexCommands,
    diagnostics,
  };
  // An index table's rows are summaries of the skills they link to, not second definitions.
  const indexed = withoutIndexRows(read);
  const model: Rulebook = indexed === read.skills ? read : { ...read, skills: indexed };
  if (cache) {
    const sameShape = model.sections === collected.sections && model.skills === collected.skills && unreadFiles.size === 0;
    cache.change = describable && sameShape && fileRuns && cache.lastModel ? modelChange(cache.lastModel, fileRuns) : null;
    cache.lastModel = model;
  }
  // Never read nothing in silence: lines that look like costs, prerequisites or rule numbers but were not read
  // (a file too large to read is not read at all, which its own diagnostic says).
  const patterns = cache ? cache.unreadPatterns(memo.settingsKey, config) : unreadPatterns(config.layout, config.costUnits);
  const readSource = unreadFiles.size === 0 ? source : { ...source, files: source.files.filter((f) => !unreadFiles.has(f.path)) };
  diagnostics.push(...findUnread(readSource, model, (path) => snapshotLines(snapshots.get(path), patterns), patterns));
  return model;
}

/** Whether a source has the files, in order, a model was read from. */
function sameFiles(model: Rulebook, source: RulebookSource): boolean {
  return model.files.length === source.files.length && model.files.every((f, i) => f.path === source.files[i].path);
}

/** The files' runs as one run of each kind of node, when at most one file changed. */
function modelChange(previous: Rulebook, files: ReadonlyArray<{ start: Lengths; run: FileRun }>): ModelChange | null {
  const changed = files.filter(({ run }) => NODE_KINDS.some((k) => run.prefix[k] !== run.oldEnd[k] || run.prefix[k] !== run.newEnd[k]) || run.reopened.length > 0);
  if (changed.length > 1) return null;
  const runs = {} as Record<NodeKind, NodeRun>;
  for (const k of NODE_KINDS) {
    const found = changed[0];
    runs[k] = found ? { start: found.start[k] + found.run.prefix[k], removed: found.run.oldEnd[k] - found.run.prefix[k], added: found.run.newEnd[k] - found.run.prefix[k] } : { start: 0, removed: 0, added: 0 };
  }
  return { previous, runs, reopened: changed[0]?.run.reopened ?? [] };
}

/** Where a chunk's records read the number of a rule or a heading, in the chunk's offsets, in order. */
function numbersAt(records: readonly ChunkRecord[]): number[] {
  const at: number[] = [];
  for (const r of records) {
    if (r.t === 'rule') at.push(r.rawStart + r.number.start);
    else if (r.t === 'local-rule') at.push(r.numberStart);
    else if (r.t === 'heading' && r.number) at.push(r.rawStart + r.number.start);
  }
  return at.sort((a, b) => a - b);
}

/** A file's candidate lines for the unread check, chunk by chunk from its snapshot: a chunk's are read once for the fence it starts in. */
function snapshotLines(snapshot: FileSnapshot | undefined, patterns: UnreadPatterns): FileCandidates | null {
  if (!snapshot) return null;
  const blocks: CandidateBlock[] = [];
  let fence: string | null = null;
  const { chunks, lines, locator, bodyOffset } = snapshot;
  for (let i = 0; i < chunks.length; i++) {
    let found = lines[i];
    if (!found || found.fenceIn !== fence || found.key !== patterns.key) lines[i] = found = chunkLines(chunks[i].text, fence, patterns, numbersAt(snapshot.results[i].records));
    fence = found.fenceOut;
    if (found.lines.length === 0) continue;
    const offset = bodyOffset + chunks[i].offset;
    blocks.push({ line: locator.position(offset).line, offset, lines: found.lines });
  }
  return blocks;
}

/** The skills of the text with each file's front-matter skill before its own, files in order. */
function withFrontSkills(files: RulebookSource['files'], front: ReadonlyArray<{ file: string; skill: Skill }>, body: readonly Skill[]): Skill[] {
  const byFile = new Map<string, Skill[]>();
  for (const skill of body) {
    const list = byFile.get(skill.range.file);
    if (list) list.push(skill);
    else byFile.set(skill.range.file, [skill]);
  }
  const frontByFile = new Map(front.map((f) => [f.file, f.skill]));
  return files.flatMap((f) => [...(frontByFile.has(f.path) ? [frontByFile.get(f.path)!] : []), ...(byFile.get(f.path) ?? [])]);
}

export { nameKey } from './keys.js';
export { compareNumbers, numberSegments } from './numbers.js';
export { parseCost, DEFAULT_COST_UNITS } from './costs.js';
