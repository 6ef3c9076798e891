/** The Markdown files in a rulebook's folder and its subfolders, for `rulebook init` to choose the book's files from. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MARKDOWN_EXTENSION_SOURCE, isMarkdownFile } from '../../shared/model/markdown-files.js';
import { FOLDER_DEPTH } from './folder-depth.js';

/** Files beside a book that are about the repository, not its rules. */
const NOT_THE_BOOK = new RegExp(String.raw`^(?:readme|licen[cs]e|copying|contributing|changelog|code_of_conduct|security|authors|notice)(?:[-_.][^/]*)?${MARKDOWN_EXTENSION_SOURCE}$`, 'i');
/**
 * A file named in capitals beside a book kept in subfolders is a repository's document, by the convention README
 * follows: Amtgard's STYLE.md, VERIFICATION.md and CROSS-REVIEW.md beside its `rules/`, an assistant's CLAUDE.md. Only
 * at the top and four letters or more: MARS keeps its player's handbook as `Basic/PHB.md`, Open Legend its rules as
 * `core/SRD.md`; and a book of files only so named is those files.
 */
const REPOSITORY_DOCUMENT = /^[A-Z][A-Z0-9]{3,}(?:[-_][A-Z0-9]+)*$/;
const EXTENSION = new RegExp(`${MARKDOWN_EXTENSION_SOURCE}$`, 'i');
/** Folders of a site that hold no part of the book: Jekyll's and Hugo's machinery, blog posts, drafts. */
const NOT_BOOK_FOLDER = /^(?:node_modules|_posts|_drafts|drafts?|_layouts|layouts|_includes|_data|_site|public|vendor|themes?|archetypes|templates?|archive|old)$/i;

export interface BookFiles {
  /**
   * Rulebook-relative posix paths of the book's files, in book order: in each folder its files by name, a subfolder
   * numbered as the files are (`03_Classes` between `02_CharacterCreation.md` and `04_CharacterOrigins.md`) among them,
   * other subfolders after them.
   */
  readonly files: readonly string[];
  /** Those of them in subfolders. */
  readonly nested: readonly string[];
  /** Files whose names say they are about the repository (README.md, LICENSE.md), at any depth. */
  readonly skipped: readonly string[];
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
/** A name that opens with its place in an order ("03_Classes", "2 - Combat"). */
const NUMBERED = /^\d/;

/**
 * Walks the folder: hidden folders, a site's machinery (NOT_BOOK_FOLDER) and symbolic links are not entered (a link could lead outside the
 * rulebook's folder, and every file the CLI reads must be inside it).
 */
export async function markdownFilesUnder(root: string): Promise<BookFiles> {
  const found: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    const entries = await readdir(path.join(root, folder), { withFileTypes: true });
    const inFolder = entries.filter((e) => e.isFile() && isMarkdownFile(e.name)).map((e) => ({ name: e.name, folder: false }));
    const below =
      depth >= FOLDER_DEPTH ? [] : entries.filter((e) => e.isDirectory() && !e.name.startsWith('.') && !NOT_BOOK_FOLDER.test(e.name)).map((e) => ({ name: e.name, folder: true }));
    const after = (entry: { name: string; folder: boolean }) => (entry.folder && !NUMBERED.test(entry.name) ? 1 : 0);
    for (const entry of [...inFolder, ...below].sort((a, b) => after(a) - after(b) || byName(a.name, b.name))) {
      const rel = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.folder) await walk(rel, depth + 1);
      else found.push(rel);
    }
  };
  await walk('', 0);
  const skipped = aboutTheRepository(found);
  const aboutIt = new Set(skipped);
  const files = found.filter((file) => !aboutIt.has(file));
  return { files, nested: files.filter((file) => file.includes('/')), skipped };
}

/** The files, in the walk's order, that are about the repository: NOT_THE_BOOK at any depth, REPOSITORY_DOCUMENT. */
function aboutTheRepository(files: readonly string[]): string[] {
  const inSubfolders = files.some((file) => file.includes('/') && !NOT_THE_BOOK.test(path.posix.basename(file)));
  return files.filter((file) => {
    const name = path.posix.basename(file);
    return NOT_THE_BOOK.test(name) || (inSubfolders && !file.includes('/') && REPOSITORY_DOCUMENT.test(name.replace(EXTENSION, '')));
  });
}
