/**
 * The website's anchor ids. A numbered section or rule is `r` + its number with each run of punctuation as one
 * hyphen (702.19b → `#r702-19b`, chapter 3 → `#r3`): a number alone may start with a digit, which CSS selectors
 * and some chat apps' link detection mishandle, and the `r` keeps it apart from the headings' GitHub slugs. A skill
 * is `skill-` + its name slugged as GitHub slugs headings (Energy Ball → `#skill-energy-ball`). A second entry with
 * the same id gets `-2`, `-3`… in document order.
 */
import { slug } from 'github-slugger';

export function numberId(key: string): string {
  return `r${key.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '')}`;
}

export function skillId(name: string): string {
  return `skill-${slug(name) || 'unnamed'}`;
}

/** Hands out ids unique within one scope (a page, or the whole single-file export). */
export class IdScope {
  private readonly taken = new Set<string>();

  /** `wanted`, or `wanted-2`, `wanted-3`… when it is already taken. */
  claim(wanted: string): string {
    let id = wanted;
    for (let n = 2; this.taken.has(id); n++) id = `${wanted}-${n}`;
    this.taken.add(id);
    return id;
  }

  /**
   * A heading's GitHub slug: GitHub numbers a repeated slug `-1`, `-2`… (github-slugger's rule), and never reuses
   * an id another anchor already holds.
   */
  heading(slugged: string): string {
    const base = slugged || 'section';
    if (!this.taken.has(base)) return this.claim(base);
    for (let n = 1; ; n++) if (!this.taken.has(`${base}-${n}`)) return this.claim(`${base}-${n}`);
  }
}
