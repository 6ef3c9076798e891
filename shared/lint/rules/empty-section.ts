/**
 * empty-section: a heading with nothing under it before the next heading of the same or a higher level,
 * usually a chapter still to be written that would print as a blank page. A heading that is itself a
 * skill ("### Fireball (20 XP)") is not a section and is never reported.
 *   Bad:  # Appendix 2: Lore\n# Appendix 3: Maps
 *   Good: # Appendix 2: Lore\nThe history of the realm…
 */
import { headingSkills } from '../../model/heading-skills.js';
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'empty-section',
  meta: {
    description: 'Every heading has something under it',
    defaultSeverity: 'warning',
    messages: {
      empty: 'Section `{title}` is empty',
    },
  },
  check({ linked, report }) {
    const headings = headingSkills(linked.model);
    for (const section of linked.model.sections) {
      if (!section.isEmpty) continue;
      // A heading inside a blockquote or list ("> ## Levels") is given no extent by the parser, so
      // whether text follows it inside the container is unknown: stay quiet rather than guess.
      if (section.headingRange.start.column > 1 && section.range.end.offset <= section.headingRange.end.offset) continue;
      if (headings.skillOf(section)) continue;
      const title = section.number ? `${section.number.text} ${section.title}`.trim() : section.title;
      report({ messageId: 'empty', data: { title }, at: section.headingRange });
    }
  },
});
