/**
 * cost-mismatch: a skill mentioned elsewhere with a cost in parentheses that differs from its
 * definition; players will quote whichever they read first.
 *   Bad:  Take **Energy Ball** (5 SP) early.     (defined as Energy Ball (4 SP))
 *   Good: Take **Energy Ball** (4 SP) early.
 */
import { defineRule } from '../define-rule.js';
import { sameCost } from '../../model/definitions.js';
import { costLabel, placeName } from '../places.js';

export default defineRule({
  id: 'cost-mismatch',
  meta: {
    description: 'A skill mentioned with a cost quotes the cost of its definition',
    defaultSeverity: 'warning',
    messages: {
      mismatch: '`{name}` is mentioned here at {mentioned}, but its definition at {place} says {defined}',
    },
  },
  check({ linked, report }) {
    for (const mention of linked.model.costMentions) {
      const definitions = linked.skillsByKey.get(mention.key);
      if (!definitions || definitions.some((d) => d.cost === null || sameCost(d.cost, mention.cost))) continue;
      const definition = definitions[0];
      report({
        messageId: 'mismatch',
        data: { name: definition.name, mentioned: mention.costText, place: placeName(definition.nameRange, mention.range), defined: definition.costText ?? costLabel(definition.cost, definition.costUnit) },
        at: mention.range,
        related: [{ message: `definition of \`${definition.name}\``, range: definition.costRange ?? definition.nameRange }],
      });
    }
  },
});
