import rule from '../../../shared/lint/rules/number-reused.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

const RETIRED = { retired: [{ number: '201.3', text: 'Bows need a marshal check before every event.', edition: '2024' }, { number: '7', text: '', edition: null }] };

testRule(rule, {
  valid: [
    {
      name: 'no publication record: nothing is retired',
      code: md`
        ## 201. Weapons

        201.3 Shields may be any size.
      `,
    },
    {
      name: 'the retired number is left unused',
      code: md`
        ## 201. Weapons

        201.2 Arrows need a wide head.

        201.4 Shields may be any size.
      `,
      options: RETIRED,
    },
  ],
  invalid: [
    {
      name: 'a new rule takes a deleted rule’s number',
      code: md`
        ## 201. Weapons

        201.2 Arrows need a wide head.

        201.3 Shields may be any size.
      `,
      options: RETIRED,
      errors: [{ at: '5:1-5:6', message: 'Number 201.3 belonged to a rule deleted in edition 2024 ("Bows need a marshal check before every event."); players may still know it by that number', severity: 'warning' }],
    },
    {
      name: 'a heading takes a retired chapter number with no text recorded',
      code: md`
        # 7 Alchemy
      `,
      options: RETIRED,
      errors: [{ at: '1:3-1:4', message: 'Number 7 belonged to a rule deleted in an earlier edition; players may still know it by that number' }],
    },
  ],
});
