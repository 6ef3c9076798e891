import rule from '../../../shared/lint/rules/broken-reference.js';
import { chaptersReadInOrder } from '../../helpers/books.js';
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
    {
      name: 'a chapter whose title agrees with its number, and a title that names no chapter',
      code: md`
        # 3 Magic
        # 4 Combat
        See Chapter 3: Magic, chapter 4 - Combat and Chapter 4 Running the Game; chapter 4 explains more.
      `,
    },
    {
      name: 'a title read with its & as and, in another case, after chapters read in order',
      code: md`
        ---
        layout:
          numbering:
            chapterOrder: true
        ---
        # Actions & Attributes #
        See **Chapter 2: combat** and Chapter 1 Actions and Attributes.
        # Combat
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
      name: 'a chapter number its title contradicts, in a numbered book: the title says where, the marshal which half to change',
      code: md`
        # 3 Magic
        # 4 Combat
        Spells are cast in combat (see Chapter 4: Magic).
      `,
      errors: [{ at: '3:40-3:41', message: 'Broken reference `see Chapter 4: Magic`: “Magic” is chapter 3' }],
    },
    {
      name: 'a chapter number that names nothing, with a title that names a chapter, is fixed to the title',
      code: md`
        # 1 Basics
        # 2 Magic
        Spells are in **Chapter 5: Magic** and Chapter 5 Magic.
      `,
      errors: [
        { at: '3:25-3:26', message: 'Broken reference `Chapter 5: Magic`: “Magic” is chapter 2' },
        { at: '3:48-3:49', message: 'Broken reference `Chapter 5 Magic`: “Magic” is chapter 2' },
      ],
      output: md`
        # 1 Basics
        # 2 Magic
        Spells are in **Chapter 2: Magic** and Chapter 2 Magic.
      `,
    },
    {
      name: 'chapters read in order, and a section whose title is another section of its level',
      code: chaptersReadInOrder('The game master builds foes as in Chapter 4: Running the Game; area attacks (see Chapter 3: Combat); see section 2.1: Defence.'),
      errors: [
        { at: '11:43-11:44', message: 'Broken reference `Chapter 4: Running the Game`: “Running the Game” is chapter 3' },
        { at: '11:90-11:91', message: 'Broken reference `see Chapter 3: Combat`: “Combat” is chapter 2' },
        { at: '11:114-11:117', message: 'Broken reference `see section 2.1: Defence`: “Defence” is section 2.2' },
      ],
      output: chaptersReadInOrder('The game master builds foes as in Chapter 3: Running the Game; area attacks (see Chapter 3: Combat); see section 2.1: Defence.'),
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
