/**
 * Reads a chunk again after an edit inside it, reading only the blocks the edit touched: the blocks before it, and
 * the blocks after it (their offsets moved by the edit), read as they did. The blocks are cut at block boundaries,
 * places where splitChunks could cut (outside fences and comments, at a heading or a column-0 line after a blank
 * one, where no label or line ending in a colon introduces it), so the blocks on either side read alone as they read
 * together, unless something in the chunk reads across blocks: link and footnote definitions, HTML blocks that run
 * over blank lines, a list that goes on past the boundary, or a limit on what one parser call may hold (constructs
 * switched off, pieces): then it is read whole.
 */
import { blockBoundaries, boundedPieces, introducedAt, measureRisk, shiftOffsets } from './chunks.js';
import { extractRecords, type ChunkRecord, type FieldRecord, type PrerequisiteRecord } from './extract.js';
import { MAX_BRACKETS, MAX_DELIMITER_RUNS, MAX_NESTING, mayHoldGfm, parseMarkdown } from './markdown.js';
import type { Recognisers } from './recognisers.js';
import type { ReferenceSpan } from './references.js';

export interface ChunkRead {
  readonly records: readonly ChunkRecord[];
  readonly limited: { readonly code: 'too-deep' | 'too-large'; readonly message: string; readonly at: number } | null;
}

/** Definitions (`[x]: url`, `[^x]:`) and the HTML blocks that a blank line does not end (`<pre>`, `<?`, `<!`…). */
const READS_ACROSS = /\]:|<[?!]|<(?:script|pre|style|textarea)\b/i;
/** A list item at column 0: after a blank line it may go on with the list before it. */
const LIST_ITEM = /^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/;

/** Whether a chunk is read in one parser call with every construct on: what reading part of it again assumes. */
function plain(text: string): boolean {
  if (READS_ACROSS.test(text)) return false;
  const pieces = boundedPieces(text);
  if (pieces.length !== 1 || pieces[0].literal) return false;
  const risk = measureRisk(text);
  return risk.depth <= MAX_NESTING && risk.delimiterRuns <= MAX_DELIMITER_RUNS && risk.brackets <= MAX_BRACKETS;
}

/** Whether the text a reading came from was plain, kept in `known` (asked of the same reading edit after edit). */
function plainReading(reading: ChunkRead, text: string, known: WeakMap<ChunkRead, boolean> | undefined): boolean {
  let found = known?.get(reading);
  if (found === undefined) {
    found = plain(text);
    known?.set(reading, found);
  }
  return found;
}

/** The index of the last top-level block record before `end`, -1 when there is none. */
function lastBlock(records: readonly ChunkRecord[], end: number): number {
  for (let i = end - 1; i >= 0; i--) if (records[i].t === 'block') return i;
  return -1;
}

/**
 * The reading of `after`, an edit of `before` whose reading was `earlier`, or null when it must be read whole
 * (what the chunk parser gives for `after` either way). `plainness` keeps, by reading, whether its text was plain.
 */
export function rereadChunk(before: string, earlier: ChunkRead, after: string, recognisers: Recognisers, plainness?: WeakMap<ChunkRead, boolean>): ChunkRead | null {
  if (earlier.limited || !plain(after) || !plainReading(earlier, before, plainness)) return null;
  const limit = Math.min(before.length, after.length);
  let changed = 0;
  while (changed < limit && before.charCodeAt(changed) === after.charCodeAt(changed)) changed++;
  let kept = 0;
  while (kept < limit - changed && before.charCodeAt(before.length - 1 - kept) === after.charCodeAt(after.length - 1 - kept)) kept++;
  const delta = after.length - before.length;
  const boundaries = blockBoundaries(after);
  const records = earlier.records;

  // Before: boundaries at lines that end before the first change are decided by unchanged text, and whether a block
  // goes on past one is decided by the line there (unchanged too): the same in both.
  const lineStart = changed === 0 ? 0 : after.lastIndexOf('\n', changed - 1) + 1;
  let from = 0;
  for (const b of boundaries) if (b < lineStart) from = b;
  let head = 0;
  while (head < records.length && !(records[head].t === 'block' && records[head].start >= from)) head++;
  // A list goes on past a blank line and a column-0 item: where the earlier reading had a block run over the
  // boundary, read from that block's start instead (a block started there, after the same text, in both). A block a
  // label introduces ("**Tier 1 Abilities (5 CP each):**" over a list) is read with the label.
  for (let last = lastBlock(records, head); last !== -1 && (records[last].end > from || introducedAt(after, from)); last = lastBlock(records, head)) {
    from = records[last].start;
    head = last;
  }

  // After: the first boundary in the unchanged end of the text where the earlier reading began a block too (so
  // nothing of it ran past), at a line that is no list item (which could go on with a list the edit made before it).
  // That block began its line in the earlier text as well: one the edit moved to the start of its line (a line break
  // typed into " \newpage") had the spaces before it, which what its records say may count.
  let to = after.length;
  let tail = records.length;
  for (const b of boundaries) {
    if (b <= from || b < after.length - kept) continue;
    const lineEnd = after.indexOf('\n', b);
    if (LIST_ITEM.test(after.slice(b, lineEnd === -1 ? after.length : lineEnd))) continue;
    const at = records.findIndex((r, i) => i >= head && r.t === 'block' && r.start === b - delta);
    if (at === -1 || (b - delta > 0 && before[b - delta - 1] !== '\n')) continue;
    to = b;
    tail = at;
    break;
  }
  const moved = tail < records.length ? shiftRecords(records.slice(tail), delta) : [];
  if (moved === null) {
    to = after.length;
    tail = records.length;
  }
  if (from === 0 && to === after.length) return null;
  // The middle is read on its own, with the parser the whole chunk would get, its offsets then made the chunk's.
  const root = parseMarkdown(after.slice(from, to), [], mayHoldGfm(after));
  shiftOffsets(root, from);
  return { records: [...records.slice(0, head), ...extractRecords(after, root, recognisers), ...(moved ?? [])], limited: null };
}

// ---------------------------------------------------------------------------------------------------------------
// Moving records by the edit's length

/** Every field each kind of record has: a record with any other (a field added since) is not moved but read again. */
const FIELDS: Readonly<Record<ChunkRecord['t'], readonly string[]>> = {
  block: ['t', 'type', 'listsSkills', 'start', 'end'],
  heading: ['t', 'depth', 'raw', 'rawStart', 'number', 'slug', 'start', 'end'],
  rule: ['t', 'number', 'rawStart', 'text', 'start', 'end'],
  'local-rule': ['t', 'key', 'segments', 'numberText', 'numberStart', 'numberEnd', 'text', 'start', 'end'],
  skill: ['t', 'form', 'name', 'nameStart', 'nameEnd', 'costText', 'costStart', 'costEnd', 'fields', 'prerequisites', 'text', 'classCosts', 'withoutCostColumn', 'categoryText', 'start', 'end'],
  fields: ['t', 'fields', 'top', 'rest', 'start', 'end'],
  paragraph: ['t', 'text', 'top', 'start', 'end'],
  reference: ['t', 'ref', 'start', 'end'],
  'cost-mention': ['t', 'name', 'costText', 'start', 'end'],
  'lint-control': ['t', 'kind', 'ruleIds', 'start', 'end'],
  link: ['t', 'text', 'href', 'hrefStart', 'hrefEnd', 'start', 'end'],
  anchor: ['t', 'name', 'inHeading', 'start', 'end'],
  'literal-bold': ['t', 'written', 'bold', 'start', 'end'],
  'glued-emphasis': ['t', 'written', 'before', 'after', 'start', 'end'],
  'latex-command': ['t', 'written', 'removeBefore', 'removeAfter', 'start', 'end'],
};
const FIELD_FIELDS = ['name', 'kind', 'value', 'start', 'end', 'valueStart', 'valueEnd'];
const PREREQUISITE_FIELDS = ['origin', 'raw', 'start', 'end'];
const REFERENCE_FIELDS = ['kind', 'keyword', 'text', 'targetText', 'target', 'targetEnd', 'start', 'end', 'targetStart', 'targetEnd_', 'after'];

function hasOnly(value: object, fields: readonly string[]): boolean {
  for (const key in value) if (!fields.includes(key)) return false;
  return true;
}

/** An offset moved; -1 (no cost written) stays. Numbers of headings and rules are relative to `rawStart` and stay. */
const at = (offset: number, by: number) => (offset < 0 ? offset : offset + by);

function moveField(f: FieldRecord, by: number): FieldRecord {
  return { ...f, start: at(f.start, by), end: at(f.end, by), valueStart: at(f.valueStart, by), valueEnd: at(f.valueEnd, by) };
}

function movePrerequisite(p: PrerequisiteRecord, by: number): PrerequisiteRecord {
  return { ...p, start: at(p.start, by), end: at(p.end, by) };
}

function moveReference(r: ReferenceSpan, by: number): ReferenceSpan {
  return { ...r, start: at(r.start, by), end: at(r.end, by), targetStart: at(r.targetStart, by), targetEnd_: at(r.targetEnd_, by) };
}

/** Records moved by `by` characters, or null when one has a shape this does not know. */
export function shiftRecords(records: readonly ChunkRecord[], by: number): ChunkRecord[] | null {
  const out: ChunkRecord[] = [];
  for (const r of records) {
    const fields = FIELDS[r.t];
    if (!fields || !hasOnly(r, fields)) return null;
    const span = { start: at(r.start, by), end: at(r.end, by) };
    switch (r.t) {
      case 'heading':
      case 'rule':
        out.push({ ...r, ...span, rawStart: at(r.rawStart, by) });
        break;
      case 'local-rule':
        out.push({ ...r, ...span, numberStart: at(r.numberStart, by), numberEnd: at(r.numberEnd, by) });
        break;
      case 'skill':
        if (!r.fields.every((f) => hasOnly(f, FIELD_FIELDS)) || !r.prerequisites.every((p) => hasOnly(p, PREREQUISITE_FIELDS))) return null;
        out.push({
          ...r,
          ...span,
          nameStart: at(r.nameStart, by),
          nameEnd: at(r.nameEnd, by),
          costStart: at(r.costStart, by),
          costEnd: at(r.costEnd, by),
          fields: r.fields.map((f) => moveField(f, by)),
          prerequisites: r.prerequisites.map((p) => movePrerequisite(p, by)),
        });
        break;
      case 'fields':
        if (!r.fields.every((f) => hasOnly(f, FIELD_FIELDS))) return null;
        out.push({ ...r, ...span, fields: r.fields.map((f) => moveField(f, by)) });
        break;
      case 'reference':
        if (!hasOnly(r.ref, REFERENCE_FIELDS)) return null;
        out.push({ ...r, ...span, ref: moveReference(r.ref, by) });
        break;
      case 'link':
        out.push({ ...r, ...span, hrefStart: at(r.hrefStart, by), hrefEnd: at(r.hrefEnd, by) });
        break;
      default:
        out.push({ ...r, ...span });
    }
  }
  return out;
}
