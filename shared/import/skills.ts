/** Skill entries written "Name (2 SP) text" or "Name (4/5 SP): text": the name, the cost, and the rest of the line. */

export interface SkillEntryMatch {
  readonly name: string;
  readonly cost: string;
  readonly rest: string;
}

const AMOUNT = String.raw`\d+(?:[.,]\d+)?(?:\s*/\s*\d+(?:[.,]\d+)?)*`;
const ENTRY = new RegExp(String.raw`^([^()•:;.!?]{1,60}?)\s*\(\s*(${AMOUNT}\s*(?:[A-Za-z]{1,8})?)\s*\)\s*[:.\-–]?\s*(.*)$`);

/** "One Handed Weapons (1 SP) With this skill…" → name, cost "1 SP", rest. Null when the line is no skill entry. */
export function matchSkillEntry(text: string): SkillEntryMatch | null {
  const m = ENTRY.exec(text.trim());
  if (!m) return null;
  const name = m[1].replace(/^\*+|\*+$/g, '').trim();
  // A name is a few words starting with a capital, not a sentence that happens to hold parentheses.
  if (!/^[\p{Lu}\d"“']/u.test(name) || name.split(/\s+/).length > 8) return null;
  return { name, cost: m[2].replace(/\s+/g, ' ').trim(), rest: m[3].trim() };
}
