/** The editing-speed figure shared by the test and the bench: one-character edits through the editor's pipeline versus a full parse. */
import { parseRulebook } from '../../shared/parse/index.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { RulebookSession } from './session.js';

export interface EditTiming {
  readonly fullParseMs: number;
  readonly editMedianMs: number;
  readonly editTimes: readonly number[];
  readonly ratio: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Opens `text` as a one-file rulebook, then types one character at `edits` places spread through the
 * file, timing each from the edit to the findings being ready. The first `warmUp` edits are typed but
 * not counted (the first re-parses pay for JIT compilation of the incremental paths, as they would in
 * the first seconds of a real session). Full parses (warm) are interleaved with the edits, so a
 * machine that gets busier or quieter during the run moves both figures alike and the ratio stays fair.
 */
export function measureEditing(text: string, edits = 11, warmUp = 3): EditTiming {
  const source: RulebookSource = { files: [{ path: 'big.md', text }] };
  const session = new RulebookSession();
  session.open(source, 0);
  session.analyse(); // the first full parse also warms the parser up
  const fullParse = () => {
    const start = performance.now();
    parseRulebook(source);
    fulls.push(performance.now() - start);
  };
  const fulls: number[] = [];
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
    if (i >= warmUp && (i - warmUp) % 4 === 0) fullParse();
  }
  const fullParseMs = median(fulls);
  const editMedianMs = median(editTimes);
  return { fullParseMs, editMedianMs, editTimes, ratio: editMedianMs / fullParseMs };
}
