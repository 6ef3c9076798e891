import { describe, expect, it } from 'vitest';
import { generateRulebook } from '../../bench/generate.js';
import { measureEditing } from '../../renderer/worker/edit-timing.js';
import { RulebookSession } from '../../renderer/worker/session.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { lintForEditor } from '../../renderer/worker/lint.js';

describe('editing a 1 MB rulebook', () => {
  it('updates diagnostics after a one-character edit in at most 5% of a full parse', () => {
    const { text } = generateRulebook(1_100_000);
    const timing = measureEditing(text);
    console.log(
      `full parse ${timing.fullParseMs.toFixed(1)} ms; edit → diagnostics median ${timing.editMedianMs.toFixed(1)} ms ` +
        `(${(timing.ratio * 100).toFixed(1)}%; runs ${timing.editTimes.map((t) => t.toFixed(0)).join(', ')})`,
    );
    expect(timing.ratio).toBeLessThanOrEqual(0.05);
  }, 60_000);

  it('gives the same findings incrementally as from scratch', () => {
    const { text, skillNames } = generateRulebook(200_000, 7);
    const session = new RulebookSession();
    session.open({ files: [{ path: 'big.md', text }] }, 0);
    session.analyse();
    // Misspell one prerequisite-bearing skill name in its definition: every prerequisite naming it breaks.
    const name = skillNames[10];
    const at = text.indexOf(`**${name}**`);
    expect(at).toBeGreaterThan(0);
    const edited = text.slice(0, at + 2) + 'Q' + text.slice(at + 2);
    session.setFile('big.md', edited, 1);
    const incremental = session.analyse();
    const scratch = lintForEditor(linkRulebook(parseRulebook({ files: [{ path: 'big.md', text: edited }] })));
    const shape = (f: { ruleId: string; message: string; range: { start: { offset: number } } }) => `${f.ruleId}@${f.range.start.offset}:${f.message}`;
    expect(incremental.version).toBe(1);
    expect(incremental.findings.map(shape)).toEqual(scratch.map(shape));
    expect(incremental.findings.length).toBeGreaterThan(0);
  });
});
