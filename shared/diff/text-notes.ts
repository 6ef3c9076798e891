/**
 * Words every printed form of a comparison uses for text changes: block names, section labels, counts, and what to
 * say when no words changed. In the book's language where players read them (the handout, the changelog); English,
 * the default, in the marshal's tools.
 */
import type { ComparisonSummary, RulebookComparison, TextBlockKind, TextChange, TextSectionChanges } from './types.js';
import { ENGLISH, fill, type BookWords, type Counted } from '../model/book-words.js';

export function capitalised(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** "Combat › Moving in Combat", or where the text stands when it is under no heading. */
export function textSectionLabel(section: TextSectionChanges, words: BookWords = ENGLISH): string {
  const label = section.path.length ? section.path.join(' › ') : words.words.changes.beforeFirstHeading;
  return section.removed ? `${label} (${words.words.changes.sectionRemoved})` : label;
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
export function shownTextCounts(sections: readonly { changes: readonly TextChange[] }[], words: BookWords = ENGLISH): string | null {
  const count = (type: TextChange['type']) => sections.reduce((n, s) => n + s.changes.filter((c) => c.type === type).length, 0);
  return textCountParts(count('added'), count('removed'), count('changed'), count('moved'), words);
}

function textCountParts(added: number, removed: number, changed: number, moved: number, words: BookWords): string | null {
  const w = words.words.changes;
  return countList([[added, w.addedCount], [removed, w.removedCount], [changed, w.changedCount], [moved, w.movedCount]], words);
}

/** "3 added, 2 removed": each count that is not 0 in its words, or null when all are. */
export function countList(counts: readonly (readonly [number, Counted])[], words: BookWords): string | null {
  const parts = counts.filter(([n]) => n > 0).map(([n, counted]) => words.count(counted, n));
  return parts.length ? parts.join(', ') : null;
}

/** What a printed line calls one change: "New list item", "Removed paragraph", "Table row", "Paragraph, now a list item". */
export function textChangeName(change: TextChange, words: BookWords = ENGLISH): string {
  const w = words.words.changes;
  switch (change.type) {
    case 'added':
      return w.added[change.new.kind];
    case 'removed':
      return w.removed[change.old.kind];
    case 'moved':
      return w.moved[change.new.kind];
    case 'changed': {
      const name = change.old.kind === change.new.kind ? capitalised(w.kinds[change.new.kind]) : fill(w.kindChanged, { old: capitalised(w.kinds[change.old.kind]), new: w.kinds[change.new.kind] });
      return change.old.quoted === change.new.quoted ? name : fill(change.new.quoted ? w.nowInQuote : w.noLongerInQuote, { name });
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
export function textCounts(s: ComparisonSummary, words: BookWords = ENGLISH): string | null {
  return textCountParts(s.textAdded, s.textRemoved, s.textChanged, s.textMoved, words);
}

/**
 * The differences no listing shows, in one sentence, or null when there are none: reference numbers that only
 * followed a renumbering, and places where only the Markdown's formatting changed (blank lines, list markers).
 */
export function quietTextDifferences(s: ComparisonSummary, words: BookWords = ENGLISH): string | null {
  const w = words.words.changes;
  const parts: string[] = [];
  if (s.textReferencesUpdated) parts.push(words.count(w.referencesUpdated, s.textReferencesUpdated));
  if (s.textFormatting) parts.push(words.count(w.formattingOnly, s.textFormatting));
  return parts.length ? `${capitalised(parts.join('; '))}.` : null;
}

/** Whether the comparison found nothing at all: with the texts compared, only when they are equal (line endings aside). */
export function nothingChanged(c: RulebookComparison): boolean {
  if (c.text) return c.text.identical;
  return c.entries.length === 0 && c.skills.length === 0;
}
