/** The editing-speed figure shared by the test and the bench: one-character edits through the editor's pipeline versus a full parse. */
import { parseRulebook } from '../parse/index.js';
import type { RulebookSource } from '../model/types.js';
import { RulebookSession } from './session.js';

export interface EditTiming {
  /** The median of the full parses. */
  readonly fullParseMs: number;
  /** Every full parse, one per round of edits. */
  readonly fullParseTimes: readonly number[];
  readonly editMedianMs: number;
  readonly editTimes: readonly number[];
  /** Each edit's time over the full parse of its round, in the order of `editTimes`. */
  readonly ratios: readonly number[];
  /** The median of `ratios`. */
  readonly ratio: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Edits per round: each round times this many edits and one full parse. */
const ROUND = 4;

/**
 * Opens `text` as a one-file rulebook, then types one character at `edits` places spread through the
 * file, timing each from the edit to the findings being ready. The first `warmUp` edits are typed but
 * not counted (the first re-parses pay for JIT compilation of the incremental paths, as they would in
 * the first seconds of a real session). The counted edits go in rounds of four, each with a full parse
 * (warm) after its first edit, so a machine that gets busier or quieter during the run moves both
 * figures alike: each edit is compared with the full parse of its own round, and the ratio is the
 * median of those comparisons.
 */
export function measureEditing(text: string, edits = 11, warmUp = 3): EditTiming {
  const source: RulebookSource = { files: [{ path: 'big.md', text }] };
  const session = new RulebookSession();
  session.open(source, 0);
  session.analyse(); // the first full parse also warms the parser up
  const fulls: number[] = [];
  const fullParse = () => {
    const start = performance.now();
    parseRulebook(source);
    fulls.push(performance.now() - start);
  };
  let current = text;
  const editTimes: number[] = [];
  const total = warmUp + edits;
  for (let i = 0; i < total; i++) {
    // Type a letter at the end of a line somewhere in the file, the way someone edits a rule's text.
    const around = Math.floor((((i * 7) % total) + 0.5) / total * current.length);
    const at = current.indexOf('\n', around);
    current = current.slice(0, at) + 'x' + current.slice(at);
    const start = performance.now();
    session.setFile('big.md', current, i + 1);
    session.analyse();
    if (i >= warmUp) editTimes.push(performance.now() - start);
    if (i >= warmUp && (i - warmUp) % ROUND === 0) fullParse();
  }
  const ratios = editTimes.map((ms, k) => ms / fulls[Math.floor(k / ROUND)]);
  return { fullParseMs: median(fulls), fullParseTimes: fulls, editMedianMs: median(editTimes), editTimes, ratios, ratio: median(ratios) };
}
