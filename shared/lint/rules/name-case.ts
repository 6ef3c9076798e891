/**
 * name-case: a prerequisite or [[link]] names a skill with different capitalisation than its definition.
 * It still resolves, but printed rules read as if they named two things; `--fix` rewrites it.
 *   Bad:  Prerequisite: magic healing
 *   Good: Prerequisite: Magic Healing
 */
import type { SourceRange } from '../../model/types.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'name-case',
  meta: {
    description: 'Skills are named with the capitalisation of their definition',
    defaultSeverity: 'info',
    messages: {
      prerequisite: 'Prerequisite `{written}` is capitalised differently from the skill `{name}`',
      link: 'Link `{written}` is capitalised differently from the skill `{name}`',
    },
  },
  check({ linked, report }) {
    const check = (written: string, name: string, at: SourceRange, messageId: 'prerequisite' | 'link') => {
      // Only capitalisation: other differences (quotes, spacing) are the writer's choice.
      if (written === name || written.toLowerCase() !== name.toLowerCase()) return;
      const edits = [{ range: at, newText: name }];
      report({ messageId, data: { written, name }, at, suggestions: [{ title: `Change to \`${name}\``, edits }], fix: edits });
    };
    for (const edge of linked.edges) check(edge.term.text, edge.to.name, edge.term.range, 'prerequisite');
    for (const resolved of linked.resolvedReferences) {
      if (resolved.skill) check(resolved.reference.targetText, resolved.skill.name, resolved.reference.targetRange, 'link');
    }
  },
});
