/** The Markdown files in a rulebook's folder and its subfolders, for `rulebook init` to choose the book's files from. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { MARKDOWN_EXTENSION_SOURCE, isMarkdownFile } from '../../shared/model/markdown-files.js';
import { FOLDER_DEPTH } from './folder-depth.js';

/** Files beside a book that are about the repository, not its rules. */
const NOT_THE_BOOK = new RegExp(String.raw`^(?:readme|licen[cs]e|copying|contributing|changelog|code_of_conduct|security|authors|notice)(?:[-_.][^/]*)?${MARKDOWN_EXTENSION_SOURCE}$`, 'i');
/** Folders of a site that hold no part of the book: Jekyll's and Hugo's machinery, blog posts, drafts. */
const NOT_BOOK_FOLDER = /^(?:node_modules|_posts|_drafts|drafts?|_layouts|layouts|_includes|_data|_site|public|vendor|themes?|archetypes|templates?|archive|old)$/i;

export interface BookFiles {
  /** Rulebook-relative posix paths: the folder's own files (sorted as the loader sorts them). */
  readonly top: readonly string[];
  /** Files in subfolders, each folder's files before its subfolders'. */
  readonly nested: readonly string[];
  /** Files whose names say they are about the repository (README.md, LICENSE.md), at any depth. */
  readonly skipped: readonly string[];
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * Walks the folder: hidden folders, a site's machinery (NOT_BOOK_FOLDER) and symbolic links are not entered (a link could lead outside the
 * rulebook's folder, and every file the CLI reads must be inside it).
 */
export async function markdownFilesUnder(root: string): Promise<BookFiles> {
  const top: string[] = [];
  const nested: string[] = [];
  const skipped: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    const entries = await readdir(path.join(root, folder), { withFileTypes: true });
    const files = entries.filter((e) => e.isFile() && isMarkdownFile(e.name)).map((e) => e.name).sort(byName);
    for (const name of files) {
      const rel = folder ? `${folder}/${name}` : name;
      if (NOT_THE_BOOK.test(name)) skipped.push(rel);
      else if (depth === 0) top.push(rel);
      else nested.push(rel);
    }
    if (depth >= FOLDER_DEPTH) return;
    const folders = entries.filter((e) => e.isDirectory() && !e.name.startsWith('.') && !NOT_BOOK_FOLDER.test(e.name)).map((e) => e.name).sort(byName);
    for (const name of folders) await walk(folder ? `${folder}/${name}` : name, depth + 1);
  };
  await walk('', 0);
  return { top, nested, skipped };
}
