import rule from '../../../shared/lint/rules/literal-bold.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

// Shapes from real books, in our own words: Razorweave (CC BY-SA 4.0) writes `**Description:**Text` some 1,600 times,
// the d20 Modern SRD markdown `| **Common Skill **(Ride, Pilot) |`, the 13th Age SRD `engaged with it**.**` and
// `***Beast aspect bonuses*****:**`.
testRule(rule, {
  valid: [
    {
      name: 'bold Markdown reads, footnote marks, escaped and tripled asterisks, blanks',
      code: md`
        **Description:** Tracking follows marks. **Skills**are bold although no space follows.

        | Weapon | Cost |
        | --- | --- |
        | Long Sword** | 3 |
        | Halberd*** | 4 |

        \\*\\* Only knights carry one. ***Strong and emphasised*** words.

        Fill in: ____ and __ here, and a lone ** on this line.
        A marker at the end of a line **
        and its partner on the next** are a footnote's marks.
      `,
    },
  ],
  invalid: [
    {
      name: 'a closing marker after punctuation, spaces inside the markers, bold punctuation; each respaced by --fix',
      code: md`
        - **Description:**Tracking follows marks.
        - **Default actions:**Find a trail (DC 12).

        | Advancement | DC |
        | --- | --- |
        | **Common Skill **(Ride, Pilot) | 10 |

        The scout is flanked by the enemy engaged with it**.** The GM sets a**Difficulty (DC)**to read.
      `,
      errors: [
        { at: '1:3-1:19', message: '`**Description:**` prints with its asterisks, not in bold: put a space after it' },
        { at: '2:3-2:23', message: '`**Default actions:**` prints with its asterisks, not in bold: put a space after it' },
        { at: '6:3-6:20', message: '`**Common Skill **` prints with its asterisks, not in bold: move the space inside the `**` outside it' },
        { at: '8:50-8:55', message: '`**.**` prints with its asterisks, not in bold: drop the asterisks (bold punctuation looks no different)' },
        { at: '8:69-8:88', message: '`**Difficulty (DC)**` prints with its asterisks, not in bold: put a space before and after it' },
      ],
      output: md`
        - **Description:** Tracking follows marks.
        - **Default actions:** Find a trail (DC 12).

        | Advancement | DC |
        | --- | --- |
        | **Common Skill** (Ride, Pilot) | 10 |

        The scout is flanked by the enemy engaged with it. The GM sets a **Difficulty (DC)** to read.
      `,
    },
    {
      name: 'a pair around bold Markdown did read is reported without a fix: respacing it alone mends nothing',
      code: md`
        **Range:**Close**Target:**One ally.
      `,
      errors: [{ at: '1:1-1:27', message: '`**Range:**Close**Target:**` prints with its asterisks, not in bold' }],
    },
    {
      name: 'bold punctuation right after bold italics, five asterisks in a row (the 13th Age SRD); --fix keeps the colon',
      code: md`
        ***Beast aspect bonuses*****:** You gain a bonus while the aspect lasts.
      `,
      errors: [{ at: '1:27-1:32', message: '`**:**` prints with its asterisks, not in bold: drop the asterisks (bold punctuation looks no different)' }],
      output: md`
        ***Beast aspect bonuses***: You gain a bonus while the aspect lasts.
      `,
    },
  ],
});
