/** Small helpers the refactorings share: the files' texts by path, sub-ranges of a one-line range, places for messages, edit order. */
import type { TextEdit } from '../model/edits.js';
import type { Position, RulebookSource, SourceRange } from '../model/types.js';
import type { PlanChange, SourceTexts } from './types.js';

export function textsOf(source: RulebookSource | undefined): SourceTexts | null {
  if (!source) return null;
  return new Map(source.files.map((f) => [f.path, f.text]));
}

/** The part of a range that starts `from` code units in and is `length` long. Only for ranges on one line (numbers, names). */
export function subRange(range: SourceRange, from: number, length: number): SourceRange {
  const at = (delta: number): Position => ({ line: range.start.line, column: range.start.column + delta, offset: range.start.offset + delta });
  return { file: range.file, start: at(from), end: at(from + length) };
}

/** "rulebook.md:12", for messages and previews. */
export function placeOf(range: SourceRange): string {
  return `${range.file}:${range.start.line}`;
}

/** The text a range covers, or null when the file is unknown or the range runs past its end. */
export function textAt(texts: SourceTexts, range: SourceRange): string | null {
  const text = texts.get(range.file);
  if (text === undefined || range.end.offset > text.length) return null;
  return text.slice(range.start.offset, range.end.offset);
}

/** Orders edits and changes by file (in rulebook order), then by offset. */
export function byPlace(fileOrder: readonly string[]): (a: { range: SourceRange }, b: { range: SourceRange }) => number {
  const index = new Map(fileOrder.map((f, i) => [f, i]));
  return (a, b) => (index.get(a.range.file) ?? 0) - (index.get(b.range.file) ?? 0) || a.range.start.offset - b.range.start.offset;
}

export function editsOf(changes: readonly PlanChange[]): TextEdit[] {
  return changes.map((c) => ({ range: c.range, newText: c.after }));
}

/** Writes `next` in the case style of `previous` where that is clear: all capitals stay capitals. */
export function matchCase(previous: string, next: string): string {
  if (/[a-z]/i.test(previous) && previous === previous.toUpperCase() && previous !== previous.toLowerCase()) return next.toUpperCase();
  return next;
}
