import rule from '../../../shared/lint/rules/unknown-prerequisite.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

/** The Healers Guild, whose skills share the prerequisite written under its heading (line 3), and the Magic chapter that defines Magic Healing. */
const healersGuild = (prerequisite: string) => md`
  # 1 Healers Guild

  Prerequisites: ${prerequisite}

  - **Regrow Limb** (4 SP) Regrows a limb.
  - **Cleave** (3 SP) Breaks shields.

  # 2 Magic

  - **Magic Healing** (2 SP) Heals.
`;

testRule(rule, {
  valid: [
    {
      name: 'prerequisites name skills and declared conditions',
      code: md`
        ---
        conditions: [GM permission]
        ---
        - **Magic Healing** (2 SP) Heals.
        - **Regrow Limb** (3 SP) Regrows a limb.
          Prerequisites: Magic Healing and GM permission
      `,
    },
    {
      name: 'quantities are conditions, and names ignore case',
      code: md`
        - **Smithing** (2 SP) Works metal.
        - **Master Smith** (3 SP) Works metal well.
          Prerequisites: smithing, 2 Production Points
      `,
    },
  ],
  invalid: [
    {
      name: 'a misspelt prerequisite with one close match suggests it and fixes it',
      code: md`
        - **Magic Healing** (2 SP) Heals.
        - **Regrow Limb** (3 SP) Regrows a limb.
          Prerequisite: Magical Healing
      `,
      errors: [{ at: '3:17-3:32', message: 'Unknown prerequisite `Magical Healing` of `Regrow Limb`, did you mean `Magic Healing`?' }],
      output: md`
        - **Magic Healing** (2 SP) Heals.
        - **Regrow Limb** (3 SP) Regrows a limb.
          Prerequisite: Magic Healing
      `,
    },
    {
      name: 'an abbreviation is suggested',
      code: md`
        - **Identify Magic** (1 SP) Names a magic item.
        - **Master Merchant** (4 SP) Best prices.
          Prerequisites: Merchant, ID Magic
        - **Merchant** (1 SP) Trades.
      `,
      errors: [{ at: '3:28-3:36', message: 'Unknown prerequisite `ID Magic` of `Master Merchant`, did you mean `Identify Magic`?' }],
    },
    {
      name: 'only the unknown alternative of an "or" is reported, without a suggestion when nothing is close',
      code: md`
        - **Two Handed Weapons** (1 SP) Big weapons.
        - **Cleave** (3 SP) Breaks shields.
          Prerequisite: Two Handed Weapons or polearm
      `,
      errors: [{ at: '3:39-3:46', message: 'Unknown prerequisite `polearm` of `Cleave`: no skill or declared condition has this name' }],
      output: md`
        - **Two Handed Weapons** (1 SP) Big weapons.
        - **Cleave** (3 SP) Breaks shields.
          Prerequisite: Two Handed Weapons or polearm
      `,
    },
    {
      name: 'a section-wide prerequisite is reported once, for every skill under its heading',
      code: healersGuild('Magical Healing'),
      errors: [{ at: '3:16-3:31', message: 'Unknown prerequisite `Magical Healing` of `Regrow Limb` and 1 more skill under this heading, did you mean `Magic Healing`?' }],
      output: healersGuild('Magic Healing'),
    },
    {
      name: 'every unknown term of an "and" list, across files',
      code: {
        'a.md': md`
          - **Smithing** (2 SP) Works metal.
        `,
        'b.md': md`
          - **Master Smith** (3 SP) Works metal well.
            Prerequisites: leather work and metal work
        `,
      },
      errors: [
        { file: 'b.md', at: '2:18-2:30', message: 'Unknown prerequisite `leather work` of `Master Smith`: no skill or declared condition has this name' },
        { file: 'b.md', at: '2:35-2:45', message: 'Unknown prerequisite `metal work` of `Master Smith`: no skill or declared condition has this name' },
      ],
    },
  ],
});
