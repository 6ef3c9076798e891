/**
 * A name as a file name or a part of a web address: lower-case ASCII letters, digits and hyphens, readable in any
 * alphabet the book is written in ("Règles de base" → "regles-de-base", "Ausrüstung" → "ausruestung", "Основы магии" →
 * "osnovy-magii"), where only the ASCII letters were kept before ("r-gles-de-base", and nothing at all of a Cyrillic
 * title). Transliterated by @sindresorhus/transliterate.
 */
import transliterate from '@sindresorhus/transliterate';

/** `text` as a stem of at most `max` characters; empty when nothing in it can be written so (digits and signs alone kept). */
export function fileStem(text: string, max = 60): string {
  return transliterate(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
