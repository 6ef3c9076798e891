/**
 * Text that lost its line breaks (a whole rulebook on one line, as some PDF and web copies come out):
 * run-in ALL-CAPS headings ("TURN - Each turn…"), inline " - " bullets, "1) … 2) …" lists, titles
 * underlined with dashes ("Flying fist ----------- Cost: 5 Range: …") and their `Field:` values are put
 * back on lines of their own, so the structure reader sees an ordinary text.
 */
import type { SourceLine } from './blocks.js';
import { splitFields, splitRunOnSentences } from './field-blocks.js';
import type { ReportBuilder } from './report.js';

/** A line this long holds a text that lost its line breaks. */
const FLATTENED_LINE = 3000;

export function isFlattened(lines: readonly SourceLine[]): boolean {
  return lines.some((l) => l.text.length >= FLATTENED_LINE);
}

interface Underline {
  /** Where the title starts, where the dashes start and end (offsets into the text). */
  readonly titleStart: number;
  readonly dashes: number;
  readonly end: number;
}

const DASH_RUN = /(?<=\s)-{3,}(?=\s|$)/g;

/**
 * The title a dash run underlines: the capitalised words just before it whose length is closest to the
 * run's (a title is underlined with as many dashes as it has characters), after the last colon or run.
 */
function underlineTitle(text: string, from: number, dashes: number, length: number): number | null {
  const before = text.slice(from, dashes).replace(/\s+$/, '');
  let starts: number[] = [];
  let numberStarts: number[] = [];
  const word = /\S+/g;
  for (let m = word.exec(before); m; m = word.exec(before)) {
    if (/[:]$/.test(m[0])) {
      starts = [];
      numberStarts = [];
    } else if (/^[\p{Lu}"']/u.test(m[0])) starts.push(m.index);
    else if (/^\d/.test(m[0])) numberStarts.push(m.index);
  }
  // Names start with a capital ("Spells", not "1/2 damage Spells"); a number only when nothing else can.
  if (starts.length === 0) starts = numberStarts;
  let best: number | null = null;
  for (const start of starts) {
    const title = before.slice(start);
    if (title.split(/\s+/).length > 6) continue;
    if (best === null || Math.abs(title.length - length) <= Math.abs(before.length - best - length)) best = start;
  }
  return best === null ? null : from + best;
}

function findUnderlines(text: string): { underlines: Underline[]; separators: { start: number; end: number }[] } {
  const runs = [...text.matchAll(DASH_RUN)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const underlines: Underline[] = [];
  const separators: { start: number; end: number }[] = [];
  let from = 0;
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r];
    // "----- Range attacks -------------": a run followed by a short title and its own underline is a separator.
    const following = runs[r + 1];
    if (following && /^\s+\S+(?:\s+\S+){0,5}\s+$/.test(text.slice(run.end, following.start))) {
      separators.push(run);
      from = run.end;
      continue;
    }
    const titleStart = underlineTitle(text, from, run.start, run.end - run.start);
    if (titleStart !== null) underlines.push({ titleStart, dashes: run.start, end: run.end });
    else separators.push(run);
    from = run.end;
  }
  return { underlines, separators };
}

/** ALL-CAPS words standing as a heading: "TURN", "NON MEDIUM SIZED MINI'S", "4 TYPES OF NON MAGIC COMBAT". */
// What follows is " - ", a capitalised word ("RESISTANCES Non magic"), a number ("COMBAT 1)"), or the end:
// never another capital, so the match cannot stop inside a longer heading.
const CAPS_HEADING = /(?<=^|\s)((?:\d{1,2}\s+)?[A-Z][A-Z'’]+(?:\s+(?:[A-Z][A-Z'’]*|\d+))*)(?:\s+-(?=\s)|(?=\s+(?:[A-Z][a-z]|\d|["'])|\s*$))/g;

function isCapsHeading(words: string): boolean {
  const letters = words.replace(/[^A-Z]/g, '');
  const parts = words.split(/\s+/);
  // "LOS" or "NA" inside a sentence are acronyms; a heading has a longer word and does not end on a letter alone.
  return letters.length >= 4 && parts.some((p) => /^[A-Z'’]{4,}$/.test(p)) && parts[parts.length - 1].length > 1;
}

interface Out {
  text: string;
  heading?: number;
  bullet?: { level: number; ordered: boolean };
}

/**
 * Plain running text: "1) … 2) …" lists and " - Capital" bullets on lines of their own. `bulleted`: the
 * text followed a heading's " - " ("TURN - Each turn…"), so its first part is a bullet too.
 */
function splitBody(text: string, out: Out[], bulleted = false): void {
  const chunks = text.split(/\s+-\s+(?=[A-Z"'])/);
  chunks.forEach((chunk, k) => {
    const trimmed = chunk.trim();
    if (!trimmed) return;
    // "1) Open combat 2) Range attack …": numbered items in sequence from 1.
    const items: string[] = [];
    let rest = trimmed;
    for (let n = 1; ; n++) {
      const at = rest.search(new RegExp(String.raw`(?:^|\s)${n}\)\s`));
      if (at === -1) break;
      if (n === 1 && at > 0) items.push(rest.slice(0, at).trim());
      else if (n > 1) items.push(rest.slice(0, at).trim());
      rest = rest.slice(at).trim();
    }
    items.push(rest);
    items.forEach((item, i) => {
      // "1) Open combat" stays as written: the list reader takes its number.
      if (/^\d+\)\s/.test(item)) out.push({ text: item });
      else if ((k > 0 || bulleted) && i === 0) out.push({ text: item, bullet: { level: 0, ordered: false } });
      else out.push({ text: item }, { text: '' });
    });
  });
  out.push({ text: '' });
}

/** A stretch between underlined titles: ALL-CAPS headings run into it, and the rest split as running text. */
function splitStretch(text: string, out: Out[]): void {
  let at = 0;
  let bulleted = false;
  for (const m of text.matchAll(CAPS_HEADING)) {
    if (!isCapsHeading(m[1])) continue;
    splitBody(text.slice(at, m.index), out, bulleted);
    out.push({ text: '' }, { text: m[1], heading: 2 }, { text: '' });
    at = m.index + m[0].length;
    bulleted = m[0].trimEnd().endsWith('-');
  }
  splitBody(text.slice(at), out, bulleted);
}

/** Breaks every over-long line back into lines; other lines pass through. */
export function unflatten(lines: readonly SourceLine[], report: ReportBuilder): SourceLine[] {
  const result: SourceLine[] = [];
  for (const line of lines) {
    if (line.text.length < FLATTENED_LINE) {
      result.push(line);
      continue;
    }
    report.recognise('text without line breaks');
    const text = line.text;
    const { underlines } = findUnderlines(text);
    const out: Out[] = [];
    let at = 0;
    for (const [u, underline] of underlines.entries()) {
      splitStretch(text.slice(at, underline.titleStart).replace(/\s-{3,}(?=\s|$)/g, ' '), out);
      const title = text.slice(underline.titleStart, underline.dashes).trim();
      let bodyEnd = underlines[u + 1]?.titleStart ?? text.length;
      // A field block ends where an ALL-CAPS heading starts ("… duration halved MAGIC ARMOR AND WEAPONS").
      for (const m of text.slice(underline.end, bodyEnd).matchAll(CAPS_HEADING)) {
        if (isCapsHeading(m[1])) {
          bodyEnd = underline.end + m.index;
          break;
        }
      }
      const body = text.slice(underline.end, bodyEnd).trim();
      if (Math.abs(title.length - (underline.end - underline.dashes)) > 2) report.unsure(line.line, title, 'title under a dash line of another length, check where it starts');
      out.push({ text: '' }, { text: title, heading: 3 });
      const fields = splitFields(body);
      if (fields.length === 0) {
        out.push({ text: '' });
        at = underline.end;
        continue;
      }
      // A field block: one line per field; sentences the last value ran into become paragraphs.
      const last = fields[fields.length - 1];
      const [value, ...after] = splitRunOnSentences(last.value);
      for (const field of fields.slice(0, -1)) out.push({ text: `${field.name}: ${field.value}` });
      out.push({ text: `${last.name}:${value ? ` ${value}` : ''}` });
      if (after.length) report.unsure(line.line, `${title}: ${after[0]}`, 'sentences after a field value split where a capital letter followed a word');
      for (const sentence of after) out.push({ text: '' }, { text: sentence });
      out.push({ text: '' });
      at = bodyEnd;
    }
    splitStretch(text.slice(at).replace(/\s-{3,}(?=\s|$)/g, ' '), out);
    // Every heading here is explicit, so no other line is taken for a title because it is short.
    for (const o of out) result.push({ line: line.line, text: o.text, ...(o.heading ? { heading: o.heading } : o.bullet ? { bullet: o.bullet } : { prose: true }) });
  }
  return result;
}
