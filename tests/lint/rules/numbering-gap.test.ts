import rule from '../../../shared/lint/rules/numbering-gap.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'consecutive numbers at every level, letters skipping the declared ones',
      code: md`
        ---
        numbering:
          skipLetters: [b]
        ---
        # 1 Fundamentals
        ## 1.1 Rules
        1.1.1 One.

        1.1.2 Two.

        ## 1.2 More
        1.2.1 One.

        1.2.1a First.

        1.2.1c Second, since b is never used.
      `,
    },
    {
      name: 'hundreds sections (chapter 1 holds 100 to 199)',
      code: md`
        ---
        numbering:
          hundredsSections: true
        ---
        # 1. Game Concepts
        ## 100. General
        100.1. These rules apply.

        100.1a A two-player game.

        ## 101. The Magic Golden Rules
        # 2. Parts of a Card
        ## 200. General
      `,
    },
    {
      name: 'declared gaps',
      code: md`
        ---
        numbering:
          allowGaps: ["1.2"]
        ---
        # 1 Magic
        ## 1.1 Offensive
        ## 1.3 Healing
      `,
    },
    {
      name: 'a lone top-level number may be a count, not a chapter',
      code: md`
        ## TURN
        ## 4 Types of Non Magic Combat
      `,
    },
    {
      name: 'the rule option allows a gap too',
      code: md`
        ## 3.1 Offensive
        ## 3.3 Healing
      `,
      options: { severity: 'warning', allow: ['3.2'] },
    },
    {
      name: 'a single allowed gap may be written without a list (`allow: "3.2"`)',
      code: md`
        # 3 Magic
        ## 3.1 Offensive
        ## 3.3 Healing
      `,
      options: { allow: '3.2' },
    },
  ],
  invalid: [
    {
      name: 'one missing heading number',
      code: md`
        # 3 Magic
        ## 3.1 Offensive
        ## 3.3 Healing
      `,
      errors: [{ at: '3:4-3:7', message: 'Numbering gap: 3.2 is missing before 3.3' }],
    },
    {
      name: 'several missing rule numbers, and a letter without skipLetters',
      code: md`
        1.1.1 One.

        1.1.4 Four.

        1.1.4a First.

        1.1.4c Third.
      `,
      errors: [
        { at: '3:1-3:6', message: 'Numbering gap: 1.1.2 to 1.1.3 are missing before 1.1.4' },
        { at: '7:1-7:7', message: 'Numbering gap: 1.1.4b is missing before 1.1.4c' },
      ],
    },
    {
      name: 'a sequence that does not start at 1, and a local list',
      code: md`
        # 12 Guilds
        ## 12.5 Non Player Character Skills
        ## Rules of Magic
        1. Magic is said loudly.
        3. Players stand still.
      `,
      errors: [
        { at: '2:4-2:8', message: 'Numbering gap: 12.1 to 12.4 are missing before 12.5' },
        { at: '5:1-5:3', message: 'Numbering gap: 2 is missing before 3' },
      ],
    },
  ],
});
