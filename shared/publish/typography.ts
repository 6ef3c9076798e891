/**
 * Printers' punctuation for typed text, as SmartyPants makes it: "straight" quotes curled by what stands before them,
 * apostrophes, `--` and `---` as en and em dashes, a spaced hyphen as a spaced en dash, `...` as an ellipsis. Code
 * is left as typed. (No maintained package is installed for it; this is the smallest correct version.)
 */
import type { Run } from './inline.js';

/** What may stand before an opening quote: the start, a space, an opening bracket, a dash or another opening quote. */
const OPENS_AFTER = /[\s([{\u2012-\u2015\u201c\u2018/-]/;
const NEEDS_WORK = /["'.-]/;

/** `text` with printers' punctuation; `before` is the character printed just before it (another run's last). */
export function smarten(text: string, before = ''): string {
  if (!NEEDS_WORK.test(text)) return text;
  const dashed = text
    .replace(/\.\.\./g, '\u2026')
    .replace(/---/g, '\u2014')
    .replace(/--/g, '\u2013')
    .replace(/(^|\s)-(?=\s)/g, '$1\u2013');
  let out = '';
  for (let i = 0; i < dashed.length; i++) {
    const c = dashed[i];
    if (c !== '"' && c !== "'") {
      out += c;
      continue;
    }
    const previous = i > 0 ? out[out.length - 1] : before;
    const opens = previous === '' || OPENS_AFTER.test(previous);
    if (c === '"') out += opens ? '\u201c' : '\u201d';
    // An apostrophe unless it opens a quotation: a letter or digit must follow an opening one ('Tis is the rare miss).
    else out += opens && /[^\s\d]/.test(dashed[i + 1] ?? ' ') ? '\u2018' : '\u2019';
  }
  return out;
}

/** Runs with printers' punctuation, quotes curled across the runs' joins; code runs as typed. */
export function smartenRuns(runs: readonly Run[]): readonly Run[] {
  if (!runs.some((run) => NEEDS_WORK.test(run.text))) return runs;
  let before = '';
  return runs.map((run) => {
    const text = run.code ? run.text : smarten(run.text, before);
    before = text[text.length - 1] ?? before;
    return text === run.text ? run : { ...run, text };
  });
}
