/**
 * The pages a docsify site's `_sidebar.md` lists, in its order. docsify shows a book by that list, not by the folder:
 * Mythras's SRD lists `README.md` (its introduction) and `0002_Characters.md` to `0008_Creatures.md`, and the folder's
 * other pages (a translator's `HowTo.md`, a style guide, the changelog) are no part of the book, nor is the sidebar, a
 * page of links. `rulebook init` lists the pages it names under `files:`.
 */
import { visit } from 'unist-util-visit';
import { picturePath } from '../link/links.js';
import { parseMarkdown } from '../parse/markdown.js';

export const SIDEBAR = '_sidebar.md';

/** Fewer pages of the book than this in the sidebar: a sidebar of other links, not the book's contents. */
const LEAST_PAGES = 2;

/**
 * The folder's pages the sidebar links to, in its order and each once (links to other sites, and to pages the folder
 * lacks, left out); null when the folder has no sidebar or it names too few of them.
 */
export function sidebarOrder(files: readonly { readonly path: string; readonly text: string }[]): string[] | null {
  const sidebar = files.find((f) => f.path === SIDEBAR);
  if (!sidebar) return null;
  const pages = new Set(files.map((f) => f.path));
  const order: string[] = [];
  visit(parseMarkdown(sidebar.text), 'link', (link) => {
    // A link's target read as the linker reads a picture's: another site's, a site path and one out of the folder are none.
    const target = picturePath(SIDEBAR, link.url);
    if (target !== null && pages.has(target) && target !== SIDEBAR && !order.includes(target)) order.push(target);
  });
  return order.length >= LEAST_PAGES ? order : null;
}
