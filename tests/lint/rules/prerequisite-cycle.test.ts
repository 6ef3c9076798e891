import rule from '../../../shared/lint/rules/prerequisite-cycle.js';
import { TWO_SKILL_LOOP } from '../../helpers/books.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'a chain without a loop',
      code: md`
        - **Lesser Energy Ball** (2 SP) Small ball.
        - **Energy Ball** (4 SP) Ball.
          Prerequisite: Lesser Energy Ball
      `,
    },
    {
      name: 'a loop broken by a free alternative',
      code: md`
        ---
        conditions: [GM permission]
        ---
        - **Loop A** (1 SP) One.
          Prerequisite: Loop B or GM permission
        - **Loop B** (1 SP) Two.
          Prerequisite: Loop A
      `,
    },
  ],
  invalid: [
    {
      name: 'two skills requiring each other: one finding listing the cycle',
      code: TWO_SKILL_LOOP,
      errors: [{ at: '2:17-2:23', message: 'Prerequisite cycle: `Loop A` → `Loop B` → `Loop A`; none of these skills can ever be bought' }],
    },
    {
      name: 'a skill requiring itself',
      code: md`
        - **Ouroboros** (1 SP) Eats its tail.
          Prerequisite: Ouroboros
      `,
      errors: [{ at: '2:17-2:26', message: 'Skill `Ouroboros` requires itself, so it can never be bought' }],
    },
    {
      name: 'a longer chain across files',
      code: {
        'a.md': md`
          - **First** (1 SP) x
            Prerequisite: Second
        `,
        'b.md': md`
          - **Second** (1 SP) x
            Prerequisite: Third
          - **Third** (1 SP) x
            Prerequisite: First
        `,
      },
      errors: [{ file: 'a.md', at: '2:17-2:23', message: 'Prerequisite cycle: `First` → `Second` → `Third` → `First`; none of these skills can ever be bought' }],
    },
  ],
});
