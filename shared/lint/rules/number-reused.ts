/**
 * number-reused: a rule or heading takes the number of one a published edition deleted, so players who
 * remember (or print) "rule 201.3" will read a different rule under the old number.
 * The retired numbers come from the publication record (`rulebook publish`), passed as the `retired` option.
 *   Bad:  201.3 Shields may be any size.      (201.3 "Bows need a marshal check" was deleted in edition 2024)
 *   Good: 201.7 Shields may be any size.      (201.3 left unused)
 */
import { defineRule } from '../define-rule.js';

interface Retired {
  readonly number: string;
  readonly text: string;
  readonly edition: string | null;
}

/** Reads the option defensively: it comes from a file on disk, and a bad entry must not crash the rule. */
function retiredNumbers(value: unknown): Map<string, Retired> {
  const found = new Map<string, Retired>();
  if (!Array.isArray(value)) return found;
  for (const item of value) {
    if (typeof item === 'string') found.set(item.toLowerCase(), { number: item, text: '', edition: null });
    else if (item && typeof item === 'object' && typeof (item as Retired).number === 'string') {
      const r = item as Retired;
      found.set(r.number.toLowerCase(), { number: r.number, text: typeof r.text === 'string' ? r.text : '', edition: typeof r.edition === 'string' ? r.edition : null });
    }
  }
  return found;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
}

export default defineRule({
  id: 'number-reused',
  meta: {
    description: 'A new rule does not take the number of a rule deleted in an earlier publication',
    defaultSeverity: 'warning',
    messages: {
      reused: 'Number {number} belonged to a rule deleted in {edition} ("{text}"); players may still know it by that number',
      reusedBare: 'Number {number} belonged to a rule deleted in {edition}; players may still know it by that number',
    },
    options: {
      retired: 'Numbers deleted in earlier publications, as [{ number, text, edition }]; `rulebook publish` records them',
    },
  },
  check({ linked, report, options }) {
    const retired = retiredNumbers(options.retired);
    if (!retired.size) return;
    for (const [key, entries] of linked.entriesByNumber) {
      const gone = retired.get(key);
      if (!gone) continue;
      const entry = entries[0];
      const edition = gone.edition ? `edition ${gone.edition}` : 'an earlier edition';
      report({
        messageId: gone.text ? 'reused' : 'reusedBare',
        data: { number: entry.number.key, edition, text: clip(gone.text) },
        at: entry.number.range,
      });
    }
  },
});
