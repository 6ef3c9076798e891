/**
 * Renumbering the 1 MB generated rulebook after a rule was typed early in it with the number of the rule it
 * goes before. The target is for the renumber step itself: plan (numbering tree, references, checks against the
 * text) plus applying the edits, at most 1.0× a bare remark+GFM parse of the book (it was "under 1 s", about
 * one such parse here), interleaved round by round with that parse. Reading the book (parse + link) is the
 * core's cost and is printed apart, cold as the CLI does it and warm as the editor does it with its parse cache.
 */
import { generateRulebook } from '../generate.js';
import { report, sampleInterleaved, stats, timeOnce, type Suite } from '../harness.js';
import { BASELINES, size } from '../texts.js';
import { linkRulebook } from '../../shared/link/index.js';
import { applyEdits } from '../../shared/model/edits.js';
import { ParseCache, parseRulebook } from '../../shared/parse/index.js';
import { planRenumber } from '../../shared/refactor/index.js';

const suite: Suite = async () => {
  const { text: original } = generateRulebook(1_100_000);
  // A new rule typed before 1.1.2, with its number: everything after it in 1.1 moves, and every reference to them.
  const at = original.indexOf('\n1.1.2 ') + 1;
  const text = `${original.slice(0, at)}1.1.2 A new rule typed before the old one.\n\n${original.slice(at)}`;
  const source = { files: [{ path: 'rulebook.md', text }] };
  const linked = linkRulebook(parseRulebook(source));
  let changes = 0;

  const timed = sampleInterleaved(
    {
      parse: () => timeOnce(() => BASELINES.remarkGfm.parse(text)),
      cold: () => timeOnce(() => linkRulebook(parseRulebook(source))),
      // The book before the insertion in the parse cache, as the editor has it; only the re-read is timed.
      warm: () => {
        const cache = new ParseCache();
        parseRulebook({ files: [{ path: 'rulebook.md', text: original }] }, { cache });
        return timeOnce(() => linkRulebook(parseRulebook(source, { cache })));
      },
      step: () =>
        timeOnce(() => {
          const plan = planRenumber(linked, { source });
          if (plan.kind === 'refused') throw new Error(`renumber refused: ${plan.reasons[0].message}`);
          changes = plan.changes.length;
          return applyEdits(text, plan.edits);
        }),
    },
    { runs: 5 },
  );

  const baseline = { name: `${BASELINES.remarkGfm.name} of the book`, ms: timed.stats('parse') };
  const row = (name: string, key: 'cold' | 'warm' | 'step', target?: number, extra?: string) =>
    report({ name, value: timed.stats(key), ratio: timed.ratio(key, 'parse'), baseline, target: target === undefined ? undefined : { ratio: target }, extra });
  row(`read the ${size(text)} rulebook: parse + link, cold (no target)`, 'cold');
  row('read it again with a warm parse cache, as the editor does', 'warm');
  const ok = row(`renumber step: plan + apply edits (${changes} changes)`, 'step', 1.0);
  // End to end: each round's read plus its step, against that round's parse.
  const endToEnd = (name: string, read: 'cold' | 'warm') => {
    const sums = timed.samples[read].map((ms, i) => ms + timed.samples.step[i]);
    report({ name, value: stats(sums), ratio: stats(sums.map((ms, i) => ms / timed.samples.parse[i])), baseline });
  };
  endToEnd('renumber end to end in the editor: warm read + plan + apply', 'warm');
  endToEnd('renumber end to end from cold (CLI): parse + link + plan + apply', 'cold');
  return ok ? 0 : 1;
};

export default suite;
