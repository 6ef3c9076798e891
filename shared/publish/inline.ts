/** Inline Markdown of the dialect (bold and italics with * or _, ~~strike~~, code, [[links]], [text](url)) → styled runs that remember their source offsets. */
import { plainText as plainMarkdown } from '../parse/keys.js';
import { SHORTCODE_LINK_AT_START } from '../parse/shortcodes.js';

export interface Run {
  readonly text: string;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly code?: boolean;
  /** ~~Struck through~~: text the rulebook keeps visible as withdrawn. */
  readonly strike?: boolean;
  /** Ink of its own (the change handout's added and removed words), over the style's colour. */
  readonly color?: string;
  /** Anchor this run jumps to. */
  readonly link?: string;
  /** A reference or prerequisite that does not resolve: printed as written, marked. */
  readonly unresolved?: boolean;
  /** Offset in the source file of the first character, when the text is copied verbatim from it. */
  readonly start?: number;
}

/** A span of source offsets that prints as a link (or as an unresolved mark when target is null). */
export interface LinkSpan {
  readonly start: number;
  readonly end: number;
  readonly target: string | null;
}

/**
 * Parses one line (or line fragment) of inline Markdown. `base` is the offset of `text` in its file.
 * Unbalanced markers print as written: a rulebook's stray asterisk ("*One Handed Weapons is…") is text.
 */
export function parseInline(text: string, base: number): Run[] {
  const runs: Run[] = [];
  let bold = false;
  let italic = false;
  let strike = false;
  let segmentStart = 0;
  let buffer = '';
  let verbatim = true;
  let i = 0;
  /**
   * Where the plain text being read began (-1: none): it is taken as one slice when the run ends, not added a
   * character at a time (each `+=` of a character makes a rope node; a book's runs would weigh 30 bytes a character).
   */
  let plainFrom = -1;
  const boldBalanced = countOf(text, '**') % 2 === 0;
  const italicBalanced = countSingleStars(text) % 2 === 0;
  const underscores = pairedUnderscores(text);
  const strikeBalanced = countOf(text, '~~') % 2 === 0;
  const flush = (at: number) => {
    if (plainFrom >= 0) {
      buffer = text.slice(plainFrom, i);
      plainFrom = -1;
    }
    if (buffer) runs.push({ text: buffer, bold: bold || undefined, italic: italic || undefined, strike: strike || undefined, start: verbatim ? base + segmentStart : undefined });
    buffer = '';
    verbatim = true;
    segmentStart = at;
  };
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && /[\\`*_{}[\]()#+\-.!|<>~]/.test(text[i + 1])) {
      flush(i);
      buffer = text[i + 1];
      verbatim = false;
      flush(i + 2);
      i += 2;
      continue;
    }
    if (c === '*' && text[i + 1] === '*' && boldBalanced) {
      flush(i + 2);
      bold = !bold;
      i += 2;
      continue;
    }
    if (c === '*' && text[i + 1] !== '*' && italicBalanced && (italic || /\S/.test(text[i + 1] ?? ''))) {
      flush(i + 1);
      italic = !italic;
      i += 1;
      continue;
    }
    if (c === '~' && text[i + 1] === '~' && strikeBalanced) {
      flush(i + 2);
      strike = !strike;
      i += 2;
      continue;
    }
    if (c === '_' && underscores.has(i)) {
      const strong = text[i + 1] === '_';
      flush(i + (strong ? 2 : 1));
      if (strong) bold = !bold;
      else italic = !italic;
      i += strong ? 2 : 1;
      continue;
    }
    if (c === '`') {
      const close = text.indexOf('`', i + 1);
      if (close > i) {
        flush(i + 1);
        runs.push({ text: text.slice(i + 1, close), code: true, bold: bold || undefined, start: base + i + 1 });
        i = close + 1;
        segmentStart = i;
        continue;
      }
    }
    if (c === '[' && text[i + 1] === '[') {
      const close = text.indexOf(']]', i + 2);
      if (close > i) {
        // [[Skill]] and [[3.3]] print as their target's name; the reference gives the link.
        flush(i + 2);
        buffer = text.slice(i + 2, close);
        flush(close + 2);
        i = close + 2;
        continue;
      }
    }
    if (c === '!' && text[i + 1] === '[') {
      // A picture inside a sentence prints its alt text (a picture on a line of its own is prose.ts's `picture`).
      const m = /^!\[([^\]]*)\]\(\s*(?:<[^>]*>|[^)\s]*)(?:\s+"[^"]*")?\s*\)/.exec(text.slice(i));
      if (m) {
        flush(i + 2);
        buffer = m[1];
        flush(i + m[0].length);
        i += m[0].length;
        continue;
      }
    }
    if (c === '[') {
      // `[text](target)`, or a target in a site generator's shortcode (`[text]({{< ref "x" >}})`): the text prints.
      const rest = text.slice(i);
      const m = /^\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)/.exec(rest) ?? SHORTCODE_LINK_AT_START.exec(rest);
      if (m) {
        flush(i + 1);
        buffer = m[1];
        flush(i + m[0].length);
        i += m[0].length;
        continue;
      }
    }
    if (c === '<') {
      const m = /^<!--[\s\S]*?-->|^<\/?[a-zA-Z][^>]*>/.exec(text.slice(i));
      if (m) {
        flush(i + m[0].length);
        i += m[0].length;
        continue;
      }
    }
    // Every other case above flushes first: plain text is one unbroken stretch of `text`, up to the flush.
    if (plainFrom < 0) {
      plainFrom = i;
      segmentStart = i;
    }
    i++;
  }
  flush(text.length);
  return runs;
}

function countOf(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count++;
  return count;
}

/**
 * Where `_emphasis_` and `__strong__` open and close: a run of one or two underscores opens when a
 * non-space follows and no letter or digit comes before, and closes the last open run of the same length
 * when a non-space comes before and no letter or digit follows. So snake_case_names and a lone "_" stay text.
 */
function pairedUnderscores(text: string): Set<number> {
  const paired = new Set<number>();
  if (!text.includes('_')) return paired;
  const open: Record<1 | 2, number[]> = { 1: [], 2: [] };
  const word = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
  const space = (ch: string | undefined) => ch === undefined || /\s/.test(ch);
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text[i] !== '_') continue;
    let end = i;
    while (text[end] === '_') end++;
    const length = end - i;
    if (length <= 2) {
      const size = length as 1 | 2;
      const before = text[i - 1];
      const after = text[end];
      if (!space(before) && !word(after) && open[size].length) {
        paired.add(open[size].pop()!);
        paired.add(i);
      } else if (!space(after) && !word(before)) open[size].push(i);
    }
    i = end - 1;
  }
  return paired;
}

function countSingleStars(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '*') {
      if (text[i + 1] === '*') i++;
      else count++;
    }
  }
  return count;
}

/** Splits runs where link spans begin and end, and marks the pieces inside. `spans` sorted by start. */
export function applyLinks(runs: readonly Run[], spans: readonly LinkSpan[]): Run[] {
  if (spans.length === 0) return [...runs];
  const out: Run[] = [];
  for (const run of runs) {
    if (run.start === undefined || run.link) {
      out.push(run);
      continue;
    }
    const end = run.start + run.text.length;
    let cursor = run.start;
    for (let k = firstSpanEndingAfter(spans, run.start); k < spans.length && spans[k].start < end; k++) {
      const span = spans[k];
      const from = Math.max(span.start, cursor);
      const to = Math.min(span.end, end);
      if (to <= from) continue;
      if (from > cursor) out.push({ ...run, text: run.text.slice(cursor - run.start, from - run.start), start: cursor });
      const piece = run.text.slice(from - run.start, to - run.start);
      out.push(span.target ? { ...run, text: piece, start: from, link: span.target } : { ...run, text: piece, start: from, unresolved: true });
      cursor = to;
    }
    if (cursor < end) out.push({ ...run, text: run.text.slice(cursor - run.start), start: cursor });
  }
  return out;
}

function firstSpanEndingAfter(spans: readonly LinkSpan[], offset: number): number {
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[mid].start + 4096 < offset) lo = mid + 1; // spans are short: a start far before cannot reach
    else hi = mid;
  }
  return lo;
}

/** The plain text of runs. */
export function plainText(runs: readonly Run[]): string {
  return runs.map((r) => r.text).join('');
}

/**
 * A skill's cost as it prints: as written, its links and emphasis shown as their text (the parser's plainText, as the
 * app's Skills panel shows it); "—" when it has none.
 */
export function costLabel(skill: { readonly costText: string | null }): string {
  return skill.costText ? plainMarkdown(skill.costText) : '—';
}
