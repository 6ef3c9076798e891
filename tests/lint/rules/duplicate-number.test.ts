import rule from '../../../shared/lint/rules/duplicate-number.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'each number once; local lists count on their own',
      code: md`
        # 1 Fundamentals
        ## 1.1 Rules
        1.1.1 Every player knows these rules.

        ## The Rules of Magic
        1. Magic is said loudly.
        2. Players stand still.
        ## Relics
        1. Relics are rare.
      `,
    },
  ],
  invalid: [
    {
      name: 'a heading number used twice',
      code: md`
        # 3 Magic
        ## 3.2 Healing
        ## 3.2 Curses
      `,
      errors: [{ at: '3:4-3:7', message: 'Number 3.2 is already used at line 2' }],
    },
    {
      name: 'a rule number used twice, across files',
      code: {
        'a.md': md`
          1.3.2 Players react as their character would.
        `,
        'b.md': md`
          1.3.2 Characters are in game at all times.
        `,
      },
      errors: [{ file: 'b.md', at: '1:1-1:6', message: 'Number 1.3.2 is already used at a.md line 1' }],
    },
    {
      name: 'a number repeated inside one local list',
      code: md`
        ## The Rules of Magic
        1. Magic is said loudly.
        1. Players stand still.
      `,
      errors: [{ at: '3:1-3:3', message: 'Number 1 is already used at line 2' }],
    },
  ],
});
