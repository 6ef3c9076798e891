/** The Skills panel's rows show costs and prerequisites as a reader sees them, not their link markup. */
import { describe, expect, it } from 'vitest';
import { buildSkillRows } from '../../shared/service/summaries.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parse } from '../helpers/md.js';

describe('skill rows', () => {
  it('drop Hugo link markup from a Crestfallen cost and restriction', () => {
    // From the Crestfallen LARP's skills list (tests/fixtures/wild/crestfallen-larp).
    const text = [
      '## Alchemy',
      '',
      '**CP Cost**: 10 ([Craftsman]({{< ref "/rules/skill_categories/#craftsman" >}})) or 8 ([Kinfolk Lineage]({{< ref "/rules/lineage_skill_categories/#kinfolk-lineage-skill-category" >}}))',
      '',
      '**Restrictions**: Must have [Florentine]({{< relref "#florentine" >}})',
      '',
    ].join('\n');
    const model = parse(`---\nlayout:\n  fields:\n    prerequisites: [Restrictions]\n---\n${text}`);
    const [row] = buildSkillRows(linkRulebook(model));
    expect(row.costText).toBe('10 (Craftsman) or 8 (Kinfolk Lineage)');
    expect(row.prerequisites).toBe('Must have Florentine');
  });
});
