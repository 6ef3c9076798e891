/**
 * missing-cost: a skill has no cost, so nobody can tell what it takes to buy it.
 *   Bad:  ### Familiar\nPrerequisite: Summoning
 *   Good: ### Familiar\nCost: 3\nPrerequisite: Summoning
 */
import { USE_COST_LABEL } from '../../layout/field-words.js';
import { defineRule } from '../define-rule.js';
import type { Skill } from '../../model/types.js';

/** Skills of a chapter that writes no price for any of them are priced some other way, not left unpriced by a slip. */
const LEAST_CHAPTER_SKILLS = 3;

/** The chapter a skill stands in: its file's outermost heading over it. */
const chapterOf = (skill: Skill) => `${skill.range.file}\n${skill.categoryPath[0] ?? ''}`;

/**
 * Chapters of three skills or more none of which has a cost written, nor an empty cost line: Ashfall's `# Skills`
 * (`### Athletics (MIG)`, grown by level) beside its skill trees priced in CP. A lone skill without a cost in a
 * chapter of its own is a slip, and so are skills whose `Cost:` lines were left empty.
 */
function chaptersPricingNothing(skills: readonly Skill[], costLabels: readonly string[]): Set<string> {
  const labels = new Set(costLabels.map((l) => l.toLowerCase()));
  const counts = new Map<string, { skills: number; priced: number }>();
  for (const skill of skills) {
    const chapter = chapterOf(skill);
    const count = counts.get(chapter) ?? { skills: 0, priced: 0 };
    count.skills++;
    if (skill.costText !== null || skill.fields.some((f) => labels.has(f.name.toLowerCase()))) count.priced++;
    counts.set(chapter, count);
  }
  return new Set([...counts].filter(([, c]) => c.skills >= LEAST_CHAPTER_SKILLS && c.priced === 0).map(([chapter]) => chapter));
}

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
    const unpricedChapters = chaptersPricingNothing(linked.model.skills, linked.model.config.layout.fields.cost);
    for (const skill of linked.model.skills) {
      // "X", "varies": a cost the book explains in words is a cost all the same.
      if (skill.cost !== null || skill.costDetail?.kind === 'variable') continue;
      if (unpricedChapters.has(chapterOf(skill))) continue;
      // "Capital Cost: 1 Influence", "Stamina Cost: 1" and no price: what using it takes, so it is used, not bought
      // (Ashfall's downtime activities, open to a build: "Prerequisite: Psion build").
      if (skill.fields.some((f) => USE_COST_LABEL.test(f.name.trim()))) continue;
      const written = skill.fields.find((f) => /^cost$/i.test(f.name))?.value ?? skill.costText ?? '';
      if (written) report({ messageId: 'unreadable', data: { name: skill.name, text: written }, at: skill.costRange ?? skill.nameRange });
      else report({ messageId: 'missing', data: { name: skill.name }, at: skill.nameRange });
    }
  },
});
