/**
 * Import reads a page in time linear in its length: a page of short paragraphs once took quadratic time, each line
 * reading thousands of following paragraphs as possible table cells (a 1 MB page: 98 s). Timed as a ratio of two
 * sizes measured in turn, the best of five runs each, so a busy machine slows both alike: four times the text
 * within eight times the time (linear is 4, the quadratic reading was 16).
 */
import { describe, expect, it } from 'vitest';
import { importRulebook } from '../../shared/import/index.js';

const page = (paragraphs: number) =>
  `<html><body><h1>Rules</h1>${Array.from({ length: paragraphs }, (_, i) => `<p>Paragraph ${i} says a few words about the rules of play.</p>`).join('\n')}</body></html>`;

/** The time of one import of `text`, in milliseconds. */
function timeOf(text: string): number {
  const started = performance.now();
  importRulebook(text, { format: 'html' });
  return performance.now() - started;
}

describe('import of a long page', () => {
  it('takes time linear in its length', { timeout: 120_000 }, () => {
    const small = page(600);
    const large = page(2400);
    timeOf(small); // modules and regular expressions warmed up
    // The two sizes in turn, the best of each: a burst of load on a shared machine slows one run, not all of them.
    let bestSmall = Infinity;
    let bestLarge = Infinity;
    for (let i = 0; i < 5; i++) {
      bestSmall = Math.min(bestSmall, timeOf(small));
      bestLarge = Math.min(bestLarge, timeOf(large));
    }
    const ratio = bestLarge / bestSmall;
    expect(ratio).toBeLessThan(8);
  });
});
