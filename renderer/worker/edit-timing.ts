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
 * file, timing each from the edit to the findings being ready. The full parse is measured (warm, median
 * of three) in the same run, so the ratio does not depend on the machine.
 */
export function measureEditing(text: string, edits = 9): EditTiming {
  const source: RulebookSource = { files: [{ path: 'big.md', text }] };
  const session = new RulebookSession();
  session.open(source, 0);
  session.analyse(); // also the warm-up: the first parse pays for JIT compilation
  const fulls: number[] = [];
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    parseRulebook(source);
    fulls.push(performance.now() - start);
  }
  let current = text;
  const editTimes: number[] = [];
  for (let i = 0; i < edits; i++) {
    // Type a letter at the end of a line somewhere in the file, the way someone edits a rule's text.
    const around = Math.floor(((i + 0.5) / edits) * current.length);
    const at = current.indexOf('\n', around);
    current = current.slice(0, at) + 'x' + current.slice(at);
    const start = performance.now();
    session.setFile('big.md', current, i + 1);
    session.analyse();
    editTimes.push(performance.now() - start);
  }
  const fullParseMs = median(fulls);
  const editMedianMs = median(editTimes);
  return { fullParseMs, editMedianMs, editTimes, ratio: editMedianMs / fullParseMs };
}
