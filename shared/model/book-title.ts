/** What a book is called where it has to be named (title pages, running headers, outlines). */
import { withoutMarkdownExtension } from './markdown-files.js';
import type { Rulebook } from './types.js';

/**
 * The `title:` setting; else the title in the first file's front matter (a site's first page); else the book's one
 * `#` heading when it has exactly one and it opens the book; else the first file's name ("funjerai"), or "Rulebook"
 * for an index page.
 */
export function bookTitle(model: Rulebook): string {
  const own = ownTitle(model);
  if (own !== null) return own;
  const first = model.files[0];
  const name = withoutMarkdownExtension(first?.path.split('/').pop() ?? '');
  return name === '' || /^_?index$|^readme$/i.test(name) ? 'Rulebook' : name;
}

/** The title the book gives itself (its setting, its first page's front matter, its one `#` heading), or null. */
export function ownTitle(model: Rulebook): string | null {
  if (model.config.title) return model.config.title;
  const front = model.files[0]?.frontMatter?.title;
  if (typeof front === 'string' && front.trim() !== '') return front.trim();
  // Over the whole book, not a last chapter's: Razorweave's chapters open with `##` headings, all but its
  // acknowledgments (`# Chapter 30: Inspirations and Acknowledgments`), which named the book on every page.
  const tops = model.sections.filter((s) => s.depth === 1);
  return tops.length === 1 && tops[0] === model.sections[0] && tops[0].title.trim() !== '' ? tops[0].title.trim() : null;
}
