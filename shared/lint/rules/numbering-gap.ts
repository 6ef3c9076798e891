/**
 * numbering-gap: a number is skipped (3.1 then 3.3), which usually means a rule was deleted or a
 * reference now points at the wrong text. Intentional gaps are declared in `numbering.allowGaps`
 * (or this rule's `allow` option); letters never used go in `numbering.skipLetters`.
 *   Bad:  ## 3.1 Offensive Magic   ## 3.3 Healing Magic
 *   Good: ## 3.1 Offensive Magic   ## 3.2 Passive Magic   ## 3.3 Healing Magic
 */
import { defineRule } from '../define-rule.js';
import { labelFor, numberingGaps } from '../numbering.js';

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
    for (const gap of numberingGaps(numbering(), config, allowed)) {
      const from = labelFor(gap.at, gap.from, config);
      const to = labelFor(gap.at, gap.to, config);
      const data = { missing: from, from, to, number: gap.at.label };
      report({ messageId: gap.from === gap.to ? 'one' : 'many', data, at: gap.at.entry.number.range });
    }
  },
});
