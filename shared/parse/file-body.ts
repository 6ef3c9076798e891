/**
 * Reads one file's body into the model, taking over from the file's last parse what an edit left alone: the
 * chunks before the edit as they are, and (for the editor's cache) the chunks after it, moved in place.
 */
import type { ParseDiagnostic, Section } from '../model/types.js';
import { NODE_KINDS, type NodeKind } from '../model/change.js';
import { FileAssembler, type AssemblerState, type Collected, type FinalSection, type OpenState } from './assemble.js';
import { rechunk, splitChunks, textChange, type Chunk, type TextChange } from './chunks.js';
import type { ChunkRecord } from './extract.js';
import type { Locator } from './locator.js';
import type { StringMemo } from './memo.js';
import { Mover } from './move.js';
import type { RulebookConfig } from '../model/types.js';
import type { ChunkLines } from '../layout/unread.js';

/** What reading one chunk gives (see ChunkResult in index.ts). */
export interface ChunkReading {
  readonly records: readonly ChunkRecord[];
  readonly limited: { readonly code: 'too-deep' | 'too-large'; readonly message: string; readonly at: number } | null;
}

export type Lengths = Record<NodeKind, number>;

/** A point between two chunks where nothing is half-read: how many of each node the file had produced, and the assembler's state. */
interface Checkpoint {
  readonly chunkIndex: number;
  readonly lengths: Lengths;
  readonly diagnostics: number;
  /** Places in it are relative to its chunk's start, so that it holds as it is when the chunk moves. */
  readonly state: AssemblerState;
  /**
   * Whether the state is the one after closing what the chunk's opening heading closes (see closeBefore): then it
   * holds only while the chunk itself is the same.
   */
  readonly closedForChunk: boolean;
}

/**
 * One file's last parse: its text, chunks, the nodes it produced and a checkpoint before nearly every chunk.
 * A later parse whose chunks are the same up to a checkpoint takes the nodes before it over and reads on
 * from its state; where it reaches a checkpoint of the earlier parse in the same state, with the same text
 * after it, the rest is the earlier parse's too, moved (in place, for the editor's cache only).
 */
export interface FileSnapshot {
  readonly settingsKey: string;
  readonly text: string;
  readonly bodyOffset: number;
  /** The line the body starts on: front matter can gain a line without changing its length. */
  readonly bodyLine: number;
  readonly locator: Locator;
  readonly chunks: readonly Chunk[];
  /** The records of each chunk, by index. */
  readonly results: readonly ChunkReading[];
  /** Each chunk's lines the unread check looks at, by index (filled as the check asks for them). */
  readonly lines: Array<ChunkLines | undefined>;
  readonly items: Collected;
  readonly diagnostics: readonly ParseDiagnostic[];
  readonly checkpoints: readonly Checkpoint[];
}

/** What the body reader needs of the ParseCache. */
export interface ChunkSource {
  readonly inPlace: boolean;
  hits: number;
  misses: number;
  get(text: string): ChunkReading | undefined;
  set(text: string, result: ChunkReading): void;
}

export function lengthsOf(collected: Collected): Lengths {
  return Object.fromEntries(NODE_KINDS.map((k) => [k, collected[k].length])) as Lengths;
}

/** a − b, or a + b with `sign` −1 … +1. */
function minus(a: Lengths, b: Lengths, sign = -1): Lengths {
  return Object.fromEntries(NODE_KINDS.map((k) => [k, a[k] + sign * b[k]])) as Lengths;
}

function isZero(a: Lengths): boolean {
  return NODE_KINDS.every((k) => a[k] === 0);
}

function sliceFrom(collected: Collected, start: Lengths): Collected {
  return Object.fromEntries(NODE_KINDS.map((k) => [k, collected[k].slice(start[k])])) as unknown as Collected;
}

function appendPrefix(collected: Collected, items: Collected, lengths: Lengths): void {
  for (const k of NODE_KINDS) {
    const target = collected[k] as unknown[];
    const from = items[k] as readonly unknown[];
    for (let i = 0; i < lengths[k]; i++) target.push(from[i]);
  }
}

/** How a file's text changed since its snapshot, when the snapshot can be built on: the body starts where it did. */
export interface FileChange {
  readonly previous: FileSnapshot;
  /** In body offsets. */
  readonly body: TextChange;
  /** The locator of the new text, built from the snapshot's. */
  readonly locator: Locator;
}

/** Compares a file's new text with its snapshot; null when the body moved (then it is read anew, chunk by chunk from the cache). */
export function fileChange(previous: FileSnapshot | undefined, text: string, bodyOffset: number): FileChange | null {
  if (!previous || previous.bodyOffset !== bodyOffset) return null;
  if (previous.text === text) return { previous, body: { prefix: text.length - bodyOffset, suffix: 0 }, locator: previous.locator };
  const before = previous.text.slice(bodyOffset);
  const body = textChange(before, previous.chunks, text.slice(bodyOffset));
  // Lines are counted over the whole file: when the front matter changed too, they are counted again.
  const sameFront = bodyOffset === 0 || previous.text.slice(0, bodyOffset) === text.slice(0, bodyOffset);
  const locator = sameFront ? previous.locator.edited(text, bodyOffset + body.prefix, body.suffix) : null;
  if (!locator) return null;
  return { previous, body, locator };
}

export interface BodyInput {
  readonly path: string;
  readonly text: string;
  readonly bodyOffset: number;
  readonly locator: Locator;
  readonly config: RulebookConfig;
  readonly memo: StringMemo;
  readonly cache: ChunkSource | undefined;
  readonly change: FileChange | null;
  readonly collected: Collected;
  readonly readChunk: (text: string) => ChunkReading;
  /** Reads an edited chunk from what its earlier text read, when only part of it needs reading (see reread.ts). */
  readonly rereadChunk?: (before: string, earlier: ChunkReading, after: string) => ChunkReading | null;
}

/**
 * What a re-read changed of a file's nodes, counted from the file's first node of each kind: those before `prefix`
 * are the snapshot's, the snapshot's from `oldEnd` on are this read's from `newEnd` on; `reopened` sections (before
 * the prefix) were read on from and closed again.
 */
export interface FileRun {
  readonly prefix: Lengths;
  readonly oldEnd: Lengths;
  readonly newEnd: Lengths;
  readonly reopened: readonly Section[];
}

export interface BodyRead {
  readonly diagnostics: ParseDiagnostic[];
  readonly snapshot: FileSnapshot | null;
  /** Null when the file was read without a snapshot to compare with. */
  readonly run: FileRun | null;
}

/** Reads a file's body into `collected`; returns its diagnostics and, with a cache, the snapshot to keep. */
export function readBody(input: BodyInput): BodyRead {
  const { path, text, bodyOffset, locator, config, memo, cache, collected } = input;
  const bodyLine = locator.position(bodyOffset).line;
  const change = input.change && input.change.previous.bodyLine === bodyLine ? input.change : null;
  const previous = change?.previous ?? null;
  const fileStart = lengthsOf(collected);

  if (previous && previous.text === text) {
    // Nothing changed in this file: its nodes are the last parse's, final and untouched.
    const all = lengthsOf(previous.items);
    appendPrefix(collected, previous.items, all);
    return {
      diagnostics: [...previous.diagnostics],
      snapshot: { ...previous, items: sliceFrom(collected, fileStart) },
      run: { prefix: all, oldEnd: all, newEnd: all, reopened: [] },
    };
  }

  const body = text.slice(bodyOffset);
  let chunks: readonly Chunk[];
  // Chunks before `same` are the snapshot's; from `tail` on, the snapshot's from `earlierTail`, moved.
  let same = 0;
  let tail: number;
  let earlierTail = 0;
  if (previous && change) {
    const split = rechunk(previous.text.slice(bodyOffset), previous.chunks, body, change.body);
    ({ chunks, same, tail, earlierTail } = split);
  } else {
    chunks = splitChunks(body);
    tail = chunks.length;
  }
  const results: ChunkReading[] = new Array(chunks.length);
  const lines: Array<ChunkLines | undefined> = new Array(chunks.length);
  const diagnostics: ParseDiagnostic[] = [];
  const checkpoints: Checkpoint[] = [];
  const assembler = new FileAssembler(locator, config, collected, memo, fileStart.sections);
  /** Where this parse stands before the chunk at `index`, which starts at `base`. */
  const checkpointAt = (index: number, state: AssemblerState, closedForChunk: boolean): Checkpoint => ({
    chunkIndex: index,
    lengths: minus(lengthsOf(collected), fileStart),
    diagnostics: diagnostics.length,
    state,
    closedForChunk,
  });

  // Take over the nodes before the last checkpoint the edit left alone, and read on from its state.
  let startAt = 0;
  let restored = -1;
  let finals: ReadonlyMap<Section, FinalSection> = new Map();
  let prefix = minus(fileStart, fileStart);
  let ends: { oldEnd: Lengths; newEnd: Lengths } | null = null;
  if (previous && cache) {
    let from: Checkpoint | null = null;
    let count = 0;
    for (const c of previous.checkpoints) {
      // The chunk at `same` is the first the edit changed: a state that depends on it does not hold.
      if (c.chunkIndex > same || (c.chunkIndex === same && c.closedForChunk)) break;
      from = c;
      count++;
    }
    if (from) {
      for (let i = 0; i < from.chunkIndex; i++) {
        results[i] = previous.results[i];
        lines[i] = previous.lines[i];
      }
      appendPrefix(collected, previous.items, from.lengths);
      for (let i = 0; i < from.diagnostics; i++) diagnostics.push(previous.diagnostics[i]);
      for (let i = 0; i < count; i++) checkpoints.push(previous.checkpoints[i]);
      finals = assembler.restoreState(from.state, bodyOffset + chunks[from.chunkIndex].offset, !cache.inPlace);
      startAt = restored = from.chunkIndex;
      prefix = from.lengths;
    }
  }

  // The editor's cache moves the nodes after the edit: offsets from the unchanged end of the text on.
  const mover =
    previous && change && cache?.inPlace
      ? new Mover(path, text.length - previous.text.length, locator.lineCount - previous.locator.lineCount, previous.text.length - change.body.suffix, bodyOffset + change.body.prefix)
      : null;
  let earlier = 0;
  for (let index = startAt; index < chunks.length; index++) {
    const chunk = chunks[index];
    const base = bodyOffset + chunk.offset;
    // A chunk the edit left alone has the records it had, found by its place rather than its text; so has a chunk
    // split again around the edit that came out as it was.
    const oneForOne = previous !== null && index >= same && index < tail && tail - same === earlierTail - same;
    let earlierIndex = !previous ? -1 : index < same ? index : index >= tail ? index - tail + earlierTail : -1;
    if (oneForOne && previous.chunks[index].text === chunk.text) earlierIndex = index;
    let result = earlierIndex === -1 ? undefined : previous!.results[earlierIndex];
    if (earlierIndex !== -1) lines[index] = previous!.lines[earlierIndex];
    result ??= cache?.get(chunk.text);
    if (result) cache!.hits++;
    else {
      // An edited chunk in place of one earlier chunk: read from the edit's block on, the blocks before it kept.
      result = (oneForOne && input.rereadChunk?.(previous.chunks[index].text, previous.results[index], chunk.text)) || input.readChunk(chunk.text);
      if (cache) {
        cache.misses++;
        cache.set(chunk.text, result);
      }
    }
    if (cache && index !== restored) {
      const depth = openingHeading(result.records);
      if (depth > 0) assembler.closeBefore(depth);
      const state = assembler.saveState(base);
      if (state) {
        const here = checkpointAt(index, state, depth > 0);
        if (mover && previous && index >= tail) {
          // From here on the text is the earlier parse's: where that parse stood in the same state, take the rest over.
          const oldIndex = index - tail + earlierTail;
          while (earlier < previous.checkpoints.length && previous.checkpoints[earlier].chunkIndex < oldIndex) earlier++;
          const old = previous.checkpoints[earlier];
          if (old && old.chunkIndex === oldIndex && assembler.continuesAs(old.state, previous.bodyOffset + previous.chunks[oldIndex].offset, finals, mover)) {
            checkpoints.push(here);
            for (let i = index; i < chunks.length; i++) {
              results[i] = previous.results[i - index + oldIndex];
              lines[i] = previous.lines[i - index + oldIndex];
            }
            ends = { oldEnd: old.lengths, newEnd: here.lengths };
            takeSuffix(previous, earlier, here, mover, collected, diagnostics, checkpoints);
            assembler.closeAsEarlier(old.state, finals, mover);
            break;
          }
        }
        checkpoints.push(here);
      }
    }
    if (result.limited) {
      const at = base + result.limited.at;
      diagnostics.push({ code: result.limited.code, message: result.limited.message, range: locator.range(at, at) });
    }
    results[index] = result;
    assembler.add(result.records, base);
  }
  assembler.finish();
  if (!cache) return { diagnostics, snapshot: null, run: null };
  const run: FileRun | null = previous
    ? { prefix, ...(ends ?? { oldEnd: lengthsOf(previous.items), newEnd: minus(lengthsOf(collected), fileStart) }), reopened: cache.inPlace ? [...finals.keys()] : [] }
    : null;
  return {
    diagnostics,
    snapshot: { settingsKey: memo.settingsKey, text, bodyOffset, bodyLine, locator, chunks, results, lines, items: sliceFrom(collected, fileStart), diagnostics, checkpoints },
    run,
  };
}

/** The depth of the heading a chunk opens with, 0 when it opens with anything else. */
function openingHeading(records: readonly ChunkRecord[]): number {
  const [first, second] = records;
  return first?.t === 'block' && first.type === 'heading' && second?.t === 'heading' ? second.depth : 0;
}

/**
 * Moves the earlier parse's nodes from its checkpoint `at` to the end into this parse, and its checkpoints after it.
 * Their states hold places relative to their chunks, so they stay as they are unless the edit changed what they
 * count (nodes, chunks, a subsection of a section open at `at`) or a section open at `at` was read again (its twin
 * takes its place): the sections open at `at`, before the edit, keep their place.
 */
function takeSuffix(previous: FileSnapshot, at: number, here: Checkpoint, mover: Mover, collected: Collected, diagnostics: ParseDiagnostic[], checkpoints: Checkpoint[]): void {
  const from = previous.checkpoints[at];
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
  take(old.costMentions, from.lengths.costMentions, collected.costMentions, (c) => mover.placeOnly(c));
  take(old.links, from.lengths.links, collected.links, (l) => mover.link(l));
  take(old.anchors, from.lengths.anchors, collected.anchors, (a) => mover.anchor(a));
  take(old.lintControls, from.lengths.lintControls, collected.lintControls, (c) => mover.lintControl(c));
  take(old.literalBold, from.lengths.literalBold, collected.literalBold, (l) => mover.placeOnly(l));
  take(old.gluedEmphasis, from.lengths.gluedEmphasis, collected.gluedEmphasis, (g) => mover.placeOnly(g));
  take(old.latexCommands, from.lengths.latexCommands, collected.latexCommands, (l) => mover.latexCommand(l));
  take(previous.diagnostics, from.diagnostics, diagnostics, (d) => mover.diagnostic(d));
  const shift = here.chunkIndex - from.chunkIndex;
  const lengthShift = minus(here.lengths, from.lengths);
  const sameLengths = isZero(lengthShift);
  const diagnosticShift = here.diagnostics - from.diagnostics;
  // The sections open at `from` are those open at `here` (the same, or read again from the same heading).
  const ancestors = from.state.open;
  const open = here.state.open;
  for (let k = at + 1; k < previous.checkpoints.length; k++) {
    const c = previous.checkpoints[k];
    const base = previous.bodyOffset + previous.chunks[c.chunkIndex].offset;
    let states: OpenState[] | null = null;
    c.state.open.forEach((o, level) => {
      // Heading-wide prerequisite lists no moved skill names yet: moved once here (a list moves at most once).
      for (const list of o.prerequisites) mover.list(list);
      let moved: OpenState | null = null;
      if (level < ancestors.length && ancestors[level].section === o.section) {
        const now = open[level];
        const lastEnd = base - o.lastEndBack;
        // A last block before the edit does not move with the chunk: its distance back changes by the edit's length.
        const lastEndBack = mover.offset(lastEnd) - lastEnd === mover.offsets ? o.lastEndBack : o.lastEndBack + mover.offsets;
        const childCount = o.childCount - ancestors[level].childCount + now.childCount;
        if (now.section !== o.section || now.index !== o.index || childCount !== o.childCount || lastEndBack !== o.lastEndBack) {
          moved = { ...o, section: now.section, index: now.index, childCount, lastEndBack, skillName: now.skillName, nameAfterHeading: now.nameAfterHeading };
        }
      } else if (lengthShift.sections !== 0) moved = { ...o, index: o.index + lengthShift.sections };
      if (moved) {
        states ??= [...c.state.open];
        states[level] = moved;
      }
    });
    if (shift === 0 && sameLengths && diagnosticShift === 0 && states === null) {
      checkpoints.push(c);
      continue;
    }
    checkpoints.push({
      chunkIndex: c.chunkIndex + shift,
      // c − from + here: as far past this parse's checkpoint as c was past the old one.
      lengths: sameLengths ? c.lengths : minus(c.lengths, lengthShift, 1),
      diagnostics: c.diagnostics + diagnosticShift,
      state: states ? { ...c.state, open: states } : c.state,
      closedForChunk: c.closedForChunk,
    });
  }
}
