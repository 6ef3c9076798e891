/**
 * Numbers a book writes only in its contents list (`layout.numbering.fromContents`): Quonauts' rules number their
 * sections in `* [**1.4.1. Errors**](#errors)` and nowhere else; its headings are `### <a name='errors'/> Errors`.
 * Each heading a numbered contents link lands on takes that number, its range the number in the link: that is
 * where the book writes it, so a renumbering rewrites it there.
 */
import type { Anchor, Link, RulebookSource, Section } from '../model/types.js';
import { Locator } from './locator.js';
import { matchHeadingNumber } from './numbers.js';

export function numberFromContents(sections: readonly Section[], links: readonly Link[], anchors: readonly Anchor[], source: RulebookSource): Section[] {
  const texts = new Map(source.files.map((f) => [f.path, f.text]));
  // Where an in-page link lands: an anchor written in a heading, or the heading's own slug.
  const target = new Map<string, Section>();
  const byId = new Map(sections.map((s) => [s.id, s]));
  for (const s of sections) if (s.slug) target.set(`${s.headingRange.file}#${s.slug}`, s);
  for (const a of anchors) {
    const section = a.inHeading && a.sectionId ? byId.get(a.sectionId) : undefined;
    if (section) target.set(`${a.range.file}#${a.name}`, section);
  }
  const numbers = new Map<string, Section['number']>();
  const locators = new Map<string, Locator>();
  for (const link of links) {
    if (!link.href.startsWith('#')) continue;
    const section = target.get(`${link.range.file}${link.href}`);
    if (!section || section.number || numbers.has(section.id)) continue;
    const number = matchHeadingNumber(link.text);
    const text = texts.get(link.range.file);
    if (!number || number.segments.length === 0 || text === undefined) continue;
    // The number as written inside the link's text ("[**1.4.1. Errors**]"), found after the opening bracket.
    const at = text.indexOf(number.text, link.range.start.offset);
    if (at === -1 || at >= link.hrefRange.start.offset) continue;
    let locator = locators.get(link.range.file);
    if (!locator) locators.set(link.range.file, (locator = new Locator(link.range.file, text)));
    numbers.set(section.id, { key: number.key, text: number.text, segments: number.segments, prefix: number.prefix, range: locator.range(at, at + number.text.length) });
  }
  return numbers.size === 0 ? [...sections] : sections.map((s) => (numbers.has(s.id) ? { ...s, number: numbers.get(s.id)! } : s));
}
