/**
 * The unread check (shared/layout/unread.ts) adds less than 3% to a lint of an 800 KB book: findUnread against
 * parse + link + lint of the same generated rulebook, interleaved round by round.
 */
import { findUnread } from '../../shared/layout/unread.js';
import { linkRulebook } from '../../shared/link/index.js';
import { lintRulebook } from '../../shared/lint/index.js';
import type { Rulebook } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { generateRulebook } from '../generate.js';
import { report, timeInterleaved, type Suite } from '../harness.js';

const suite: Suite = async () => {
  const { text } = generateRulebook(800_000);
  const source = { files: [{ path: 'rulebook.md', text }] };
  let model: Rulebook = parseRulebook(source);
  const timed = timeInterleaved(
    {
      lint: () => {
        model = parseRulebook(source);
        lintRulebook(linkRulebook(model));
      },
      unread: () => findUnread(source, model),
    },
    { runs: 5 },
  );
  const passed = report({
    name: `unread check: generated rulebook (${(text.length / 1e6).toFixed(2)} MB)`,
    value: timed.stats('unread'),
    ratio: timed.ratio('unread', 'lint'),
    baseline: { name: 'parse + link + lint of the same book', ms: timed.stats('lint') },
    target: { ratio: 0.03 },
    extra: `${findUnread(source, model).length} unread findings`,
  });
  return passed ? 0 : 1;
};

export default suite;
