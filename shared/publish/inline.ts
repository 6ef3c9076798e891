/** Styled runs of text that remember their source offsets (read from inline Markdown by phrasing.ts), and the links laid over them. */
import { plainText as plainMarkdown } from '../parse/keys.js';
import { partitionPoint } from '../model/partition-point.js';

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
  // Spans are short: one starting far before the offset cannot reach it.
  return partitionPoint(spans.length, (k) => spans[k].start + 4096 < offset);
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
