/**
 * unknown-prerequisite: a prerequisite names no skill and no declared condition, so nobody can tell
 * what a character needs. Each unknown alternative of an "or" is reported on its own.
 *   Bad:  Prerequisite: Magical Healing     (the skill is "Magic Healing")
 *   Good: Prerequisite: Magic Healing
 */
import type { UnresolvedPrerequisite } from '../../link/types.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'unknown-prerequisite',
  meta: {
    description: 'Prerequisites name a defined skill or a declared condition',
    defaultSeverity: 'error',
    messages: {
      unknown: 'Unknown prerequisite `{name}` of `{skill}`: no skill or declared condition has this name',
      suggest: 'Unknown prerequisite `{name}` of `{skill}`, did you mean `{suggestion}`?',
      unknownShared: 'Unknown prerequisite `{name}` of `{skill}` and {others} under this heading: no skill or declared condition has this name',
      suggestShared: 'Unknown prerequisite `{name}` of `{skill}` and {others} under this heading, did you mean `{suggestion}`?',
    },
  },
  check({ linked, report }) {
    // A section-wide prerequisite is one written term shared by every skill under its heading: one
    // typo, one finding (with the skills it affects as related places), not one error per skill.
    const byPlace = new Map<string, UnresolvedPrerequisite[]>();
    for (const miss of linked.unresolvedPrerequisites) {
      const place = `${miss.term.range.file}#${miss.term.range.start.offset}`;
      const list = byPlace.get(place);
      if (list) list.push(miss);
      else byPlace.set(place, [miss]);
    }
    for (const misses of byPlace.values()) {
      const { term, skill } = misses[0];
      // A skill is never suggested as its own prerequisite, so the skills may be offered different names.
      const suggestions = [...new Set(misses.flatMap((m) => m.suggestions))];
      const edits = suggestions.map((name) => ({ title: `Change to \`${name}\``, edits: [{ range: term.range, newText: name }] }));
      // Only a single close match is unambiguous enough to apply without a person choosing.
      const fix = suggestions.length === 1 ? edits[0].edits : undefined;
      const shared = misses.length > 1;
      report({
        messageId: suggestions.length > 0 ? (shared ? 'suggestShared' : 'suggest') : shared ? 'unknownShared' : 'unknown',
        data: { name: term.text, skill: skill.name, suggestion: suggestions[0] ?? '', others: misses.length === 2 ? '1 more skill' : `${misses.length - 1} more skills` },
        at: term.range,
        suggestions: edits,
        fix,
        related: shared ? misses.map((m) => ({ message: `\`${m.skill.name}\` needs it`, range: m.skill.nameRange })) : undefined,
      });
    }
  },
});
