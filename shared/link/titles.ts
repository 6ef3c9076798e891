/**
 * "Chapter 8: Running the Game": which heading the title written after a chapter or section number names, so that a
 * reference is checked against its own words. Built on the first reference that carries such a title (Reference.after),
 * so a book whose references have none never pays for it.
 */
import type { NumberedEntry, Reference, Section } from '../model/types.js';

/** A heading a title names, with the number it has: written on it, or its place among the chapters read in order. */
export interface TitledHeading {
  readonly entry: NumberedEntry;
  /** The heading's number key ("7", "4.2"). */
  readonly number: string;
  /** The heading's title as the book writes it, trailing `#` taken off ("Running the Game"). */
  readonly title: string;
}

/** What a reference's title names: the heading, and how much of `Reference.after` the title takes. */
export interface TitleMatch {
  readonly heading: TitledHeading;
  /** `reference.after.slice(0, end)` is the separator and the title as written (": Running the Game"). */
  readonly end: number;
}

/** A title's words for comparison: lower case, `&` read as "and", punctuation and closing `#`s dropped. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The headings a chapter or section reference may name by title, keyed by their words. */
export class TitledHeadings {
  /** Words of a title joined by a space → the headings of that title, with the number of parts of their number. */
  private readonly byTitle = new Map<string, { heading: TitledHeading; parts: number; keywords: 'any' | 'chapter' }[]>();
  private longest = 0;

  /**
   * @param numbered every numbered heading
   * @param chapters the chapters read in order (layout `numbering.chapterOrder`), each numbered by its place when it
   *   has no number of its own: "Chapter 7" names the seventh only with the word chapter.
   */
  constructor(numbered: readonly NumberedEntry[], chapters: readonly { readonly chapter: Section; readonly entry: NumberedEntry }[]) {
    for (const entry of numbered) {
      if (entry.kind === 'section') this.add(entry, entry, entry.number.key, entry.number.segments.length, 'any');
    }
    for (const { chapter, entry } of chapters) this.add(chapter, entry, entry.number!.key, 1, 'chapter');
  }

  private add(section: Section, entry: NumberedEntry, number: string, parts: number, keywords: 'any' | 'chapter'): void {
    const title = section.title.replace(/\s*#+\s*$/, '').trim();
    const key = words(title);
    if (key.length === 0) return;
    const joined = key.join(' ');
    const list = this.byTitle.get(joined);
    const heading = { entry, number, title };
    if (list) list.push({ heading, parts, keywords });
    else this.byTitle.set(joined, [{ heading, parts, keywords }]);
    this.longest = Math.max(this.longest, key.length);
  }

  /**
   * The one heading the title after the reference names, among those whose number has as many parts as the
   * reference's ("Chapter 12.7 - Guilds" names a section of chapter 12 Guilds, not the chapter): the longest title
   * the written words begin with. Undefined when the words name none, or more than one heading of that level.
   */
  named(reference: Reference): TitleMatch | undefined {
    const after = reference.after;
    if (after === undefined || this.byTitle.size === 0) return undefined;
    const parts = reference.target.split('.').length;
    // The written words with where each ends in `after`, to give back how much of it the title takes.
    const found: { word: string; end: number }[] = [];
    const pattern = /[^\s&]+|&/g;
    for (let m = pattern.exec(after); m && found.length < this.longest + 1; m = pattern.exec(after)) {
      for (const word of words(m[0])) found.push({ word, end: m.index + m[0].length });
    }
    for (let n = Math.min(this.longest, found.length); n > 0; n--) {
      const list = this.byTitle.get(found.slice(0, n).map((w) => w.word).join(' '));
      const fits = list?.filter((c) => c.parts === parts && (c.keywords === 'any' || reference.keyword === 'chapter'));
      if (!fits || fits.length === 0) continue;
      // Two headings of one title at that level: the words cannot say which.
      if (fits.length > 1) return undefined;
      // The title's last word, without the closing mark written after it.
      const last = after.slice(0, found[n - 1].end).replace(/[^\p{L}\p{N}]+$/u, '');
      return { heading: fits[0].heading, end: last.length };
    }
    return undefined;
  }
}
