/**
 * A table that lists a book's entries with a link to each ("| [Nimble](#nimble) | 8 | - | DEX 13+, Agility |", the
 * MARS talent index) sums up skills the book defines under their own headings, with their own cost and requirement
 * lines. A row whose name is a link to the heading of a skill of the same name is that skill's index entry, not a
 * second definition: read as one, every skill of such a book was defined twice, and any shorthand of the index
 * ("INT 11+" for "Max Intelligence 11+") an error.
 */
import { linkedSections } from '../link/links.js';
import { headingSkills } from '../model/heading-skills.js';
import type { Link, Rulebook, Skill } from '../model/types.js';

/** The book's skills without the index rows among them; the same array when there is none (most books). */
export function withoutIndexRows(model: Rulebook): readonly Skill[] {
  const { skills } = model;
  if (!skills.some((s) => s.form === 'table') || !skills.some((s) => s.form === 'heading')) return skills;
  // Where a link lands, read as the broken-link check and the publisher read it.
  const targets = linkedSections(model);
  if (targets.size === 0) return skills;
  const headings = headingSkills(model);
  const linksByLine = new Map<string, Link[]>();
  for (const link of targets.keys()) {
    const at = `${link.range.file}:${link.range.start.line}`;
    const list = linksByLine.get(at);
    if (list) list.push(link);
    else linksByLine.set(at, [link]);
  }
  const isIndexRow = (skill: Skill): boolean => {
    if (skill.form !== 'table') return false;
    const { file, start, end } = skill.nameRange;
    const link = linksByLine.get(`${file}:${start.line}`)?.find((l) => l.range.start.offset <= start.offset && end.offset <= l.range.end.offset);
    const section = link && targets.get(link);
    return section !== undefined && headings.skillOf(section)?.key === skill.key;
  };
  const kept = skills.filter((s) => !isIndexRow(s));
  return kept.length === skills.length ? skills : kept;
}
