import rule from '../../../shared/lint/rules/duplicate-skill.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      // The shape of Amtgard's classes (github.com/baltinerdist/amtgard-rop, all rights reserved: the words here are
      // ours): each class lists what it may take in a table, some spells in several classes at their own prices.
      name: 'one spell in two classes\' price lists, each at its own price, described once',
      code: {
        'druid.md': md`
          # Druid
          | Name | Cost | Max |
          | --- | --- | --- |
          | Heal | 1 | - |
          | Barkskin | 1 | 2 |
          | Entangle | 2 | 1 |
        `,
        'healer.md': md`
          # Healer
          | Name | Cost | Max |
          | --- | --- | --- |
          | Heal | 2 | 1 |
          | Blessing | 1 | - |
          | Cure Poison | 1 | - |
        `,
        'monk.md': md`
          # Monk
          ## Heal
          Cost: 1
          Type: Verbal. Heals one wound.
        `,
      },
    },
    {
      name: 'distinct skills, one mentioned elsewhere by link',
      code: md`
        ## Warrior Guild
        - **Mangle Limb** (3 SP) Mangles a limb.
        ## Ranger Guild
        - **Tracking** (2 SP) Follows tracks. See [[Mangle Limb]].
      `,
    },
  ],
  invalid: [
    {
      name: 'the same definition twice is a warning naming the first place',
      code: md`
        ## Warrior Guild
        - **Mangle Limb** (3 SP) Mangles a limb.
        ## Ranger Guild
        - **Mangle Limb** (3 SP) Mangles a limb.
      `,
      errors: [{ at: '4:5-4:16', message: 'Skill `Mangle Limb` is defined again; the definition at line 2 says the same', severity: 'warning' }],
    },
    {
      // Mythras's Japanese translation names Drive and Pilot alike (操縦), each with its own base and text.
      name: 'one name over two texts is a warning that does not call them the same',
      code: md`
        ## 標準スキル
        - **操縦** (3 SP) 陸上の乗り物を操る。
        ## 専門スキル
        - **操縦** (3 SP) 航空機や宇宙船を操る。
      `,
      errors: [{ at: '4:5-4:7', message: 'Skill `操縦` is defined again, described otherwise than at line 2: two skills by one name, or one described twice', severity: 'warning' }],
    },
    {
      name: 'a different cost is an error, in another file',
      code: {
        'a.md': md`
          - **Mangle Limb** (3 SP) Mangles a limb.
        `,
        'b.md': md`
          - **mangle limb** (2 SP) Mangles a limb.
        `,
      },
      errors: [{ file: 'b.md', at: '1:5-1:16', message: 'Skill `mangle limb` is defined again with a different cost: 2 SP here, 3 SP at a.md line 1' }],
    },
    {
      name: 'different prerequisites are an error',
      code: md`
        - **Brawling** (1 SP) Fights.
        - **Mangle Limb** (3 SP) Mangles a limb.
        - **Mangle Limb** (3 SP) Mangles a limb.
          Prerequisite: Brawling
      `,
      errors: [{ at: '3:5-3:16', message: 'Skill `Mangle Limb` is defined again with different prerequisites: Brawling here, none at line 2' }],
    },
    {
      name: 'a ranked cost differs in what a further purchase costs',
      code: md`
        - **Dodge** (4+2 CP) Avoids a blow.
        - **Dodge** (4+3 CP) Avoids a blow.
      `,
      errors: [{ at: '2:5-2:10', message: 'Skill `Dodge` is defined again with a different cost: 4+3 CP here, 4+2 CP at line 1' }],
    },
    {
      // The shape of Chronicles LARP's skillset tables and their glossary copy (larpchronicles/rules, read by hand):
      // the glossary gave a skill's further purchases other prices than its skillset's table.
      name: 'cost columns that differ in one column name only the columns that differ',
      code: {
        'rulebook.yaml': 'layout:\n  costs:\n    columns: [Primary, Secondary, Tertiary]\n',
        'rulebook.md': md`
          ## Rogue Skillset
          | Skill | Primary | Secondary | Tertiary |
          | --- | --- | --- | --- |
          | Pickpocket | 10+5 | 10+7 | 10+10 |
          | Lockwork | 6 | 8 | 12 |

          ## Glossary
          | Skill | Primary | Secondary | Tertiary |
          | --- | --- | --- | --- |
          | Pickpocket | 10+2 | 10+5 | 10+10 |
          | Lockwork | 6 | 8 | 12 |
        `,
      },
      errors: [
        { file: 'rulebook.md', at: '10:3-10:13', message: 'Skill `Pickpocket` is defined again with a different cost: Primary 10+2, Secondary 10+5 here, Primary 10+5, Secondary 10+7 at line 4' },
        { file: 'rulebook.md', at: '11:3-11:11', message: 'Skill `Lockwork` is defined again; the definition at line 5 says the same', severity: 'warning' },
      ],
    },
    {
      name: 'both differ, defined three times',
      code: md`
        - **Brawling** (1 SP) Fights.
        - **Mangle Limb** (3 SP) Mangles a limb.
        - **Mangle Limb** (4 SP) Mangles a limb.
          Prerequisite: Brawling
        - **Mangle Limb** (3 SP) Mangles a limb.
      `,
      errors: [
        { at: '3:5-3:16', message: 'Skill `Mangle Limb` is defined again with a different cost (4 SP here, 3 SP at line 2) and different prerequisites' },
        { at: '5:5-5:16', message: 'Skill `Mangle Limb` is defined again; the definition at line 2 says the same', severity: 'warning' },
      ],
    },
  ],
});
