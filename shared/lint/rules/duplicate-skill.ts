/**
 * duplicate-skill: the same skill name is defined more than once. Two definitions that disagree on cost
 * or prerequisites leave players and marshals arguing which one holds (an error); identical ones are
 * only redundant (a warning).
 *   Bad:  - **Mangle Limb** (3 SP) …   and later   - **Mangle Limb** (2 SP) …
 *   Good: one definition, referred to elsewhere with [[Mangle Limb]]
 */
import type { Skill } from '../../model/types.js';
import { samePrerequisites, samePrice } from '../../model/definitions.js';
import { defineRule } from '../define-rule.js';
import { placeName, priceLabels } from '../places.js';

function prerequisiteText(skill: Skill): string {
  const raw = skill.prerequisites.map((p) => p.raw.trim()).filter(Boolean);
  return raw.length > 0 ? raw.join('; ') : 'none';
}

/** Both definitions have a text, and the texts differ (white space aside). */
function describedOtherwise(a: Skill, b: Skill): boolean {
  const words = (skill: Skill) => skill.text.replace(/\s+/g, ' ').trim();
  return words(a) !== '' && words(b) !== '' && words(a) !== words(b);
}

export default defineRule({
  id: 'duplicate-skill',
  meta: {
    description: 'Each skill is defined once',
    defaultSeverity: 'error',
    messages: {
      cost: 'Skill `{name}` is defined again with a different cost: {here} here, {there} at {place}',
      prerequisites: 'Skill `{name}` is defined again with different prerequisites: {here} here, {there} at {place}',
      both: 'Skill `{name}` is defined again with a different cost ({here} here, {there} at {place}) and different prerequisites',
      same: 'Skill `{name}` is defined again; the definition at {place} says the same',
      described: 'Skill `{name}` is defined again, described otherwise than at {place}: two skills by one name, or one described twice',
    },
  },
  check({ linked, report }) {
    for (const duplicate of linked.duplicateSkills) {
      const [first, ...rest] = duplicate.definitions;
      for (const again of rest) {
        const costDiffers = !samePrice(first, again);
        const prerequisitesDiffer = !samePrerequisites(first, again);
        const place = placeName(first.nameRange, again.nameRange);
        const related = [{ message: `first definition of \`${first.name}\``, range: first.nameRange }];
        const common = { name: again.name, place };
        if (costDiffers && prerequisitesDiffer) {
          report({ messageId: 'both', data: { ...common, ...priceLabels(again, first) }, at: again.nameRange, related });
        } else if (costDiffers) {
          report({ messageId: 'cost', data: { ...common, ...priceLabels(again, first) }, at: again.nameRange, related });
        } else if (prerequisitesDiffer) {
          report({ messageId: 'prerequisites', data: { ...common, here: prerequisiteText(again), there: prerequisiteText(first) }, at: again.nameRange, related });
        } else {
          // Equal in price and requirements, and perhaps nothing else: Mythras's Japanese translation names both Drive
          // and Pilot `操縦`, each with its own text.
          const messageId = describedOtherwise(first, again) ? 'described' : 'same';
          report({ messageId, data: common, at: again.nameRange, related, severity: 'warning' });
        }
      }
    }
  },
});
