import rule from '../../../shared/lint/rules/name-case.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'exact names, and title case against sentence case',
      code: md`
        - **Ritual magic** (2 SP) Rituals.
        - **Circle** (3 SP) A circle.
          Prerequisite: Ritual Magic
      `,
    },
  ],
  invalid: [
    {
      name: 'a lower-case prerequisite line and [[link]] are fixed to the defined name, once per written place',
      code: md`
        ## Two Handed
        Prerequisites: two handed weapons

        - **Two Handed Weapons** (1 SP) Big weapons.
        - **Cleave** (3 SP) Breaks shields, see [[two handed weapons]].
      `,
      errors: [
        { at: '2:16-2:34', message: 'Prerequisite `two handed weapons` is capitalised differently from the skill `Two Handed Weapons`', severity: 'info' },
        { at: '5:43-5:61', message: 'Prerequisite `two handed weapons` is capitalised differently from the skill `Two Handed Weapons`', severity: 'info' },
      ],
      output: md`
        ## Two Handed
        Prerequisites: Two Handed Weapons

        - **Two Handed Weapons** (1 SP) Big weapons.
        - **Cleave** (3 SP) Breaks shields, see [[Two Handed Weapons]].
      `,
    },
  ],
});
