/** How the CLI shows a refactoring plan: one line per change ("rules.md:12  4.3 → 4.4"), notes, and refusals. */
import path from 'node:path';
import type { SourceRange } from '../../shared/model/types.js';
import { noteLine } from '../../shared/refactor/notes.js';
import type { PlanChange, PlanNote, RefusalReason } from '../../shared/refactor/types.js';
import type { LoadedRulebook } from '../fs/load-rulebook.js';

/** Rulebook-relative path → what the user sees: relative to the current folder when inside it. */
export function displayPaths(loaded: LoadedRulebook): (file: string) => string {
  const shown = new Map<string, string>();
  for (const file of loaded.files) {
    const relative = path.relative(process.cwd(), file.absolutePath);
    shown.set(file.path, relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file.absolutePath);
  }
  return (file) => shown.get(file) ?? file;
}

function place(range: SourceRange, display: (file: string) => string): string {
  return `${display(range.file)}:${range.start.line}`;
}

const LABELS: Record<PlanChange['kind'], string> = {
  number: '',
  reference: 'reference',
  definition: 'definition',
  prerequisite: 'prerequisite',
  link: 'link',
  'cost-mention': 'cost mention',
  mention: 'mention',
};

/** One line per change, places padded so the arrows line up. */
export function formatChanges(changes: readonly PlanChange[], display: (file: string) => string): string {
  const places = changes.map((c) => place(c.range, display));
  const width = Math.max(0, ...places.map((p) => p.length));
  return changes
    .map((change, i) => {
      const label = LABELS[change.kind];
      const what = change.context ? `${label}: ${change.context}` : label;
      return `${places[i].padEnd(width)}  ${change.before} → ${change.after}${what ? `  (${what})` : ''}\n`;
    })
    .join('');
}

export function formatNotes(notes: readonly PlanNote[], display: (file: string) => string): string {
  return notes.map((note) => `note: ${noteLine(note, display)}\n`).join('');
}

/** The rulebook as a whole, as the user sees it: "rules.md", "funjerai/" (the folder's name when it is the current one). */
export function displayTarget(loaded: LoadedRulebook): string {
  const relative = path.relative(process.cwd(), loaded.target);
  const shown = relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : relative ? loaded.target : path.basename(loaded.target);
  return loaded.isFolder ? `${shown.replace(/[\\/]+$/, '')}/` : shown;
}

/**
 * Refusals as one line, like every other bad input: the first reason whole, then where the others are ("and 2 more:
 * rules.md:9, rules.md:14"). Every reason names a place: its line, or the rulebook itself for one about the whole book
 * ("no skill named …").
 */
export function formatRefusal(reasons: readonly RefusalReason[], display: (file: string) => string, rulebook: string): string {
  const where = (r: RefusalReason) => (r.range ? place(r.range, display) : rulebook);
  const [first, ...rest] = reasons;
  const line = `${where(first)}: ${first.message}`;
  if (rest.length === 0) return line;
  const places = [...new Set(rest.map(where))];
  return `${line} (and ${rest.length} more: ${places.slice(0, 5).join(', ')}${places.length > 5 ? ', …' : ''})`;
}

