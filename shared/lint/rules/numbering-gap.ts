/**
 * numbering-gap: a number is skipped (3.1 then 3.3), which usually means a rule was deleted or a
 * reference now points at the wrong text. Intentional gaps are declared in `numbering.allowGaps`
 * (or this rule's `allow` option); letters never used go in `numbering.skipLetters`.
 *   Bad:  ## 3.1 Offensive Magic   ## 3.3 Healing Magic
 *   Good: ## 3.1 Offensive Magic   ## 3.2 Passive Magic   ## 3.3 Healing Magic
 */
import { defineRule } from '../define-rule.js';
import { labelFor, type PlacedEntry } from '../numbering.js';

export default defineRule({
  id: 'numbering-gap',
  meta: {
    description: 'Numbers follow each other without gaps',
    defaultSeverity: 'warning',
    messages: {
      one: 'Numbering gap: {missing} is missing before {number}',
      many: 'Numbering gap: {from} to {to} are missing before {number}',
    },
    options: {
      allow: 'numbers whose absence is intentional, in addition to numbering.allowGaps',
    },
  },
  check({ linked, report, numbering, options }) {
    const config = linked.model.config.numbering;
    // `allow: "12.1"` is as natural to write as `allow: ["12.1"]`; ignoring it would leave the gap reported with no clue why.
    const allowList: unknown[] = options.allow === undefined || options.allow === null ? [] : Array.isArray(options.allow) ? options.allow : [options.allow];
    const allowOption = allowList.map((a) => String(a).replace(/\.$/, '').toLowerCase());
    const allowed = new Set([...(config.allowGaps ?? []).map((a) => a.toLowerCase()), ...allowOption]);
    for (const group of numbering().groups) {
      // A lone top-level number ("## 4 Types of Combat") is no sequence: it may be a count, not a chapter.
      if (group.members.length === 1 && group.members[0].path.length === 1) continue;
      // The first entry of each value, in document order, is where a gap before it is reported.
      const firstWith = new Map<number, PlacedEntry>();
      for (const member of group.members) if (!firstWith.has(member.ordinal!)) firstWith.set(member.ordinal!, member);
      const values = [...firstWith.keys()].sort((a, b) => a - b);
      // A sequence may start at 0 ("Chapter 0. Introduction"); otherwise it starts at its first number.
      let expected = Math.min(group.firstOrdinal, values[0] === 0 ? 0 : group.firstOrdinal);
      for (const value of values) {
        if (value > expected) {
          const at = firstWith.get(value)!;
          const missing: number[] = [];
          for (let n = expected; n < value; n++) if (!allowed.has(labelFor(at, n, config).toLowerCase())) missing.push(n);
          // Report each run of missing numbers that is not allowed.
          let i = 0;
          while (i < missing.length) {
            let j = i;
            while (j + 1 < missing.length && missing[j + 1] === missing[j] + 1) j++;
            const from = labelFor(at, missing[i], config);
            const to = labelFor(at, missing[j], config);
            const data = { missing: from, from, to, number: at.label };
            report({ messageId: i === j ? 'one' : 'many', data, at: at.entry.number.range });
            i = j + 1;
          }
        }
        expected = Math.max(expected, value + 1);
      }
    }
  },
});
