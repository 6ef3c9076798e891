/**
 * empty-field: a `Field:` line of a skill with no value, so the printed entry says nothing where players
 * look for the rule.
 *   Bad:  Effect:
 *   Good: Effect: The familiar carries one message per day.
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'empty-field',
  meta: {
    description: 'Every field of a skill has a value',
    defaultSeverity: 'warning',
    messages: {
      empty: 'Field `{field}` of `{skill}` has no value',
    },
  },
  check({ linked, report }) {
    for (const skill of linked.model.skills) {
      const last = skill.fields[skill.fields.length - 1];
      for (const field of skill.fields) {
        if (field.value.trim() !== '') continue;
        // "Effect:" then a list, a table or a paragraph: the entry goes on below its last field, and
        // that is the value, written on the following lines rather than after the colon.
        if (field === last && skill.range.end.line > field.range.end.line) continue;
        report({ messageId: 'empty', data: { field: field.name, skill: skill.name }, at: field.range });
      }
    }
  },
});
