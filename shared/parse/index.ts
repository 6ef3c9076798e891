/** parseRulebook: a rulebook's files → the typed model. Never throws on user content; problems become diagnostics. */
import type { ParseDiagnostic, Rulebook, RulebookConfig, RulebookFile, RulebookSource, Skill } from '../model/types.js';
import { FileAssembler, type Collected } from './assemble.js';
import type { Root } from 'mdast';
import { boundedPieces, literalParagraph, measureRisk, MAX_BLOCK_LINES, shiftOffsets, splitChunks } from './chunks.js';
import { buildConfig, parseYaml, splitFrontMatter, type ConfigProblem, type YamlResult } from './config.js';
import { extractRecords, type ChunkRecord } from './extract.js';
import { findUnread } from '../layout/unread.js';
import { numberFromContents } from './contents-numbers.js';
import { frontMatterSkill } from './front-matter-skills.js';
import { Locator } from './locator.js';
import { Mover } from './move.js';
import { StringMemo } from './memo.js';
import type { Recognisers } from './recognisers.js';
import { MAX_BRACKETS, MAX_DELIMITER_RUNS, MAX_NESTING, parseMarkdown, type Construct } from './markdown.js';
import { escapeRegExp } from './regexp.js';

/** Files larger than this (in UTF-16 code units) are not parsed at all. */
export const MAX_FILE_LENGTH = 4 * 1024 * 1024;
/** After this long, the rest of a rulebook is read as plain text: a last guard against input that stalls the parser. */
export const PARSE_DEADLINE_MS = 15_000;

interface ChunkResult {
  readonly records: readonly ChunkRecord[];
  /** Why the chunk was read with constructs switched off, and where (offset in the chunk). */
  readonly limited: { readonly code: 'too-deep' | 'too-large'; readonly message: string; readonly at: number } | null;
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

  constructor(options: { readonly inPlace?: boolean } = {}) {
    this.inPlace = options.inPlace ?? false;
  }

  private current = new Map<string, ChunkResult>();
  private previous = new Map<string, ChunkResult>();
  hits = 0;
  misses = 0;

  /** The settings the chunks' records were read with: records depend on the layout, so other settings forget them. */
  private settingsKey = '';

  useSettings(key: string): void {
    if (key === this.settingsKey) return;
    this.settingsKey = key;
    this.current = new Map();
    this.previous = new Map();
  }

  get(text: string): ChunkResult | undefined {
    const found = this.current.get(text) ?? this.previous.get(text);
    if (found) this.current.set(text, found);
    return found;
  }

  set(text: string, result: ChunkResult): void {
    this.current.set(text, result);
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

  /** Called once per parse: what the parse before last used and this one did not is dropped. */
  rotate(): void {
    this.previous = this.current;
    this.current = new Map();
    this.memo.rotate();
    this.yamlRead = this.yamlNext;
    this.yamlNext = new Map();
  }
}

type ItemKey = keyof Collected;
const ITEM_KEYS: readonly ItemKey[] = ['sections', 'rules', 'skills', 'references', 'costMentions', 'links', 'anchors', 'lintControls'];
type Lengths = Record<ItemKey, number>;

/** A point before a chapter heading: how many of each node the file had produced, all of them final. */
interface Checkpoint {
  readonly chunkIndex: number;
  readonly lengths: Lengths;
  readonly diagnostics: number;
  /** Where its chunk starts in the file: offset and 1-based line. */
  readonly offset: number;
  readonly line: number;
}

/**
 * One file's last parse: its chunks, the nodes it produced and its chapter checkpoints. Nodes before a
 * checkpoint never change once the chapter heading has closed every open section, so a later parse whose
 * chunks are the same up to there takes them over instead of assembling them again.
 */
interface FileSnapshot {
  readonly settingsKey: string;
  readonly bodyOffset: number;
  /** The line the body starts on: front matter can gain a line without changing its length. */
  readonly bodyLine: number;
  readonly chunks: readonly { readonly offset: number; readonly text: string }[];
  /** The records of each chunk, by index. */
  readonly results: readonly ChunkResult[];
  readonly items: Collected;
  readonly diagnostics: readonly ParseDiagnostic[];
  readonly checkpoints: readonly Checkpoint[];
}

function lengthsOf(collected: Collected): Lengths {
  return Object.fromEntries(ITEM_KEYS.map((k) => [k, collected[k].length])) as Lengths;
}

function minus(a: Lengths, b: Lengths): Lengths {
  return Object.fromEntries(ITEM_KEYS.map((k) => [k, a[k] - b[k]])) as Lengths;
}

function sliceFrom(collected: Collected, start: Lengths): Collected {
  return Object.fromEntries(ITEM_KEYS.map((k) => [k, collected[k].slice(start[k])])) as unknown as Collected;
}

function appendPrefix(collected: Collected, items: Collected, lengths: Lengths): void {
  for (const k of ITEM_KEYS) {
    const target = collected[k] as unknown[];
    const from = items[k] as readonly unknown[];
    for (let i = 0; i < lengths[k]; i++) target.push(from[i]);
  }
}

/** The last checkpoint whose chunks, and everything before them, are unchanged since the snapshot. */
function reusablePrefix(previous: FileSnapshot, chunks: readonly { offset: number; text: string }[], bodyOffset: number, bodyLine: number): Checkpoint | null {
  if (previous.bodyOffset !== bodyOffset || previous.bodyLine !== bodyLine) return null;
  let same = 0;
  while (same < chunks.length && same < previous.chunks.length && chunks[same].offset === previous.chunks[same].offset && chunks[same].text === previous.chunks[same].text) same++;
  let found: Checkpoint | null = null;
  for (const checkpoint of previous.checkpoints) if (checkpoint.chunkIndex <= same) found = checkpoint;
  return found;
}

/**
 * The earliest checkpoint from which every chunk to the end of the file is unchanged, after the chunk
 * the re-parse starts at, and where that chunk is now: the chapters after an edit can be taken over too.
 */
function reusableSuffix(previous: FileSnapshot, chunks: readonly { offset: number; text: string }[], start: number): { checkpoint: Checkpoint; chunkIndex: number } | null {
  const moved = chunks.length - previous.chunks.length;
  let same = 0;
  while (same < chunks.length && same < previous.chunks.length && chunks[chunks.length - 1 - same].text === previous.chunks[previous.chunks.length - 1 - same].text) same++;
  const firstSame = previous.chunks.length - same;
  const checkpoint = previous.checkpoints.find((c) => c.chunkIndex >= firstSame && c.chunkIndex + moved >= start);
  return checkpoint ? { checkpoint, chunkIndex: checkpoint.chunkIndex + moved } : null;
}

/** Moves the earlier parse's nodes from a checkpoint to the end into this parse (see move.ts). */
function takeSuffix(previous: FileSnapshot, from: Checkpoint, here: Checkpoint, file: string, collected: Collected, diagnostics: ParseDiagnostic[], checkpoints: Checkpoint[]): void {
  const mover = new Mover(file, here.offset - from.offset, here.line - from.line);
  const take = <T>(items: readonly T[], start: number, target: T[], move: (item: T) => void) => {
    for (let i = start; i < items.length; i++) {
      move(items[i]);
      target.push(items[i]);
    }
  };
  const old = previous.items;
  take(old.sections, from.lengths.sections, collected.sections, (s) => mover.section(s));
  take(old.rules, from.lengths.rules, collected.rules, (r) => mover.rule(r));
  take(old.skills, from.lengths.skills, collected.skills, (s) => mover.skill(s));
  take(old.references, from.lengths.references, collected.references, (r) => mover.reference(r));
  take(old.costMentions, from.lengths.costMentions, collected.costMentions, (c) => mover.costMention(c));
  take(old.links, from.lengths.links, collected.links, (l) => mover.link(l));
  take(old.anchors, from.lengths.anchors, collected.anchors, (a) => mover.anchor(a));
  take(old.lintControls, from.lengths.lintControls, collected.lintControls, (c) => mover.lintControl(c));
  take(previous.diagnostics, from.diagnostics, diagnostics, (d) => mover.diagnostic(d));
  const shift = here.chunkIndex - from.chunkIndex;
  for (const c of previous.checkpoints) {
    if (c.chunkIndex < from.chunkIndex || checkpoints.at(-1)?.chunkIndex === c.chunkIndex + shift) continue;
    checkpoints.push({
      chunkIndex: c.chunkIndex + shift,
      // c − from + here: as far past this parse's checkpoint as c was past the old one.
      lengths: minus(c.lengths, minus(from.lengths, here.lengths)),
      diagnostics: c.diagnostics - from.diagnostics + here.diagnostics,
      offset: c.offset + here.offset - from.offset,
      line: c.line + here.line - from.line,
    });
  }
}

/**
 * The records of a chunk the last parse of the file read too, found by its place counted from the start or
 * from the end of the file (an edit moves the chunks after it): a string comparison, not a hash of the text.
 */
function unchangedChunk(previous: FileSnapshot, chunks: readonly { text: string }[], index: number): ChunkResult | undefined {
  const text = chunks[index].text;
  if (index < previous.chunks.length && previous.chunks[index].text === text) return previous.results[index];
  const fromEnd = index - chunks.length + previous.chunks.length;
  if (fromEnd >= 0 && fromEnd < previous.chunks.length && previous.chunks[fromEnd].text === text) return previous.results[fromEnd];
  return undefined;
}

/** Whether a chunk opens with a level-1 heading (a chapter). */
function startsChapter(records: readonly ChunkRecord[]): boolean {
  const [first, second] = records;
  return first?.t === 'block' && first.type === 'heading' && second?.t === 'heading' && second.depth === 1;
}

export interface ParseOptions {
  readonly cache?: ParseCache;
  /** Milliseconds before the rest is read as plain text. */
  readonly deadlineMs?: number;
}

/** Reads one chunk, in bounded pieces when it holds a block or a line too long for one parser call. */
function parseChunk(text: string, recognisers: Recognisers): ChunkResult {
  const pieces = boundedPieces(text);
  if (pieces.length === 1 && !pieces[0].literal) {
    const { root, limited } = parseGuarded(text);
    return { records: extractRecords(text, root, recognisers), limited };
  }
  // Piece trees are shifted into chunk offsets and joined, so extraction reads the chunk as one.
  const root: Root = { type: 'root', children: [] };
  let limited: ChunkResult['limited'] = null;
  for (const piece of pieces) {
    const parsed = piece.literal ? literalParagraph(piece.text) : parseGuarded(piece.text);
    limited ??= parsed.limited ? { ...parsed.limited, at: parsed.limited.at + piece.offset } : null;
    shiftOffsets(parsed.root, piece.offset);
    root.children.push(...parsed.root.children);
  }
  const split = pieces.find((p) => p.literal) ?? pieces[1];
  limited ??= {
    code: 'too-large',
    message: split.literal
      ? `a line of ${split.text.length} characters; read as plain text`
      : `a block of over ${MAX_BLOCK_LINES} lines without a blank line; read in pieces of ${MAX_BLOCK_LINES} lines`,
    at: split.offset,
  };
  return { records: extractRecords(text, root, recognisers), limited };
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

/** Settings that hold for a whole book: written in a chapter's front matter, they do nothing, and the marshal should know. */
const BOOK_ONLY_KEYS = new Set(['edition', 'date', 'lint', 'numbering', 'files', 'layout']);

/** Offset of a top-level `key:` line in YAML that starts at `from`; the start of the YAML when not found. */
function keyOffset(text: string, from: number, key: string): number {
  const pattern = new RegExp(`^["']?${escapeRegExp(key)}["']?[ \t]*:`, 'm');
  const found = pattern.exec(text.slice(from, from + 65536));
  return found ? from + found.index : from;
}

export function parseRulebook(source: RulebookSource, options: ParseOptions = {}): Rulebook {
  const started = performance.now();
  const deadline = options.deadlineMs ?? PARSE_DEADLINE_MS;
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
  const config: RulebookConfig = buildConfig(main, chapters, problems);
  // Each problem is placed at its key: in rulebook.yaml, or in the front matter the settings came from.
  const settingsAt = source.manifest
    ? { path: source.manifest.path, text: source.manifest.text, yamlOffset: 0 }
    : (() => {
        const index = fronts.findIndex((f) => f.data === main);
        const file = source.files[Math.max(0, index)];
        return { path: file?.path ?? 'rulebook.md', text: file?.text ?? '', yamlOffset: fronts[index]?.front?.yamlOffset ?? 0 };
      })();
  for (const problem of problems) {
    const locator = new Locator(settingsAt.path, settingsAt.text);
    const at = keyOffset(settingsAt.text, settingsAt.yamlOffset, problem.key);
    diagnostics.push({ code: 'config-invalid', message: problem.message, range: locator.range(at, at) });
  }
  // In a folder, a chapter's front matter may add conditions and cost units; anything else there has no effect.
  if (source.manifest && !config.layout.skills.frontMatter) {
    source.files.forEach((file, index) => {
      const data = fronts[index].data;
      if (!data) return;
      for (const key of Object.keys(data)) {
        // Only keys that are settings of a whole book: a site generator's own keys (title, weight) are its business.
        if (!BOOK_ONLY_KEYS.has(key)) continue;
        const at = keyOffset(file.text, fronts[index].front!.yamlOffset, key);
        diagnostics.push({
          code: 'config-invalid',
          message: `\`${key}\` in a chapter's front matter has no effect: put it in ${source.manifest!.path}`,
          range: new Locator(file.path, file.text).range(at, at),
        });
      }
    });
  }

  const collected: Collected = { sections: [], rules: [], skills: [], references: [], costMentions: [], links: [], anchors: [], lintControls: [] };
  const files: RulebookFile[] = [];
  const cache = options.cache;
  const memo = cache?.memo ?? new StringMemo();
  memo.useSettings(config);
  cache?.useSettings(memo.settingsKey);
  let timedOut = false;
  // Skills a file's front matter describes (layout `skills.frontMatter`), each placed before its file's own.
  const frontSkills: Array<{ file: string; skill: Skill }> = [];
  const frontSpec = config.layout.skills.frontMatter;
  const conditionKeys = frontSpec ? new Set(config.conditions.map((c) => memo.nameKey(c))) : null;
  source.files.forEach((file, index) => {
    const locator = new Locator(file.path, file.text);
    const front = fronts[index].front;
    files.push({
      path: file.path,
      length: file.text.length,
      lineCount: locator.lineCount,
      frontMatter: fronts[index].data,
      frontMatterRange: front ? locator.range(0, front.bodyOffset) : null,
    });
    if (file.text.length > MAX_FILE_LENGTH) {
      diagnostics.push({ code: 'too-large', message: `file is ${(file.text.length / 1048576).toFixed(1)} MB, over the ${MAX_FILE_LENGTH / 1048576} MB limit; not read`, range: locator.range(0, 0) });
      return;
    }
    const bodyOffset = front?.bodyOffset ?? 0;
    const data = fronts[index].data;
    if (frontSpec && front && data) {
      const skill = frontMatterSkill(frontSpec, data, file.text, { start: front.yamlOffset, end: bodyOffset }, locator, config, memo, conditionKeys!);
      if (skill) frontSkills.push({ file: file.path, skill });
    }
    const chunks = splitChunks(file.text.slice(bodyOffset));
    const fileStart = lengthsOf(collected);
    const fileDiagnostics: ParseDiagnostic[] = [];
    // After an edit, the chapters before it are taken over from the last parse as they are (see FileSnapshot).
    const previous = cache?.snapshot(file.path, memo.settingsKey);
    const bodyLine = locator.position(bodyOffset).line;
    const reuse = previous ? reusablePrefix(previous, chunks, bodyOffset, bodyLine) : null;
    const checkpoints: Checkpoint[] = [];
    // Each chunk's records, kept with the snapshot: the chunks an edit did not touch need no lookup next time.
    const results: ChunkResult[] = new Array(chunks.length);
    if (previous && reuse) {
      for (let i = 0; i < reuse.chunkIndex; i++) results[i] = previous.results[i];
      appendPrefix(collected, previous.items, reuse.lengths);
      fileDiagnostics.push(...previous.diagnostics.slice(0, reuse.diagnostics));
      checkpoints.push(...previous.checkpoints.filter((c) => c.chunkIndex <= reuse.chunkIndex));
    }
    const assembler = new FileAssembler(locator, config, collected, memo);
    /** Where this parse stands before the chunk at `index`, which starts at `base`. */
    const checkpointAt = (index: number, base: number): Checkpoint => ({ chunkIndex: index, lengths: minus(lengthsOf(collected), fileStart), diagnostics: fileDiagnostics.length, offset: base, line: locator.position(base).line });
    const startAt = reuse?.chunkIndex ?? 0;
    const suffix = previous && cache!.inPlace ? reusableSuffix(previous, chunks, startAt) : null;
    let complete = true;
    for (let index = startAt; index < chunks.length; index++) {
      const chunk = chunks[index];
      const base = bodyOffset + chunk.offset;
      // From a closed chapter heading on, the rest is the last parse's text: take its nodes over, moved.
      if (previous && suffix && index === suffix.chunkIndex && assembler.closeAll()) {
        const here = checkpointAt(index, base);
        for (let i = index; i < chunks.length; i++) results[i] = previous.results[i - index + suffix.checkpoint.chunkIndex];
        takeSuffix(previous, suffix.checkpoint, here, file.path, collected, fileDiagnostics, checkpoints);
        break;
      }
      if (!timedOut && performance.now() - started > deadline) {
        timedOut = true;
        diagnostics.push({ code: 'deadline', message: `reading took over ${deadline / 1000} s; the rest of the rulebook is not read`, range: locator.range(base, base) });
      }
      if (timedOut) {
        complete = false;
        break;
      }
      let result = previous ? unchangedChunk(previous, chunks, index) : undefined;
      result ??= cache?.get(chunk.text);
      if (result) cache!.hits++;
      else {
        result = parseChunk(chunk.text, memo.recognisers);
        if (cache) {
          cache.misses++;
          cache.set(chunk.text, result);
        }
      }
      // A chapter heading closes everything before it: from here on, what came before is final.
      if (cache && index !== reuse?.chunkIndex && startsChapter(result.records) && assembler.closeAll()) {
        checkpoints.push(checkpointAt(index, base));
      }
      if (result.limited) {
        const at = base + result.limited.at;
        fileDiagnostics.push({ code: result.limited.code, message: result.limited.message, range: locator.range(at, at) });
      }
      results[index] = result;
      assembler.add(result.records, base);
    }
    assembler.finish();
    diagnostics.push(...fileDiagnostics);
    if (cache && complete) {
      cache.remember(file.path, {
        settingsKey: memo.settingsKey,
        bodyOffset,
        bodyLine,
        chunks,
        results,
        items: sliceFrom(collected, fileStart),
        diagnostics: fileDiagnostics,
        checkpoints,
      });
    }
  });
  cache?.rotate();

  const model: Rulebook = {
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
    diagnostics,
  };
  // Never read nothing in silence: lines that look like costs, prerequisites or rule numbers but were not read
  // (after a deadline the rest was not read at all, which its own diagnostic says).
  if (!timedOut) diagnostics.push(...findUnread(source, model));
  return model;
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
