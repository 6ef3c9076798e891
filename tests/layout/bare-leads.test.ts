/**
 * Skills written as paragraphs that open with a bold name and a colon, priced nowhere, under a heading named for
 * skills: Fate Condensed's `#### Skill List` (CC BY 3.0, Evil Hat Productions; tests/fixtures/wild/fate-condensed-srd,
 * read whole in wild-books.test.ts). `init` reads them with `boldNames: all` in that section only; the same paragraphs
 * under a heading that names no skills, or in a book that prices its skills, are left as they are.
 */
import { describe, expect, it } from 'vitest';
import { inferLayout } from '../../shared/layout/infer.js';
import { parse } from '../helpers/md.js';

const SKILLS = `### Skills

#### Skill List

Descriptions for these skills are found below.

**Academics:** Mundane, everyday human knowledge and education, including history, sciences, and medicine.

**Athletics:** A measurement of physical potential. Athletics stunts focus on movement—running, jumping, parkour—and dodging attacks.

**Burglary:** Knowledge of and ability to bypass security systems, pick pockets, and generally commit crimes.

**Contacts:** Knowledge of the right people and connections that can help you.

**Crafts:** Ability to make or break machinery, build contraptions, and pull off MacGyver-esque feats of ingenuity.

**Deceive:** Ability to lie and cheat convincingly and with aplomb.

## Taking Action, Rolling the Dice

**Overcome:** Get past an obstacle, using a skill that fits what you are trying to do.

**Defend:** Stop someone from doing the other actions to you.
`;

const book = (text: string) => ({ files: [{ path: 'rulebook.md', text }] });

describe('bold-lead paragraphs under a heading named for skills', () => {
  it('has init read them as skills there, and there only', () => {
    const { settings, reasons } = inferLayout(book(SKILLS));
    expect(settings.layout).toEqual({ skills: { boldNames: 'all', sections: ['Skill List'] } });
    expect(reasons).toContainEqual(
      '6 paragraphs under `Skill List` open with a bold name and a colon (`Academics`…), with no price anywhere: every such name there is a skill.',
    );
    const layout = `---\nlayout:\n  skills:\n    boldNames: all\n    sections: [Skill List]\n---\n`;
    expect(parse(layout + SKILLS).skills.map((s) => s.name)).toEqual(['Academics', 'Athletics', 'Burglary', 'Contacts', 'Crafts', 'Deceive']);
  });

  it('proposes nothing under a heading that names no skills', () => {
    expect(inferLayout(book(SKILLS.replace('### Skills', '### Knowledge').replace('#### Skill List', '#### What Characters Know'))).settings.layout).toBeUndefined();
  });

  it('proposes nothing where the book prices its skills', () => {
    const priced = `${SKILLS}\n## Stunts\n\n${['Sprinter', 'Hardcore Parkour', 'Dazing Counter'].map((n) => `### ${n}\n\n**Cost:** 1 refresh\n\nA stunt.\n`).join('\n')}`;
    expect(JSON.stringify(inferLayout(book(priced)).settings)).not.toContain('boldNames');
  });
});
