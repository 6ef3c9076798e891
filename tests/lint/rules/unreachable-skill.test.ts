import rule from '../../../shared/lint/rules/unreachable-skill.js';
import { TWO_SKILL_LOOP } from '../../helpers/books.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'skills in the cycle and skills naming the unknown prerequisite have their own findings',
      code: TWO_SKILL_LOOP + md`
        - **Master Smith** (3 SP) x
          Prerequisite: metal work
      `,
    },
    {
      name: 'a reachable chain',
      code: md`
        - **Basic** (1 SP) x
        - **Advanced** (2 SP) x
          Prerequisite: Basic
      `,
    },
  ],
  invalid: [
    {
      name: 'a skill that leads into a cycle',
      code: TWO_SKILL_LOOP + md`
        - **Needs Loop** (1 SP) Three.
          Prerequisite: Loop A
      `,
      errors: [{ at: '5:5-5:15', message: 'Skill `Needs Loop` can never be bought: its prerequisites lead into the prerequisite cycle through `Loop A`' }],
    },
    {
      name: 'a skill that leads to an unknown prerequisite',
      code: md`
        - **Master Smith** (3 SP) x
          Prerequisite: metal work
        - **Grand Master Smith** (5 SP) x
          Prerequisite: Master Smith
      `,
      errors: [{ at: '3:5-3:23', message: 'Skill `Grand Master Smith` can never be bought: its prerequisites lead to `metal work`, which is not a skill' }],
    },
  ],
});
