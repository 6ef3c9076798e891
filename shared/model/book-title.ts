/** What a book is called where it has to be named (title pages, running headers, outlines). */
import type { Rulebook } from './types.js';

/**
 * The `title:` setting; else the title in the first file's front matter (a site's first page); else the book's one
 * `#` heading when it has exactly one; else the first file's name ("funjerai"), or "Rulebook" for an index page.
 */
export function bookTitle(model: Rulebook): string {
  if (model.config.title) return model.config.title;
  const first = model.files[0];
  const front = first?.frontMatter?.title;
  if (typeof front === 'string' && front.trim() !== '') return front.trim();
  const tops = model.sections.filter((s) => s.depth === 1);
  if (tops.length === 1 && tops[0].title.trim() !== '') return tops[0].title.trim();
  const name = first?.path.split('/').pop()?.replace(/\.(md|markdown)$/i, '') ?? '';
  return name === '' || /^_?index$|^readme$/i.test(name) ? 'Rulebook' : name;
}
