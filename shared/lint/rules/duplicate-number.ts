/**
 * duplicate-number: two headings or rules carry the same number, so "see 3.2" could mean either.
 * Locally numbered lists count within their own list only.
 *   Bad:  ## 3.2 Healing   …   ## 3.2 Curses
 *   Good: ## 3.2 Healing   …   ## 3.3 Curses
 */
import { defineRule } from '../define-rule.js';
import type { PlacedEntry } from '../numbering.js';
import { placeName } from '../places.js';
import { writtenNumber } from '../../parse/numbers.js';

export default defineRule({
  id: 'duplicate-number',
  meta: {
    description: 'Each section and rule number is used once',
    defaultSeverity: 'error',
    messages: {
      duplicate: 'Number {number} is already used at {place}',
    },
  },
  check({ linked, report, numbering }) {
    for (const duplicate of linked.duplicateNumbers) {
      const [first, ...rest] = duplicate.entries;
      for (const again of rest) {
        // As the book writes it ("Article A" is number A, not a); each use as it is written there.
        report({
          messageId: 'duplicate',
          data: { number: writtenNumber(again.number), place: placeName(first.number.range, again.number.range) },
          at: again.number.range,
          related: [{ message: `first use of ${writtenNumber(first.number)}`, range: first.number.range }],
        });
      }
    }
    // Local lists: the linker indexes global numbers only.
    const seen = new Map<string, PlacedEntry>();
    for (const item of numbering().placed) {
      if (!item.scope) continue;
      const key = `${item.scope}:${item.label}`;
      const first = seen.get(key);
      if (!first) {
        seen.set(key, item);
        continue;
      }
      report({
        messageId: 'duplicate',
        data: { number: item.label, place: placeName(first.entry.number.range, item.entry.number.range) },
        at: item.entry.number.range,
        related: [{ message: `first use of ${item.label}`, range: first.entry.number.range }],
      });
    }
  },
});
