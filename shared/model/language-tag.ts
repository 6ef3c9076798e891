/** What the product makes of a book's `language:` tag: the tag Intl takes, and the language it names. */

/** `language` as a well-formed BCP 47 tag ("fr", "en-GB", "de-AT"; "EN-gb" written so), or null for anything else. */
export function languageTag(language: string | null): string | null {
  if (!language) return null;
  try {
    return Intl.getCanonicalLocales(language)[0] ?? null;
  } catch {
    return null; // "Français", "fr-12": no tag Intl can use
  }
}

/** The language a tag names, its primary subtag in lower case ("fr" of "fr-CA", "pt_BR"); '' for none. */
export function primarySubtag(language: string | null): string {
  return language?.toLowerCase().split(/[-_]/)[0] ?? '';
}
