/**
 * Completion where a name belongs: skill names after a prerequisite label (`Prerequisites:`, the book's own) and
 * inside `[[ … ]]`; in a book kept as an Obsidian vault also its pages inside `[[`, by the names Obsidian writes, and
 * the aliases their front matter gives; after `[[Page#` that page's headings; after `![[` the book's pictures.
 */
import type { LinkedRulebook } from '../link/types.js';
import { aliasesOf, VaultFiles } from '../link/vault-files.js';
import { DEFAULT_LAYOUT } from '../model/layout.js';
import { withoutMarkdownExtension } from '../model/markdown-files.js';
import { bookLanguage } from '../model/book-language.js';
import { readingWords } from '../model/reading-words.js';
import type { RulebookConfig, Section } from '../model/types.js';
import { plainText } from '../parse/keys.js';
import { escapeRegExp } from '../parse/regexp.js';
import { embedsPicture, readWikiLink } from '../parse/wiki-links.js';

/** The label patterns by label list: a book's labels change seldom, and this is asked at every completion. */
const labelPatterns = new Map<string, RegExp>();

/** The pattern built for a word list, from `cache` (a few books' worth, dropped whole when it fills). */
function cachedPattern(cache: Map<string, RegExp>, words: readonly string[], build: () => RegExp): RegExp {
  const key = words.join('\n');
  let pattern = cache.get(key);
  if (!pattern) {
    pattern = build();
    if (cache.size >= 16) cache.clear();
    cache.set(key, pattern);
  }
  return pattern;
}

/**
 * A line that opens with a prerequisite label, as a list item or not, in bold, in italics or plain (`- **Requires:**
 * Healing`, `*Prerequisite: Eldritch Blast cantrip*` as the SRD 5.1 writes it, `Prerequisites: First Aid`), any of
 * `labels` whatever its case. Three groups, the whole match between them: what comes before the label, the label, and
 * its colon with any emphasis around it. The editor's colouring (renderer/editor/language.ts) and completion read
 * labels with this one pattern.
 */
export function prerequisiteLabelPattern(labels: readonly string[]): RegExp {
  return cachedPattern(labelPatterns, labels, () => {
    const names = [...labels].sort((a, b) => b.length - a.length).map((l) => escapeRegExp(l).replace(/\s+/g, '\\s+'));
    return new RegExp(`^(\\s*(?:[-*+]\\s+)?(?:\\*\\*|__|\\*|_)?)(${names.join('|')})((?:\\*\\*|__|\\*|_)?\\s*:(?:\\*\\*|__|\\*|_)?)`, 'i');
  });
}

const ENGLISH_JOINERS = ['and', 'or'];

/** The separator patterns by joiner list, as the label patterns: asked at every completion, built once a book. */
const separatorPatterns = new Map<string, RegExp>();

/** Where one requirement ends and the next starts: a comma, a semicolon, or one of `joiners` as a word. */
function separatorPattern(joiners: readonly string[]): RegExp {
  return cachedPattern(separatorPatterns, joiners, () => {
    const words = joiners.map(escapeRegExp).join('|');
    return new RegExp(String.raw`(?:,|;|(?<![\p{L}\p{N}])(?:${words})(?![\p{L}\p{N}]))\s*|^\s*`, 'giu');
  });
}

/** The words a book joins its requirements with: "and", "or", and its language's ("и", "или"). */
export function prerequisiteJoiners(config: RulebookConfig): readonly string[] {
  const reading = readingWords(bookLanguage(config));
  return reading.language ? [...ENGLISH_JOINERS, ...reading.and, ...reading.or] : ENGLISH_JOINERS;
}

/** A place where a name is being typed: the partial name and where it starts (1-based column). */
export interface NamePlace {
  readonly partial: string;
  readonly startColumn: number;
  /** Inside an unclosed `[[`. */
  readonly inLink: boolean;
  /** Inside an unclosed `![[`: the place is for a picture. */
  readonly embed?: boolean;
  /** After `[[Page#`: the page as written ('' after `[[#`, the file's own); the place is for one of its headings. */
  readonly page?: string;
}

/**
 * What is being typed at the cursor, if it is a place for a skill name, a page or a heading: the partial name and
 * where it starts. `labels`: the book's prerequisite labels (its layout's `fields.prerequisites`); `joiners`: the
 * words between its requirements, English's and its language's ("и", "или": prerequisiteJoiners).
 */
export function skillNameContext(
  lineBefore: string,
  labels: readonly string[] = DEFAULT_LAYOUT.fields.prerequisites,
  joiners: readonly string[] = ENGLISH_JOINERS,
): NamePlace | null {
  // The last `[[` not closed yet: no bracket between it and the cursor, so `[[A [[Sh` completes `Sh`, never `A [[Sh`.
  const link = /(!?)\[\[([^[\]]*)$/.exec(lineBefore);
  if (link) {
    const inner = link[2];
    // After the bar come the link's shown words (`[[Fighter|the fighter`) or a picture's size (`![[map.png|300`):
    // free text the writer chooses, where no name is offered and nothing typed is replaced.
    if (inner.includes('|')) return null;
    const hash = inner.indexOf('#');
    // `[[Fighter#Tal`: a heading of the page (as the linker reads it, the last `#` starts the heading's words).
    if (hash !== -1) {
      const partial = inner.slice(inner.lastIndexOf('#') + 1);
      return { partial, startColumn: lineBefore.length - partial.length + 1, inLink: true, page: inner.slice(0, hash).trim() };
    }
    return { partial: inner, startColumn: lineBefore.length - inner.length + 1, inLink: true, ...(link[1] ? { embed: true } : {}) };
  }
  const label = prerequisiteLabelPattern(labels).exec(lineBefore);
  if (!label) return null;
  // The name being typed starts after the last separator.
  const rest = lineBefore.slice(label[0].length);
  const separator = separatorPattern(joiners);
  let start = 0;
  for (const m of rest.matchAll(separator)) start = m.index + m[0].length;
  return { partial: rest.slice(start), startColumn: label[0].length + start + 1, inLink: false };
}

export interface SkillName {
  readonly name: string;
  /** Cost and category: "4 SP · Combat". */
  readonly detail: string;
}

/** Every defined skill once, under the name of its first definition. */
export function skillNames(linked: LinkedRulebook): SkillName[] {
  return [...linked.skillsByKey.values()].map((defs) => ({
    name: defs[0].name,
    detail: [defs[0].costText ?? 'no cost', defs[0].category].filter(Boolean).join(' · '),
  }));
}

/**
 * A name to offer: a skill's, a page's (as a wiki link names it), a page's alias, a heading's or a picture's.
 * `written` is what the link writes for it: the label, but for an alias the page and the alias as its shown words
 * (`Dark-Elf|Dark Elf`), as Obsidian writes a link chosen by an alias.
 */
export interface CompletionName {
  readonly label: string;
  readonly detail: string;
  readonly kind: 'skill' | 'page' | 'alias' | 'heading' | 'picture';
  readonly written: string;
}

interface Vault {
  readonly files: VaultFiles;
  /** Each page under the name Obsidian writes for it; null in a book that is no vault. */
  readonly names: ReadonlyMap<string, string> | null;
  /** Each picture of the book's folder under the name Obsidian writes for it (`map.png`, `Maps/map.png`). */
  readonly pictures: ReadonlyMap<string, string>;
}

// Built once per analysis and dropped with it (the WeakMap key is the analysis' own object).
const vaultOf = new WeakMap<LinkedRulebook, Vault>();

function vault(linked: LinkedRulebook, assets: readonly string[]): Vault {
  let found = vaultOf.get(linked);
  if (!found) {
    // A picture is a file `![[…]]` shows as one: the endings print and lint read pictures by (parse/wiki-links.ts).
    // By path: the folder's listing order is the disk's.
    const pictures = assets.filter((path) => embedsPicture(readWikiLink(path))).sort();
    found = {
      files: new VaultFiles(linked.model, assets),
      names: linked.vault ? shortestNames(linked.model.files.map((f) => f.path)) : null,
      pictures: shortestNames(pictures),
    };
    vaultOf.set(linked, found);
  }
  return found;
}

/**
 * Each page under the name Obsidian writes for it: the file's name without its Markdown ending when no other page
 * has that name, else the shortest ending of its path that no other page's path ends with (`Classes/Fighter`), else
 * its whole path.
 */
function shortestNames(paths: readonly string[]): Map<string, string> {
  const bare = paths.map((p) => withoutMarkdownExtension(p));
  const endings = new Map<string, number>();
  for (const path of bare) {
    const parts = path.toLowerCase().split('/');
    for (let i = 0; i < parts.length; i++) {
      const ending = parts.slice(i).join('/');
      endings.set(ending, (endings.get(ending) ?? 0) + 1);
    }
  }
  const names = new Map<string, string>();
  paths.forEach((path, n) => {
    const parts = bare[n].split('/');
    let name = bare[n];
    for (let i = parts.length - 1; i >= 0; i--) {
      if (endings.get(parts.slice(i).join('/').toLowerCase()) === 1) {
        name = parts.slice(i).join('/');
        break;
      }
    }
    names.set(path, name);
  });
  return names;
}

/** The words a wiki link names a heading by, which the linker finds it by: its text as written, number and all. */
function headingWords(section: Section, text: string | undefined): string {
  if (!section.number || text === undefined) return section.title;
  const from = section.headingRange.start.offset;
  const lineEnd = text.indexOf('\n', from);
  const line = text.slice(from, lineEnd === -1 ? text.length : lineEnd);
  const raw = line.replace(/^ {0,3}#{1,6}[ \t]*/, '').replace(/\s*\{#[^}]*\}\s*$/, '').replace(/[ \t]+#+[ \t]*$/, '');
  return plainText(raw).trim() || section.title;
}

/**
 * The names to offer at `place` in `file`: after `[[Page#`, the headings of the page the linker finds by that name;
 * after `![[` the pictures among `assets` (the book folder's other files); else every skill name, and inside `[[`
 * in a vault then every page and every alias of one. `textOf` gives a file's text (a numbered heading is named as
 * written).
 */
export function namesAt(linked: LinkedRulebook, file: string, place: NamePlace, textOf: (file: string) => string | undefined, assets: readonly string[] = []): CompletionName[] {
  const { files, names: pages, pictures } = vault(linked, assets);
  /** The name if the linker finds `path` by it from this file (an alias of another page may take a short name), else the whole path. */
  const findable = (name: string, path: string) => (files.find(name, file) === path ? name : path);
  if (place.page !== undefined) {
    const page = place.page === '' ? file : files.find(place.page, file);
    const seen = new Set<string>();
    const names: CompletionName[] = [];
    for (const section of linked.model.sections) {
      if (section.headingRange.file !== page) continue;
      const words = headingWords(section, textOf(page));
      if (words === '' || seen.has(words.toLowerCase())) continue;
      seen.add(words.toLowerCase());
      names.push({ label: words, detail: `${'#'.repeat(section.depth)} ${page}:${section.headingRange.start.line}`, kind: 'heading', written: words });
    }
    return names;
  }
  if (place.embed) return [...pictures].map(([path, name]) => ({ label: findable(name, path), detail: path, kind: 'picture', written: findable(name, path) }));
  const names: CompletionName[] = skillNames(linked).map((n) => ({ label: n.name, detail: n.detail, kind: 'skill', written: n.name }));
  if (!place.inLink || pages === null) return names;
  for (const [path, name] of pages) {
    const written = findable(name, path);
    names.push({ label: written, detail: path, kind: 'page', written });
  }
  for (const page of linked.model.files) {
    const name = pages.get(page.path);
    if (name === undefined) continue;
    const written = findable(name, page.path);
    const bare = withoutMarkdownExtension(page.path.slice(page.path.lastIndexOf('/') + 1)).toLowerCase();
    for (const alias of aliasesOf(page.frontMatter)) {
      // An alias that is the page's own name (`aliases: [Halfling]` on Halfling.md) would offer the page twice.
      if (alias.toLowerCase() === bare || alias.toLowerCase() === written.toLowerCase()) continue;
      names.push({ label: alias, detail: `${page.path} (alias)`, kind: 'alias', written: `${written}|${alias}` });
    }
  }
  return names;
}

/** How an editor sorts the names it offers (it sorts by this, not by our order): skill names first, then pages and their aliases, each by label. */
export function completionSortText(name: Pick<CompletionName, 'kind' | 'label'>): string {
  return `${name.kind === 'page' || name.kind === 'alias' ? 1 : 0} ${name.label}`;
}

export interface SkillCompletion {
  /** The columns (1-based, on the cursor's line) the chosen name replaces: from the start of the partial name to the cursor. */
  readonly line: number;
  readonly startColumn: number;
  readonly endColumn: number;
  /** Skill names first, then pages and aliases; or a page's headings; or pictures. */
  readonly items: readonly { readonly label: string; readonly detail: string; readonly insertText: string; readonly kind: CompletionName['kind'] }[];
}

/**
 * What choosing `name` at `place` writes, given `lineAfter`, the line's text after the cursor. Only the text before
 * the cursor is replaced (SkillCompletion's range), so what follows stays as it is, and the insertion fits it: inside a
 * `[[` that is closed further on (`[[Fo|the ford]]`, `[[Fo#Crossing]]`, `[[Fo]]`) no second `]]` is added, and where the
 * link already goes on with a heading or shown words an alias writes its page alone (its `|alias` would come before
 * them). Elsewhere inside `[[` the name comes with its `]]`.
 */
export function insertionFor(place: NamePlace, name: Pick<CompletionName, 'kind' | 'written'>, lineAfter: string): string {
  if (!place.inLink) return name.written;
  const rest = /^[^[\]\n]*?\]\]/.exec(lineAfter)?.[0];
  if (rest === undefined) return `${name.written}]]`;
  const goesOn = /[|#]/.test(rest);
  return name.kind === 'alias' && goesOn ? name.written.slice(0, name.written.indexOf('|')) : name.written;
}

/**
 * The names to offer at a place in `lineText` (the whole line the cursor is on), or null when the place is not one
 * for a name. Each replaces the text from the name's start to the cursor, nothing after it (insertionFor).
 */
export function completeName(
  linked: LinkedRulebook,
  at: { file: string; line: number; column: number },
  lineText: string,
  textOf: (file: string) => string | undefined,
  assets: readonly string[] = [],
): SkillCompletion | null {
  const place = skillNameContext(lineText.slice(0, at.column - 1), linked.model.config.layout.fields.prerequisites, prerequisiteJoiners(linked.model.config));
  if (!place) return null;
  const lineAfter = lineText.slice(at.column - 1);
  return {
    line: at.line,
    startColumn: place.startColumn,
    endColumn: at.column,
    items: namesAt(linked, at.file, place, textOf, assets).map((n) => ({ label: n.label, detail: n.detail, kind: n.kind, insertText: insertionFor(place, n, lineAfter) })),
  };
}
