/**
 * What the Characters panel shows (shared/characters/options.ts): every skill as the next purchase, judged by the
 * character check itself. A small book of its own for each rule, then the real Kingdoms of Novitas characters.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPurchase } from '../../renderer/panels/characters-yaml.js';
import { viewCharacterFile, type SkillOption } from '../../shared/characters/options.js';
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { FIXTURES, linkedBook, useBooks } from './books.js';

const BOOK = `---
title: Tiny
costUnits: [SP]
conditions: [GM permission]
characters:
  startingPoints: 6
  pointsPerEvent: 2
  limitPerEvent: 3
  repeatable: { Extra Health: 2 }
---
# Fighting

### Lethal Strike (I - III)
Cost: 1 SP

### Cleave
Cost: 3 SP
Prerequisite: Lethal Strike II

### Toughness
Cost: 1+2 SP

### Extra Health
Cost: 1 SP

# Magic

### Access to Magic
Cost: 2 SP

### Ward
Cost: 1 SP
Prerequisite: Access to Magic or Lethal Strike III, GM permission
`;

const tiny = linkRulebook(parseRulebook({ files: [{ path: 'tiny.md', text: BOOK }] }));

function options(yaml: string, event: string | null = null, linked: LinkedRulebook = tiny): Map<string, SkillOption> {
  const view = viewCharacterFile(linked, 'c.yaml', yaml, { index: 0, event });
  expect(view.problem).toBeNull();
  return new Map(view.selected!.options.map((o) => [o.name, o]));
}

const brief = (o: SkillOption | undefined) => o && [o.state, o.tier, o.points, o.owned, ...o.reasons];

describe('skill options', () => {
  it('a new character: what each skill costs, and what blocks it', () => {
    const got = options('name: A\n');
    expect([...got.keys()]).toEqual(['Lethal Strike', 'Cleave', 'Toughness', 'Extra Health', 'Access to Magic', 'Ward']);
    expect(brief(got.get('Lethal Strike'))).toEqual(['available', 'I', 1, 0]);
    expect(brief(got.get('Cleave'))).toEqual(['blocked', null, 3, 0, 'needs `Lethal Strike II`']);
    expect(brief(got.get('Toughness'))).toEqual(['available', null, 1, 0]);
    // Either alternative meets the first requirement; the condition is the marshal's, a note rather than a block.
    expect(brief(got.get('Ward'))).toEqual(['blocked', null, 1, 0, 'needs `Access to Magic` or `Lethal Strike III`']);
    expect(got.get('Ward')!.notes).toEqual(['needs `GM permission`']);
    expect(got.get('Cleave')!.category).toBe('Fighting');
  });

  it('a skill with tiers offers its next tier, and is owned once every tier is', () => {
    expect(brief(options('name: A\npurchases: [Lethal Strike I]\n').get('Lethal Strike'))).toEqual(['available', 'II', 1, 1]);
    const got = options('name: A\npurchases: [Lethal Strike I, Lethal Strike II]\n');
    expect(brief(got.get('Cleave'))).toEqual(['available', null, 3, 0]);
    expect(brief(options('name: A\npurchases: [Lethal Strike I, Lethal Strike II, Lethal Strike III]\n').get('Lethal Strike'))).toEqual(['owned', null, null, 3]);
    expect(brief(options('name: A\npurchases: [Lethal Strike I, Lethal Strike II, Lethal Strike III]\n').get('Ward'))).toEqual(['available', null, 1, 0]);
  });

  it('bought once is owned; a ranked cost charges its further price; repeatable up to its most', () => {
    const got = options('name: A\npurchases: [Access to Magic, Toughness, Extra Health]\n');
    expect(brief(got.get('Access to Magic'))).toEqual(['owned', null, 2, 1]);
    expect(brief(got.get('Toughness'))).toEqual(['available', null, 2, 1]);
    expect(brief(got.get('Extra Health'))).toEqual(['available', null, 1, 1]);
    expect(brief(options('name: A\npurchases: [Extra Health, Extra Health]\n').get('Extra Health'))).toEqual(['owned', null, 1, 2]);
  });

  it('over budget: the points left at creation, and the limit per event', () => {
    // 6 points at creation, 5 spent: the 3-point Cleave is over, the 1-point Extra Health is not.
    const spent = 'name: A\npurchases: [Lethal Strike I, Lethal Strike II, Access to Magic, Extra Health]\n';
    expect(brief(options(spent).get('Cleave'))).toEqual(['over-budget', null, 3, 0, 'not enough points by creation']);
    expect(brief(options(spent).get('Toughness'))).toEqual(['available', null, 1, 0]);
    // At an event, 2 more points (8 in all, 6 spent): Cleave is over both the points and the limit of 3 at one event.
    const atEvent = 'name: A\npurchases: [Lethal Strike I, Lethal Strike II, Access to Magic, Extra Health, { skill: Toughness, event: E1 }]\n';
    expect(brief(options(atEvent, 'E1').get('Cleave'))).toEqual(['over-budget', null, 3, 0, 'not enough points by `E1`', '4 points spent at `E1`, more than the 3 allowed at one event']);
    expect(brief(options(atEvent, 'E1').get('Extra Health'))).toEqual(['available', null, 1, 1]);
    expect(brief(options(atEvent, 'E2').get('Cleave'))).toEqual(['available', null, 3, 0]);
  });

  it('the character, its purchases in the timeline with their findings, and findings not on a purchase', () => {
    const view = viewCharacterFile(tiny, 'c.yaml', 'name: A\nclass: Fighter\npurchases:\n  - { skill: Cleave, event: E1 }\n  - Lethal Strike I\n  - Fireball\n', { index: 0, event: null });
    const [character] = view.characters;
    expect([character.errors, character.spent, character.earned, character.events]).toEqual([2, 4, 8, ['E1']]);
    expect(view.selected!.purchases.map((p) => [p.index, p.label, p.event, p.points, p.known, p.findings.map((f) => f.ruleId)])).toEqual([
      [1, 'Lethal Strike I', null, 1, true, []],
      [2, 'Fireball', null, 0, false, ['character/unknown-skill']],
      [0, 'Cleave', 'E1', 3, true, ['character/missing-prerequisite']],
    ]);
    // The book lists no classes, so any class is accepted: nothing on the character itself.
    expect(character.findings).toEqual([]);
  });

  it('a file that does not read is its problem, with no characters', () => {
    expect(viewCharacterFile(tiny, 'c.yaml', 'name: A\npurchase: []\n', null)).toEqual({ problem: { message: expect.stringMatching(/`purchase` is not a field/), line: 2 }, characters: [], selected: null });
  });
});

describe('on Kingdoms of Novitas', () => {
  const books = useBooks();
  let novitas: LinkedRulebook;
  beforeAll(async () => {
    novitas = await linkedBook(books.novitas);
  });

  it('the options of the valid fixture characters agree with the check: buying an available one adds no error, a blocked one does', () => {
    for (const file of ['aldric-valid-warrior.yaml', 'mirela-valid-mage.yaml']) {
      // Points to spare, so that every skill's prerequisites decide, not the points.
      const text = readFileSync(path.join(FIXTURES, 'kingdoms-of-novitas', file), 'utf8').replace(/^name: .*\n/m, (line) => `${line}startingPoints: 60\n`);
      const view = viewCharacterFile(novitas, file, text, { index: 0, event: null });
      expect(view.characters[0].errors).toBe(0);
      const available = view.selected!.options.filter((o) => o.state === 'available');
      expect(available.length).toBeGreaterThan(0);
      for (const option of available) {
        const bought = addPurchase(text, 0, { skill: option.name, tier: option.tier, event: null, cost: option.points });
        const after = viewCharacterFile(novitas, file, bought, null).characters[0];
        expect([option.name, after.errors]).toEqual([option.name, 0]);
      }
      for (const option of view.selected!.options.filter((o) => o.state === 'blocked')) {
        const bought = addPurchase(text, 0, { skill: option.name, tier: option.tier, event: null, cost: null });
        expect([option.name, viewCharacterFile(novitas, file, bought, null).characters[0].errors > 0]).toEqual([option.name, true]);
      }
    }
  });

  it('Tradesman waits for Estimate Value', () => {
    const fresh = options('name: New\n', null, novitas);
    expect(brief(fresh.get('Tradesman'))).toEqual(['blocked', null, 1, 0, 'needs `Estimate Value`']);
    expect(brief(options('name: New\npurchases: [Estimate Value]\n', null, novitas).get('Tradesman'))).toEqual(['available', null, 1, 0]);
  });
});
