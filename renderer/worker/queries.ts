/** What the editor asks about a place in the text: which symbol is there, its card, its definition, its references, a rename plan. */
import { rulesDescribing } from '../../shared/link/descriptions.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { TextEdit } from '../../shared/model/edits.js';
import type { NumberedEntry, Skill, SourceRange } from '../../shared/model/types.js';
import { nameKey } from '../../shared/parse/index.js';
import type { FilePosition } from './protocol.js';

/** A skill (by name key) or a numbered heading/rule (by number key). */
export type SymbolTarget =
  | { readonly kind: 'skill'; readonly key: string; readonly name: string; readonly range: SourceRange }
  | { readonly kind: 'number'; readonly key: string; readonly text: string; readonly range: SourceRange };

export interface HoverCard {
  readonly range: SourceRange;
  /** Markdown; user text in it is escaped. */
  readonly markdown: string;
}

export type RenamePlan =
  | { readonly ok: true; readonly edits: readonly TextEdit[]; readonly title: string }
  | { readonly ok: false; readonly message: string };

interface Occurrence {
  readonly range: SourceRange;
  readonly target: SymbolTarget;
}

// Built once per analysis and dropped with it (the WeakMap key is the analysis' own object).
const occurrenceIndex = new WeakMap<LinkedRulebook, Map<string, Occurrence[]>>();

function occurrences(linked: LinkedRulebook, file: string): Occurrence[] {
  let byFile = occurrenceIndex.get(linked);
  if (!byFile) {
    byFile = new Map();
    const add = (range: SourceRange, target: SymbolTarget) => {
      const list = byFile!.get(range.file) ?? [];
      list.push({ range, target });
      byFile!.set(range.file, list);
    };
    for (const skill of linked.model.skills) {
      add(skill.nameRange, { kind: 'skill', key: skill.key, name: skill.name, range: skill.nameRange });
      for (const list of skill.prerequisites) {
        if (list.origin === 'section') continue; // written once under a heading, not in this entry
        for (const req of list.requirements) {
          for (const term of req.alternatives) {
            if (term.kind === 'skill') add(term.range, { kind: 'skill', key: term.key, name: term.text, range: term.range });
          }
        }
      }
    }
    for (const ref of linked.model.references) {
      add(ref.targetRange, ref.kind === 'skill'
        ? { kind: 'skill', key: ref.target, name: ref.targetText, range: ref.targetRange }
        : { kind: 'number', key: ref.target, text: ref.targetText, range: ref.targetRange });
    }
    for (const entry of linked.numberedEntries) {
      add(entry.number.range, { kind: 'number', key: entry.number.key, text: entry.number.text, range: entry.number.range });
    }
    // Section-wide prerequisite lines are shared by several skills: index each term once.
    const seen = new Set<string>();
    for (const skill of linked.model.skills) {
      for (const list of skill.prerequisites) {
        if (list.origin !== 'section') continue;
        for (const req of list.requirements) {
          for (const term of req.alternatives) {
            const id = `${term.range.file}#${term.range.start.offset}`;
            if (term.kind !== 'skill' || seen.has(id)) continue;
            seen.add(id);
            add(term.range, { kind: 'skill', key: term.key, name: term.text, range: term.range });
          }
        }
      }
    }
    occurrenceIndex.set(linked, byFile);
  }
  return byFile.get(file) ?? [];
}

function contains(range: SourceRange, at: FilePosition): boolean {
  const afterStart = at.line > range.start.line || (at.line === range.start.line && at.column >= range.start.column);
  const beforeEnd = at.line < range.end.line || (at.line === range.end.line && at.column <= range.end.column);
  return afterStart && beforeEnd;
}

/** The symbol under the cursor, the narrowest when several overlap. */
export function symbolAt(linked: LinkedRulebook, at: FilePosition): SymbolTarget | null {
  let best: Occurrence | null = null;
  for (const occ of occurrences(linked, at.file)) {
    if (!contains(occ.range, at)) continue;
    const size = occ.range.end.offset - occ.range.start.offset;
    if (!best || size < best.range.end.offset - best.range.start.offset) best = occ;
  }
  return best ? best.target : null;
}

/** Escapes Markdown so rulebook text shows as written in a hover (and can never become a link or markup). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

function where(range: SourceRange): string {
  return `${range.file}:${range.start.line}`;
}

function excerpt(text: string, max = 240): string {
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
  const described = rulesDescribing(linked, skill);
  if (described.length) {
    lines.push('', '---', '');
    for (const rule of described.slice(0, 3)) lines.push(`**${escapeMarkdown(rule.number.key)}** ${escapeMarkdown(excerpt(rule.text, 200))}`, '');
    if (described.length > 3) lines.push(`and ${described.length - 3} more rule${described.length > 4 ? 's' : ''}`);
  }
  return { range, markdown: lines.join('\n').trimEnd() };
}

function entryTitle(entry: NumberedEntry): string {
  return entry.kind === 'section' ? entry.title : excerpt(entry.text, 160);
}

function entryRange(entry: NumberedEntry): SourceRange {
  return entry.number.range;
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
      `Referenced ${refs.length} time${refs.length === 1 ? '' : 's'} · defined at ${escapeMarkdown(where(entryRange(entry)))}`,
    ].join('\n'),
  };
}

export function hoverAt(linked: LinkedRulebook, at: FilePosition): HoverCard | null {
  const target = symbolAt(linked, at);
  if (!target) return null;
  return target.kind === 'skill' ? skillCard(linked, target.key, target.range, target.name) : numberCard(linked, target.key, target.range, target.text);
}

export function definitionAt(linked: LinkedRulebook, at: FilePosition): SourceRange[] {
  const target = symbolAt(linked, at);
  if (!target) return [];
  if (target.kind === 'skill') return (linked.skillsByKey.get(target.key) ?? []).map((s) => s.nameRange);
  return (linked.entriesByNumber.get(target.key) ?? []).map(entryRange);
}

/** Every place a skill is written: definitions, prerequisite terms, [[links]]. */
export function skillOccurrences(linked: LinkedRulebook, key: string): SourceRange[] {
  const ranges: SourceRange[] = [];
  const seen = new Set<string>();
  const add = (r: SourceRange) => {
    const id = `${r.file}#${r.start.offset}`;
    if (!seen.has(id)) {
      seen.add(id);
      ranges.push(r);
    }
  };
  for (const skill of linked.skillsByKey.get(key) ?? []) add(skill.nameRange);
  for (const skill of linked.model.skills) {
    for (const list of skill.prerequisites) for (const req of list.requirements) for (const term of req.alternatives) if (term.kind === 'skill' && term.key === key) add(term.range);
  }
  for (const ref of linked.model.references) if (ref.kind === 'skill' && ref.target === key) add(ref.targetRange);
  return ranges;
}

export function referencesAt(linked: LinkedRulebook, at: FilePosition): SourceRange[] {
  const target = symbolAt(linked, at);
  if (!target) return [];
  if (target.kind === 'skill') return skillOccurrences(linked, target.key);
  const entries = linked.entriesByNumber.get(target.key) ?? [];
  const ranges = entries.map(entryRange);
  for (const entry of entries) for (const ref of linked.referencedBy.get(entry.id) ?? []) ranges.push(ref.targetRange);
  return ranges;
}

/** The skill a rename at this place would rename, or null when the place names no defined skill. */
export function renameTargetAt(linked: LinkedRulebook, at: FilePosition): SymbolTarget | null {
  const target = symbolAt(linked, at);
  if (!target || target.kind !== 'skill' || !linked.skillsByKey.has(target.key)) return null;
  return target;
}

/** Checks a new skill name the way a person would expect: not empty, one line, not another skill's name. */
export function checkNewName(linked: LinkedRulebook, oldKey: string, newName: string): string | null {
  const name = newName.trim();
  if (!name) return 'The new name is empty.';
  if (/[\r\n]/.test(name)) return 'A skill name must fit on one line.';
  if (/[[\]*|]/.test(name)) return 'A skill name cannot contain [, ], * or |.';
  const key = nameKey(name);
  if (key !== oldKey && linked.skillsByKey.has(key)) return `A skill named “${linked.skillsByKey.get(key)![0].name}” already exists.`;
  return null;
}

/** Stand-in for shared/refactor's planRenameSkill: every definition, prerequisite and [[link]] of the skill. */
export function planRenameHere(linked: LinkedRulebook, at: FilePosition, newName: string): RenamePlan {
  const target = renameTargetAt(linked, at);
  if (!target || target.kind !== 'skill') return { ok: false, message: 'Put the cursor on a skill name to rename it.' };
  const problem = checkNewName(linked, target.key, newName);
  if (problem) return { ok: false, message: problem };
  const oldName = linked.skillsByKey.get(target.key)![0].name;
  const edits = skillOccurrences(linked, target.key).map((range) => ({ range, newText: newName.trim() }));
  return { ok: true, edits, title: `Rename “${oldName}” to “${newName.trim()}”` };
}
