/**
 * Tables that PDF extraction broke into one cell per line: an optional caption, the header cells, then
 * the rows' cells one after another. A cell that goes on on the next line ends with a space in the raw
 * text. The number of columns is the one that keeps every column's kind (numbers, or words) the same in
 * every row, so a run of short lines without a column of numbers is never taken for a table.
 */
import type { Block, SourceLine } from './blocks.js';
import { indentOf, isBlank } from './lines.js';
import { matchRuleLine } from './numbering.js';
import type { Claimed, RecogniserContext } from './recognisers.js';

export interface Cell {
  readonly text: string;
  /** Index (into the lines) of the cell's first line, and one past its last. */
  readonly start: number;
  readonly end: number;
  /** Blank lines before the cell. */
  readonly blanksBefore: number;
}

/** A number, a range or a count: "2", "12+", "-5%", "65 (+10 per level)", "01 - 40". */
const NUMERIC = /^[+\-–]?\d[\d.,/%+]*(?:\s*[-–]\s*\d+)?(?:\s*\([^)]*\))?$/;
/** Cells that fit any column: "no value". */
const ANY = /^(?:--?|–|—|n\/a|none|-)$/i;
const MAX_CELL = 120;
const MAX_HEADER = 40;
/** How far ahead the header's first number may be: a wide table has a few header cells and one name. */
const MAX_COLUMNS = 8;

type Kind = 'number' | 'words' | 'any';

export function cellKind(text: string): Kind {
  if (ANY.test(text)) return 'any';
  return NUMERIC.test(text) ? 'number' : 'words';
}

function isHeaderCell(text: string): boolean {
  return text.length <= MAX_HEADER && cellKind(text) === 'words' && !/[.;:,!?]$/.test(text) && /^[\p{Lu}#%]/u.test(text);
}

/** Lines that cannot be a cell: numbered rules, headings, bullets, long sentences. */
function stopsCells(line: SourceLine): boolean {
  const text = line.text.trim();
  return line.heading !== undefined || !!line.table || !!line.bullet || text.length > MAX_CELL || matchRuleLine(text) !== null || /^[•◦▪●○·*]\s/.test(text);
}

/** Reads cells from `from` on, joining lines that go on; stops at a line that cannot be a cell or after `limit` cells. */
export function readCells(lines: readonly SourceLine[], from: number, limit: number): Cell[] {
  const cells: Cell[] = [];
  let i = from;
  while (i < lines.length && cells.length < limit) {
    let blanks = 0;
    while (i < lines.length && isBlank(lines[i])) {
      blanks++;
      i++;
    }
    if (i >= lines.length || stopsCells(lines[i])) break;
    const start = i;
    let text = lines[i].text.trim();
    // An indented line, or a number, starts a cell of its own even after a line that seemed to go on
    // ("Spell " then "  Two magic ", "Carpet of Dissipate " then "12").
    while (
      lines[i].continues &&
      i + 1 < lines.length &&
      !isBlank(lines[i + 1]) &&
      !stopsCells(lines[i + 1]) &&
      indentOf(lines[i + 1].text) === 0 &&
      cellKind(lines[i + 1].text.trim()) !== 'number'
    ) {
      i++;
      text = /[a-z]-$/.test(text) && /^[a-z]/.test(lines[i].text.trim()) ? text.slice(0, -1) + lines[i].text.trim() : `${text} ${lines[i].text.trim()}`;
    }
    i++;
    cells.push({ text: text.replace(/\s+/g, ' '), start, end: i, blanksBefore: blanks });
  }
  return cells;
}

interface Layout {
  readonly header: readonly string[];
  readonly kinds: readonly Kind[];
}

/** Whether a row's cells keep the kinds of the first row's: numbers where it had numbers, words where words. */
function fits(row: readonly Cell[], kinds: readonly Kind[]): boolean {
  return row.every((cell, c) => {
    const kind = cellKind(cell.text);
    return kind === 'any' || kinds[c] === 'any' || kind === kinds[c];
  });
}

interface Reading {
  readonly blocks: Block[];
  readonly rows: number;
  /** Index of the first line after the table. */
  readonly next: number;
}

/** Reads rows (and captions between them) of `layout` from `cells[at]` on. */
function readRows(lines: readonly SourceLine[], cells: readonly Cell[], at: number, layout: Layout): Reading {
  const k = layout.header.length;
  const blocks: Block[] = [];
  let rows: string[][] = [];
  let tableLine = lines[cells[at].start].line;
  let kinds = layout.kinds;
  let total = 0;
  let next = cells[at].start;
  let i = at;
  const flush = (): void => {
    if (rows.length) blocks.push({ kind: 'table', line: tableLine, header: layout.header, rows });
    rows = [];
  };
  while (i < cells.length) {
    // A short line standing before a blank, between rows: the caption of the next part ("Aegis Magic").
    const caption = cells[i];
    if (total > 0 && cells[i + 1]?.blanksBefore && isHeaderCell(caption.text) && i + 1 + k <= cells.length) {
      const row = cells.slice(i + 1, i + 1 + k);
      if (row.slice(1).every((c) => c.blanksBefore === 0) && fits(row, kinds)) {
        flush();
        blocks.push({ kind: 'caption', line: lines[caption.start].line, text: caption.text });
        tableLine = lines[row[0].start].line;
        i++;
        continue;
      }
    }
    if (i + k > cells.length) break;
    const row = cells.slice(i, i + k);
    // A blank line inside a row means the cells no longer line up.
    if (row.slice(1).some((c) => c.blanksBefore > 0) || !fits(row, kinds)) break;
    if (total === 0) kinds = kinds.map((kind, c) => (kind === 'any' ? cellKind(row[c].text) : kind));
    rows.push(row.map((c) => c.text));
    total++;
    next = row[k - 1].end;
    i += k;
  }
  flush();
  return { blocks, rows: total, next };
}

function isCaption(cell: Cell, next: Cell | undefined): boolean {
  const text = cell.text;
  const titled = text.length <= 80 && /^[\p{Lu}\d]/u.test(text) && !/[.;,!?]$/.test(text) && cellKind(text) === 'words';
  // "Combat Skills" then a blank line, or "Weaponsmithing Craft Point Table:" straight above its header.
  return titled && ((next?.blanksBefore ?? 0) > 0 || text.endsWith(':'));
}

/** Claims a one-cell-per-line table (with its caption) starting at `index`, or passes. */
export function recogniseCellTable(lines: readonly SourceLine[], index: number, _context: RecogniserContext): Claimed | null {
  const first = lines[index];
  if (isBlank(first) || stopsCells(first) || first.text.trim().length > 80) return null;
  // A table's first number stands within its first MAX_COLUMNS + 3 cells (after a caption and the header): look at
  // those before reading on, or a page of short paragraphs reads thousands of cells at every line (quadratic).
  const probe = readCells(lines, index, MAX_COLUMNS + 4);
  if (probe.length < 6 || !probe.some((c, i) => i > 0 && cellKind(c.text) === 'number')) return null;
  const cells = readCells(lines, index, 4000);
  if (cells.length < 6) return null;
  let best: (Reading & { covered: number; caption: boolean }) | null = null;
  for (const headerAt of isCaption(cells[0], cells[1]) ? [0, 1] : [0]) {
    // Without a caption the header opens a paragraph of its own.
    if (headerAt === 0 && !isBlank(lines[index - 1])) continue;
    const firstNumber = cells.findIndex((c, i) => i > headerAt && cellKind(c.text) === 'number');
    if (firstNumber === -1 || firstNumber - headerAt > MAX_COLUMNS + 1) continue;
    // The header is every cell before the first number, or all but the last of them (a row's name).
    for (const k of [firstNumber - headerAt - 1, firstNumber - headerAt]) {
      if (k < 2 || k > MAX_COLUMNS) continue;
      const header = cells.slice(headerAt, headerAt + k);
      if (!header.every((c) => isHeaderCell(c.text)) || header.slice(1).some((c) => c.blanksBefore > 0)) continue;
      const reading = readRows(lines, cells, headerAt + k, { header: header.map((c) => c.text), kinds: header.map(() => 'any') });
      if (reading.rows < 2) continue;
      // The reading that explains the most cells wins: a wrong column count stops after a row or two.
      const covered = headerAt + k + reading.rows * k;
      if (!best || covered > best.covered) best = { ...reading, covered, caption: headerAt === 1 };
    }
  }
  if (!best) return null;
  const blocks: Block[] = best.caption ? [{ kind: 'caption', line: first.line, text: cells[0].text }, ...best.blocks] : best.blocks;
  return { blocks, next: best.next };
}
