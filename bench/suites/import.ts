/**
 * Import speed: `importRulebook` on a Comprehensive Rules edition (7,000 lines of PDF-style text, about
 * 2,400 numbered rules and a 570-term glossary) and on each seed. There is no issue target for import;
 * the limit (< 8 s for the Comprehensive Rules, parse of the result for the report's counts included)
 * keeps a heuristic that turns quadratic from going unnoticed.
 */
import { readFileSync } from 'node:fs';
import { importRulebook } from '../../shared/import/index.js';
import { measure, report, type Suite } from '../harness.js';

const CR = new URL('../../tests/fixtures/corpus/mtg-comprehensive-rules/MagicCompRules-2020-07-03.txt', import.meta.url);
const SEEDS = ['amtgard-magic', 'ars-magica-combat', 'funjerai', 'kingdoms-of-novitas', 'miniatures-skirmish'];

const suite: Suite = async () => {
  let missed = 0;
  const cr = readFileSync(CR, 'utf8');
  let rules = 0;
  const timed = measure(() => {
    rules = importRulebook(cr, { format: 'txt' }).report.counts.rules;
  }, 1);
  if (!report({ name: `import: Comprehensive Rules (${(cr.length / 1e6).toFixed(2)} MB)`, ms: timed.medianMs, target: { maxMs: 8000 }, extra: `(${rules} rules)` })) missed++;
  for (const name of SEEDS) {
    const text = readFileSync(new URL(`../../tests/fixtures/seeds/${name}.txt`, import.meta.url), 'utf8');
    const seed = measure(() => importRulebook(text, { format: 'txt', name }), 3);
    if (!report({ name: `import: ${name} (${(text.length / 1e3).toFixed(0)} kB)`, ms: seed.medianMs, target: { maxMs: 2000 } })) missed++;
  }
  return missed;
};

export default suite;
