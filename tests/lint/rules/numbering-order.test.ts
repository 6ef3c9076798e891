import rule from '../../../shared/lint/rules/numbering-order.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'increasing numbers, 2.9 before 2.10',
      code: md`
        ## 2.9 Nine
        ## 2.10 Ten
        2.10.1 One.
        2.10.1a First.
      `,
    },
  ],
  invalid: [
    {
      name: 'a heading after a higher one',
      code: md`
        ## 3.1 Offensive
        ## 3.3 Healing
        ## 3.2 Passive
      `,
      errors: [{ at: '3:4-3:7', message: '3.2 comes after 3.3 (line 2); numbers should increase' }],
    },
    {
      name: 'rules out of order and a letter out of order',
      code: md`
        1.1.1 One.

        1.1.3 Three.

        1.1.2 Two.

        1.1.3a First.

        1.1.3c Third.

        1.1.3b Second.
      `,
      errors: [
        { at: '5:1-5:6', message: '1.1.2 comes after 1.1.3 (line 3); numbers should increase' },
        { at: '11:1-11:7', message: '1.1.3b comes after 1.1.3c (line 9); numbers should increase' },
      ],
    },
  ],
});
