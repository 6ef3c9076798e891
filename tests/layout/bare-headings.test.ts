/**
 * Skills written as a heading and text alone (`layout.skills.headings: all`): Blades in the Dark's `## Special
 * abilities` over `### Battleborn`, `### Bodyguard`… with no cost, prerequisite or field. The text below is the Blades
 * in the Dark SRD's (CC BY 3.0, One Seven Design; tests/fixtures/wild/blades-srd, read whole in wild-books.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { analyse } from '../../shared/analyse/index.js';
import { describeRulebook } from '../../shared/layout/describe.js';
import { inferLayout } from '../../shared/layout/infer.js';

const ABILITIES = `# Character playbook

## Special abilities

Choose seven special abilities for you playbook. Here are several examples.

### Battleborn

You may expend your **special armor** to reduce harm from an attack in combat or to **push yourself** during a fight.

### Bodyguard

When you **protect** a teammate, take **+1d** to your resistance roll.

### Arcane fighter

You may imbue your hands, melee weapons, or tools with spirit energy. You gain **potency** in combat vs. the supernatural..

### Leader

When you **Command** a **cohort** in combat, they continue to fight when they would otherwise **break**.

### Mule

Your load limits are higher. Light: 5. Normal: 7. Heavy: 8.

## Character items

A list of items that only this playbook can use.

# Teamwork

### Assist

You can assist another player who is making a roll.

### Protect

Step in to face a consequence that one of your teammates would otherwise face.
`;

const LAYOUT = 'layout:\n  skills:\n    headingLevels: [3]\n    headings: all\n    sections: [Special abilities]\n';
const read = (text: string, settings: string) => analyse({ files: [{ path: 'blades.md', text }], manifest: { path: 'rulebook.yaml', text: settings } });

describe('skills written as headings and text alone', () => {
  it('init proposes every ### heading under Special abilities, and says why', () => {
    const { settings, reasons } = inferLayout({ files: [{ path: 'blades.md', text: ABILITIES }] });
    expect(settings).toEqual({ layout: { skills: { headingLevels: [3], headings: 'all', sections: ['Special abilities'] } } });
    expect(reasons).toContain(
      '5 headings under `Special abilities` name an entry with its text alone (`Battleborn`…), with no cost, prerequisite or kind: every `###` heading there is a skill.',
    );
  });

  it('reads them as skills there, and nowhere else', () => {
    const book = read(ABILITIES, LAYOUT);
    expect(book.model.skills.map((s) => [s.name, s.cost, s.category])).toEqual([
      ['Battleborn', null, 'Special abilities'],
      ['Bodyguard', null, 'Special abilities'],
      ['Arcane fighter', null, 'Special abilities'],
      ['Leader', null, 'Special abilities'],
      ['Mule', null, 'Special abilities'],
    ]);
    expect(book.model.skills[4].text).toBe('Your load limits are higher. Light: 5. Normal: 7. Heavy: 8.');
    // Without the setting the same headings are sections like any other.
    expect(read(ABILITIES, 'layout:\n  skills:\n    headingLevels: [3]\n    sections: [Special abilities]\n').model.skills).toEqual([]);
  });

  it('takes a heading that names a kind of skills for a group, not a skill', () => {
    const grouped = ABILITIES.replace('### Mule', '### Hauling abilities\n\nWhat a strong back buys.\n\n#### Mule');
    const names = read(grouped, 'layout:\n  skills:\n    headingLevels: [3, 4]\n    headings: all\n    sections: [Special abilities]\n').model.skills.map((s) => s.name);
    expect(names).toEqual(['Battleborn', 'Bodyguard', 'Arcane fighter', 'Leader', 'Mule']);
  });

  it('proposes nothing for a run of headings under a chapter not named for skills, or for a few', () => {
    expect(inferLayout({ files: [{ path: 'blades.md', text: ABILITIES.replace('## Special abilities', '## Examples') }] }).settings).toEqual({});
    const four = ABILITIES.replace(/### Mule[^#]*/, '');
    expect(inferLayout({ files: [{ path: 'blades.md', text: four }] }).settings).toEqual({});
  });

  it('init’s summary names a skill written a level too high: no line after it looks unread, yet none is read', () => {
    const book = read(ABILITIES.replace('### Leader', '## Leader'), LAYOUT);
    const summary = describeRulebook(book.linked);
    expect(summary).not.toContain('Nothing looks left unread.');
    expect(summary).toContain(
      'Still unread in blades.md:19: `## Leader` stands among the `###` skills of `Special abilities`, a level above them: the `###` heading under it is not read as a skill. If it is a skill, write `### Leader`; if it starts a section of skills, add `Leader` to `layout.skills.sections`.',
    );
    expect(describeRulebook(read(ABILITIES, LAYOUT).linked)).toContain('Nothing looks left unread.');
  });

  it('says what is wrong with the setting, in one line naming it', () => {
    const problems = (settings: string) => read(ABILITIES, settings).findings().filter((f) => f.ruleId === 'parse-problem').map((f) => f.message);
    expect(problems('layout:\n  skills:\n    headings: every\n')).toEqual(['`layout.skills.headings` must be `fields`, `all` or a list of section titles']);
    expect(problems('layout:\n  skills:\n    headings: all\n    sections: [Special abilities]\n')).toEqual([
      '`layout.skills.headings: all` needs the levels skills are written at, in `layout.skills.headingLevels`',
    ]);
  });
});
