/** Words every printed form of a comparison uses for text changes: block names, section labels, counts, and what to say when no words changed. */
import type { ComparisonSummary, RulebookComparison, TextBlockKind, TextChange, TextSectionChanges } from './types.js';
import { plural } from '../model/plural.js';

const KIND_NAMES: Record<TextBlockKind, string> = {
  paragraph: 'paragraph',
  'list-item': 'list item',
  'table-row': 'table row',
  heading: 'heading',
  code: 'code block',
  html: 'HTML block',
  settings: 'settings',
  other: 'block',
};

export function blockKindName(kind: TextBlockKind): string {
  return KIND_NAMES[kind];
}

export function capitalised(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "Combat › Moving in Combat", or where the text stands when it is under no heading. */
export function textSectionLabel(section: TextSectionChanges): string {
  const label = section.path.length ? section.path.join(' › ') : 'Before the first heading';
  return section.removed ? `${label} (section removed)` : label;
}

/** The changes a reader is shown: reference numbers that only followed a renumbering are counted, not listed. */
export function shownTextChanges(section: TextSectionChanges): TextChange[] {
  return section.changes.filter((change) => !(change.type === 'changed' && change.referencesOnly));
}

/**
 * Sections with something to show, in order. Players are not shown the settings (front matter, rulebook.yaml):
 * an edition's number changes every time, and the rest is the tools' business.
 */
export function shownTextSections(c: RulebookComparison, forPlayers = false): { section: TextSectionChanges; changes: TextChange[] }[] {
  return (c.text?.sections ?? [])
    .map((section) => ({ section, changes: shownTextChanges(section).filter((change) => !forPlayers || (change.type === 'removed' ? change.old : change.new).kind !== 'settings') }))
    .filter((s) => s.changes.length > 0);
}

/** The counts of what a list of text changes shows, in the words of `textCounts`. */
export function shownTextCounts(sections: readonly { changes: readonly TextChange[] }[]): string | null {
  const count = (type: TextChange['type']) => sections.reduce((n, s) => n + s.changes.filter((c) => c.type === type).length, 0);
  return textCountParts(count('added'), count('removed'), count('changed'), count('moved'));
}

function textCountParts(added: number, removed: number, changed: number, moved: number): string | null {
  const parts = [added && `${added} added`, removed && `${removed} removed`, changed && `${changed} changed`, moved && `${moved} moved`].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

/** What a printed line calls one change: "New list item", "Removed paragraph", "Table row", "Paragraph, now a list item". */
export function textChangeName(change: TextChange): string {
  switch (change.type) {
    case 'added':
      return `New ${blockKindName(change.new.kind)}`;
    case 'removed':
      return `Removed ${blockKindName(change.old.kind)}`;
    case 'moved':
      return `Moved ${blockKindName(change.new.kind)}`;
    case 'changed': {
      const name = change.old.kind === change.new.kind ? capitalised(blockKindName(change.new.kind)) : `${capitalised(blockKindName(change.old.kind))}, now a ${blockKindName(change.new.kind)}`;
      return change.old.quoted === change.new.quoted ? name : `${name}, ${change.new.quoted ? 'now in a quote' : 'no longer in a quote'}`;
    }
  }
}

/** The text with Markdown emphasis taken off, for diffs a reader sees rendered: "*Attack •*" and "Attack" differ by "•" only. */
export function withoutEmphasis(text: string): string {
  return text.replace(/\*\*|__/g, '').replace(/(^|[\s(\[])[*_]+(?=\S)/g, '$1').replace(/(\S)[*_]+(?=[\s).,;:!?\]]|$)/g, '$1');
}

/** Whether the block holds code, markup or settings, whose text a changelog must quote rather than render. */
export function isLiteral(kind: TextBlockKind): boolean {
  return kind === 'code' || kind === 'html' || kind === 'settings' || kind === 'other';
}

/** "3 added, 2 removed, 5 changed, 1 moved" of text blocks; null when none. */
export function textCounts(s: ComparisonSummary): string | null {
  return textCountParts(s.textAdded, s.textRemoved, s.textChanged, s.textMoved);
}

/**
 * The differences no listing shows, in one sentence, or null when there are none: reference numbers that only
 * followed a renumbering, and places where only the Markdown's formatting changed (blank lines, list markers).
 */
export function quietTextDifferences(s: ComparisonSummary): string | null {
  const parts: string[] = [];
  if (s.textReferencesUpdated) parts.push(`${plural(s.textReferencesUpdated, 'text block')} only had rule numbers updated to follow the renumbering`);
  if (s.textFormatting) parts.push(`${plural(s.textFormatting, 'place differs', 'places differ')} only in formatting (blank lines, list markers, spacing), not in words`);
  return parts.length ? `${capitalised(parts.join('; '))}.` : null;
}

/** Whether the comparison found nothing at all: with the texts compared, only when they are equal (line endings aside). */
export function nothingChanged(c: RulebookComparison): boolean {
  if (c.text) return c.text.identical;
  return c.entries.length === 0 && c.skills.length === 0;
}
