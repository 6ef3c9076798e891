/**
 * The furniture of a saved wiki page, left out with everything inside it: "[edit]" links glued to every
 * heading, the contents box (its entries would become headings a second time), "Jump to navigation", the
 * footnote calls and back-arrows, the categories, the "Retrieved from" line, the side menus and the footer.
 * Named by MediaWiki's own ids and classes, and by the ARIA roles any site gives its menus.
 */
const FURNITURE_CLASSES = new Set(['mw-editsection', 'toc', 'mw-jump-link', 'noprint', 'printfooter', 'catlinks', 'navbox', 'reference', 'mw-cite-backlink']);
const FURNITURE_IDS = new Set(['toc', 'siteSub', 'contentSub', 'jump-to-nav', 'mw-navigation', 'mw-head', 'mw-panel', 'footer', 'catlinks']);
const FURNITURE_ROLES = new Set(['navigation', 'contentinfo', 'search']);

/** An element's attributes as the HTML parser gives them: names lower-cased, values decoded. */
export type Attributes = Readonly<Record<string, string>>;

export function isPageFurniture(attributes: Attributes): boolean {
  const id = attributes.id;
  if (id && FURNITURE_IDS.has(id)) return true;
  const role = attributes.role;
  if (role && FURNITURE_ROLES.has(role.toLowerCase())) return true;
  // Whole class names only: "reference-text" holds the footnote itself.
  return (attributes.class ?? '').split(/\s+/).some((c) => FURNITURE_CLASSES.has(c));
}
