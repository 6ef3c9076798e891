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
    {
      // The 13th Age SRD's contents, a nested numbered list, gave 82 false duplicates.
      name: 'a list nested in a numbered item counts under it, one nested in a bullet counts on its own',
      code: md`
        ## Steps
        1. Gather the party.
           1. Count them.
           2. Feed them.
        2. Set out.
           1. Walk north.
           2. Walk east.

        ## Classes
        - Fighter
          1. Pick a weapon.
          2. Pick a shield.
        - Mage
          1. Pick a school.
      `,
    },
    {
      // Ashfall's bestiary: each monster's lists under bold labels, not headings (72 false duplicates).
      name: 'a list numbered from 1 again after another counts on its own',
      code: md`
        ## Colossus
        **Actions:**
        1. **Strike:** hits.
        2. **Stomp:** shakes.

        **Lair Actions:**
        1. **Fracture:** cracks.
        2. **Distortion:** slows.
      `,
    },
    {
      // Ashfall's rules number subheadings under unnamed-number subsections in several chapters (34 false duplicates).
      name: 'headings numbered 1, 2, 3 under an unnumbered subheading count among themselves',
      code: {
        'points.md': md`
          # Character Points
          ## Limits on Growth
          ### 1. Rising Cost of New Trees
          ### 2. Discounts for Depth
        `,
        'exploration.md': md`
          # Exploration
          ## Hazards
          ### Hazard Types
          #### 1. Falling Ceilings
          #### 2. Bad Air
          ## Same Heading Again
          ### 1. Other Run
          1. A list under it counts on its own too.
        `,
      },
    },
  ],
  invalid: [
    {
      // A chapter's numbered headings are the book's numbering: under the file's or the book's title they may clash.
      name: 'numbered headings under the title of their file are the book numbering',
      code: {
        'a.md': md`
          # Basics
          ## 1. Dice
        `,
        'b.md': md`
          # Combat
          ## 1. Attacks
        `,
      },
      errors: [{ file: 'b.md', at: '2:4-2:6', message: 'Number 1 is already used at a.md line 2' }],
    },
    {
      name: 'a number repeated in one run of subheadings',
      code: md`
        # Exploration
        ## Hazard Types
        ### 1. Falling Ceilings
        ### 1. Bad Air
      `,
      errors: [{ at: '4:5-4:7', message: 'Number 1 is already used at line 3' }],
    },
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
    {
      name: 'a number repeated inside a nested list',
      code: md`
        ## Steps
        1. Gather the party.
        2. Set out.
           1. Walk north.
           1. Walk east.
      `,
      errors: [{ at: '5:4-5:6', message: 'Number 2.1 is already used at line 4' }],
    },
    {
      name: 'a list that goes on with the count before it repeats its number',
      code: md`
        ## Destinations
        1. **Settlement:** walks through.
        2. **Nexus:** merges.

        The count goes on:

        2. **Anchor:** breaks.
      `,
      errors: [{ at: '7:1-7:3', message: 'Number 2 is already used at line 3' }],
    },
  ],
});
