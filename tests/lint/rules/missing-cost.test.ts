import rule from '../../../shared/lint/rules/missing-cost.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'costs in every form',
      code: md`
        - **Ambidexterity** (2 SP) Two weapons.

        ### Fireball (20 XP)

        ### Familiar
        Cost: 3
        Range: Self

        | Skill | Cost | Notes |
        | --- | --- | --- |
        | Body 1 | 1 | 1 Body point |
      `,
    },
  ],
  invalid: [
    {
      name: 'a heading skill with an empty Cost line, and a table row with an empty cost',
      code: md`
        ### Familiar
        Cost:
        Range: Self

        ### Summoning (2 XP)

        | Skill | Cost | Notes |
        | --- | --- | --- |
        | Body 1 |  | 1 Body point |
      `,
      errors: [
        { at: '1:5-1:13', message: 'Skill `Familiar` has no cost' },
        { at: '9:3-9:9', message: 'Skill `Body 1` has no cost' },
      ],
    },
  ],
});
