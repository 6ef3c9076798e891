/**
 * skill-heading-level: where skills are headings with their text alone (`layout.skills.headings: all`, or the sections
 * it lists), a heading one level above the skills, standing right after one of them, over headings of the skills'
 * level that are not read. Nothing else tells those headings from any section's: a skill written a level too high
 * closes its section, and every skill after it goes unread in silence.
 *   Bad:  ## Special abilities / ### Artificer / ## Fortitude / ### Saboteur   (Fortitude is an ability)
 *   Good: ## Special abilities / ### Artificer / ### Fortitude / ### Saboteur
 */
import { headingSkills } from '../../model/heading-skills.js';
import type { Section } from '../../model/types.js';
import { nameKey, titleKeys, titleListed } from '../../parse/keys.js';
import { defineRule } from '../define-rule.js';

const marks = (depth: number) => '#'.repeat(depth);

export default defineRule({
  id: 'skill-heading-level',
  meta: {
    description: 'A heading among skills written as headings stands at their level, or starts a section the layout names',
    defaultSeverity: 'warning',
    messages: {
      slipped:
        '`{heading}` stands among the `{level}` skills of `{section}`, a level above them: {unread}. If it is a skill, write `{level} {title}`; if it starts a section of skills, add `{title}` to `{setting}`',
    },
  },
  check({ linked, report }) {
    const { model } = linked;
    const { headings } = model.config.layout.skills;
    if (headings === 'fields') return;
    const skillsAt = headingSkills(model);
    const byId = linked.sectionsById;
    const listed = typeof headings === 'string' ? null : titleKeys(headings);
    // Whether a skill's heading stands where a title alone makes one: anywhere with `all`, else under a listed section.
    const byTitleAlone = (section: Section): boolean => {
      if (listed === null) return true;
      for (let s = byId.get(section.parentId ?? ''); s; s = byId.get(s.parentId ?? '')) if (titleListed(listed, nameKey(s.title))) return true;
      return false;
    };
    model.sections.forEach((section, i) => {
      const before = model.sections[i - 1];
      if (!before || before.headingRange.file !== section.headingRange.file || section.depth !== before.depth - 1) return;
      if (!skillsAt.skillOf(before) || skillsAt.skillOf(section) || !byTitleAlone(before)) return;
      // Headings under it at the skills' level with text as a skill has, not read (where the layout lists sections,
      // those with fields still are): a section of skills the layout names, or one of rules with no text under its
      // own heading, is left alone.
      const unread = section.childSectionIds
        .map((id) => byId.get(id))
        .filter((s): s is Section => s !== undefined && s.depth === before.depth && s.hasContent && !skillsAt.skillOf(s));
      if (!section.hasContent || unread.length === 0) return;
      const parent = before.parentId === null ? undefined : byId.get(before.parentId);
      report({
        messageId: 'slipped',
        data: {
          heading: `${marks(section.depth)} ${section.title}`,
          level: marks(before.depth),
          section: parent?.title ?? before.title,
          unread:
            unread.length === 1
              ? `the \`${marks(before.depth)}\` heading under it is not read as a skill`
              : `the ${unread.length} \`${marks(before.depth)}\` headings under it are not read as skills`,
          title: section.title,
          // Where the layout lists the sections whose headings are all skills, it is that list that would take it.
          setting: listed === null ? 'layout.skills.sections' : 'layout.skills.headings',
        },
        at: section.headingRange,
        // One more `#` before the marks; a heading underlined with `---` has none to add to.
        suggestions: section.headingRange.start.line === section.headingRange.end.line
          ? [{ title: `Write it \`${marks(before.depth)} ${section.title}\``, edits: [{ range: { ...section.headingRange, end: section.headingRange.start }, newText: '#' }] }]
          : [],
      });
    });
  },
});
