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
  ],
});
