/** parseRulebook: a rulebook's files → the typed model. Never throws on user content; problems become diagnostics. */
import type { ParseDiagnostic, Rulebook, RulebookConfig, RulebookFile, RulebookSource } from '../model/types.js';
import { FileAssembler, type Collected } from './assemble.js';
import type { Root } from 'mdast';
import { boundedPieces, literalParagraph, measureRisk, MAX_BLOCK_LINES, shiftOffsets, splitChunks } from './chunks.js';
import { buildConfig, parseYaml, splitFrontMatter, type ConfigProblem } from './config.js';
import { extractRecords, type ChunkRecord } from './extract.js';
import { Locator } from './locator.js';
import { StringMemo } from './memo.js';
import { MAX_BRACKETS, MAX_DELIMITER_RUNS, MAX_NESTING, parseMarkdown, type Construct } from './markdown.js';

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
 * Remembers the records of chunks by their text, so that re-parsing after an edit only parses the
 * chunks the edit touched. Keeps what the last two parses used.
 */
export class ParseCache {
  /** Results of the pure string functions records need, kept across parses too. */
  readonly memo = new StringMemo();
  private current = new Map<string, ChunkResult>();
  private previous = new Map<string, ChunkResult>();
  hits = 0;
  misses = 0;

  get(text: string): ChunkResult | undefined {
    const found = this.current.get(text) ?? this.previous.get(text);
    if (found) this.current.set(text, found);
    return found;
  }

  set(text: string, result: ChunkResult): void {
    this.current.set(text, result);
  }

  /** Called once per parse: what the parse before last used and this one did not is dropped. */
  rotate(): void {
    this.previous = this.current;
    this.current = new Map();
    this.memo.rotate();
  }
}

export interface ParseOptions {
  readonly cache?: ParseCache;
  /** Milliseconds before the rest is read as plain text. */
  readonly deadlineMs?: number;
}

/** Reads one chunk, in bounded pieces when it holds a block or a line too long for one parser call. */
function parseChunk(text: string): ChunkResult {
  const pieces = boundedPieces(text);
  if (pieces.length === 1 && !pieces[0].literal) {
    const { root, limited } = parseGuarded(text);
    return { records: extractRecords(text, root), limited };
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
  return { records: extractRecords(text, root), limited };
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

/** Offset of a top-level `key:` line in YAML that starts at `from`; the start of the YAML when not found. */
function keyOffset(text: string, from: number, key: string): number {
  const pattern = new RegExp(`^["']?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?[ \t]*:`, 'm');
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
    const result = parseYaml(source.manifest.text);
    if (result.error) {
      diagnostics.push({ code: 'config-invalid', message: `${source.manifest.path}: ${result.error.message}`, range: locator.range(result.error.offset, result.error.offset) });
    }
    manifestData = result.data;
  }
  const fronts = source.files.map((file) => {
    const front = splitFrontMatter(file.text);
    if (!front) return { front, data: null as Record<string, unknown> | null };
    const result = parseYaml(front.yaml);
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
  if (source.manifest) {
    source.files.forEach((file, index) => {
      const data = fronts[index].data;
      if (!data) return;
      for (const key of Object.keys(data)) {
        if (key === 'conditions' || key === 'costUnits') continue;
        const at = keyOffset(file.text, fronts[index].front!.yamlOffset, key);
        diagnostics.push({
          code: 'config-invalid',
          message: `\`${key}\` in a chapter's front matter has no effect: put it in ${source.manifest!.path}`,
          range: new Locator(file.path, file.text).range(at, at),
        });
      }
    });
  }

  const collected: Collected = { sections: [], rules: [], skills: [], references: [], costMentions: [], lintControls: [] };
  const files: RulebookFile[] = [];
  const cache = options.cache;
  const memo = cache?.memo ?? new StringMemo();
  memo.useSettings(config);
  let timedOut = false;
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
    const assembler = new FileAssembler(locator, config, collected, memo);
    for (const chunk of splitChunks(file.text.slice(bodyOffset))) {
      const base = bodyOffset + chunk.offset;
      if (!timedOut && performance.now() - started > deadline) {
        timedOut = true;
        diagnostics.push({ code: 'deadline', message: `reading took over ${deadline / 1000} s; the rest of the rulebook is not read`, range: locator.range(base, base) });
      }
      if (timedOut) break;
      let result = cache?.get(chunk.text);
      if (result) cache!.hits++;
      else {
        result = parseChunk(chunk.text);
        if (cache) {
          cache.misses++;
          cache.set(chunk.text, result);
        }
      }
      if (result.limited) {
        const at = base + result.limited.at;
        diagnostics.push({ code: result.limited.code, message: result.limited.message, range: locator.range(at, at) });
      }
      assembler.add(result.records, base);
    }
    assembler.finish();
  });
  cache?.rotate();

  return {
    config,
    files,
    sections: collected.sections,
    rules: collected.rules,
    skills: collected.skills,
    references: collected.references,
    costMentions: collected.costMentions,
    lintControls: collected.lintControls,
    diagnostics,
  };
}

export { nameKey } from './keys.js';
export { compareNumbers, numberSegments } from './numbers.js';
export { parseCost, DEFAULT_COST_UNITS } from './costs.js';
