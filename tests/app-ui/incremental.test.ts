import { describe, expect, it } from 'vitest';
import { generateRulebook } from '../../bench/generate.js';
import { measureEditing } from '../../shared/service/edit-timing.js';
import { RulebookSession } from '../../shared/service/session.js';
import { ParseCache, parseRulebook } from '../../shared/parse/index.js';
import { LinkMemo, linkRulebook } from '../../shared/link/index.js';
import { LintMemo, lintRulebook } from '../../shared/lint/index.js';
import { analyse } from '../../shared/analyse/index.js';
import { crMarkdown } from '../../bench/texts.js';

describe('editing a 1 MB rulebook', () => {
  // The figure itself (at most 5% of a full parse; 2% and 16 ms on the CR) is `npm run bench`'s, suite
  // "editing". Here: the bounds that show the edit path stays incremental, loose enough for a loaded machine.
  it('re-parses only the chunk a one-character edit touched, and assembles only the chunks around it', () => {
    const { text } = generateRulebook(1_100_000);
    const cache = new ParseCache({ inPlace: true }); // as the editor's session keeps it
    parseRulebook({ files: [{ path: 'big.md', text }] }, { cache });
    const chunks = cache.misses;
    let current = text;
    for (let i = 0; i < 8; i++) {
      const at = current.indexOf('\n', Math.floor((((i * 3) % 8) + 0.5) / 8 * current.length));
      current = current.slice(0, at) + 'x' + current.slice(at);
      const [misses, hits] = [cache.misses, cache.hits];
      parseRulebook({ files: [{ path: 'big.md', text: current }] }, { cache });
      expect(cache.misses - misses, `edit ${i}: chunks through remark`).toBeLessThanOrEqual(2);
      // The chunks before the edit are taken over as they are and those after it moved: only the edited chunk and
      // its neighbours, up to where the assembler stands as it stood before, are assembled again.
      expect(cache.misses - misses + cache.hits - hits, `edit ${i}: chunks assembled, of ${chunks}`).toBeLessThanOrEqual(6);
    }
  });

  it('links and lints again only what a keystroke in the Comprehensive Rules can change', () => {
    // As the editor's session does: the parse tells how the model changed, the linker and the linter build on it.
    const text = crMarkdown();
    const cache = new ParseCache({ inPlace: true });
    const linkMemo = new LinkMemo();
    const lintMemo = new LintMemo();
    let linked = linkRulebook(parseRulebook({ files: [{ path: 'cr.md', text }] }, { cache }), { memo: linkMemo });
    lintRulebook(linked, { memo: lintMemo });
    let current = text;
    for (let i = 0; i < 8; i++) {
      const at = current.indexOf('\n', Math.floor((((i * 3) % 8) + 0.5) / 8 * current.length));
      current = current.slice(0, at) + 'x' + current.slice(at);
      const model = parseRulebook({ files: [{ path: 'cr.md', text: current }] }, { cache });
      const change = cache.change!;
      expect(change, `edit ${i}: the change is told`).not.toBeNull();
      // The run holds the nodes of a chunk or two (a chunk is about 2 KB), not those of a chapter.
      expect(change.runs.rules.removed + change.runs.sections.removed, `edit ${i}: nodes in the run`).toBeLessThan(80);
      const before = linked;
      linked = linkRulebook(model, { memo: linkMemo, change });
      // The numbers in use are the same: their lists are kept, the run's entries put in place of the old ones.
      expect(linked.entriesByNumber, `edit ${i}: entries by number kept`).toBe(before.entriesByNumber);
      const reused = lintMemo.reused;
      lintRulebook(linked, { memo: lintMemo });
      // The three rules that read only the numbering (gaps, order, misplaced numbers) keep their findings.
      expect(lintMemo.reused - reused, `edit ${i}: numbering rules kept`).toBe(3);
    }
  });

  it('updates diagnostics after a one-character edit in a small fraction of a full parse', () => {
    const { text } = generateRulebook(1_100_000);
    const timing = measureEditing(text);
    console.log(
      `full parse ${timing.fullParseMs.toFixed(1)} ms; edit → diagnostics median ${timing.editMedianMs.toFixed(1)} ms ` +
        `(${(timing.ratio * 100).toFixed(1)}%; runs ${timing.editTimes.map((t) => t.toFixed(0)).join(', ')})`,
    );
    // A ratio to full parses interleaved with the edits, not a deadline. About 0.05 here; an edit path that
    // stopped being incremental costs a full parse plus link and lint (above 1). 0.5 is ten times the usual.
    expect(timing.ratio).toBeLessThanOrEqual(0.5);
  }, 120_000);

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
    const scratch = analyse({ files: [{ path: 'big.md', text: edited }] }).findings();
    const shape = (f: { ruleId: string; message: string; range: { start: { offset: number } } }) => `${f.ruleId}@${f.range.start.offset}:${f.message}`;
    expect(incremental.version).toBe(1);
    expect(incremental.findings.map(shape)).toEqual(scratch.map(shape));
    expect(incremental.findings.length).toBeGreaterThan(0);
  });
});
