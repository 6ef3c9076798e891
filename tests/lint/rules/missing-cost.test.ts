import rule from '../../../shared/lint/rules/missing-cost.js';
import { md } from '../../helpers/md.js';
import { testRule } from '../rule-tester.js';

testRule(rule, {
  valid: [
    {
      name: 'costs in every form',
      code: md`
        - **Ambidexterity** (2 SP) Two weapons.

        ### Fireball (20 XP)

        ### Familiar
        Cost: 3
        Range: Self

        | Skill | Cost | Notes |
        | --- | --- | --- |
        | Body 1 | 1 | 1 Body point |
      `,
    },
    {
      name: 'a variable cost with its explanation in parentheses (Crestfallen spells)',
      code: md`
        #### Elemental Bolt

         **Energy Cost**: Variable (5 [damage]({{< ref "/rules/conditions/#damage" >}}) per 1 Energy)

        This spell causes the target to take 5 damage per Energy point used.
      `,
    },
    {
      name: 'a chapter of skills none of which is priced (Ashfall\'s base skills, grown by level, beside its priced talents)',
      code: md`
        # Skills

        ### Athletics
        Attribute: MIG
        Prerequisites: Training

        ### Stealth
        Attribute: AGI
        Prerequisites: Training

        ### Insight
        Attribute: WIS
        Prerequisites: Training

        # Talents

        ### Wall Runner
        Cost: 5 CP
        Prerequisites: Athletics
      `,
    },
    {
      name: 'an activity that says what using it takes and writes no price (Ashfall\'s downtime activities, open to a build)',
      code: md`
        # Downtime

        ### Focus Meditation
        Prerequisite: Psion build
        Capital Cost: 1 Essence
        Effect: Regain focus.

        # Talents

        ### Wall Runner
        Cost: 5 CP
        Prerequisites: Athletics
      `,
    },
  ],
  invalid: [
    {
      name: 'skills of a chapter whose Cost lines were all left empty, and the two unpriced skills of a short chapter',
      code: md`
        # Spells

        ### Light
        Cost:
        Range: Touch

        ### Darkness
        Cost:
        Range: Touch

        ### Silence
        Cost:
        Range: Touch

        # Crafts

        ### Smithing
        Range: Forge
        Prerequisites: Training

        ### Brewing
        Range: Kitchen
        Prerequisites: Training
      `,
      errors: [
        { at: '3:5-3:10', message: 'Skill `Light` has no cost' },
        { at: '7:5-7:13', message: 'Skill `Darkness` has no cost' },
        { at: '11:5-11:12', message: 'Skill `Silence` has no cost' },
        { at: '17:5-17:13', message: 'Skill `Smithing` has no cost' },
        { at: '21:5-21:12', message: 'Skill `Brewing` has no cost' },
      ],
    },
    {
      name: 'a tagged feat heading whose description comes before its fields (D&D 3.5 SRD), and a paragraph of prose before a Cost line that is no price',
      code: md`
        ### Exotic Weapon Proficiency [General]

        Choose a type of exotic weapon. You understand how to use that type of exotic weapon in combat.

        **Prerequisite:** Base attack bonus +1.

        ### Item Creation Feats

        An item creation feat lets a spellcaster create a magic item.

        **XP Cost:** Experience that the spellcaster would normally keep is expended when making a magic item.
      `,
      errors: [{ at: '1:5-1:30', message: 'Skill `Exotic Weapon Proficiency` has no cost' }],
    },
    {
      name: 'a heading skill with an empty Cost line, and a table row with an empty cost',
      code: md`
        ### Familiar
        Cost:
        Range: Self

        ### Summoning (2 XP)

        | Skill | Cost | Notes |
        | --- | --- | --- |
        | Body 1 |  | 1 Body point |
      `,
      errors: [
        { at: '1:5-1:13', message: 'Skill `Familiar` has no cost' },
        { at: '9:3-9:9', message: 'Skill `Body 1` has no cost' },
      ],
    },
  ],
});
