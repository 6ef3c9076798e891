/**
 * unreachable-skill: a skill whose prerequisites can never be met because they lead, through other
 * skills, into a prerequisite cycle or to a prerequisite that names no skill. Skills in the cycle, and
 * skills that name the unknown prerequisite themselves, already have their own finding.
 *   Bad:  Needs Loop requires Loop A, and Loop A and Loop B require each other
 *   Good: Needs Loop requires Loop A, which can be bought
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'unreachable-skill',
  meta: {
    description: 'Every skill can be bought: its prerequisites lead to skills that can be bought',
    defaultSeverity: 'warning',
    messages: {
      cycle: 'Skill `{name}` can never be bought: its prerequisites lead into the prerequisite cycle through `{via}`',
      unknown: 'Skill `{name}` can never be bought: its prerequisites lead to `{via}`, which is not a skill',
    },
  },
  check({ linked, report }) {
    const inCycle = new Set(linked.cycles.flatMap((c) => c.skills.map((s) => s.key)));
    const namesUnknown = new Map<string, Set<string>>();
    for (const miss of linked.unresolvedPrerequisites) {
      const set = namesUnknown.get(miss.skill.id) ?? new Set<string>();
      set.add(miss.term.text);
      namesUnknown.set(miss.skill.id, set);
    }
    for (const unreachable of linked.unreachableSkills) {
      const { skill, reason, via } = unreachable;
      if (reason === 'cycle' && inCycle.has(skill.key)) continue;
      if (reason === 'unknown' && namesUnknown.get(skill.id)?.has(via)) continue;
      report({ messageId: reason, data: { name: skill.name, via }, at: skill.nameRange });
    }
  },
});
