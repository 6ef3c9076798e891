/** Where a skill name is being typed (after `Prerequisite:` or inside `[[`): pure, so completion's trigger logic is tested without Monaco. */

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
