/** The ranges of a book's rules, skills or headings by file, asked which one holds a position: the innermost. */
import type { SourceRange } from './types.js';
import { partitionPoint } from './partition-point.js';

interface Span<T> {
  readonly start: number;
  readonly end: number;
  readonly value: T;
}

export class SpanIndex<T> {
  private readonly byFile = new Map<string, Span<T>[]>();
  private sorted = false;

  add(range: SourceRange, value: T): void {
    const list = this.byFile.get(range.file) ?? [];
    list.push({ start: range.start.offset, end: range.end.offset, value });
    this.byFile.set(range.file, list);
    this.sorted = false;
  }

  /**
   * The value of the innermost range holding `offset` in `file`, or null. Ranges nest (a list item and its lettered
   * sub-items), so the search walks back from the last range starting before the offset, at most `lookBack` ranges.
   */
  innermost(file: string, offset: number, lookBack = Infinity): T | null {
    if (!this.sorted) {
      // By start, and the outer of two ranges starting together first, so walking back meets the inner one first.
      for (const list of this.byFile.values()) list.sort((a, b) => a.start - b.start || b.end - a.end);
      this.sorted = true;
    }
    const list = this.byFile.get(file) ?? [];
    const after = partitionPoint(list.length, (k) => list[k].start <= offset);
    for (let k = after - 1; k >= 0 && k >= after - lookBack; k--) if (list[k].end >= offset) return list[k].value;
    return null;
  }
}
