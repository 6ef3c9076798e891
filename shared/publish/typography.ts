/**
 * Printers' punctuation for typed text, as SmartyPants makes it: "straight" quotes curled by what stands before them,
 * apostrophes, `--` and `---` as en and em dashes, a spaced hyphen as a spaced en dash, `...` as an ellipsis. Code
 * is left as typed. (No maintained package is installed for it; this is the smallest correct version.)
 */
import type { Run } from './inline.js';
import { primarySubtag } from '../model/language-tag.js';

/** What may stand before an opening quote: the start, a space, an opening bracket, a dash or another opening quote. */
const OPENS_AFTER = /[\s([{\u2012-\u2015\u201c\u2018/-]/;
const NEEDS_WORK = /["'.-]/;

/** The quotation marks a language prints: opening and closing, double and single (the apostrophe is always ’). */
export interface QuoteMarks {
  readonly open: string;
  readonly close: string;
  readonly openSingle: string;
  readonly closeSingle: string;
}

export const ENGLISH_QUOTES: QuoteMarks = { open: '\u201c', close: '\u201d', openSingle: '\u2018', closeSingle: '\u2019' };

/**
 * Each language's marks, as its typesetters set them: French guillemets with a narrow no-break space inside (U+202F),
 * German „low-high“, Russian and Spanish «guillemets» with „…“ / “…” inside them; Portuguese as English.
 */
const QUOTES: Readonly<Record<string, QuoteMarks>> = {
  fr: { open: '\u00ab\u202f', close: '\u202f\u00bb', openSingle: '\u201c', closeSingle: '\u201d' },
  de: { open: '\u201e', close: '\u201c', openSingle: '\u201a', closeSingle: '\u2018' },
  ru: { open: '\u00ab', close: '\u00bb', openSingle: '\u201e', closeSingle: '\u201c' },
  es: { open: '\u00ab', close: '\u00bb', openSingle: '\u201c', closeSingle: '\u201d' },
};

/** The marks of a book's `language:` (a BCP 47 tag); English's for none and for a language not listed. */
export function quotesOf(language: string | null): QuoteMarks {
  return QUOTES[primarySubtag(language)] ?? ENGLISH_QUOTES;
}

/**
 * `text` with printers' punctuation; `before` is the character printed just before it (another run's last); `quotes`
 * the book's language's marks.
 */
export function smarten(text: string, before = '', quotes: QuoteMarks = ENGLISH_QUOTES): string {
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
    if (c === '"') out += opens ? quotes.open : quotes.close;
    // An apostrophe unless it opens a quotation: a letter or digit must follow an opening one ('Tis is the rare miss).
    else if (opens && /[^\s\d]/.test(dashed[i + 1] ?? ' ')) out += quotes.openSingle;
    // A closing single quote is an apostrophe to English (’), which the other languages' marks are told from only
    // where a quotation opened: "l'épée" keeps its apostrophe.
    else out += quotes === ENGLISH_QUOTES || !openSingleBefore(out, quotes) ? '\u2019' : quotes.closeSingle;
  }
  return out;
}

/** Whether a single quotation opened in `text` is still open: its closing mark is then no apostrophe. */
function openSingleBefore(text: string, quotes: QuoteMarks): boolean {
  return text.lastIndexOf(quotes.openSingle) > text.lastIndexOf(quotes.closeSingle);
}

/** Runs with printers' punctuation, quotes curled across the runs' joins; code runs as typed. */
export function smartenRuns(runs: readonly Run[], quotes: QuoteMarks = ENGLISH_QUOTES): readonly Run[] {
  if (!runs.some((run) => NEEDS_WORK.test(run.text))) return runs;
  let before = '';
  return runs.map((run) => {
    const text = run.code ? run.text : smarten(run.text, before, quotes);
    before = text[text.length - 1] ?? before;
    return text === run.text ? run : { ...run, text };
  });
}
