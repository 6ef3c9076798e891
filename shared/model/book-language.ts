/** The language a book is written in, as its `language:` setting names it (front matter or rulebook.yaml). */
import type { RulebookConfig } from './types.js';

/**
 * The book's `language:`, a BCP 47 tag such as "fr" or "en-GB": what the PDF hyphenates by, and what the website's
 * own words are in. Null when the book sets none. Written as given: each use says what it makes of a tag it lacks.
 */
export function bookLanguage(config: Pick<RulebookConfig, 'extra'>): string | null {
  const language = config.extra.language;
  return typeof language === 'string' && language.trim() !== '' ? language.trim() : null;
}
