/** Completion of skill names where a skill name belongs: after a prerequisite label (`Prerequisites:`, the book's own) and inside `[[ … ]]`. */
import type { LinkedRulebook } from '../link/types.js';
import { DEFAULT_LAYOUT } from '../model/layout.js';
import { escapeRegExp } from '../parse/regexp.js';

/** The label patterns by label list: a book's labels change seldom, and this is asked at every completion. */
const labelPatterns = new Map<string, RegExp>();

/**
 * A line that opens with a prerequisite label, as a list item or not, in bold or not (`- **Requires:** Healing`,
 * `Prerequisites: First Aid`), any of `labels` whatever its case. Three groups, the whole match between them: what
 * comes before the label, the label, and its colon with any emphasis around it. The editor's colouring
 * (renderer/editor/language.ts) and completion read labels with this one pattern.
 */
export function prerequisiteLabelPattern(labels: readonly string[]): RegExp {
  const key = labels.join('\n');
  let pattern = labelPatterns.get(key);
  if (!pattern) {
    const names = [...labels].sort((a, b) => b.length - a.length).map((l) => escapeRegExp(l).replace(/\s+/g, '\\s+'));
    pattern = new RegExp(`^(\\s*(?:[-*+]\\s+)?(?:\\*\\*|__)?)(${names.join('|')})((?:\\*\\*|__)?\\s*:(?:\\*\\*|__)?)`, 'i');
    if (labelPatterns.size >= 16) labelPatterns.clear();
    labelPatterns.set(key, pattern);
  }
  return pattern;
}

/**
 * What is being typed at the cursor, if it is a place for a skill name: the partial name and where it starts
 * (1-based column). `labels`: the book's prerequisite labels (its layout's `fields.prerequisites`).
 */
export function skillNameContext(lineBefore: string, labels: readonly string[] = DEFAULT_LAYOUT.fields.prerequisites): { partial: string; startColumn: number; inLink: boolean } | null {
  const link = /\[\[([^\]]*)$/.exec(lineBefore);
  if (link) return { partial: link[1], startColumn: lineBefore.length - link[1].length + 1, inLink: true };
  const label = prerequisiteLabelPattern(labels).exec(lineBefore);
  if (!label) return null;
  // The name being typed starts after the last separator.
  const rest = lineBefore.slice(label[0].length);
  const separator = /(?:,|;|\band\b|\bor\b)\s*|^\s*/gi;
  let start = 0;
  for (const m of rest.matchAll(separator)) start = m.index + m[0].length;
  return { partial: rest.slice(start), startColumn: label[0].length + start + 1, inLink: false };
}

export interface SkillName {
  readonly name: string;
  /** Cost and category: "4 SP · Combat". */
  readonly detail: string;
}

/** Every defined skill once, under the name of its first definition. */
export function skillNames(linked: LinkedRulebook): SkillName[] {
  return [...linked.skillsByKey.values()].map((defs) => ({
    name: defs[0].name,
    detail: [defs[0].costText ?? 'no cost', defs[0].category].filter(Boolean).join(' · '),
  }));
}

export interface SkillCompletion {
  /** The columns (1-based, on the cursor's line) the chosen name replaces: from the start of the partial name to the cursor. */
  readonly line: number;
  readonly startColumn: number;
  readonly endColumn: number;
  readonly items: readonly { readonly label: string; readonly detail: string; readonly insertText: string }[];
}

/**
 * The skill names to offer at a place in `lineText` (the whole line the cursor is on), or null when the place is
 * not one for a skill name. Inside an unclosed `[[` the name comes with its `]]`.
 */
export function completeSkillName(linked: LinkedRulebook, line: number, column: number, lineText: string): SkillCompletion | null {
  const place = skillNameContext(lineText.slice(0, column - 1), linked.model.config.layout.fields.prerequisites);
  if (!place) return null;
  const closeLink = place.inLink && !lineText.slice(column - 1).startsWith(']]');
  return {
    line,
    startColumn: place.startColumn,
    endColumn: column,
    items: skillNames(linked).map((n) => ({ label: n.name, detail: n.detail, insertText: closeLink ? `${n.name}]]` : n.name })),
  };
}
