/**
 * The chapters a book prints and publishes in: what `--chapters` selects, what opens the website's pages and the PDF's
 * contents, and the level every heading prints at. Books keep their chapters in three ways:
 * - in headings: the book's outermost ones. In a folder book a file whose outermost headings carry a chapter's number
 *   opens chapters whatever their level (Razorweave's "# 1. Welcome" then "## 2. Core Concepts"); a file that opens
 *   with an unnumbered "## Headbands" goes on with the chapter before it (Chronicles' "02.02" files).
 * - in a site's pages (Hugo, Jekyll): each page a chapter named by its front matter's title, its own text starting at
 *   `##`.
 * - in an Obsidian vault's notes: a note is named by its file (or its aliases), and most notes open at `##` or have no
 *   heading at all (the 13th Age SRD's 1,000 notes: `## Human` in Human.md, a monster's stat block alone). A note
 *   without a chapter of its own is one: its heading when it has one outermost heading named as the note, else a
 *   heading made from its name.
 */
import { slug } from 'github-slugger';
import { aliasesOf, isVault } from '../link/vault-files.js';
import type { Rulebook, RulebookFile, Section } from '../model/types.js';

export interface ChapterPlan {
  /** The level chapters' headings print at: every file's chapters at the same one. */
  readonly level: number;
  /** The chapters in book order. */
  readonly chapters: readonly Section[];
  /** The chapter heading made for a file that has none to open with (a site's page, a vault's note), by file. */
  readonly openers: ReadonlyMap<string, Section>;
  /** The level a section's heading prints at. */
  headingLevel(section: Section): number;
}

/**
 * The book's chapter plan. One answer per model: the headings made for pages are compared by identity (a chapter's
 * heading block, the chapters the book and the site split at), so every caller must get the very same objects.
 */
export function chapterPlan(model: Rulebook): ChapterPlan {
  let plan = plans.get(model);
  if (!plan) plans.set(model, (plan = planChapters(model)));
  return plan;
}

const plans = new WeakMap<Rulebook, ChapterPlan>();

/** How a file's headings print: `shift` levels above what they are written at, and never above `floor`. */
interface FilePrinting {
  readonly shift: number;
  readonly floor: number;
}

function planChapters(model: Rulebook): ChapterPlan {
  const outermost = outermostByFile(model.sections);
  const sitePages = isSitePages(model);
  const level = sitePages ? 1 : Math.min(...model.sections.map((s) => s.depth), Infinity);
  const chapterLevel = Number.isFinite(level) ? level : 1;
  const vault = !sitePages && model.files.length > 1 && isVault(model);
  const printing = new Map<string, FilePrinting>();
  const openers = new Map<string, Section>();
  for (const file of model.files) {
    const tops = outermost.get(file.path) ?? [];
    const depth = tops[0]?.depth ?? chapterLevel + 1;
    if (sitePages) {
      openers.set(file.path, openerOf(file, titleOf(file.frontMatter)!, chapterLevel));
      printing.set(file.path, { shift: 0, floor: chapterLevel + 1 });
    } else if (depth === chapterLevel) {
      continue;
    } else if (tops.length > 0 && tops.every((s) => s.number !== null && s.number.segments.length === 1)) {
      printing.set(file.path, { shift: depth - chapterLevel, floor: chapterLevel });
    } else if (vault && tops.length === 1 && namesOf(file).includes(comparable(tops[0].title))) {
      printing.set(file.path, { shift: depth - chapterLevel, floor: chapterLevel });
    } else if (vault) {
      openers.set(file.path, openerOf(file, noteName(file), chapterLevel));
      printing.set(file.path, { shift: depth - (chapterLevel + 1), floor: chapterLevel + 1 });
    }
  }
  const printingOf = (file: string): FilePrinting => printing.get(file) ?? { shift: 0, floor: chapterLevel };
  const headingLevel = (section: Section) => {
    const { shift, floor } = printingOf(section.range.file);
    return Math.max(floor, section.depth - shift);
  };
  const chapters: Section[] = [];
  let next = 0;
  for (const file of model.files) {
    const opener = openers.get(file.path);
    if (opener) chapters.push(opener);
    // The sections are in file order: this file's are the run from `next` on.
    for (; next < model.sections.length && model.sections[next].range.file === file.path; next++) {
      const section = model.sections[next];
      if (!opener && section.parentId === null && headingLevel(section) === chapterLevel) chapters.push(section);
    }
  }
  return { level: chapterLevel, chapters, openers, headingLevel };
}

/** Each file's outermost headings: those at the shallowest depth among its headings under no other. */
function outermostByFile(sections: readonly Section[]): Map<string, Section[]> {
  const outermost = new Map<string, Section[]>();
  for (const s of sections) {
    if (s.parentId !== null) continue;
    const tops = outermost.get(s.range.file);
    if (!tops || s.depth < tops[0].depth) outermost.set(s.range.file, [s]);
    else if (s.depth === tops[0].depth) tops.push(s);
  }
  return outermost;
}

const titleOf = (frontMatter: Readonly<Record<string, unknown>> | null): string | null =>
  typeof frontMatter?.title === 'string' && frontMatter.title.trim() !== '' ? frontMatter.title.trim() : null;

/**
 * A book kept as a site's pages: two files or more, each with a title in its front matter, none of them opening with
 * that title as its own `#` heading (then the heading is the chapter).
 */
function isSitePages(model: Rulebook): boolean {
  if (model.files.length < 2 || model.files.some((f) => titleOf(f.frontMatter) === null)) return false;
  const titles = new Map(model.files.map((f) => [f.path, titleOf(f.frontMatter)!.toLowerCase()]));
  return !model.sections.some((s) => s.depth === 1 && s.title.trim().toLowerCase() === titles.get(s.headingRange.file));
}

const fileName = (file: RulebookFile) => file.path.slice(file.path.lastIndexOf('/') + 1).replace(/\.(md|markdown)$/i, '');

/**
 * What a note is called: its title, its first alias, or its file's name (a name written like a web address,
 * "Koruku-Landkiller", with its words apart).
 */
function noteName(file: RulebookFile): string {
  const name = fileName(file);
  return titleOf(file.frontMatter) ?? aliasesOf(file.frontMatter)[0] ?? (/\s/.test(name) ? name : name.replace(/[-_]+/g, ' '));
}

/** Names compared by their letters and digits only: "Tiefling - Demontouched" is the note Tiefling-Demontouched.md. */
const comparable = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function namesOf(file: RulebookFile): string[] {
  const title = titleOf(file.frontMatter);
  return [fileName(file), ...(title ? [title] : []), ...aliasesOf(file.frontMatter)].map(comparable);
}

/** A chapter heading for a file that has none: over the whole file, at the chapters' level. */
function openerOf(file: RulebookFile, title: string, depth: number): Section {
  const start = { line: 1, column: 1, offset: 0 };
  const end = { line: file.lineCount, column: 1, offset: file.length };
  return {
    kind: 'section',
    id: `${file.path}#page`,
    depth,
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
  };
}
