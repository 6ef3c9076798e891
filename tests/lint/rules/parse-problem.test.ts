import rule from '../../../shared/lint/rules/parse-problem.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'well-formed front matter',
      code: md`
        ---
        title: Funjerai
        ---
        # 1 Introduction
        Welcome.
      `,
    },
  ],
  invalid: [
    {
      name: 'front matter that is not YAML',
      code: md`
        ---
        title: [unclosed
        ---
        # 1 Introduction
      `,
      errors: [{ at: '3:1-3:1', message: /^front matter: / }],
    },
  ],
});
