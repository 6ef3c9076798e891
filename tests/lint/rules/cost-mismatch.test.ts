import rule from '../../../shared/lint/rules/cost-mismatch.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'a mention quoting the defined cost, and a mention of no known skill',
      code: md`
        - **Energy Ball** (4 SP) A ball of energy.

        Start with **Energy Ball** (4 SP) and **Something Else** (9 SP).
      `,
    },
  ],
  invalid: [
    {
      name: 'a mention with another cost, in another file',
      code: {
        'a.md': md`
          - **Energy Ball** (4 SP) A ball of energy.
        `,
        'b.md': md`
          Start with **Energy Ball** (5 SP).
        `,
      },
      errors: [{ file: 'b.md', at: '1:12-1:34', message: '`Energy Ball` is mentioned here at 5 SP, but its definition at a.md line 1 says 4 SP' }],
    },
  ],
});
