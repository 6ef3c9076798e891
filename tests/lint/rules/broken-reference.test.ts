import rule from '../../../shared/lint/rules/broken-reference.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'references to sections, rules, ranges and skills that exist',
      code: md`
        # 2 Skills
        ## 2.1 Character Skills
        See 2.2 for more, and chapter 2.

        ## 2.2 Descriptions
        - **Shield Bash** (1 SP) Bash. See [[Shield Bash]] and rules 2.1–2.2.
      `,
    },
    {
      name: 'a short range end ("119.9-10") is read from its start',
      code: md`
        119.9 One.

        119.10 Ten.

        702.15e Lifelink (see rules 119.9-10).
      `,
    },
  ],
  invalid: [
    {
      name: 'chapter 12.7 that does not exist',
      code: md`
        # 12 Guilds
        ## 12.5 Non Player Character Skills
        For more information see chapter 12.7 - Guilds - Ranger's Guild.
      `,
      errors: [{ at: '3:34-3:38', message: "Broken reference `see chapter 12.7`: there is no section or rule 12.7" }],
    },
    {
      name: 'see 2.7, and a range whose end is missing',
      code: md`
        ## 2.1 Skills
        Read see 2.7 first, then rules 2.1–2.4.
      `,
      errors: [
        { at: '2:10-2:13', message: 'Broken reference `see 2.7`: there is no section or rule 2.7' },
        { at: '2:32-2:39', message: 'Broken reference `rules 2.1–2.4`: the range ends at 2.4, which does not exist' },
      ],
    },
    {
      name: 'a link to a skill that does not exist, fixed when one name is close',
      code: md`
        - **Shield Bash** (1 SP) Bash.

        Combine it with [[Shield Bsh]].
      `,
      errors: [{ at: '3:19-3:29', message: 'Broken reference `[[Shield Bsh]]`: there is no skill named `Shield Bsh`, did you mean `Shield Bash`?' }],
      output: md`
        - **Shield Bash** (1 SP) Bash.

        Combine it with [[Shield Bash]].
      `,
    },
  ],
});
