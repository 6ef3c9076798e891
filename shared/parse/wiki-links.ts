/**
 * Wiki links as Obsidian writes them, the one reading of their parts: `[[Target]]`, `[[Target|shown words]]`,
 * `[[Target#Heading]]`, `[[#Heading]]`, `[[Folder/Page.md]]`, `[[Page#^block-id]]`, and `\|` for the bar inside a
 * table cell. Obsidian vaults (the 13th Age, Pathfinder and Starfinder SRDs, Chronicles) link pages this way; our
 * own dialect writes `[[Skill Name]]` for a skill and `[[3.3]]` for a rule, which read the same.
 */
import { OUTLINE_NUMBER } from './numbers.js';

/** A wiki link's inside, `[[` and `]]` off. Bounded: it runs on untrusted text. */
export const WIKI_LINK = /\[\[([^\]\n]{1,200})\]\]/g;

export interface WikiLink {
  /** The page or name it links to, trimmed ("Classes/Chaos-Mage", "agile", "Shield Bash"); '' for `[[#Heading]]`. */
  readonly target: string;
  /** Where the target starts in the inside, and its length. */
  readonly targetAt: number;
  /** What follows the first `#`, as written ("Level Progression", "^spell", "A#B"); null when there is no `#`. */
  readonly fragment: string | null;
  readonly fragmentAt: number;
  /** The words after the bar, trimmed; null when there is none. */
  readonly alias: string | null;
  readonly aliasAt: number;
}

/** A file name's ending (`.md`, `.png`, `.jpeg`): a target with one names a file, not a skill. */
const FILE_ENDING = /\.[a-z0-9]{2,5}$/i;

/** The endings of pictures Obsidian embeds with `![[…]]`; any other embed is a page's text, shown as a link here. */
const PICTURE_ENDING = /\.(?:png|jpe?g|gif|webp|svg|avif|bmp)$/i;

/** Whether `![[…]]` with this link shows a picture (`![[Maps/march.png|300]]`). */
export function embedsPicture(link: WikiLink): boolean {
  return link.fragment === null && PICTURE_ENDING.test(link.target);
}

/** What a wiki link names, as the book's links keep it (Link.href): its page and heading, without the shown words. */
export function wikiHref(inner: string): string {
  return inner.split(/\\?\|/)[0].trim();
}

/** The parts of a wiki link's inside (what `WIKI_LINK` captures). */
export function readWikiLink(inner: string): WikiLink {
  // In a table the bar is escaped (`[[Page\|words]]`); elsewhere it is the first bar.
  const bar = inner.search(/\\?\|/);
  const linkPart = bar === -1 ? inner : inner.slice(0, bar);
  const aliasStart = bar === -1 ? -1 : inner.indexOf('|', bar) + 1;
  const hash = linkPart.indexOf('#');
  const targetRaw = hash === -1 ? linkPart : linkPart.slice(0, hash);
  const lead = targetRaw.length - targetRaw.trimStart().length;
  const aliasRaw = aliasStart === -1 ? null : inner.slice(aliasStart);
  return {
    target: targetRaw.trim(),
    targetAt: lead,
    fragment: hash === -1 ? null : linkPart.slice(hash + 1).trim(),
    fragmentAt: hash === -1 ? -1 : hash + 1 + (linkPart.slice(hash + 1).length - linkPart.slice(hash + 1).trimStart().length),
    alias: aliasRaw === null ? null : aliasRaw.trim() || null,
    aliasAt: aliasRaw === null ? -1 : aliasStart + (aliasRaw.length - aliasRaw.trimStart().length),
  };
}

/**
 * Whether the link can only name a page: it has a folder, a file ending or a heading (`[[Classes/Chaos-Mage]]`,
 * `[[map.png]]`, `[[Combat#Fleeing]]`, `[[#Fleeing]]`). A bare name (`[[agile]]`, `[[Shield Bash|bash]]`) may name a
 * skill of the book, or else a page; the linker decides.
 */
export function namesPageOnly(link: WikiLink): boolean {
  return link.fragment !== null || link.target === '' || link.target.includes('/') || FILE_ENDING.test(link.target);
}

/**
 * The words a reader sees for the link, and where they start in the inside: the alias; else the heading; else the
 * page's name without its folder and ending (`Compendium/13A/Classes/Chaos-Mage` shows `Chaos-Mage`).
 */
export function shownWords(link: WikiLink): { readonly text: string; readonly at: number } {
  if (link.alias !== null) return { text: link.alias, at: link.aliasAt };
  if (link.fragment) {
    // `[[Page#Combat#Fleeing]]` shows its last heading; a block's id (`#^spell`) is no words, the page's name is.
    const from = link.fragment.lastIndexOf('#') + 1;
    const last = link.fragment.slice(from).trim();
    if (last && !last.startsWith('^')) return { text: last, at: link.fragmentAt + from };
  }
  const slash = link.target.lastIndexOf('/');
  const name = link.target.slice(slash + 1).replace(FILE_ENDING, '');
  return { text: name || link.target, at: link.targetAt + slash + 1 };
}

// "[[3.3]]", "[[20.B]]", "[[702.19b.]]": the whole inside is a rule's number.
const NUMBER_ONLY = new RegExp(String.raw`^\s*((?:${OUTLINE_NUMBER}|\d+(?:\.\d+)*[a-z]?))\.?\s*$`, 'i');

/** The rule number a wiki link's inside is (`[[3.3]]` → "3.3"), null when it is anything else. */
export function wikiRuleNumber(inner: string): string | null {
  return NUMBER_ONLY.exec(inner)?.[1] ?? null;
}

/**
 * "[[And the stall count continues uninterrupted.]]", "[[For example, after an uncontested receiving foul.]]": a
 * note the book puts in double brackets (USA Ultimate's rules, 55 of them), no skill's name. A name is a few words
 * without a sentence's punctuation ("Build and Disarm Traps", "Lore: Ancient History", "St. Michael's Blessing"); a
 * note is a sentence: five words or more, forty characters or more, and a sentence's ending, or a comma or semicolon
 * between its clauses, or a stop between two sentences; or, punctuated or not, twice as long as a long name.
 */
export function isNote(inner: string): boolean {
  const text = inner.trim();
  const words = text.split(/\s+/).length;
  if (text.length < 40 || words < 5) return false;
  // Longer than any name, even unpunctuated: "[[The official interpretation of this rule is that a player is …]]".
  if (text.length > 80 && words >= 12) return true;
  return /[.!?]["'”’)\]]*$/.test(text) || /[,;]\s/.test(text) || /[a-z]{3}[.!?]["'”’)]*\s+[A-Z]/.test(text);
}

/**
 * What a wiki link that is a link names (Link.wiki): 'page', a page only (`namesPageOnly`: a folder, a file ending or
 * a heading); 'name', a bare name, a skill's or else a page's, which the linker tells apart.
 */
export type WikiLinkNames = 'page' | 'name';

/**
 * What a wiki link is: a rule's number; a note in brackets (both references and text, no links); a page
 * (`namesPageOnly`); or a name, a skill's or else a page's, which the linker tells apart. Read once, by the parser:
 * the model's link keeps it (Link.wiki), and the linker reads it there.
 */
export function wikiLinkKind(inner: string, link: WikiLink = readWikiLink(inner)): 'rule' | 'note' | WikiLinkNames {
  if (NUMBER_ONLY.test(inner)) return 'rule';
  if (isNote(inner)) return 'note';
  return namesPageOnly(link) ? 'page' : 'name';
}
