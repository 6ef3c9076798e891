/**
 * checkLinks: which Markdown links of a rulebook lead nowhere. A link leads to a file of the book or one of
 * its other files (assets), and its `#fragment` to a heading (its GitHub slug, "-1", "-2" for repeats) or an
 * anchor written in the text of that file. Links to the web, to site paths ("/x") and out of the folder are not checked.
 * A picture (`![alt](src)`, Link.image) is a file of the rulebook's folder or it does not print: one on the web, at an
 * absolute path or out of the folder is 'outside', one that is not there is 'file'.
 */
import { distance } from 'fastest-levenshtein';
import type { Link, Rulebook } from '../model/types.js';

export interface BrokenLink {
  readonly link: Link;
  /**
   * 'file': the file it names does not exist; 'anchor': the file has no heading or anchor of that name; 'outside': a
   * picture that is no file of the rulebook's folder (a web address, an absolute path, a path out of the folder).
   */
  readonly reason: 'anchor' | 'file' | 'outside';
  /** For 'anchor': the rulebook file the link leads to; null for 'file'. */
  readonly target: string | null;
  /** For 'anchor': the closest anchors of the target file, best first (at most 3). */
  readonly suggestions: readonly string[];
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Joins and normalises posix paths; null when the result climbs out of the rulebook folder. */
function resolvePath(folder: string, relative: string): string | null {
  const parts: string[] = [];
  for (const part of [...folder.split('/'), ...relative.split('/')]) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

function dirname(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash === -1 ? '' : file.slice(0, slash);
}

/** The heading slugs of one file as GitHub makes them unique (foo, foo-1, foo-2), then its written anchors. */
function anchorsOf(model: Rulebook, file: string): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const section of model.sections) {
    if (section.headingRange.file !== file) continue;
    let slug = section.slug;
    for (let n = 1; seen.has(slug); n++) slug = `${section.slug}-${n}`;
    seen.add(slug);
    names.push(slug);
  }
  for (const anchor of model.anchors) if (anchor.range.file === file && !seen.has(anchor.name)) {
    seen.add(anchor.name);
    names.push(anchor.name);
  }
  return names;
}

function closest(fragment: string, names: readonly string[]): string[] {
  const limit = Math.max(1, Math.round(fragment.length * 0.4));
  const lower = fragment.toLowerCase();
  return names
    .filter((name) => name !== '' && Math.abs(name.length - fragment.length) <= limit)
    .map((name, order) => ({ name, order, d: distance(lower, name.toLowerCase()) }))
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || a.order - b.order)
    .slice(0, 3)
    .map((c) => c.name);
}

/**
 * The rulebook-relative path of the picture `src` shown in `file` (`![Map](art/map.png)` in chapters/1.md →
 * chapters/art/map.png), or null when it is no file of the rulebook's folder: a web address, an absolute or site
 * path, a path that leaves the folder. The one reading of a picture's source: the linter, the planner and the reader.
 */
export function picturePath(file: string, src: string): string | null {
  const href = src.trim().replace(/^<(.*)>$/, '$1');
  if (href === '' || SCHEME.test(href) || href.startsWith('/') || href.startsWith('\\')) return null;
  const query = href.search(/[?#]/);
  return resolvePath(dirname(file), decode(query === -1 ? href : href.slice(0, query))) || null;
}

/** Why a picture cannot print, or null when it names a file of the rulebook's folder. */
function brokenPicture(link: Link, exists: (path: string) => boolean): BrokenLink | null {
  const path = picturePath(link.range.file, link.href);
  if (path === null) return { link, reason: 'outside', target: null, suggestions: [] };
  return exists(path) ? null : { link, reason: 'file', target: null, suggestions: [] };
}

export function checkLinks(model: Rulebook, assets: readonly string[] = []): { broken: BrokenLink[] } {
  const broken: BrokenLink[] = [];
  if (model.links.length === 0) return { broken };
  const bookFiles = new Set(model.files.map((f) => f.path));
  const assetFiles = new Set(assets);
  const exists = (p: string) => bookFiles.has(p) || assetFiles.has(p);
  const anchorCache = new Map<string, { names: string[]; exact: Set<string>; lower: Set<string> }>();
  const anchorsFor = (file: string) => {
    let found = anchorCache.get(file);
    if (!found) {
      const names = anchorsOf(model, file);
      found = { names, exact: new Set(names), lower: new Set(names.map((n) => n.toLowerCase())) };
      anchorCache.set(file, found);
    }
    return found;
  };

  /** The existing file a path names: itself, `x.md`, or a folder's index page (Hugo and GitHub). */
  const findFile = (p: string, folderLink: boolean): string | null => {
    if (p !== '' && !folderLink && exists(p)) return p;
    if (p !== '' && !folderLink && exists(`${p}.md`)) return `${p}.md`;
    const prefix = p === '' ? '' : `${p}/`;
    for (const index of ['_index.md', 'index.md', 'README.md']) if (exists(prefix + index)) return prefix + index;
    return null;
  };

  for (const link of model.links) {
    const href = link.href.trim();
    if (link.image) {
      const picture = brokenPicture(link, exists);
      if (picture) broken.push(picture);
      continue;
    }
    if (href === '' || href === '#' || SCHEME.test(href) || href.startsWith('//') || href.startsWith('/')) continue;
    const hash = href.indexOf('#');
    let pathPart = hash === -1 ? href : href.slice(0, hash);
    const fragment = hash === -1 ? null : decode(href.slice(hash + 1));
    const query = pathPart.indexOf('?');
    if (query !== -1) pathPart = pathPart.slice(0, query);
    const from = link.range.file;
    let target: string | null;
    if (pathPart === '') {
      // "#frag" is in the link's own file; "?x" alone says nothing checkable.
      if (hash === -1) continue;
      target = from;
    } else {
      const wanted = decode(pathPart);
      const folderLink = wanted.endsWith('/');
      const resolved = resolvePath(dirname(from), wanted);
      if (resolved === null) continue;
      target = findFile(resolved, folderLink);
      // Hugo serves "rules/magic.md" at "rules/magic/", so its relative links may start from there.
      if (!target && !/(^|\/)(_?index|README)\.md$/.test(from)) {
        const pageFolder = resolvePath(from.replace(/\.(md|markdown)$/i, ''), wanted);
        if (pageFolder !== null) target = findFile(pageFolder, folderLink);
      }
      if (!target) {
        broken.push({ link, reason: 'file', target: null, suggestions: [] });
        continue;
      }
    }
    if (fragment === null || fragment === '' || !bookFiles.has(target)) continue;
    const anchors = anchorsFor(target);
    const name = fragment.startsWith('user-content-') ? fragment.slice('user-content-'.length) : fragment;
    if (anchors.exact.has(name) || anchors.lower.has(name.toLowerCase())) continue;
    broken.push({ link, reason: 'anchor', target, suggestions: closest(name, anchors.names) });
  }
  return { broken };
}
