/**
 * Import speed: `importRulebook` on a Comprehensive Rules edition (7,000 lines of PDF-style text, about
 * 2,400 numbered rules and a 570-term glossary) and on each seed, interleaved round by round with a bare
 * remark+GFM parse of the same text. There is no issue target for import; the limit (at most 20× that parse,
 * parse of the result for the report's counts included; about 1× to 2× here) keeps a heuristic that turns
 * quadratic from going unnoticed.
 */
import { readFileSync } from 'node:fs';
import { importRulebook } from '../../shared/import/index.js';
import { report, timeInterleaved, type Suite } from '../harness.js';
import { BASELINES, CR_FILE, size } from '../texts.js';

const SEEDS = ['amtgard-magic', 'ars-magica-combat', 'funjerai', 'kingdoms-of-novitas', 'miniatures-skirmish'];
const TARGET = 20;

function compare(name: string, text: string, options: { format: 'txt'; name?: string }, runs: number): boolean {
  let rules = 0;
  const timed = timeInterleaved(
    {
      parse: () => BASELINES.remarkGfm.parse(text),
      import: () => {
        rules = importRulebook(text, options).report.counts.rules;
      },
    },
    { runs },
  );
  return report({
    name: `import: ${name} (${size(text)})`,
    value: timed.stats('import'),
    ratio: timed.ratio('import', 'parse'),
    baseline: { name: `${BASELINES.remarkGfm.name} of the same text`, ms: timed.stats('parse') },
    target: { ratio: TARGET },
    extra: `${rules} rules`,
  });
}

const suite: Suite = async () => {
  let missed = 0;
  if (!compare('Comprehensive Rules', readFileSync(CR_FILE, 'utf8'), { format: 'txt' }, 3)) missed++;
  for (const name of SEEDS) {
    const text = readFileSync(new URL(`../../tests/fixtures/seeds/${name}.txt`, import.meta.url), 'utf8');
    // Small seeds import in milliseconds: more rounds, so the ratio's median is not one scheduler hiccup.
    if (!compare(name, text, { format: 'txt', name }, text.length < 60_000 ? 21 : 5)) missed++;
  }
  return missed;
};

export default suite;
