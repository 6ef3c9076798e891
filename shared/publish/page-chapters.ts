/**
 * A site generator's pages (Hugo, Jekyll) carry their title in front matter, and their text starts at `##`: each
 * page is a chapter, named by its title. In print such a book gets one chapter per page, a heading made from the
 * front matter; the pages' own headings are sections inside it.
 */
import { slug } from 'github-slugger';
import type { Rulebook, Section } from '../model/types.js';

const titleOf = (frontMatter: Readonly<Record<string, unknown>> | null): string | null =>
  typeof frontMatter?.title === 'string' && frontMatter.title.trim() !== '' ? frontMatter.title.trim() : null;

/**
 * The chapter of each page, by file, when the book is a site's pages: two files or more, each with a title in its
 * front matter, none of them opening with that title as its own `#` heading (then the heading is the chapter).
 * Null for every other book.
 */
export function pageChapters(model: Rulebook): ReadonlyMap<string, Section> | null {
  // One answer per model: the sections made here are compared by identity (a chapter's heading block, the chapters
  // the book and the site split at), so every caller must get the very same objects.
  if (!chaptersByModel.has(model)) chaptersByModel.set(model, findPageChapters(model));
  return chaptersByModel.get(model)!;
}

const chaptersByModel = new WeakMap<Rulebook, ReadonlyMap<string, Section> | null>();

function findPageChapters(model: Rulebook): ReadonlyMap<string, Section> | null {
  if (model.files.length < 2 || model.files.some((f) => titleOf(f.frontMatter) === null)) return null;
  const titledByHeading = model.sections.some((s) => s.depth === 1 && s.title.trim().toLowerCase() === titleOf(model.files.find((f) => f.path === s.headingRange.file)!.frontMatter)!.toLowerCase());
  if (titledByHeading) return null;
  const chapters = new Map<string, Section>();
  for (const file of model.files) {
    const start = { line: 1, column: 1, offset: 0 };
    const end = { line: file.lineCount, column: 1, offset: file.length };
    const title = titleOf(file.frontMatter)!;
    chapters.set(file.path, {
      kind: 'section',
      id: `${file.path}#page`,
      depth: 1,
      number: null,
      scope: 'global',
      title,
      headingRange: file.frontMatterRange ?? { file: file.path, start, end: start },
      range: { file: file.path, start, end },
      parentId: null,
      childSectionIds: [],
      hasContent: true,
      isEmpty: false,
      slug: slug(title),
    });
  }
  return chapters;
}
