/**
 * checkLinks: which Markdown links of a rulebook lead nowhere. A link leads to a file of the book or one of
 * its other files (assets), and its `#fragment` to a heading (its GitHub slug, "-1", "-2" for repeats) or an
 * anchor written in the text of that file. Links to the web, to site paths ("/x") and out of the folder are not checked.
 * A picture (`![alt](src)`, Link.image) is a file of the rulebook's folder or it does not print: one on the web, at an
 * absolute path or out of the folder is 'outside', one that is not there is 'file'.
 */
import { distance } from 'fastest-levenshtein';
import type { Link, Rulebook, Section } from '../model/types.js';
import { MARKDOWN_EXTENSION_SOURCE, MARKDOWN_EXTENSIONS, withoutMarkdownExtension } from '../model/markdown-files.js';
import { slug } from 'github-slugger';
import { isVault, VaultFiles } from './vault-files.js';
import { nameKey } from '../parse/keys.js';

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
/** A folder's own page, which Hugo and GitHub serve at the folder's address. */
const INDEX_PAGE = new RegExp(`(^|/)(_?index|README)${MARKDOWN_EXTENSION_SOURCE}$`);

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

/** Where a link leads in the book: a file of it, or a file that is not there; null for one that leaves the book. */
type Destination = { readonly file: string; readonly fragment: string | null } | { readonly missing: true } | null;

/** Reads links' targets against one model's files and anchors, each file's anchors gathered once. */
class LinkReader {
  private readonly bookFiles: Set<string>;
  private readonly exists: (path: string) => boolean;
  private readonly anchorCache = new Map<string, { names: string[]; exact: Set<string>; lower: Set<string> }>();
  /** The book's files as Obsidian finds them, for its wiki links (made when first asked for). */
  private files: VaultFiles | null = null;
  /** For a book kept as an Obsidian vault: the same finding for its Markdown links and pictures; null otherwise. */
  private readonly vault: VaultFiles | null;

  /** `vault`: whether the book is kept as an Obsidian vault (isVault), as the linker decided. */
  constructor(
    private readonly model: Rulebook,
    private readonly assets: readonly string[],
    vault: boolean,
  ) {
    this.bookFiles = new Set(model.files.map((f) => f.path));
    const assetFiles = new Set(assets);
    this.exists = (p) => this.bookFiles.has(p) || assetFiles.has(p);
    this.vault = vault || this.writesFromRoot() ? this.vaultFiles() : null;
  }

  isBookFile(path: string): boolean {
    return this.bookFiles.has(path);
  }

  /**
   * The file of the rulebook's folder a picture shows: its source from the picture's file; in a vault also from the
   * vault's root or by its name (`![](Compendium/13A/Icons/Crusader.jpg)`, `![[march.png]]`), as Obsidian shows it.
   */
  pictureFile(link: Link): string | null {
    if (link.wiki) return this.wikiDestination(link)?.file ?? null;
    const path = picturePath(link.range.file, link.href);
    if (path !== null && this.exists(path)) return path;
    return this.vault && !SCHEME.test(link.href.trim()) ? this.vault.find(link.href.trim(), link.range.file) : null;
  }

  /** Why a picture cannot print: it is not in the folder, or not a file of it at all (a web address, a path out). */
  pictureProblem(link: Link): BrokenLink {
    const outside = !link.wiki && picturePath(link.range.file, link.href) === null;
    return { link, reason: outside ? 'outside' : 'file', target: null, suggestions: [] };
  }

  anchors(file: string): { names: string[]; exact: Set<string>; lower: Set<string> } {
    let found = this.anchorCache.get(file);
    if (!found) {
      const names = anchorsOf(this.model, file);
      found = { names, exact: new Set(names), lower: new Set(names.map((n) => n.toLowerCase())) };
      this.anchorCache.set(file, found);
    }
    return found;
  }

  /**
   * The file a link leads to and its fragment. `siteRoot`: a path that starts with "/" is read from the book's folder
   * (a site's root, where MARS's "/Fantasy/Talents.md" lives); the linter leaves such links alone, as a site may serve
   * other pages there.
   */
  destination(link: Link, siteRoot = false): Destination {
    if (link.wiki) return this.wikiDestination(link) ?? { missing: true };
    let href = link.href.trim();
    if (href === '' || href === '#' || SCHEME.test(href) || href.startsWith('//')) return null;
    if (href.startsWith('/')) {
      if (!siteRoot) return null;
      href = href.replace(/^\/+/, '');
    }
    const hash = href.indexOf('#');
    let pathPart = hash === -1 ? href : href.slice(0, hash);
    let fragment = hash === -1 ? null : decode(href.slice(hash + 1));
    // A vault's Markdown links name a heading by its words (`#Multiclassing%20Basics`), as its wiki links do.
    if (fragment && this.vault && /\s/.test(fragment)) fragment = slug(fragment);
    const query = pathPart.indexOf('?');
    if (query !== -1) pathPart = pathPart.slice(0, query);
    const from = link.range.file;
    // "#frag" is in the link's own file; "?x" alone says nothing checkable.
    if (pathPart === '') return hash === -1 ? null : { file: from, fragment };
    const wanted = decode(pathPart);
    const folderLink = wanted.endsWith('/');
    const resolved = resolvePath(siteRoot && link.href.trim().startsWith('/') ? '' : dirname(from), wanted);
    if (resolved === null) return null;
    let target = this.findFile(resolved, folderLink);
    // Hugo serves "rules/magic.md" at "rules/magic/", so its relative links may start from there.
    if (!target && !INDEX_PAGE.test(from)) {
      const pageFolder = resolvePath(withoutMarkdownExtension(from), wanted);
      if (pageFolder !== null) target = this.findFile(pageFolder, folderLink);
    }
    // A vault's Markdown links may be written from its root, as its wiki links are.
    if (!target && this.vault) target = this.vault.find(wanted, from);
    return target ? { file: target, fragment } : { missing: true };
  }

  /**
   * Whether the book's relative links name files from its root rather than from their page, as Obsidian writes them
   * with "absolute path in vault" (the Pathfinder 2e SRD's `rules/traits/agile.md` from `compendium/feats/`): more of
   * them land from the root than from their page. The first 200 that land either way tell.
   */
  private writesFromRoot(): boolean {
    let fromPage = 0;
    let fromRoot = 0;
    for (const link of this.model.links) {
      const href = link.href.trim();
      if (link.wiki || href === '' || href.startsWith('#') || href.startsWith('/') || href.startsWith('.') || SCHEME.test(href)) continue;
      const path = decode(href.replace(/[?#].*$/, ''));
      const folder = dirname(link.range.file);
      const relative = resolvePath(folder, path);
      if (relative !== null && this.findFile(relative, false)) fromPage++;
      else if (folder !== '' && this.findFile(path, false)) fromRoot++;
      if (fromPage + fromRoot >= 200) break;
    }
    return fromRoot >= 3 && fromRoot > fromPage;
  }

  private vaultFiles(): VaultFiles {
    return (this.files ??= new VaultFiles(this.model, this.assets));
  }

  /**
   * Where a wiki link leads: `[[#Heading]]` in its own file; else the file its page names as Obsidian finds it, with
   * the heading's slug as the fragment (`[[Combat#Fleeing Combat]]` → `fleeing-combat`). A block's id (`#^spell`)
   * names no heading: the page alone is checked. Null when it names no file.
   */
  private wikiDestination(link: Link): { file: string; fragment: string | null } | null {
    const hash = link.href.indexOf('#');
    const page = (hash === -1 ? link.href : link.href.slice(0, hash)).trim();
    const heading = hash === -1 ? '' : link.href.slice(link.href.lastIndexOf('#') + 1).trim();
    const fragment = heading === '' || heading.startsWith('^') ? null : slug(heading);
    if (page === '') return { file: link.range.file, fragment };
    const file = this.vaultFiles().find(page, link.range.file);
    return file ? { file, fragment } : null;
  }

  /** The existing file a path names: itself, `x.md`, or a folder's index page (Hugo and GitHub). */
  private findFile(p: string, folderLink: boolean): string | null {
    if (p !== '' && !folderLink && this.exists(p)) return p;
    for (const extension of MARKDOWN_EXTENSIONS) if (p !== '' && !folderLink && this.exists(`${p}${extension}`)) return `${p}${extension}`;
    const prefix = p === '' ? '' : `${p}/`;
    for (const name of ['_index', 'index', 'README']) {
      for (const extension of MARKDOWN_EXTENSIONS) if (this.exists(`${prefix}${name}${extension}`)) return `${prefix}${name}${extension}`;
    }
    return null;
  }
}

/** A fragment as written, less GitHub's "user-content-" prefix. */
const anchorName = (fragment: string) => (fragment.startsWith('user-content-') ? fragment.slice('user-content-'.length) : fragment);

/** What the link check found: the links that lead nowhere, the file each picture shows, whether the book is a vault. */
export interface CheckedLinks {
  readonly broken: BrokenLink[];
  readonly pictures: Map<Link, string>;
  /** Whether the book is kept as an Obsidian vault (isVault): decided here once, kept as LinkedRulebook.vault. */
  readonly vault: boolean;
}

/**
 * The links of a rulebook that lead nowhere, and the file each picture shows (what print reads: Link → its
 * rulebook-relative path), found with the same reading.
 */
export function checkLinks(model: Rulebook, assets: readonly string[] = []): CheckedLinks {
  const broken: BrokenLink[] = [];
  const pictures = new Map<Link, string>();
  if (model.links.length === 0) return { broken, pictures, vault: false };
  const vault = isVault(model);
  const reader = new LinkReader(model, assets, vault);
  let skillKeys: Set<string> | null = null;
  for (const link of model.links) {
    // A wiki link's bare name that names a skill is a reference to it, and one that names no page either is a
    // broken reference or prerequisite: the reference checks say so, in their words.
    if (link.wiki === 'name' && !link.image) {
      skillKeys ??= new Set(model.skills.map((s) => s.key));
      if (skillKeys.has(nameKey(link.href)) || 'missing' in (reader.destination(link) ?? { missing: true })) continue;
    }
    if (link.image) {
      const file = reader.pictureFile(link);
      if (file !== null) pictures.set(link, file);
      else broken.push(reader.pictureProblem(link));
      continue;
    }
    const to = reader.destination(link);
    if (to === null) continue;
    if ('missing' in to) {
      broken.push({ link, reason: 'file', target: null, suggestions: [] });
      continue;
    }
    if (to.fragment === null || to.fragment === '' || !reader.isBookFile(to.file)) continue;
    const anchors = reader.anchors(to.file);
    const name = anchorName(to.fragment);
    if (anchors.exact.has(name) || anchors.lower.has(name.toLowerCase())) continue;
    broken.push({ link, reason: 'anchor', target: to.file, suggestions: closest(name, anchors.names) });
  }
  return { broken, pictures, vault };
}

/**
 * The section each link of the book's text leads to: the heading its fragment names (its GitHub slug, "-1" for a
 * repeat, or an anchor written in it or under it), or, for a link to a whole file, the heading that opens the file in
 * print (`opener`: a vault's note without a heading of its own has one made, see publish/chapters.ts) or else its
 * first heading. What the book and the website make clickable; a link to no place of the book has none. `vault`:
 * LinkedRulebook.vault when the caller has the linked book.
 */
export function linkedSections(model: Rulebook, vault = isVault(model), opener?: (file: string) => Section | undefined): Map<Link, Section> {
  const out = new Map<Link, Section>();
  if (model.links.length === 0) return out;
  const reader = new LinkReader(model, [], vault);
  const sectionsByFile = new Map<string, Section[]>();
  for (const section of model.sections) {
    const list = sectionsByFile.get(section.headingRange.file);
    if (list) list.push(section);
    else sectionsByFile.set(section.headingRange.file, [section]);
  }
  const byId = new Map(model.sections.map((s) => [s.id, s]));
  const slugsOf = new Map<string, Map<string, Section>>();
  const slugs = (file: string) => {
    let found = slugsOf.get(file);
    if (!found) {
      found = new Map();
      const seen = new Set<string>();
      for (const section of sectionsByFile.get(file) ?? []) {
        let slug = section.slug;
        for (let n = 1; seen.has(slug); n++) slug = `${section.slug}-${n}`;
        seen.add(slug);
        found.set(slug.toLowerCase(), section);
      }
      for (const anchor of model.anchors) {
        const section = anchor.range.file === file && anchor.sectionId ? byId.get(anchor.sectionId) : undefined;
        if (section && !found.has(anchor.name.toLowerCase())) found.set(anchor.name.toLowerCase(), section);
      }
      slugsOf.set(file, found);
    }
    return found;
  };
  for (const link of model.links) {
    if (link.image) continue;
    const to = reader.destination(link, true);
    if (to === null || 'missing' in to || !reader.isBookFile(to.file)) continue;
    const section = to.fragment ? slugs(to.file).get(anchorName(to.fragment).toLowerCase()) : (opener?.(to.file) ?? sectionsByFile.get(to.file)?.[0]);
    if (section) out.set(link, section);
  }
  return out;
}
