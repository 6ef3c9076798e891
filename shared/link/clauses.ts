/**
 * Numbered lists of titled clauses, as a licence writes them ("1. Definitions:", "7. Copyright Notice: You must…"):
 * a reference in the same section names its own clause ("the Copyright Notice detailed in Section 7").
 */
import type { NumberedEntry, Rule } from '../model/types.js';

/** A clause's title before its text: "Copyright Notice: You must update…", "Definitions:". */
const CLAUSE_TITLE = /^\p{Lu}[^.:;!?\n]{0,60}:(?:\s|$)/u;

/**
 * The top-level items of numbered lists in sections whose items are at least three in four titled ("7. Copyright
 * Notice: …"), by their section's id and number ("<section id>\0<7>"). Two lists under one heading that both count
 * from 1: the first list's item, as the first of a number is.
 */
export function titledClauses(entries: readonly NumberedEntry[]): Map<string, Rule> {
  const bySection = new Map<string, Rule[]>();
  for (const entry of entries) {
    if (entry.kind !== 'rule' || entry.scope !== 'local' || entry.sectionId === null || entry.number.segments.length !== 1) continue;
    const items = bySection.get(entry.sectionId);
    if (items) items.push(entry);
    else bySection.set(entry.sectionId, [entry]);
  }
  const clauses = new Map<string, Rule>();
  for (const [section, items] of bySection) {
    if (items.filter((item) => CLAUSE_TITLE.test(item.text)).length * 4 < items.length * 3) continue;
    for (const item of items) {
      const place = `${section}\u0000${item.number.segments[0]}`;
      if (!clauses.has(place)) clauses.set(place, item);
    }
  }
  return clauses;
}

/** The numbers of the lists' items among `entries`, each marked when titled: what the clauses depend on. */
export function listItemsSignature(entries: readonly NumberedEntry[]): string {
  return entries
    .flatMap((e) => (e.kind === 'rule' && e.scope === 'local' ? [`${e.number.segments.join('.')}${CLAUSE_TITLE.test(e.text) ? ':' : ''}`] : []))
    .join(' ');
}
