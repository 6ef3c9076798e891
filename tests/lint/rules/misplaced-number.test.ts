import rule from '../../../shared/lint/rules/misplaced-number.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'every number under its parent, across files and with hundreds sections',
      code: {
        'rulebook.yaml': 'numbering:\n  hundredsSections: true\n',
        'a.md': md`
          # 1. Game Concepts
          ## 100. General
          100.1. These rules apply.

          100.1a A two-player game.
        `,
        'b.md': md`
          ## 101. The Magic Golden Rules
          101.1. Cards contradict rules.

          # 2. Parts of a Card
          ## 200. General
          200.1. Cards have parts.
        `,
      },
    },
    {
      name: 'rules without their parent headings',
      code: md`
        # 1 Fundamentals
        1.3.1 In game means in character.

        1.4.1 Game hold.
      `,
    },
  ],
  invalid: [
    {
      name: '1.3.3 written under 1.4',
      code: md`
        ## 1.3 In game
        1.3.1 In character.

        1.3.2 React as your character.

        ## 1.4 Game holds
        1.3.3 Characters are in game at all times.

        1.4.1 Yell GAME HOLD.
      `,
      errors: [{ at: '7:1-7:6', message: '1.3.3 is written under 1.4; it belongs under 1.3' }],
    },
    {
      name: 'a section under the wrong chapter with hundreds sections',
      code: md`
        ---
        numbering:
          hundredsSections: true
        ---
        # 1. Game Concepts
        ## 100. General
        # 2. Parts of a Card
        ## 101. The Magic Golden Rules
      `,
      errors: [{ at: '8:4-8:8', message: '101 is written under 2; it belongs under 1' }],
    },
  ],
});
