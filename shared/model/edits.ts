/** Text edits: what lint fixes, renames, renumbering and change-impact fixes produce, applied in one place. */
import type { SourceRange } from './types.js';

/** Replace `range` (offsets are what count) in `range.file` with `newText`. */
export interface TextEdit {
  readonly range: SourceRange;
  readonly newText: string;
}

/** Groups edits by file path. */
export function editsByFile(edits: readonly TextEdit[]): Map<string, TextEdit[]> {
  const byFile = new Map<string, TextEdit[]>();
  for (const edit of edits) {
    const list = byFile.get(edit.range.file) ?? [];
    list.push(edit);
    byFile.set(edit.range.file, list);
  }
  return byFile;
}

/**
 * Applies edits to one file's text. Overlapping edits are a programmer's error and throw;
 * identical duplicates are applied once.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset);
  let out = '';
  let at = 0;
  let previous: TextEdit | null = null;
  for (const edit of sorted) {
    const start = edit.range.start.offset;
    const end = edit.range.end.offset;
    if (previous && previous.range.start.offset === start && previous.range.end.offset === end && previous.newText === edit.newText) continue;
    if (start < at) throw new Error(`overlapping edits in ${edit.range.file} at offset ${start}`);
    if (end > text.length) throw new Error(`edit past the end of ${edit.range.file} (offset ${end})`);
    out += text.slice(at, start) + edit.newText;
    at = end;
    previous = edit;
  }
  return out + text.slice(at);
}
