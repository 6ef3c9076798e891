/**
 * Renumbering the 1 MB generated rulebook after a rule was typed early in it with the number of the rule it
 * goes before. The target (< 1 s) is for the renumber step itself: plan (numbering tree, references,
 * checks against the text) plus applying the edits. Reading the book (parse + link) is the core's cost and
 * is printed apart, cold as the CLI does it and warm as the editor does it with its parse cache.
 */
import { generateRulebook } from '../generate.js';
import { measure, report, type Suite } from '../harness.js';
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

  const read = measure(() => linkRulebook(parseRulebook(source)), 3);
  const linked = linkRulebook(parseRulebook(source));
  let changes = 0;
  const step = measure(() => {
    const plan = planRenumber(linked, { source });
    if (plan.kind === 'refused') throw new Error(`renumber refused: ${plan.reasons[0].message}`);
    changes = plan.changes.length;
    return applyEdits(text, plan.edits);
  }, 5);

  const size = `${(text.length / 1e6).toFixed(1)} MB`;
  report({ name: `read the ${size} rulebook: parse + link, cold (not in the target)`, ms: read.medianMs });
  const warmMs = warmReread(original, source);
  report({ name: 'read it again with a warm parse cache, as the editor does', ms: warmMs });
  const ok = report({ name: `renumber step: plan + apply edits (${changes} changes)`, ms: step.medianMs, target: { maxMs: 1000 } });
  report({ name: 'renumber end to end in the editor: warm read + plan + apply', ms: warmMs + step.medianMs });
  report({ name: 'renumber end to end from cold (CLI): parse + link + plan + apply', ms: read.medianMs + step.medianMs, extra: "the cold parse is the core's cost" });
  return ok ? 0 : 1;
};

/** Median time to re-read the book after the insertion when the book before it is in the parse cache. */
function warmReread(original: string, source: { files: { path: string; text: string }[] }): number {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const cache = new ParseCache();
    parseRulebook({ files: [{ path: 'rulebook.md', text: original }] }, { cache });
    const started = performance.now();
    linkRulebook(parseRulebook(source, { cache }));
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[1];
}

export default suite;
