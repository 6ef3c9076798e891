/**
 * Import reads a page in time linear in its length: a page of short paragraphs once took quadratic time, each line
 * reading thousands of following paragraphs as possible table cells (a 1 MB page: 98 s). Timed as a ratio of two
 * sizes measured side by side, the best of a few runs each, so a busy machine slows both alike: four times the text
 * within eight times the time (linear is 4, the quadratic reading was 16).
 */
import { describe, expect, it } from 'vitest';
import { importRulebook } from '../../shared/import/index.js';

const page = (paragraphs: number) =>
  `<html><body><h1>Rules</h1>${Array.from({ length: paragraphs }, (_, i) => `<p>Paragraph ${i} says a few words about the rules of play.</p>`).join('\n')}</body></html>`;

function bestOf(runs: number, text: string): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    importRulebook(text, { format: 'html' });
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('import of a long page', () => {
  it('takes time linear in its length', { timeout: 120_000 }, () => {
    const small = page(600);
    const large = page(2400);
    bestOf(1, small); // modules and regular expressions warmed up
    const ratio = bestOf(3, large) / bestOf(3, small);
    expect(ratio).toBeLessThan(8);
  });
});
