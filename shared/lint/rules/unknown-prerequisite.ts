/**
 * unknown-prerequisite: a prerequisite names no skill and no declared condition, so nobody can tell
 * what a character needs. Each unknown alternative of an "or" is reported on its own.
 *   Bad:  Prerequisite: Magical Healing     (the skill is "Magic Healing")
 *   Good: Prerequisite: Magic Healing
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'unknown-prerequisite',
  meta: {
    description: 'Prerequisites name a defined skill or a declared condition',
    defaultSeverity: 'error',
    messages: {
      unknown: 'Unknown prerequisite `{name}` of `{skill}`: no skill or declared condition has this name',
      suggest: 'Unknown prerequisite `{name}` of `{skill}`, did you mean `{suggestion}`?',
    },
  },
  check({ linked, report }) {
    for (const miss of linked.unresolvedPrerequisites) {
      const { term, skill, suggestions } = miss;
      const edits = suggestions.map((name) => ({ title: `Change to \`${name}\``, edits: [{ range: term.range, newText: name }] }));
      // Only a single close match is unambiguous enough to apply without a person choosing.
      const fix = suggestions.length === 1 ? edits[0].edits : undefined;
      report({
        messageId: suggestions.length > 0 ? 'suggest' : 'unknown',
        data: { name: term.text, skill: skill.name, suggestion: suggestions[0] ?? '' },
        at: term.range,
        suggestions: edits,
        fix,
      });
    }
  },
});
