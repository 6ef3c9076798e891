/**
 * prerequisite-cycle: skills that require each other, directly or through a chain (or a skill that
 * requires itself), so none of them can ever be bought. One finding per cycle, listing it.
 *   Bad:  Loop A requires Loop B; Loop B requires Loop A
 *   Good: Loop B requires Loop A only
 */
import { defineRule } from '../define-rule.js';

export default defineRule({
  id: 'prerequisite-cycle',
  meta: {
    description: 'No skill requires itself, directly or through other skills',
    defaultSeverity: 'error',
    messages: {
      self: 'Skill `{name}` requires itself, so it can never be bought',
      cycle: 'Prerequisite cycle: {chain}; none of these skills can ever be bought',
    },
  },
  check({ linked, report }) {
    // The edge that closes each step, to point at the prerequisite as written rather than at the skill.
    const edgeOf = new Map<string, (typeof linked.edges)[number]>();
    for (const edge of linked.edges) {
      if (edge.requirement.alternatives.length !== 1) continue;
      const key = `${edge.from.id}>${edge.to.id}`;
      if (!edgeOf.has(key)) edgeOf.set(key, edge);
    }
    for (const cycle of linked.cycles) {
      const skills = cycle.skills;
      const first = skills[0];
      const second = skills[1 % skills.length];
      const closing = edgeOf.get(`${first.id}>${second.id}`);
      const at = closing?.term.range ?? first.nameRange;
      const related = skills.map((s, i) => {
        const step = edgeOf.get(`${s.id}>${skills[(i + 1) % skills.length].id}`);
        return { message: `\`${s.name}\` requires \`${skills[(i + 1) % skills.length].name}\``, range: step?.term.range ?? s.nameRange };
      });
      if (skills.length === 1) report({ messageId: 'self', data: { name: first.name }, at, related });
      else report({ messageId: 'cycle', data: { chain: [...skills, first].map((s) => `\`${s.name}\``).join(' → ') }, at, related });
    }
  },
});
