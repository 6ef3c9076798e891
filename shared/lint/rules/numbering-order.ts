/**
 * numbering-order: a number comes after a higher one of the same sequence (3.2 after 3.3), so readers
 * looking for it in order will not find it.
 *   Bad:  1.1.3 …   1.1.2 …
 *   Good: 1.1.2 …   1.1.3 …
 */
import { defineRule } from '../define-rule.js';
import type { PlacedEntry } from '../numbering.js';
import { placeName } from '../places.js';

export default defineRule({
  id: 'numbering-order',
  meta: {
    description: 'Numbers of one sequence appear in increasing order',
    defaultSeverity: 'warning',
    messages: {
      order: '{number} comes after {previous} ({place}); numbers should increase',
    },
  },
  check({ report, numbering }) {
    for (const group of numbering().groups) {
      let highest: PlacedEntry | null = null;
      const seen = new Set<number>();
      for (const member of group.members) {
        // A number used before is duplicate-number's finding: one defect, one finding.
        if (seen.has(member.ordinal!)) continue;
        seen.add(member.ordinal!);
        if (highest && member.ordinal! < highest.ordinal!) {
          report({
            messageId: 'order',
            data: { number: member.label, previous: highest.label, place: placeName(highest.entry.number.range, member.entry.number.range) },
            at: member.entry.number.range,
            related: [{ message: `${highest.label} comes first`, range: highest.entry.number.range }],
          });
          continue;
        }
        if (!highest || member.ordinal! > highest.ordinal!) highest = member;
      }
    }
  },
});
