/** Editing speed: a one-character edit to updated diagnostics through the editor's worker pipeline, against a full parse in the same run. */
import { generateRulebook } from '../generate.js';
import { report, type Suite } from '../harness.js';
import { measureEditing } from '../../renderer/worker/edit-timing.js';

const suite: Suite = async () => {
  const { text } = generateRulebook(1_100_000);
  const timing = measureEditing(text, 11);
  report({ name: `full parse of the generated rulebook (${(text.length / 1e6).toFixed(1)} MB)`, ms: timing.fullParseMs });
  const ok = report({ name: 'one-character edit → updated diagnostics (median)', ms: timing.editMedianMs, baselineMs: timing.fullParseMs, target: { ratio: 0.05 } });
  return ok ? 0 : 1;
};

export default suite;
