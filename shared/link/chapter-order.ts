/**
 * A book whose chapters carry no numbers and are numbered by their order (layout `numbering.chapterOrder`): "see
 * Chapter 6" or "Section 6" is the sixth chapter, when no heading or rule has that number; the chapter is then a
 * numbered entry all the same. Its rules may be a chapter's numbered lists, as a word processor numbers them and
 * Markdown keeps them (the Belegarth Book of War's `## Combat` over `7. Hits:` over `3. Death:` over `4. A combatant
 * may indicate…`): "rule 3.7.3.4" is that item of the third chapter.
 */
import type { NumberedEntry, Reference, Rule, Rulebook, Section } from '../model/types.js';

/** The words that name a chapter by its place. */
const CHAPTER_KEYWORD = /^(?:chapter|section)$/;

export class ChapterOrder {
  private readonly chapters: readonly Section[];
  /** The items of the chapters' numbered lists by the number their place gives them ("3.7.3.4"), built on first need. */
  private items: Map<string, Rule> | null = null;

  constructor(private readonly model: Rulebook) {
    this.chapters = model.config.layout.numbering.chapterOrder ? chapterSections(model) : [];
  }

  /** The chapter a reference names by its place ("Chapter 6", "Section 6"), or undefined. */
  byOrder(reference: Reference): NumberedEntry | undefined {
    if (this.chapters.length === 0 || !CHAPTER_KEYWORD.test(reference.keyword) || !/^\d{1,3}$/.test(reference.target) || reference.targetEnd) return undefined;
    const place = Number(reference.target);
    const chapter = this.chapters[place - 1];
    if (!chapter || chapter.number) return undefined;
    return ChapterOrder.entry(chapter, place);
  }

  /**
   * The item of a chapter's numbered list that a number names with the chapter's place first ("3.7.3.4": the third
   * chapter's item 7.3.4; "1.0": the first chapter's item 0), or undefined.
   */
  listItem(key: string): Rule | undefined {
    if (this.chapters.length === 0 || !key.includes('.')) return undefined;
    if (!this.items) {
      this.items = new Map();
      const places = new Map(this.chapters.map((chapter, i) => [chapter.id, i + 1]));
      for (const rule of this.model.rules) {
        const place = rule.scope === 'local' && rule.sectionId !== null ? places.get(rule.sectionId) : undefined;
        // A chapter with a number of its own numbers its rules itself.
        if (place === undefined || this.chapters[place - 1].number) continue;
        const number = `${place}.${rule.number.segments.join('.')}`.toLowerCase();
        if (!this.items.has(number)) this.items.set(number, rule);
      }
    }
    return this.items.get(key);
  }

  /** The chapters that have no number of their own, each with the one its place gives it. */
  placed(): { chapter: Section; entry: NumberedEntry }[] {
    return this.chapters.flatMap((chapter, i) => (chapter.number ? [] : [{ chapter, entry: ChapterOrder.entry(chapter, i + 1) }]));
  }

  /** The chapter as a numbered entry: its number is the one its place gives it, written nowhere (an empty range at the heading). */
  private static entry(chapter: Section, place: number): NumberedEntry {
    const at = chapter.headingRange;
    const key = String(place);
    return { ...chapter, number: { key, text: '', segments: [key], prefix: 'Chapter', range: { file: at.file, start: at.start, end: at.start } } };
  }
}

/**
 * The book's chapters: its top-level headings, or the headings right under a lone top-level heading that is the
 * book's title (`# The Belegarth Book of War` over its `## Safety and Adjudication`…).
 */
function chapterSections(model: Rulebook): Section[] {
  const top = model.sections.filter((s) => s.depth === 1);
  if (top.length !== 1) return top;
  const under = model.sections.filter((s) => s.parentId === top[0].id);
  return under.length >= 2 ? under : top;
}
