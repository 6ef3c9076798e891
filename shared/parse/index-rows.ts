/**
 * A table that lists a book's entries with a link to each ("| [Nimble](#nimble) | 8 | - | DEX 13+, Agility |", the
 * MARS talent index) sums up skills the book defines under their own headings, with their own cost and requirement
 * lines. A row whose name is a link to the heading of a skill of the same name is that skill's index entry, not a
 * second definition: read as one, every skill of such a book was defined twice, and any shorthand of the index
 * ("INT 11+" for "Max Intelligence 11+") an error.
 */
import type { Link, Section, Skill } from '../model/types.js';
import { nameKey } from './keys.js';

/** The skills without the index rows among them; the same array when there is none (most books). */
export function withoutIndexRows(skills: readonly Skill[], links: readonly Link[], sections: readonly Section[]): readonly Skill[] {
  if (!skills.some((s) => s.form === 'table') || !skills.some((s) => s.form === 'heading')) return skills;
  // Heading skills by file, heading slug and name: what an index row's link must land on.
  const headingLines = new Map(sections.map((s) => [`${s.headingRange.file}:${s.headingRange.start.line}`, s]));
  const headings = new Set<string>();
  for (const skill of skills) {
    if (skill.form !== 'heading') continue;
    const section = headingLines.get(`${skill.nameRange.file}:${skill.nameRange.start.line}`);
    if (section) headings.add(`${section.headingRange.file}#${section.slug}#${skill.key}`);
  }
  if (headings.size === 0) return skills;
  const linksByFile = new Map<string, Link[]>();
  for (const link of links) {
    if (link.image || !link.href.includes('#')) continue;
    const list = linksByFile.get(link.range.file);
    if (list) list.push(link);
    else linksByFile.set(link.range.file, [link]);
  }
  const files = [...new Set(sections.map((s) => s.headingRange.file))];
  const isIndexRow = (skill: Skill): boolean => {
    if (skill.form !== 'table') return false;
    const { file, start, end } = skill.nameRange;
    const link = linksByFile.get(file)?.find((l) => l.range.start.offset <= start.offset && end.offset <= l.range.end.offset);
    if (!link || nameKey(link.text) !== skill.key) return false;
    const hash = link.href.indexOf('#');
    const path = link.href.slice(0, hash).replace(/^\.\//, '');
    const fragment = decodeFragment(link.href.slice(hash + 1));
    const targets = path === '' ? [file] : files.filter((f) => f === path || f.endsWith(`/${path}`));
    return targets.some((target) => headings.has(`${target}#${fragment}#${skill.key}`));
  };
  const kept = skills.filter((s) => !isIndexRow(s));
  return kept.length === skills.length ? skills : kept;
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment).toLowerCase();
  } catch {
    return fragment.toLowerCase();
  }
}
