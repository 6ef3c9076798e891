/**
 * The numbers a book's chapters give their numbered lists when the chapters are numbered by their order (layout
 * `numbering.chapterOrder`, shared/link/chapter-order.ts): the Belegarth Book of War's third `##` chapter, `Combat`,
 * holds `7. Hits:` over a tab-indented `3. Death:` over `4. A combatant may indicate…`, which its text names "rule
 * 3.7.3.4". `init` asks whether the numbers its references name are these.
 */
import type { RulebookSource } from '../model/types.js';
import { bodyLines, headingOf } from './text-lines.js';

export interface ChapterLists {
  /** How many chapters the book has: its top-level headings, or those under a lone title heading. */
  readonly chapters: number;
  /** Whether any chapter carries a number of its own. */
  readonly numberedChapters: boolean;
  /** Each item of an unnumbered chapter's numbered lists, by the number its place gives it ("3.7.3.4"). */
  readonly numbers: ReadonlySet<string>;
}

const ORDERED_ITEM = /^([ \t]*)(\d{1,3})[.)][ \t]/;
const NUMBERED_TITLE = /^(?:(?:chapter|section|part)[ \t]+)?\d/i;

/** A line's indent in columns, a tab taken to the next multiple of four as Markdown takes it. */
function columns(indent: string): number {
  let at = 0;
  for (const c of indent) at = c === '\t' ? at + 4 - (at % 4) : at + 1;
  return at;
}

export function chapterLists(source: RulebookSource, skip: ReadonlySet<string> = new Set()): ChapterLists {
  const files = source.files.filter((f) => !skip.has(f.path)).map((f) => bodyLines(f.text).filter((l) => !l.code));
  const depths: number[] = [];
  for (const lines of files) for (const l of lines) depths.push(headingOf(l.text)?.depth ?? 0);
  const headings = depths.filter((d) => d > 0);
  if (headings.length === 0) return { chapters: 0, numberedChapters: false, numbers: new Set() };
  const top = Math.min(...headings);
  // A lone top-level heading over the others is the book's title; its next level are the chapters.
  const chapterDepth = headings.filter((d) => d === top).length === 1 && headings.some((d) => d === top + 1) ? top + 1 : top;

  const numbers = new Set<string>();
  let chapters = 0;
  let numberedChapters = false;
  for (const lines of files) {
    /** The current chapter's place while its own text is read (null under a subheading, or in a numbered chapter). */
    let place: number | null = null;
    const open: { indent: number; n: string }[] = [];
    for (const l of lines) {
      const heading = headingOf(l.text);
      if (heading) {
        open.length = 0;
        if (heading.depth === chapterDepth) {
          chapters++;
          const numbered = NUMBERED_TITLE.test(heading.title);
          numberedChapters ||= numbered;
          place = numbered ? null : chapters;
        } else if (heading.depth > chapterDepth) place = null;
        continue;
      }
      const item = place === null ? null : ORDERED_ITEM.exec(l.text);
      if (!item) continue;
      const indent = columns(item[1]);
      while (open.length > 0 && open[open.length - 1].indent >= indent) open.pop();
      open.push({ indent, n: String(Number(item[2])) });
      numbers.add(`${place}.${open.map((o) => o.n).join('.')}`);
    }
  }
  return { chapters, numberedChapters, numbers };
}
