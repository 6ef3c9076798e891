/** The check's rules on a small book of its own: tiers, per-class and ranked costs, classes, and the `characters:` settings. */
import { describe, expect, it } from 'vitest';
import { CharacterChecker } from '../../shared/characters/check.js';
import { readCharacterFile } from '../../shared/characters/read.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';

const BOOK = `---
title: Tiny
costUnits: [SP]
characters:
  startingPoints: 30
  classes: [Craftsman, Kinfolk Lineage]
---
# Skills

### Lethal Strike (I - III)
Cost: 2 SP

### Cleave
Cost: 3 SP
Prerequisite: Lethal Strike II

### Forge Lore
Cost: 10 (Craftsman) or 8 (Kinfolk Lineage)

### Toughness
Cost: 4+2 SP
`;

const linked = linkRulebook(parseRulebook({ files: [{ path: 'tiny.md', text: BOOK }] }));

function check(yaml: string): string[] {
  const read = readCharacterFile('c.yaml', yaml);
  expect(read.problem).toBeNull();
  return read.characters.flatMap((c) => new CharacterChecker(linked).check(c).findings).map((f) => `${f.range.start.line} ${f.ruleId}: ${f.message}`);
}

describe('tiers', () => {
  it('a prerequisite naming a tier is met by that tier or a higher one, not a lower one', () => {
    expect(check('name: A\npurchases:\n  - { skill: Lethal Strike, tier: I }\n  - Cleave\n')).toEqual(['4 character/missing-prerequisite: `Cleave` needs `Lethal Strike II`, not owned when it was bought']);
    expect(check('name: A\npurchases:\n  - { skill: Lethal Strike, tier: I }\n  - { skill: Lethal Strike, tier: II }\n  - Cleave\n')).toEqual([]);
    expect(check('name: A\npurchases:\n  - Lethal Strike III\n  - Cleave\n')).toEqual([]);
  });

  it('a tier the skill does not have, and the same tier twice', () => {
    expect(check('name: A\npurchases:\n  - { skill: Lethal Strike, tier: IV }\n')).toEqual(['3 character/unknown-tier: `Lethal Strike` has no tier `IV`; its tiers are I, II, III']);
    expect(check('name: A\npurchases:\n  - Lethal Strike II\n  - Lethal Strike II\n')).toEqual(['4 character/bought-twice: `Lethal Strike II` is already owned']);
  });
});

describe('costs', () => {
  it('a per-class cost is the column of the character’s class', () => {
    expect(check('name: A\nclass: Craftsman\npurchases:\n  - { skill: Forge Lore, cost: 8 }\n')).toEqual(['4 character/wrong-cost: `Forge Lore` costs 10 (for Craftsman), but 8 was paid']);
    expect(check('name: A\nclass: kinfolk lineage\npurchases:\n  - { skill: Forge Lore, cost: 8 }\n')).toEqual([]);
    // No class named: either column is accepted.
    expect(check('name: A\npurchases:\n  - { skill: Forge Lore, cost: 8 }\n')).toEqual([]);
  });

  it('a class the book does not list, with the closest', () => {
    expect(check('name: A\nclass: Craftsmen\npurchases: []\n')).toEqual(['2 character/unknown-class: Unknown class `Craftsmen`, did you mean `Craftsman`?']);
  });

  it('a ranked cost charges the first purchase apart, and may be bought again', () => {
    expect(check('name: A\npurchases:\n  - { skill: Toughness, cost: 4 }\n  - { skill: Toughness, cost: 2 }\n')).toEqual([]);
    expect(check('name: A\npurchases:\n  - { skill: Toughness, cost: 4 }\n  - { skill: Toughness, cost: 4 }\n')).toEqual(['4 character/wrong-cost: `Toughness` costs 2 (a further purchase), but 4 was paid']);
  });

  it('cost columns of ranked prices charge a further purchase the class’s second price', () => {
    // The shape of Chronicles LARP's skillset tables (larpchronicles/rules): base+increment per skillset.
    const columns = linkRulebook(
      parseRulebook({
        manifest: { path: 'rulebook.yaml', text: 'layout:\n  costs:\n    columns: [Primary, Secondary]\n' },
        files: [{ path: 'skills.md', text: '# Skills\n\n| Skill | Primary | Secondary |\n| --- | --- | --- |\n| Pickpocket | 10+5 | 12+7 |\n' }],
      }),
    );
    const findings = (yaml: string) => {
      const read = readCharacterFile('c.yaml', yaml);
      return new CharacterChecker(columns).check(read.characters[0]).findings.map((f) => f.message);
    };
    expect(findings('name: A\nclass: Secondary\npurchases:\n  - { skill: Pickpocket, cost: 12 }\n  - { skill: Pickpocket, cost: 7 }\n')).toEqual([]);
    expect(findings('name: A\nclass: Secondary\npurchases:\n  - { skill: Pickpocket, cost: 12 }\n  - { skill: Pickpocket, cost: 12 }\n')).toEqual([
      '`Pickpocket` costs 7 (for Secondary), but 12 was paid',
    ]);
  });

  it('a purchase with no cost written takes the book’s price', () => {
    const read = readCharacterFile('c.yaml', 'name: A\nstartingPoints: 5\npurchases: [Cleave, Lethal Strike II]\n');
    const report = new CharacterChecker(linked).check(read.characters[0]);
    expect(report.spent).toBe(5);
    expect(report.earned).toBe(5);
  });
});

describe('character files', () => {
  it('an unreadable file is one problem with its line', () => {
    expect(readCharacterFile('c.yaml', 'player: B\npurchases: []\n').problem).toEqual({ message: 'character: `name` is missing', line: 1 });
    expect(readCharacterFile('c.yaml', 'name: A\npurchases:\n  - { skill: Cleave, cost: three }\n').problem).toEqual({ message: 'character `A`, purchase of `Cleave`: `cost` must be a number of 0 or more', line: 3 });
    expect(readCharacterFile('c.yaml', 'name: A\npurchse: []\n').problem?.message).toMatch(/^character: `purchse` is not a field/);
    expect(readCharacterFile('c.yaml', 'name: A\npurchases: [\n').problem?.line).toBeGreaterThan(0);
    expect(readCharacterFile('c.yaml', '').problem?.message).toMatch(/no character/);
  });

  it('several characters: a list, or documents', () => {
    expect(readCharacterFile('c.yaml', '- name: A\n- name: B\n').characters.map((c) => c.name)).toEqual(['A', 'B']);
    expect(readCharacterFile('c.yaml', 'name: A\n---\nname: B\n').characters.map((c) => c.name)).toEqual(['A', 'B']);
  });
});

describe('`characters:` settings', () => {
  const problems = (block: string) =>
    parseRulebook({ files: [{ path: 'b.md', text: `---\ntitle: B\ncharacters:\n${block}---\n# B\n` }] })
      .diagnostics.filter((d) => d.code === 'config-invalid')
      .map((d) => `${d.range.start.line} ${d.message}`);

  it('reads the block', () => {
    const config = parseRulebook({ files: [{ path: 'b.md', text: '---\ncharacters:\n  startingPoints: 15\n  pointsPerEvent: 1\n  repeatable: { Magic Power: 20, Lore: }\n---\n# B\n' }] }).config;
    expect(config.characters).toEqual({ startingPoints: 15, pointsPerEvent: 1, limitPerEvent: null, classes: [], repeatable: { 'Magic Power': 20, Lore: null }, assumedConditions: [] });
    expect(config.extra).toEqual({});
  });

  it('bad values are config-invalid diagnostics at the key', () => {
    expect(problems('  startingPoints: -1\n')).toEqual(['4 `characters.startingPoints` must be a number of 0 or more']);
    expect(problems('  startingPoint: 6\n')).toEqual(['4 `characters.startingPoint` is not a setting; expected one of startingPoints, pointsPerEvent, limitPerEvent, classes, repeatable, assumedConditions']);
    expect(problems('  repeatable: { Lore: 0 }\n')).toEqual(['4 `characters.repeatable`: `Lore` must map to a whole number of 1 or more (or nothing, for no limit)']);
    expect(problems('  classes: 3\n')).toEqual(['4 `characters.classes` must be a list of names']);
  });
});

describe('docs/character.schema.json', () => {
  it('lists the fields the reader reads, no more and no fewer', async () => {
    const { readFileSync } = await import('node:fs');
    const { CHARACTER_KEYS, PURCHASE_KEYS, GRANT_KEYS } = await import('../../shared/characters/read.js');
    const schema = JSON.parse(readFileSync(new URL('../../docs/character.schema.json', import.meta.url), 'utf8'));
    expect(Object.keys(schema.$defs.character.properties).sort()).toEqual([...CHARACTER_KEYS].sort());
    expect(Object.keys(schema.$defs.purchase.oneOf[1].properties).sort()).toEqual([...PURCHASE_KEYS].sort());
    expect(Object.keys(schema.$defs.grant.properties).sort()).toEqual([...GRANT_KEYS].sort());
  });
});
