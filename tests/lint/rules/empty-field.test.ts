import rule from '../../../shared/lint/rules/empty-field.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'every field has a value',
      code: md`
        ### Familiar
        Cost: 25
        Range: 12"
        Effect: A familiar serves the caster.
      `,
    },
    {
      name: 'the last field’s value is the list or table written under it',
      code: md`
        ### Familiar
        Cost: 25
        Effect:

        - Carries one message per day.
        - Scouts ahead.

        ### Imp
        Cost: 2
        Effect:
        | Roll | Result |
        | --- | --- |
        | 1 | Flees |
      `,
    },
  ],
  invalid: [
    {
      name: 'the Familiar with an empty Effect',
      code: md`
        ### Familiar
        Cost: 25
        Duration:
        Effect:
      `,
      errors: [
        { at: '3:1-3:10', message: 'Field `Duration` of `Familiar` has no value' },
        { at: '4:1-4:8', message: 'Field `Effect` of `Familiar` has no value' },
      ],
    },
    {
      name: 'an empty field followed by another field, or by the next skill, is still empty',
      code: md`
        ### Familiar
        Cost: 25
        Effect:
        Duration: 1 turn

        ### Golem
        Cost: 4
        Effect:

        ### Imp
        Cost: 2
      `,
      errors: [
        { at: '3:1-3:8', message: 'Field \`Effect\` of \`Familiar\` has no value' },
        { at: '8:1-8:8', message: 'Field \`Effect\` of \`Golem\` has no value' },
      ],
    },
  ],
});
