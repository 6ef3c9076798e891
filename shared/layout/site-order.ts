/**
 * The order a site generator shows a book's pages in: a folder's index page first, then its pages and subfolders by
 * their `weight` (Hugo), `nav_order` (Just the Docs), `sidebar: { order }` (Astro Starlight) or `sidebar_position`
 * (Docusaurus), the unweighted ones after them by name. A subfolder weighs what its index page says. `rulebook init`
 * lists a site's files in this order, so the book reads as the site does.
 */
import { MARKDOWN_EXTENSION_SOURCE } from '../model/markdown-files.js';
import { parseYaml, splitFrontMatter } from '../parse/config.js';

const INDEX_PAGE = new RegExp(`^(?:_index|index)${MARKDOWN_EXTENSION_SOURCE}$`, 'i');
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

interface Folder {
  index: string | null;
  pages: Map<string, string>;
  folders: Map<string, Folder>;
}

/** A page's weight, null for none; Hugo reads a `weight` of 0 as none, Starlight an `order` of 0 as the first. */
function weightOf(text: string): number | null {
  const front = splitFrontMatter(text);
  if (!front) return null;
  const data = parseYaml(front.yaml).data;
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const sidebar = data?.sidebar;
  const weight = number(data?.weight);
  if (weight !== null && weight !== 0) return weight;
  return number(data?.nav_order) ?? number(data?.sidebar_position) ?? (sidebar !== null && typeof sidebar === 'object' ? number((sidebar as Record<string, unknown>).order) : null);
}

/** The paths in site order; null when no page has a weight (then the order by name stands). */
export function siteOrder(files: readonly { readonly path: string; readonly text: string }[]): string[] | null {
  const weights = new Map<string, number>();
  for (const file of files) {
    const weight = weightOf(file.text);
    if (weight !== null) weights.set(file.path, weight);
  }
  if (weights.size === 0) return null;
  const root: Folder = { index: null, pages: new Map(), folders: new Map() };
  for (const file of files) {
    const parts = file.path.split('/');
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) folder.folders.set(part, (next = { index: null, pages: new Map(), folders: new Map() }));
      folder = next;
    }
    const name = parts[parts.length - 1];
    if (INDEX_PAGE.test(name) && folder.index === null) folder.index = file.path;
    else folder.pages.set(name, file.path);
  }
  const order: string[] = [];
  const visit = (folder: Folder) => {
    if (folder.index) order.push(folder.index);
    const children = [
      ...[...folder.pages].map(([name, path]) => ({ name, weight: weights.get(path) ?? null, visit: () => order.push(path) })),
      ...[...folder.folders].map(([name, sub]) => ({ name, weight: sub.index ? (weights.get(sub.index) ?? null) : null, visit: () => visit(sub) })),
    ];
    children.sort((a, b) => (a.weight ?? Infinity) - (b.weight ?? Infinity) || byName(a.name, b.name));
    for (const child of children) child.visit();
  };
  visit(root);
  return order;
}
