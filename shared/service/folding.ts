/** Folding ranges: each section from its heading to its end, each skill entry that spans several lines. */
import type { LinkedRulebook } from '../link/types.js';
import type { SourceRange } from '../model/types.js';

export interface FoldingRange {
  /** 1-based lines: the line that stays visible and the last line folded away. */
  readonly startLine: number;
  readonly endLine: number;
}

/** The last line a range covers with text: a range ending at column 1 ends on the line before (the next heading's). */
function lastLine(range: SourceRange): number {
  return range.end.column === 1 && range.end.line > range.start.line ? range.end.line - 1 : range.end.line;
}

export function foldingRanges(linked: LinkedRulebook, file: string): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  const add = (range: SourceRange) => {
    const endLine = lastLine(range);
    if (range.file === file && endLine > range.start.line) ranges.push({ startLine: range.start.line, endLine });
  };
  for (const section of linked.model.sections) add(section.range);
  for (const skill of linked.model.skills) if (skill.form !== 'table' && skill.form !== 'front-matter') add(skill.range);
  return ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}
