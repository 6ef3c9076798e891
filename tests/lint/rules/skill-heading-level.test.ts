/**
 * The text is the Blades in the Dark SRD's (CC BY 3.0, One Seven Design; tests/fixtures/wild/blades-srd), where
 * `## Fortitude` stands among the `###` special abilities.
 */
import { expect, it } from 'vitest';
import rule from '../../../shared/lint/rules/skill-heading-level.js';
import { applyEdits } from '../../../shared/model/edits.js';
import { md } from '../../helpers/md.js';
import { runRule, testRule } from '../rule-tester.js';

const LAYOUT = 'layout:\n  skills:\n    headingLevels: [3]\n    headings: all\n    sections: [Special abilities, Crew special abilities]\n';

const SLIPPED = md`
  ## Special abilities

  ### Artificer

  When you **invent** or **craft** a creation with *spark-craft* features, you get **+1 result level** to your roll.

  ## Fortitude

  You may expend your **special armor** to resist a consequence of fatigue, weakness, or chemical effects.

  ### Supernatural ward

  When you **Wreck** an area with arcane substances, it becomes anathema or enticing to the supernatural.

  ### Saboteur

  When you **Wreck**, your work is much quieter than it should be.
`;

testRule(rule, {
  valid: [
    {
      name: 'the ability at the level of the others',
      code: { 'rulebook.yaml': LAYOUT, 'blades.md': SLIPPED.replace('## Fortitude', '### Fortitude') },
    },
    {
      name: 'a section of skills the layout names',
      code: {
        'rulebook.yaml': LAYOUT,
        'blades.md': SLIPPED.replace('## Fortitude', '## Crew special abilities'),
      },
    },
    {
      name: 'a chapter of rules after the skills, with no text of its own, and one two levels up',
      code: {
        'rulebook.yaml': LAYOUT,
        'blades.md': md`
          ## Special abilities

          ### Artificer

          When you **invent** or **craft** a creation, you get **+1 result level** to your roll.

          ## Teamwork

          ### Assist

          You can assist another player who is making a roll.

          # The Score

          ### Planning & engagement

          Choose a plan type and provide the detail.
        `,
      },
    },
    {
      name: 'a section with no headings under it',
      code: {
        'rulebook.yaml': LAYOUT,
        'blades.md': SLIPPED.replace(/### Supernatural ward[^]*/, '') + '\n## Character items\n\nA list of items that only this playbook can use.\n',
      },
    },
    {
      name: 'skills named by their fields, where the level says nothing',
      code: { 'rulebook.yaml': LAYOUT.replace('headings: all', 'headings: fields'), 'blades.md': SLIPPED },
    },
  ],
  invalid: [
    {
      name: 'an ability written a level too high, over the rest',
      code: { 'rulebook.yaml': LAYOUT, 'blades.md': SLIPPED },
      errors: [
        {
          file: 'blades.md',
          at: '7:1-7:13',
          message:
            '`## Fortitude` stands among the `###` skills of `Special abilities`, a level above them: the 2 `###` headings under it are not read as skills. If it is a skill, write `### Fortitude`; if it starts a section of skills, add `Fortitude` to `layout.skills.sections`',
        },
      ],
    },
  ],
});

it('offers to write the heading at the skills’ level, which reads every ability', () => {
  const [finding] = runRule(rule, { 'rulebook.yaml': LAYOUT, 'blades.md': SLIPPED });
  expect(finding.fix).toBeUndefined();
  expect(finding.suggestions?.map((s) => s.title)).toEqual(['Write it `### Fortitude`']);
  const mended = applyEdits(SLIPPED, finding.suggestions![0].edits);
  expect(mended).toBe(SLIPPED.replace('## Fortitude', '### Fortitude'));
  expect(runRule(rule, { 'rulebook.yaml': LAYOUT, 'blades.md': mended })).toEqual([]);
});
