/** The terminal form of a comparison: a summary line, then each kind of change, renumbering as runs, then the impact. */
import { nothingChanged, quietTextDifferences, shownTextSections, textChangeName, textCounts, textSectionLabel } from './text-notes.js';
import type { EntryChange, ImpactItem, RulebookComparison, SkillChange, SkillSummary, TextChange, VersionLabel, WordPart } from './types.js';
import { plural } from '../model/plural.js';
import { ENGLISH, fill, type BookWords } from '../model/book-words.js';

export interface TextOptions {
  /** List every renumbered entry under its run, not just the run. */
  readonly full?: boolean;
  /** Long unchanged stretches inside a changed rule are cut to this many words on each side of a change. */
  readonly contextWords?: number;
  /** Names for versions whose settings give no title, edition or date (a path, a git revision). */
  readonly oldLabel?: string;
  readonly newLabel?: string;
}

export function versionName(label: VersionLabel, fallback: string, words: BookWords = ENGLISH): string {
  const parts = [label.title, label.edition ? fill(words.words.edition, { edition: label.edition }) : null, label.date].filter(Boolean);
  return parts.length ? parts.join(', ') : fallback;
}

/** The old version's name for a sentence about the new one: its title is left out when both share it. */
export function oldVersionName(c: RulebookComparison, fallback: string, words: BookWords = ENGLISH): string {
  return versionName(c.old.title === c.new.title ? { ...c.old, title: null } : c.old, fallback, words);
}

export function summaryLine(c: RulebookComparison): string {
  const s = c.summary;
  const parts = [
    `${s.added} added`,
    `${s.removed} removed`,
    `${s.changed} changed`,
    `${s.renumbered} renumbered${s.renumberRuns ? ` (${plural(c.renumberRuns.length, 'run')})` : ''}`,
    `${s.moved} moved`,
  ];
  if (s.referencesUpdated) parts.push(`${s.referencesUpdated} with references updated`);
  const skills = [
    s.skillsAdded && `${s.skillsAdded} added`,
    s.skillsRemoved && `${s.skillsRemoved} removed`,
    s.skillsRenamed && `${s.skillsRenamed} renamed`,
    s.skillsChanged && `${s.skillsChanged} changed`,
  ].filter(Boolean);
  const rules = `Rules: ${parts.join(', ')}.`;
  const line = hasSkills(c) ? `${rules} Skills: ${skills.length ? skills.join(', ') : 'no changes'}.` : rules;
  if (!c.text || c.text.identical) return line;
  return `${line} Text: ${textCounts(s) ?? 'no changes in words'}.`;
}

/** Whether either version has skills: a book without any (the Comprehensive Rules) should not report on them. */
export function hasSkills(c: RulebookComparison): boolean {
  return c.skills.length > 0 || c.skillMatches.size > 0;
}

/** Cuts long unchanged stretches of a word diff, keeping `context` words either side of each change. */
export function condenseWords(parts: readonly WordPart[], context: number): WordPart[] {
  return parts.map((part, k) => {
    if (part.op !== 'same') return part;
    const words = part.text.split(/(?<=\s)/);
    const keepStart = k === 0 ? 0 : context;
    const keepEnd = k === parts.length - 1 ? 0 : context;
    if (words.length <= keepStart + keepEnd + 2) return part;
    return { op: 'same', text: `${words.slice(0, keepStart).join('')}… ${words.slice(words.length - keepEnd).join('')}` };
  });
}

function inline(parts: readonly WordPart[]): string {
  return parts.map((p) => (p.op === 'same' ? p.text : p.op === 'added' ? `{+${p.text}+}` : `[-${p.text}-]`)).join('');
}

function clip(text: string, length = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

export function costText(skill: SkillSummary, words: BookWords = ENGLISH): string {
  return skill.costText ?? (skill.cost === null ? words.words.changes.noCost : Array.isArray(skill.cost) ? skill.cost.join('/') : String(skill.cost));
}

function textLine(change: TextChange, context: number): string {
  const name = textChangeName(change).toLowerCase();
  switch (change.type) {
    case 'added':
      return `+ ${name}: ${clip(change.new.text)}  (${change.new.range.file}:${change.new.range.start.line})`;
    case 'removed':
      return `- ${name}: ${clip(change.old.text)}  (was ${change.old.range.file}:${change.old.range.start.line})`;
    case 'moved':
      return `> ${name}: ${clip(change.new.text)}  (${change.new.range.file}:${change.new.range.start.line}, was line ${change.old.range.start.line})`;
    case 'changed':
      return `~ ${name}: ${inline(condenseWords(change.words, context)).replace(/\s*\n\s*/g, ' ')}  (${change.new.range.file}:${change.new.range.start.line})`;
  }
}

function where(change: EntryChange): string {
  const range = change.type === 'removed' ? change.old.range : change.new.range;
  return `${range.file}:${range.start.line}`;
}

export function skillChangeLine(change: SkillChange): string {
  switch (change.type) {
    case 'added':
      return `+ ${change.new.name} (${costText(change.new)})${change.new.prerequisites.length ? `, requires ${change.new.prerequisites.join(', ')}` : ''}`;
    case 'removed':
      return `- ${change.old.name} (${costText(change.old)})`;
    case 'changed': {
      const what: string[] = [];
      if (change.renamed) what.push(`renamed from ${change.old.name}`);
      if (change.costChanged) what.push(`cost ${costText(change.old)} → ${costText(change.new)}`);
      if (change.prerequisitesAdded.length) what.push(`now requires ${change.prerequisitesAdded.join(', ')}`);
      if (change.prerequisitesRemoved.length) what.push(`no longer requires ${change.prerequisitesRemoved.join(', ')}`);
      for (const f of change.fields) what.push(`${f.name}: ${f.old ?? '(none)'} → ${f.new ?? '(none)'}`);
      if (change.words) what.push('description changed');
      return `~ ${change.new.name}: ${what.join('; ')}`;
    }
  }
}

export function formatComparisonText(c: RulebookComparison, impact: readonly ImpactItem[], options: TextOptions = {}): string {
  const context = options.contextWords ?? 8;
  const out: string[] = [`Comparing ${versionName(c.old, options.oldLabel ?? 'the old version')} → ${versionName(c.new, options.newLabel ?? 'the new version')}`, summaryLine(c), ''];
  const section = (title: string, lines: string[]) => {
    if (!lines.length) return;
    out.push(`${title} (${lines.length})`, ...lines.map((l) => `  ${l}`), '');
  };
  const of = <T extends EntryChange['type']>(type: T) => c.entries.filter((e): e is Extract<EntryChange, { type: T }> => e.type === type);
  section('Added', of('added').map((e) => `+ ${e.new.number} ${clip(e.new.text)}  (${where(e)})`));
  section('Removed', of('removed').map((e) => `- ${e.old.number} ${clip(e.old.text)}`));
  const changed = of('changed');
  section(
    'Changed',
    changed.filter((e) => !e.referencesOnly).map((e) => `~ ${e.renumbered ? `${e.old.number} → ${e.new.number}` : e.new.number} ${inline(condenseWords(e.words, context))}  (${where(e)})`),
  );
  section('Moved', of('moved').map((e) => `${e.old.number} → ${e.new.number} (from ${e.fromParent ?? 'top level'} to ${e.toParent ?? 'top level'})`));
  const runs: string[] = [];
  for (const run of c.renumberRuns) {
    runs.push(run.label);
    if (options.full && run.count > 1) for (const e of run.entries) runs.push(`    ${e.old} → ${e.new}`);
  }
  section('Renumbered', runs);
  const updated = changed.filter((e) => e.referencesOnly);
  if (updated.length) {
    out.push(`References updated to follow renumbering (${updated.length}): ${updated.map((e) => e.new.number).join(', ')}`, '');
  }
  section('Skills', c.skills.map(skillChangeLine));
  const text = shownTextSections(c);
  if (text.length) {
    const count = text.reduce((n, t) => n + t.changes.length, 0);
    out.push(`Text (${count} in ${text.length} section${text.length === 1 ? '' : 's'})`);
    for (const { section: s, changes } of text) out.push(`  ${textSectionLabel(s)}`, ...changes.map((change) => `    ${textLine(change, context)}`));
    out.push('');
  }
  section(
    'Impact: references and prerequisites this change broke',
    impact.map((i) => `${i.range.file}:${i.range.start.line}:${i.range.start.column} ${i.message}${i.replacement ? `  [fix: ${i.replacement}]` : ''}`),
  );
  const quiet = quietTextDifferences(c.summary);
  if (quiet) out.push(quiet, '');
  if (nothingChanged(c)) out.push('No changes.', '');
  return out.join('\n');
}
