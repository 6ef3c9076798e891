/**
 * Keystroke latency: a one-character edit to updated findings through the editor's worker pipeline
 * (shared/service/edit-timing.ts, shared with tests/app-ui/incremental.test.ts), against a full parse of the
 * same text interleaved with the edits (one every four). On the CR: median ≤ 16 ms (one 60 Hz frame, the one
 * absolute target) and ≤ 2% of a full parse; on the 1 MB generated rulebook: ≤ 5% of a full parse. The ratio
 * is the median of each edit's time over the full parse of its own round, printed with its spread; the
 * baseline is printed with the spread of its runs.
 */
import { measureEditing } from '../../shared/service/edit-timing.js';
import { generateRulebook } from '../generate.js';
import { report, stats, type Suite } from '../harness.js';
import { crMarkdown, size } from '../texts.js';

function keystroke(name: string, text: string, edits: number, targets: { ratio: number; maxMs?: number }): number {
  const timing = measureEditing(text, edits);
  const edit = stats(timing.editTimes);
  const baseline = { name: `full parse of the same text, every 4th edit (${timing.fullParseTimes.length} runs)`, ms: stats(timing.fullParseTimes) };
  let missed = 0;
  if (targets.maxMs !== undefined && !report({ name: `${name}: one-character edit → findings`, value: edit, target: { max: targets.maxMs } })) missed++;
  if (!report({ name: `${name}: the same, against a full parse`, value: edit, ratio: stats(timing.ratios), baseline, target: { ratio: targets.ratio } })) missed++;
  return missed;
}

const suite: Suite = async () => {
  const cr = crMarkdown();
  const { text } = generateRulebook(1_100_000);
  return keystroke(`CR (${size(cr)})`, cr, 21, { ratio: 0.02, maxMs: 16 }) + keystroke(`generated rulebook (${size(text)})`, text, 19, { ratio: 0.05 });
};

export default suite;
