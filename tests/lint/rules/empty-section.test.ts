import rule from '../../../shared/lint/rules/empty-section.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'headings with text or subsections, and heading skills with nothing under them',
      code: md`
        # 3 Magic
        ## 3.1 Offensive
        Spells that hurt.
        ### Fireball (20 XP)
        ### Lightning (10 XP)
        ## 3.2 Passive
        <!-- lint disable numbering-gap -->
        Spells that help.
      `,
    },
    {
      name: 'a heading inside a blockquote with text after it in the quote',
      code: md`
        > ## Equipment Availability
        >
        > It may be useful to know where and when weapons were common.
      `,
    },
  ],
  invalid: [
    {
      name: 'empty appendix chapters, and a heading with only a lint comment',
      code: md`
        # 11 Crime
        Crimes are punished.
        # 12 Appendix A: Spell List
        # 13 Appendix B: Alchemy List
        ## External Links
        <!-- lint disable numbering-gap -->
      `,
      errors: [
        { at: '3:1-3:28', message: 'Section `12 Appendix A: Spell List` is empty' },
        { at: '5:1-5:18', message: 'Section `External Links` is empty' },
      ],
    },
  ],
});
