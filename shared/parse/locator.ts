/** Turns offsets into 1-based line and column positions of one file. */
import type { Position, SourceRange } from '../model/types.js';
import { partitionPoint } from '../model/partition-point.js';

export class Locator {
  private readonly lineStarts: number[];

  constructor(
    readonly file: string,
    readonly text: string,
    lineStarts?: number[],
  ) {
    if (lineStarts) {
      this.lineStarts = lineStarts;
      return;
    }
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.lineStarts = starts;
  }

  /**
   * The locator of `text`, an edit of this locator's text that kept its first `prefix` and last `suffix`
   * characters: only the lines of the changed part are looked for, the others are this one's, moved.
   */
  edited(text: string, prefix: number, suffix: number): Locator {
    const before = this.lineStarts;
    const delta = text.length - this.text.length;
    const starts: number[] = [];
    // A line starts after a line break: those before `prefix` are the same, those in the common suffix moved.
    let i = 0;
    while (i < before.length && before[i] <= prefix) starts.push(before[i++]);
    const changedEnd = text.length - suffix;
    for (let at = text.indexOf('\n', prefix); at !== -1 && at < changedEnd; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    const oldSuffixStart = this.text.length - suffix;
    while (i < before.length && before[i] - 1 < oldSuffixStart) i++;
    for (; i < before.length; i++) starts.push(before[i] + delta);
    return new Locator(this.file, text, starts);
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  /** The line of the last answer: positions are mostly asked for in document order, so look there first. */
  private hint = 0;

  position(offset: number): Position {
    const at = Math.max(0, Math.min(offset, this.text.length));
    const starts = this.lineStarts;
    const hint = this.hint;
    if (starts[hint] <= at && (hint + 1 === starts.length || starts[hint + 1] > at)) return { line: hint + 1, column: at - starts[hint] + 1, offset: at };
    if (hint + 2 < starts.length && starts[hint + 1] <= at && starts[hint + 2] > at) {
      this.hint = hint + 1;
      return { line: hint + 2, column: at - starts[hint + 1] + 1, offset: at };
    }
    // The last line starting at or before the offset (the first line starts at 0, so there is one).
    const index = partitionPoint(starts.length, (k) => starts[k] <= at) - 1;
    this.hint = index;
    return { line: index + 1, column: at - starts[index] + 1, offset: at };
  }

  range(start: number, end: number): SourceRange {
    return { file: this.file, start: this.position(start), end: this.position(Math.max(start, end)) };
  }

  /** The range of a whole 1-based line (without its line ending). */
  lineRange(line: number): SourceRange {
    const index = Math.max(0, Math.min(line - 1, this.lineStarts.length - 1));
    const start = this.lineStarts[index];
    let end = index + 1 < this.lineStarts.length ? this.lineStarts[index + 1] - 1 : this.text.length;
    if (end > start && this.text[end - 1] === '\r') end--;
    return this.range(start, end);
  }
}
