/**
 * Where a setting is written: a problem with a setting (config-invalid, a bad `lint:` entry) points at the key at
 * fault in rulebook.yaml or the front matter, not at the top of the file. The model keeps no positions for settings
 * (YAML is read into plain values), so the key is found in the settings text itself: the one way the parser and the
 * linter place a setting.
 */
import type { RulebookSource } from '../model/types.js';
import { splitFrontMatter } from './config.js';
import { escapeRegExp } from './regexp.js';

/** The text that holds a rulebook's settings, and the part of it that is settings [from, to). */
export interface SettingsText {
  readonly path: string;
  readonly text: string;
  readonly from: number;
  readonly to: number;
}

/**
 * Where the rulebook's settings come from, as the parser reads them: rulebook.yaml when it reads as settings, else
 * the first front matter that reads (the only file's, in a one-file book). `reads(i)` says whether file i's front matter
 * (or, for -1, rulebook.yaml) reads as a mapping of settings. Null for a book without settings.
 */
export function settingsText(source: RulebookSource, reads: (index: number) => boolean): SettingsText | null {
  const manifest = source.manifest;
  if (manifest && reads(-1)) return { path: manifest.path, text: manifest.text, from: 0, to: manifest.text.length };
  const index = source.files.findIndex((_, i) => reads(i));
  if (index >= 0) {
    const file = source.files[index];
    const front = splitFrontMatter(file.text);
    if (front) return { path: file.path, text: file.text, from: front.yamlOffset, to: front.yamlOffset + front.yaml.length };
  }
  // Settings that do not read are still reported in the file that holds them.
  if (manifest) return { path: manifest.path, text: manifest.text, from: 0, to: manifest.text.length };
  return null;
}

/** Longer settings blocks are not searched: settings are a few lines, and a key past this is reported at the top. */
const SEARCHED = 65_536;

/**
 * Where the setting `key` is written in [from, to) of `text`: a top-level key (`costUnits`), or a path of keys
 * (`layout.skills.boldNames`, or `['lint', 'missing-cost']` for a key that holds a dot), each looked for inside the
 * block of the one before it, in block or flow style. The place of the deepest key found (a misspelt inner key is
 * reported at its parent), or null when not even the first key is there.
 */
export function settingPlace(text: string, from: number, to: number, key: string | readonly string[]): { readonly start: number; readonly end: number } | null {
  const path = typeof key === 'string' ? key.split('.') : key;
  const settings = text.slice(from, Math.min(to, from + SEARCHED));
  let found: { start: number; end: number } | null = null;
  let blockStart = 0;
  let blockEnd = settings.length;
  for (let depth = 0; depth < path.length; depth++) {
    const block = settings.slice(blockStart, blockEnd);
    // The first key starts a line; a key inside a block follows its indentation, a `{` or a `,` (flow style).
    const pattern = depth === 0 ? new RegExp(`^()(["']?)(${escapeRegExp(path[0])})\\2[ \\t]*:`, 'm') : new RegExp(`(^[ \\t]*|[{,][ \\t]*)(["']?)(${escapeRegExp(path[depth])})\\2[ \\t]*:`, 'm');
    const match = pattern.exec(block);
    if (!match) break;
    const start = blockStart + match.index + match[1].length + match[2].length;
    found = { start: from + start, end: from + start + path[depth].length };
    // The key's block: the rest of its line, then every line indented deeper than the key's own line (or blank, or a comment).
    const lineStart = settings.lastIndexOf('\n', start - 1) + 1;
    const indent = /^[ \t]*/.exec(settings.slice(lineStart))![0].length;
    const after = blockStart + match.index + match[0].length;
    const next = new RegExp(`\\n(?=[ \\t]{0,${indent}}[^\\s#])`).exec(settings.slice(after, blockEnd));
    blockStart = after;
    blockEnd = next ? after + next.index : blockEnd;
  }
  return found;
}
