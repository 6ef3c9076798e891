/** Which of a skill's fields its cost and prerequisites were read from. */
import type { Field, Skill } from './types.js';

/**
 * Whether `field` is where the skill's cost or prerequisites were read from (by its name, or by standing where they
 * were read): those print in the skill's head, its cost and its "Requires:" line, and not again as a field.
 */
export function isHeadField(skill: Skill, field: Field): boolean {
  // The cost or a prerequisite list starts inside the field's line.
  const within = (read: { start: { offset: number } }) => read.start.offset >= field.range.start.offset && read.start.offset < field.range.end.offset;
  return (
    field.name.toLowerCase() === 'cost' ||
    /^prerequisites?$|^requires$/i.test(field.name) ||
    (skill.costRange !== null && within(skill.costRange)) ||
    skill.prerequisites.some((list) => within(list.range))
  );
}
