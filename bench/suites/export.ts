/** Bench: the book PDF of the 1 MB generated rulebook (several hundred pages), planned and drawn, under 10 s; pages per second printed. */
import { buildPdf } from '../../main/publish/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { generateRulebook } from '../generate.js';
import { report, type Suite } from '../harness.js';

const suite: Suite = async () => {
  const source = { files: [{ path: 'generated.md', text: generateRulebook(1_100_000).text }] };
  const linked = linkRulebook(parseRulebook(source));
  // One export is long enough to measure; the parse and link above are other suites' figures.
  const start = performance.now();
  const { plan, pdf } = await buildPdf(linked, { kind: 'book', paper: 'a4', source });
  const ms = performance.now() - start;
  const pagesPerSecond = plan.pages.length / (ms / 1000);
  const ok = report({
    name: `book export, 1 MB rulebook (${plan.pages.length} pages, ${(pdf.length / 1e6).toFixed(1)} MB)`,
    ms,
    target: { maxMs: 10_000 },
    extra: `${pagesPerSecond.toFixed(0)} pages/s`,
  });
  return ok ? 0 : 1;
};

export default suite;
