/**
 * Where the book's links land, as the linker reads them: each Markdown or wiki link to a place of the book with the
 * heading it leads to (linkedSections: the named heading, or the page's first heading), and every heading with the
 * links that land on it. A bare `[[name]]` the linker resolved to a skill is the skill's, not a page's link.
 */
import { linkedSections } from '../link/links.js';
import type { LinkedRulebook } from '../link/types.js';
import type { Link, Section } from '../model/types.js';

export interface Landings {
  /** The heading each link leads to. */
  readonly sectionOf: ReadonlyMap<Link, Section>;
  /** Section id → the links that land on it, in document order. */
  readonly linksTo: ReadonlyMap<string, readonly Link[]>;
}

// Built once per analysis and dropped with it (the WeakMap key is the analysis' own object).
const landingsOf = new WeakMap<LinkedRulebook, Landings>();

export function landings(linked: LinkedRulebook): Landings {
  let found = landingsOf.get(linked);
  if (!found) {
    // `[[Shield Bash|the bash]]` where a page Shield Bash.md exists too: the linker gave the name to the skill.
    const skillLinks = new Set<string>();
    for (const resolved of linked.resolvedReferences) {
      const ref = resolved.reference;
      if (resolved.skill && ref.kind === 'skill' && ref.keyword === 'link') skillLinks.add(`${ref.range.file}#${ref.range.start.offset}`);
    }
    const sectionOf = new Map<Link, Section>();
    const linksTo = new Map<string, Link[]>();
    for (const [link, section] of linkedSections(linked.model)) {
      if (link.wiki && skillLinks.has(`${link.range.file}#${link.range.start.offset}`)) continue;
      sectionOf.set(link, section);
      const list = linksTo.get(section.id);
      if (list) list.push(link);
      else linksTo.set(section.id, [link]);
    }
    found = { sectionOf, linksTo };
    landingsOf.set(linked, found);
  }
  return found;
}
