/** Whether a requirement's text names entries of the book: split as prerequisites are split, each piece looked up. */

/** Link texts, Liquid and Hugo tags unwrapped, emphasis dropped: the words a reader sees. */
export function readableText(value: string): string {
  return value
    .replace(/\{%\s*\w+_link\s+([\w-]+)[^%]*%\}/g, (_, slug: string) => slug.replace(/-/g, ' '))
    .replace(/\{\{<[^>]*>\}\}/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[\[([^\]|]*)(?:\|[^\]]*)?\]\]/g, '$1')
    .replace(/[*_`]/g, '');
}

/** The pieces of a requirement as written: separated by commas, semicolons, "and", "or", "one of", "either". */
export function requirementTerms(value: string): string[] {
  return readableText(value)
    .split(/\s*(?:[,;]|\band\b|\bor\b|\beither\b|\bone of\b|\bmust have\b|\brequires?\b)\s*/i)
    .map((p) => p.replace(/^[\s(]+|[\s.)!:]+$/g, '').replace(/\s+/g, ' '))
    .filter((p) => p.length >= 2);
}

/** The pieces of a requirement, lower case. */
export function requirementPieces(value: string): string[] {
  return requirementTerms(value).map((p) => p.toLowerCase());
}

/** How many pieces of `value` name an entry of `names` (lower case) other than `own`. */
export function nameMentions(value: string, names: ReadonlySet<string>, own = ''): number {
  let n = 0;
  for (const piece of requirementPieces(value)) if (piece !== own && names.has(piece)) n++;
  return n;
}
