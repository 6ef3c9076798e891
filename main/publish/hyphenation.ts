/**
 * Hyphenation for the book's language: Liang's TeX patterns from the maintained `hyphen` package, loaded when an
 * export asks and only for that language (the other commands never load a pattern).
 */
import { createRequire } from 'node:module';
import type { Hyphenate } from '../../shared/publish/types.js';

type HyphenModule = typeof import('hyphen/en-us');

const require = createRequire(import.meta.url);

/**
 * The package's entry for a BCP 47 tag ("en-GB", "de-AT", "fr"), or null when it has none: the whole tag, else its
 * language code (the package's "en" is American English, its "de" the 1996 spelling).
 */
export function patternName(language: string): string | null {
  const tag = language.trim().toLowerCase().replace(/_/g, '-');
  if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(tag)) return null;
  const code = tag.split('-')[0];
  for (const name of [tag, code]) {
    try {
      require.resolve(`hyphen/${name}`);
      return name;
    } catch {
      // Not this one: try the next, shorter name.
    }
  }
  return null;
}

/**
 * The syllables of a word in `language` (default English), for the line breaker: "hyphenation" → hy, phen, ation.
 * Null, with the reason, when the package has no patterns for that language.
 */
export function loadHyphenator(language: string | null | undefined): { hyphenate: Hyphenate | null; warning: string | null } {
  const wanted = language?.trim() || 'en';
  const name = patternName(wanted);
  if (!name) return { hyphenate: null, warning: `no hyphenation patterns for language \`${wanted}\`: the book is printed without hyphenation` };
  const patterns = require(`hyphen/${name}`) as HyphenModule;
  // A character no word holds marks the breaks; words under five letters are never broken (the package's default).
  return { hyphenate: (word) => patterns.hyphenateSync(word, { hyphenChar: '\u0001' }).split('\u0001'), warning: null };
}
