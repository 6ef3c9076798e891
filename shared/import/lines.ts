/** Splits imported text into numbered lines: byte-order mark, line endings, tabs and odd spaces made plain. */
import type { SourceLine } from './blocks.js';

export function splitLines(text: string): SourceLine[] {
  const clean = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  return clean.split('\n').map((raw, index) => {
    // A tab after a number ("1.1 \tEvery player") is a separator; non-breaking and zero-width spaces are spaces or nothing.
    const text = raw.replace(/\t/g, ' ').replace(/[\u00a0\u2007\u202f]/g, ' ').replace(/[\u200b\u200e\u200f]/g, '');
    const trimmed = text.trimEnd();
    // PDF text leaves a space at the end of a line that a table cell or a sentence goes on from.
    return trimmed && trimmed !== text ? { line: index + 1, text: trimmed, continues: true } : { line: index + 1, text: trimmed };
  });
}

export function isBlank(line: SourceLine | undefined): boolean {
  return !line || (!line.text.trim() && !line.table);
}

export function indentOf(text: string): number {
  return text.length - text.trimStart().length;
}
