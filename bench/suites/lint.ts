/**
 * Lint speed: parse, link and lint of the Comprehensive Rules and of the 1 MB generated rulebook, each
 * against a bare remark-parse + remark-gfm parse of the same text in the same run (target ≤ 1.5×).
 */
import { readFileSync } from 'node:fs';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { importRulebook } from '../../shared/import/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { lintRulebook } from '../../shared/lint/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { generateRulebook } from '../generate.js';
import { measure, report, type Suite } from '../harness.js';

const CR = new URL('../../tests/fixtures/corpus/mtg-comprehensive-rules/MagicCompRules-2020-07-03.txt', import.meta.url);

function compare(name: string, text: string): boolean {
  const processor = unified().use(remarkParse).use(remarkGfm);
  const baseline = measure(() => processor.parse(text), 5);
  let findings = 0;
  let lintOnly = 0;
  const full = measure(() => {
    const linked = linkRulebook(parseRulebook({ files: [{ path: 'rulebook.md', text }] }));
    const start = performance.now();
    findings = lintRulebook(linked).length;
    lintOnly = performance.now() - start;
  }, 5);
  report({ name: `remark-parse + remark-gfm: ${name}`, ms: baseline.medianMs });
  return report({
    name: `parse + link + lint: ${name}`,
    ms: full.medianMs,
    baselineMs: baseline.medianMs,
    target: { ratio: 1.5 },
    extra: `(lint alone ${lintOnly.toFixed(1)} ms, ${findings} findings)`,
  });
}

const suite: Suite = async () => {
  let missed = 0;
  const { markdown } = importRulebook(readFileSync(CR, 'utf8'), { format: 'txt' });
  if (!compare(`Comprehensive Rules (${(markdown.length / 1e6).toFixed(2)} MB)`, markdown)) missed++;
  const { text } = generateRulebook(1_100_000);
  if (!compare(`generated rulebook (${(text.length / 1e6).toFixed(2)} MB)`, text)) missed++;
  return missed;
};

export default suite;
