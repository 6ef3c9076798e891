/** Hover cards: a skill's cost, prerequisites, who requires it and where it is defined; a section's or rule's title and references. */
import { rulesDescribing, sectionDescribing } from '../link/descriptions.js';
import type { LinkedRulebook } from '../link/types.js';
import type { NumberedEntry, Skill, SourceRange } from '../model/types.js';
import { symbolAt } from './symbols.js';
import type { FilePosition, HoverCard } from './types.js';

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
  const parts = skill.prerequisites.map((p) => p.raw.trim()).filter((t) => t && t !== '--');
  return parts.length ? parts.join('; ') : 'none';
}

export function skillCard(linked: LinkedRulebook, key: string, range: SourceRange, written: string): HoverCard {
  const defs = linked.skillsByKey.get(key) ?? [];
  if (defs.length === 0) {
    return { range, markdown: `**${escapeMarkdown(written)}**\n\nNo skill of this name is defined in the rulebook.` };
  }
  const skill = defs[0];
  const requiredBy = linked.requiredBy.get(skill.id) ?? [];
  const lines = [
    `**${escapeMarkdown(skill.name)}**${skill.costText ? ` — ${escapeMarkdown(skill.costText)}` : ' — no cost'}`,
    '',
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

export function numberCard(linked: LinkedRulebook, key: string, range: SourceRange, written: string): HoverCard {
  const entries = linked.entriesByNumber.get(key) ?? [];
  if (entries.length === 0) return { range, markdown: `**${escapeMarkdown(written)}**\n\nNo section or rule has this number.` };
  const entry = entries[0];
  const refs = linked.referencedBy.get(entry.id) ?? [];
  const kind = entry.kind === 'section' ? 'Section' : 'Rule';
  return {
    range,
    markdown: [
      `**${kind} ${escapeMarkdown(entry.number.key)}** ${escapeMarkdown(entryTitle(entry))}`,
      '',
      `Referenced ${refs.length} time${refs.length === 1 ? '' : 's'} · defined at ${escapeMarkdown(where(entry.number.range))}`,
    ].join('\n'),
  };
}

export function hoverAt(linked: LinkedRulebook, at: FilePosition): HoverCard | null {
  const target = symbolAt(linked, at);
  if (!target) return null;
  return target.kind === 'skill' ? skillCard(linked, target.key, target.range, target.name) : numberCard(linked, target.key, target.range, target.text);
}
