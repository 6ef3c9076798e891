/**
 * Keystroke to findings on the Comprehensive Rules, as the page sees it: the CR (tests/fixtures/corpus, imported to
 * Markdown as the bench imports it) opened in the browser host, characters typed at the end of a rule one at a time,
 * each timed in the page from its keydown to the worker's findings for its text arriving on the main thread. Prints
 * the median and what it is made of; checks only that findings arrive after every keystroke, never a time.
 */
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRulebook } from '../../shared/import/index.js';
import { goTo, useOpenBook } from './harness.js';

const CR = path.resolve('tests/fixtures/corpus/mtg-comprehensive-rules/MagicCompRules-2020-07-03.txt');
const KEYSTROKES = 25;

/** What the page records: each keydown, each edit (or text) sent to the worker and each findings message received, in page time. */
interface Recorded {
  keys: number[];
  sent: number[];
  findings: Array<{ at: number; version: number; timing: { parseMs: number; linkMs: number; lintMs: number; waitMs?: number } }>;
}

let markdown: string;

const bench = useOpenBook('cr', async (work) => {
  markdown = importRulebook(readFileSync(CR, 'utf8'), { format: 'txt' }).markdown;
  const file = path.join(work, 'comprehensive-rules.md');
  await writeFile(file, markdown);
  return file;
}, undefined, 180_000);

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('typing in the Comprehensive Rules', () => {
  it('gets findings after every keystroke, and prints the median time from the key to them', async () => {
    const { page } = bench.app;
    // The first reading of the whole book ends with findings in the status bar.
    await page.waitForFunction(() => /checked in/.test(document.querySelector('#status-timing')?.textContent ?? ''), undefined, { timeout: 120_000 });
    await page.evaluate(() => {
      const w = window as unknown as { recorded: Recorded };
      const recorded: Recorded = { keys: [], sent: [], findings: [] };
      w.recorded = recorded;
      document.addEventListener('keydown', (event) => recorded.keys.push(event.timeStamp), { capture: true });
      // The editor's worker is reached through postMessage: edits going out are seen there, and the findings coming
      // back on the same worker (when the message is dispatched, before the page's own handling of it).
      const post = Worker.prototype.postMessage;
      const listening = new WeakSet<Worker>();
      Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
        const type = (message as { type?: string })?.type;
        if (type === 'edit-file' || type === 'set-file') recorded.sent.push(performance.now());
        if (!listening.has(this)) {
          listening.add(this);
          this.addEventListener('message', (event: MessageEvent) => {
            if (event.data?.type === 'diagnostics') recorded.findings.push({ at: event.timeStamp, version: event.data.version, timing: event.data.timing });
          });
        }
        return (post as (...args: unknown[]) => void).call(this, message, ...rest);
      } as typeof post;
    });
    // The end of a rule in the middle of the book (in chapter 7, the largest).
    const lines = markdown.split('\n');
    const line = lines.findIndex((l, i) => i > lines.length / 2 && /^\d{3}\.\d+[a-z]? \S.{40,}$/.test(l)) + 1;
    expect(line).toBeGreaterThan(0);
    await goTo(page, line, lines[line - 1].length + 1);
    const latencies: number[] = [];
    const toWorker: number[] = [];
    const analysis: number[] = [];
    const waited: number[] = [];
    for (let i = 0; i < KEYSTROKES; i++) {
      const seen = await page.evaluate(() => (window as unknown as { recorded: Recorded }).recorded.keys.length);
      await page.keyboard.type(i % 5 === 4 ? ' ' : 'x');
      // Findings for this keystroke's text: the first findings message after its key went down (and its edit went out).
      const found = await page.waitForFunction(
        (n) => {
          const { keys, sent, findings } = (window as unknown as { recorded: Recorded }).recorded;
          if (keys.length <= n || sent.length === 0) return null;
          const key = keys[keys.length - 1];
          const out = sent[sent.length - 1];
          const back = findings.find((f) => f.at > out);
          return back ? { key, out, back } : null;
        },
        seen,
        { timeout: 30_000 },
      );
      const { key, out, back } = (await found.jsonValue())!;
      latencies.push(back.at - key);
      toWorker.push(out - key);
      analysis.push(back.timing.parseMs + back.timing.linkMs + back.timing.lintMs);
      waited.push(back.timing.waitMs ?? 0);
    }
    expect(latencies).toHaveLength(KEYSTROKES);
    for (const ms of latencies) expect(ms).toBeGreaterThan(0);
    const between = latencies.map((ms, i) => ms - toWorker[i] - waited[i] - analysis[i]);
    console.log(
      `CR (${(markdown.length / 1e6).toFixed(2)} MB) in the browser: keystroke → findings median ${median(latencies).toFixed(1)} ms over ${KEYSTROKES} keystrokes ` +
        `(min ${Math.min(...latencies).toFixed(1)}, max ${Math.max(...latencies).toFixed(1)}). Medians of its parts: key to the edit sent to the worker ` +
        `${median(toWorker).toFixed(1)} ms, waiting in the worker ${median(waited).toFixed(1)} ms, parse + link + lint ${median(analysis).toFixed(1)} ms, ` +
        `the edit's and the findings' way between the threads ${median(between).toFixed(1)} ms`,
    );
  }, 300_000);
});
