/**
 * An adversary's, a place's and an armour's statistics are no prices, and the adversaries a place may hold are no
 * requirements. Daggerheart's SRD (Darrington Press, not kept here: our own words in its shapes) gives each adversary
 * `- **Difficulty:** 14 | **Thresholds:** 8/15 | **HP:** 8`, each environment `- **Potential Adversaries:** Beasts
 * (Bear, Dire Wolf)`, and its armour tables `Base Thresholds` and `Base Score` columns: `init` read 146 adversaries
 * and environments as skills priced by Difficulty, their adversaries as prerequisites (24 unknown-prerequisite
 * errors), and 34 pieces of armour as skills priced per class. Two rules hold in any language, where the words of a
 * label say nothing to init: a stat block's numbers stand beside two more, and a time's take words that change.
 */
import { describe, expect, it } from 'vitest';
import { inferLayout } from '../../shared/layout/infer.js';

const ADVERSARIES = `# Adversaries

### Bog Lurker

**_Tier 1 Solo._** _A frog the size of a cart, patient in the reeds._

- **Motives & Tactics:** Ambush, drag under, swallow
- **Difficulty:** 13 | **Thresholds:** 7/14 | **HP:** 7 | **Stress:** 3
- **Experience:** Stillness +2

### Lantern Wisp

**_Tier 1 Minion._** _A flicker that leads travellers astray._

- **Motives & Tactics:** Lure, vanish
- **Difficulty:** 10 | **Thresholds:** None | **HP:** 1 | **Stress:** 1

### Reed Witch

**_Tier 2 Leader._** _She speaks for the marsh._

- **Motives & Tactics:** Bargain, curse, command
- **Difficulty:** 15 | **Thresholds:** 10/20 | **HP:** 6 | **Stress:** 5
`;

const ENVIRONMENTS = `# Environments

### Sunken Chapel

**_Tier 1 Exploration._** _A drowned shrine._

- **Impulses:** Hide its relics, echo old hymns
- **Difficulty:** 11
- **Potential Adversaries:** Marsh folk (Bog Lurker, Lantern Wisp), Reed Witch

### Reed Maze

**_Tier 2 Traversal._** _Walls of reeds that move at night._

- **Impulses:** Separate the party
- **Difficulty:** 14
- **Potential Adversaries:** Lantern Wisp, Reed Witch

### Witch Market

**_Tier 2 Social._** _Where the marsh trades in secrets._

- **Impulses:** Tempt, bind with bargains
- **Difficulty:** 13
- **Potential Adversaries:** Reed Witch
`;

const ARMOUR = `# Armour

## Tier 1

| Name | Base Thresholds | Base Score | Feature |
|---|---|---|---|
| Reed Mail | 5 / 11 | 3 | **_Light:_** +1 to Evasion |
| Bog Leather | 6 / 13 | 3 | — |
| Lantern Plate | 7 / 15 | 4 | **_Heavy:_** -1 to Evasion |
`;

describe('statistics are no prices', () => {
  it('reads no skill from adversaries, environments and armour', () => {
    const { settings, reasons } = inferLayout({
      files: [
        { path: '13_Adversaries.md', text: ADVERSARIES },
        { path: '14_Environments.md', text: ENVIRONMENTS },
        { path: '09_Armour.md', text: ARMOUR },
      ],
    });
    expect(settings.layout).toBeUndefined();
    expect(reasons.join('\n')).not.toMatch(/Difficulty|Potential Adversaries|Base Score|Base Thresholds/);
  });
});

// A monster's statistics and a spell's casting time in a language whose words init does not know: in Russian, as the
// SRD 5.2's Russian translation writes them (our own creatures and spells). Read before as priced by armour class.
const BESTIARY = ['Болотный ужас', 'Фонарный дух', 'Тростниковая ведьма']
  .map((name, i) => `### ${name}\n\n- **Класс доспеха:** ${12 + i}\n- **Хиты:** ${20 + i * 15}\n- **Скорость:** ${20 + i * 10} фт.\n`)
  .join('\n');
const SPELLS = [
  ['Искра', '1 действие'],
  ['Туман', '1 минута'],
  ['Ритуал', '10 минут'],
  ['Щит', '1 реакция'],
]
  .map(([name, time]) => `### ${name}\n\n**Время сотворения:** ${time}\n\nЗаклинание.\n`)
  .join('\n');

describe('numbers that are no price, in any language', () => {
  it('are a stat block’s: a label whose entries write two numbers more beside it', () => {
    const { settings } = inferLayout({ files: [{ path: 'monsters.md', text: `# Монстры\n\n${BESTIARY}` }] });
    expect(settings.layout).toBeUndefined();
  });

  it('are a time’s or a distance’s: numbers in words that change with them', () => {
    const { settings } = inferLayout({ files: [{ path: 'spells.md', text: `# Заклинания\n\n${SPELLS}` }] });
    expect(settings.layout).toBeUndefined();
  });

  it('while a label of numbers in one unit, one number an entry, is still read as the price', () => {
    const karma = ['Lantern Walk', 'Reed Sight', 'Bog Stride'].map((name, i) => `### ${name}\n\nKarma: ${i + 2}\n\nA marsh art.\n`).join('\n');
    const { settings, reasons } = inferLayout({ files: [{ path: 'arts.md', text: `# Arts\n\n${karma}` }] });
    expect(settings.layout).toEqual({ fields: { cost: ['Karma'] }, skills: { headingLevels: [3] } });
    expect(reasons).toContainEqual(expect.stringMatching(/^`Karma` \(3 entries, .*\) gives a cost: its values are numbers/));
  });
});
