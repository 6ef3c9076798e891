/** The contract of a line recogniser (bullets, skills, field blocks, prerequisites): given a line, claim it and the lines after it, or pass. */
import type { Block, SourceLine } from './blocks.js';
import type { ReportBuilder } from './report.js';

export interface RecogniserContext {
  readonly report: ReportBuilder;
  /** Depth of the heading the line stands under (0 before any). */
  readonly depth: number;
}

export interface Claimed {
  readonly blocks: readonly Block[];
  /** Index of the first line not claimed. */
  readonly next: number;
}

export type LineRecogniser = (lines: readonly SourceLine[], index: number, context: RecogniserContext) => Claimed | null;

/** Tries each recogniser in order; the first that claims the line wins. */
export function recogniseLineBlocks(
  lines: readonly SourceLine[],
  index: number,
  options: RecogniserContext & { readonly recognisers: readonly LineRecogniser[] },
): Claimed | null {
  for (const recognise of options.recognisers) {
    const claimed = recognise(lines, index, options);
    if (claimed && claimed.next > index) return claimed;
  }
  return null;
}
