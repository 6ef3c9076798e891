/**
 * The Characters panel's edits of character files (renderer/panels/characters-yaml.ts) on the real fixture
 * characters: one per file, a list of them, and two YAML documents. Each edit must read back (shared/characters/read.ts)
 * as exactly that change, with the other characters and the marshal's comments kept.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCharacterFile } from '../../shared/characters/read.js';
import type { Character } from '../../shared/characters/types.js';
import { addPurchase, characterFileName, newCharacterText, removePurchase } from '../../renderer/panels/characters-yaml.js';
import { FIXTURES } from './books.js';

const fixture = (book: string, file: string) => readFileSync(path.join(FIXTURES, book, file), 'utf8');

function read(text: string): Character[] {
  const result = readCharacterFile('c.yaml', text);
  expect(result.problem).toBeNull();
  return [...result.characters];
}

const purchases = (c: Character) => c.purchases.map((p) => [p.skill, p.tier, p.event, p.cost]);

const FILES = [
  ['kingdoms-of-novitas', 'corwin-prerequisite-order.yaml', 1],
  ['funjerai', 'guild-roster.yaml', 2],
  ['funjerai', 'two-documents.yaml', 2],
] as const;

describe('character file edits', () => {
  it.each(FILES)('%s/%s: adds a purchase to each character, changing nothing else', (book, file, count) => {
    const text = fixture(book, file);
    const before = read(text);
    expect(before).toHaveLength(count);
    for (let index = 0; index < count; index++) {
      const edited = addPurchase(text, index, { skill: 'Lore', tier: null, event: 'Autumn Gathering', cost: 2 });
      const after = read(edited);
      expect(after.map((c) => c.name)).toEqual(before.map((c) => c.name));
      for (let other = 0; other < count; other++) {
        const expected = purchases(before[other]);
        if (other === index) expected.push(['Lore', null, 'Autumn Gathering', 2]);
        expect(purchases(after[other])).toEqual(expected);
      }
      // The comments stay, and so does every line of the other characters.
      for (const line of text.split('\n').filter((l) => l.startsWith('#'))) expect(edited).toContain(line);
      expect(edited).toContain('{ skill: Lore, event: Autumn Gathering, cost: 2 }');
    }
  });

  it.each(FILES)('%s/%s: removes the purchase named by its place in the file', (book, file, count) => {
    const text = fixture(book, file);
    const before = read(text);
    for (let index = 0; index < count; index++) {
      const after = read(removePurchase(text, index, 1));
      const expected = purchases(before[index]);
      expected.splice(1, 1);
      expect(purchases(after[index])).toEqual(expected);
      if (count > 1) expect(purchases(after[1 - index])).toEqual(purchases(before[1 - index]));
    }
  });

  it('writes a new character that reads back, and its purchases one a line', () => {
    let text = newCharacterText('Sigrun Hallsdottir', 'Kingdoms of Novitas');
    expect(read(text)[0]).toMatchObject({ name: 'Sigrun Hallsdottir', rulebook: 'Kingdoms of Novitas', purchases: [] });
    text = addPurchase(text, 0, { skill: 'Estimate Value', tier: null, event: null, cost: 2 });
    text = addPurchase(text, 0, { skill: 'Lethal Strike', tier: 'II', event: null, cost: null });
    expect(text).toBe('name: Sigrun Hallsdottir\nrulebook: Kingdoms of Novitas\npurchases:\n  - { skill: Estimate Value, cost: 2 }\n  - { skill: Lethal Strike, tier: II }\n');
    expect(purchases(read(text)[0])).toEqual([['Estimate Value', null, null, 2], ['Lethal Strike', 'II', null, null]]);
    expect(purchases(read(removePurchase(text, 0, 0))[0])).toEqual([['Lethal Strike', 'II', null, null]]);
  });

  it('quotes what YAML would misread', () => {
    const text = addPurchase(newCharacterText('No: 1 # not a comment', null), 0, { skill: 'Magic Power (2)', tier: null, event: '2025-06-01', cost: 1 });
    const [character] = read(text);
    expect(character.name).toBe('No: 1 # not a comment');
    expect(purchases(character)).toEqual([['Magic Power (2)', null, '2025-06-01', 1]]);
  });

  it('refuses an edit it cannot make, saying why', () => {
    expect(() => addPurchase('name: [unclosed', 0, { skill: 'Lore', tier: null, event: null, cost: null })).toThrow(/does not read as YAML/);
    expect(() => removePurchase(newCharacterText('A', null), 0, 0)).toThrow(/no purchase number 1/);
    expect(() => addPurchase(newCharacterText('A', null), 1, { skill: 'Lore', tier: null, event: null, cost: null })).toThrow(/no character number 2/);
  });

  it('names a new file after the character, never over a taken name', () => {
    expect(characterFileName('Sigrun Hallsdóttir', [])).toBe('sigrun-hallsdottir.yaml');
    expect(characterFileName('Sigrun Hallsdóttir', ['sigrun-hallsdottir.yaml', 'Sigrun-Hallsdottir-2.yaml'])).toBe('sigrun-hallsdottir-3.yaml');
    expect(characterFileName('???', [])).toBe('character.yaml');
    // Any alphabet is written in ASCII letters, not dropped: two Russian players were both "character.yaml" before.
    expect(characterFileName('Ярослава Мудрая', [])).toBe('yaroslava-mudraya.yaml');
    expect(characterFileName('Jürgen Groß', [])).toBe('juergen-gross.yaml');
  });
});
