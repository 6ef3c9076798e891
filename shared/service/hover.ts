/**
 * Hover cards: a skill's cost, short fields, prerequisites, who requires it and where it is defined; a section's or
 * rule's title and references; where a link to a place of the book leads (its page and heading, and the first line
 * there).
 */
import { rulesDescribing, sectionDescribing } from '../link/descriptions.js';
import type { LinkedRulebook } from '../link/types.js';
import type { NumberedEntry, Section, Skill, SourceRange } from '../model/types.js';
import { plainText } from '../parse/keys.js';
import { landings } from './landings.js';
import { symbolAt } from './symbols.js';
import type { FilePosition, HoverCard } from './types.js';
import { plural } from '../model/plural.js';
import { writtenPrerequisites } from '../model/prerequisite-tiers.js';
import { isHeadField } from '../model/head-fields.js';

/** Escapes Markdown so rulebook text shows as written in a hover (and can never become a link or markup). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

function where(range: SourceRange): string {
  return `${range.file}:${range.start.line}`;
}

/** Text flattened to one line and cut at `max` characters. */
export function excerpt(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function prerequisiteText(skill: Skill): string {
  return writtenPrerequisites(skill, (p) => p.raw.trim()) || 'none';
}

/** A field this long is a paragraph of rules (an Effect), which the text excerpt below stands for. */
const SHORT_FIELD = 60;

/**
 * The skill's short fields on one line, as a card prints them ("Level: 1 · Type: Arcana Spell · Recall Cost: 0",
 * "Condition: Level 5+"); its cost and prerequisites have lines of their own. Null when it has none.
 */
function shortFields(skill: Skill): string | null {
  const shown = skill.fields.filter((f) => f.value && f.value.length <= SHORT_FIELD && !isHeadField(skill, f));
  return shown.length ? shown.map((f) => `${f.name}: ${plainText(f.value)}`).join(' · ') : null;
}

export function skillCard(linked: LinkedRulebook, key: string, range: SourceRange, written: string): HoverCard {
  const defs = linked.skillsByKey.get(key) ?? [];
  if (defs.length === 0) {
    return { range, markdown: `**${escapeMarkdown(written)}**\n\nNo skill of this name is defined in the rulebook.` };
  }
  const skill = defs[0];
  const requiredBy = linked.requiredBy.get(skill.id) ?? [];
  const fields = shortFields(skill);
  const lines = [
    `**${escapeMarkdown(skill.name)}**${skill.costText ? ` — ${escapeMarkdown(skill.costText)}` : ' — no cost'}`,
    '',
    ...(fields ? [escapeMarkdown(fields), ''] : []),
    `Prerequisites: ${escapeMarkdown(prerequisiteText(skill))}`,
    '',
    `Required by: ${requiredBy.length ? escapeMarkdown(requiredBy.slice(0, 12).map((s) => s.name).join(', ')) + (requiredBy.length > 12 ? ` and ${requiredBy.length - 12} more` : '') : 'none'}`,
    '',
    `Category: ${escapeMarkdown(skill.categoryPath.join(' › ') || 'none')}`,
    '',
    `Defined at ${escapeMarkdown(where(skill.nameRange))}${defs.length > 1 ? ` (and ${defs.length - 1} more definition${defs.length > 2 ? 's' : ''})` : ''}`,
  ];
  if (skill.text.trim()) lines.push('', '---', '', escapeMarkdown(excerpt(skill.text)));
  // A table skill is explained in rules of its own ("3.15.12 Estimate Value allows…"): show the first few.
  const section = sectionDescribing(linked, skill);
  if (section) lines.push('', `Explained at ${escapeMarkdown(where(section.heading))}`);
  const described = rulesDescribing(linked, skill);
  if (described.length) {
    lines.push('', '---', '');
    for (const rule of described.slice(0, 3)) lines.push(`**${escapeMarkdown(rule.number.key)}** ${escapeMarkdown(excerpt(rule.text, 200))}`, '');
    if (described.length > 3) lines.push(`and ${described.length - 3} more rule${described.length > 4 ? 's' : ''}`);
  }
  return { range, markdown: lines.join('\n').trimEnd() };
}

/** A numbered entry as a reader names it: a section's title, a rule's opening words. */
export function entryTitle(entry: NumberedEntry): string {
  return entry.kind === 'section' ? entry.title : excerpt(entry.text, 160);
}

/** The card of a number: the entry it names (`entries`, as the linker resolved it), or that it names none. */
export function numberCard(linked: LinkedRulebook, entries: readonly NumberedEntry[], range: SourceRange, written: string): HoverCard {
  if (entries.length === 0) return { range, markdown: `**${escapeMarkdown(written)}**\n\nNo section or rule has this number.` };
  const entry = entries[0];
  const refs = linked.referencedBy.get(entry.id) ?? [];
  const kind = entry.kind === 'section' ? 'Section' : 'Rule';
  // A list's item keeps its number among its list's ("scope:7"): it is called as the reference or the item writes it.
  const number = entry.scope === 'local' ? written.replace(/[.)]$/, '') : entry.number.key;
  return {
    range,
    markdown: [
      `**${kind} ${escapeMarkdown(number)}** ${escapeMarkdown(entryTitle(entry))}`,
      '',
      `Referenced ${plural(refs.length, 'time')} · defined at ${escapeMarkdown(where(entry.number.range))}`,
    ].join('\n'),
  };
}

/** A heading as a reader names it: its number and title ("3.2 Passive Magic", "Talents"). */
function headingTitle(section: Section): string {
  return section.number ? `${section.number.key} ${section.title}` : section.title || '(untitled)';
}

/** The first line of text under a heading, before any subheading, as a reader sees it; null when there is none. */
function firstLineUnder(linked: LinkedRulebook, section: Section, text: string | undefined): string | null {
  if (text === undefined || !section.hasContent) return null;
  const child = section.childSectionIds.length ? linked.sectionsById.get(section.childSectionIds[0]) : undefined;
  const under = text.slice(section.headingRange.end.offset, child ? child.headingRange.start.offset : section.range.end.offset);
  for (const line of under.split('\n')) {
    const words = line.trim().startsWith('<!--') ? '' : plainText(line).trim();
    if (words) return words;
  }
  return null;
}

/**
 * Where a link leads: the page (its first heading's title) and the heading, where it stands, how many links land
 * there, and the first line of its text. `text`: the text of the heading's file.
 */
function headingCard(linked: LinkedRulebook, sectionId: string, range: SourceRange, text: string | undefined): HoverCard {
  const section = linked.sectionsById.get(sectionId)!;
  const page = linked.model.sections.find((s) => s.headingRange.file === section.headingRange.file)!;
  const links = landings(linked).linksTo.get(section.id)?.length ?? 0;
  const lines = [
    `**${escapeMarkdown(page === section ? headingTitle(section) : `${headingTitle(page)} › ${headingTitle(section)}`)}**`,
    '',
    `Linked ${plural(links, 'time')} · at ${escapeMarkdown(where(section.headingRange))}`,
  ];
  const first = firstLineUnder(linked, section, text);
  if (first) lines.push('', '---', '', escapeMarkdown(excerpt(first, 200)));
  return { range, markdown: lines.join('\n') };
}

/** The card for a place; `textOf` gives a file's text (a link's card quotes the first line where it lands). */
export function hoverAt(linked: LinkedRulebook, at: FilePosition, textOf: (file: string) => string | undefined = () => undefined): HoverCard | null {
  const target = symbolAt(linked, at);
  if (!target) return null;
  switch (target.kind) {
    case 'skill':
      return skillCard(linked, target.key, target.range, target.name);
    case 'number':
      return numberCard(linked, target.entries, target.range, target.text);
    case 'heading': {
      // A heading needs no card of its own words; a link to it says where it leads.
      if (target.written === 'heading') return null;
      const file = linked.sectionsById.get(target.sectionId)!.headingRange.file;
      return headingCard(linked, target.sectionId, target.range, textOf(file));
    }
  }
}
