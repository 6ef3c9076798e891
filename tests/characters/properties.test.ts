/**
 * Properties of the check on the Funjerai book (with the tests' settings), over random histories: a history that
 * buys each skill after its prerequisites at the book's price is clean; taking out a prerequisite's purchase, or
 * paying another price, is found at the purchase it breaks. Bounded by case counts.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CharacterChecker } from '../../shared/characters/check.js';
import { readCharacterFile } from '../../shared/characters/read.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { Skill } from '../../shared/model/types.js';
import { linkedBook, useBooks } from './books.js';

const books = useBooks();
let linked: LinkedRulebook;
beforeAll(async () => {
  linked = await linkedBook(books.funjerai);
});

/** A history in an order the prerequisites allow: the skills picked by `seeds`, each after what it needs. */
function history(seeds: readonly number[]): { skills: Skill[]; needs: Map<Skill, Skill[]>; confirmed: string[] } {
  const priced = [...linked.skillsByKey.values()].map((defs) => defs[0]).filter((s) => typeof s.cost === 'number');
  const targets = new Map(linked.edges.map((e) => [e.term, e.to]));
  const needs = new Map<Skill, Skill[]>();
  const confirmed = new Set<string>();
  for (const skill of priced) {
    const mine: Skill[] = [];
    for (const list of skill.prerequisites) {
      for (const r of list.requirements) {
        const skillAlternative = r.alternatives.map((t) => targets.get(t)).find((s) => s !== undefined);
        if (skillAlternative) mine.push(skillAlternative);
        else for (const t of r.alternatives) confirmed.add(t.text);
      }
    }
    needs.set(skill, mine);
  }
  const order: Skill[] = [];
  const add = (skill: Skill, depth = 0) => {
    if (order.includes(skill) || depth > 20) return;
    for (const need of needs.get(skill) ?? []) add(need, depth + 1);
    order.push(skill);
  };
  for (const seed of seeds) add(priced[seed % priced.length]);
  return { skills: order, needs, confirmed: [...confirmed] };
}

function yamlOf(skills: readonly Skill[], confirmed: readonly string[], costs: (s: Skill) => number = (s) => s.cost as number): string {
  const lines = ['name: Random', 'startingPoints: 1000', `confirmed: ${JSON.stringify(confirmed)}`, 'purchases:'];
  for (const s of skills) lines.push(`  - { skill: ${JSON.stringify(s.name)}, cost: ${costs(s)} }`);
  return `${lines.join('\n')}\n`;
}

function check(text: string) {
  const read = readCharacterFile('random.yaml', text);
  expect(read.problem).toBeNull();
  return new CharacterChecker(linked).check(read.characters[0]).findings;
}

const seeds = fc.array(fc.nat(), { minLength: 1, maxLength: 25 });

describe('the check over random Funjerai histories', () => {
  it('a history in prerequisite order at the book’s prices is clean', () => {
    fc.assert(
      fc.property(seeds, (s) => {
        const { skills, confirmed } = history(s);
        expect(check(yamlOf(skills, confirmed))).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('taking out the purchase of a prerequisite is found at the skill that needed it', () => {
    fc.assert(
      fc.property(seeds, fc.nat(), (s, pick) => {
        const { skills, needs, confirmed } = history(s);
        const dependents = skills.filter((skill) => (needs.get(skill) ?? []).length > 0);
        fc.pre(dependents.length > 0);
        const dependent = dependents[pick % dependents.length];
        const removed = needs.get(dependent)![0];
        const findings = check(yamlOf(skills.filter((k) => k !== removed), confirmed));
        const line = skills.filter((k) => k !== removed).indexOf(dependent) + 5;
        expect(findings.some((f) => f.ruleId === 'character/missing-prerequisite' && f.range.start.line === line)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('paying another price is found at that purchase, and nowhere else', () => {
    fc.assert(
      fc.property(seeds, fc.nat(), fc.integer({ min: 1, max: 9 }), (s, pick, delta) => {
        const { skills, confirmed } = history(s);
        const wrong = skills[pick % skills.length];
        const findings = check(yamlOf(skills, confirmed, (k) => (k === wrong ? (k.cost as number) + delta : (k.cost as number))));
        expect(findings.map((f) => [f.ruleId, f.range.start.line])).toEqual([['character/wrong-cost', skills.indexOf(wrong) + 5]]);
      }),
      { numRuns: 60 },
    );
  });
});
