/** The language a book is written in, as its `language:` setting names it (front matter or rulebook.yaml). */
import { readingWords } from './reading-words.js';
import type { RulebookConfig } from './types.js';

/**
 * The book's `language:`, a BCP 47 tag such as "fr" or "en-GB": what the PDF hyphenates by, and what the website's
 * own words are in. Null when the book sets none. Written as given: each use says what it makes of a tag it lacks.
 */
export function bookLanguage(config: Pick<RulebookConfig, 'extra'>): string | null {
  const language = config.extra.language;
  return typeof language === 'string' && language.trim() !== '' ? language.trim() : null;
}

/** The word a book writes between alternatives ("or", "или", "ou"): what its requirements print with. */
export function alternativesWord(config: Pick<RulebookConfig, 'extra'>): string {
  return readingWords(bookLanguage(config)).or[0] ?? 'or';
}
