/** Completion of skill names where a skill name belongs: after `Prerequisite:`/`Requires:` and inside `[[ … ]]`. */
import type { LinkedRulebook } from '../link/types.js';

/** What is being typed at the cursor, if it is a place for a skill name: the partial name and where it starts (1-based column). */
export function skillNameContext(lineBefore: string): { partial: string; startColumn: number; inLink: boolean } | null {
  const link = /\[\[([^\]]*)$/.exec(lineBefore);
  if (link) return { partial: link[1], startColumn: lineBefore.length - link[1].length + 1, inLink: true };
  const label = /^(\s*(?:[-*+]\s+)?(?:Prerequisites?|Requires)\s*:)(.*)$/i.exec(lineBefore);
  if (!label) return null;
  // The name being typed starts after the last separator.
  const rest = label[2];
  const separator = /(?:,|;|\band\b|\bor\b)\s*|^\s*/gi;
  let start = 0;
  for (const m of rest.matchAll(separator)) start = m.index + m[0].length;
  return { partial: rest.slice(start), startColumn: label[1].length + start + 1, inLink: false };
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
  const place = skillNameContext(lineText.slice(0, column - 1));
  if (!place) return null;
  const closeLink = place.inLink && !lineText.slice(column - 1).startsWith(']]');
  return {
    line,
    startColumn: place.startColumn,
    endColumn: column,
    items: skillNames(linked).map((n) => ({ label: n.name, detail: n.detail, insertText: closeLink ? `${n.name}]]` : n.name })),
  };
}
