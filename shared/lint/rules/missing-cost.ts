/**
 * missing-cost: a skill has no cost, so nobody can tell what it takes to buy it.
 *   Bad:  ### Familiar\nPrerequisite: Summoning
 *   Good: ### Familiar\nCost: 3\nPrerequisite: Summoning
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'missing-cost',
  meta: {
    description: 'Every skill has a cost',
    defaultSeverity: 'warning',
    messages: {
      missing: 'Skill `{name}` has no cost',
      unreadable: 'Skill `{name}` has a cost that cannot be read: `{text}`',
    },
  },
  check({ linked, report }) {
    for (const skill of linked.model.skills) {
      // "X", "varies": a cost the book explains in words is a cost all the same.
      if (skill.cost !== null || skill.costDetail?.kind === 'variable') continue;
      const written = skill.fields.find((f) => /^cost$/i.test(f.name))?.value ?? skill.costText ?? '';
      if (written) report({ messageId: 'unreadable', data: { name: skill.name, text: written }, at: skill.costRange ?? skill.nameRange });
      else report({ messageId: 'missing', data: { name: skill.name }, at: skill.nameRange });
    }
  },
});
