/** Settings the importer can read off a text: its title, its edition ("effective as of June 1, 2020"), its cost units. */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "These rules are effective as of June 1, 2020." → "2020-06-01". */
export function detectEdition(text: string): string | null {
  const m = /effective (?:as of|from)\s+([A-Z][a-z]+)\s+(\d{1,2}),\s*(\d{4})/.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[1].toLowerCase());
    if (month !== -1) return `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[2].padStart(2, '0')}`;
  }
  const edition = /\b((?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth)\s+edition)\b/i.exec(text.slice(0, 4000));
  if (edition) return edition[1];
  return null;
}

/** "Amtgard Magic 7.5", "Rulebook v2.1" → "7.5", "2.1": a dotted version ending the title is the edition. */
export function editionFromTitle(title: string | null): string | null {
  const m = title === null ? null : /(?:^|\s)v?(\d+(?:\.\d+)+)$/i.exec(title.trim());
  return m ? m[1] : null;
}

/**
 * The `costUnits:` to write, or none: when the skills' costs use a unit the dialect does not know by
 * default ("(2 Karma)"), every unit they use, since the setting replaces the default list rather than
 * adding to it. Without it the parser would not read those entries as skills at all.
 */
export function costUnitsFor(costs: readonly (string | null)[], known: readonly string[]): string[] {
  const used: string[] = [];
  let unknown = false;
  for (const cost of costs) {
    const m = cost === null ? null : /^\s*\d+(?:[.,]\d+)?(?:\s*\/\s*\d+(?:[.,]\d+)?)*\s*([A-Za-z]+)\s*$/.exec(cost);
    if (!m) continue;
    if (!used.some((u) => u.toLowerCase() === m[1].toLowerCase())) used.push(m[1]);
    if (!known.some((k) => k.toLowerCase() === m[1].toLowerCase())) unknown = true;
  }
  return unknown ? used : [];
}
