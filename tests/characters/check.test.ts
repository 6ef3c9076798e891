/**
 * Ten characters written from the Kingdoms of Novitas and Funjerai rules (tests/fixtures/characters/), some valid and
 * some with planted faults: each file's findings must be exactly those in its `.expected.txt` (empty for the valid).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CharacterChecker } from '../../shared/characters/check.js';
import { readCharacterFile } from '../../shared/characters/read.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { FIXTURES, linkedBook, useBooks } from './books.js';

const books = useBooks();
const linked = new Map<string, LinkedRulebook>();

beforeAll(async () => {
  linked.set('kingdoms-of-novitas', await linkedBook(books.novitas));
  linked.set('funjerai', await linkedBook(books.funjerai));
});

function findingsOf(book: string, file: string): string[] {
  const text = readFileSync(path.join(FIXTURES, book, file), 'utf8');
  const read = readCharacterFile(file, text);
  expect(read.problem).toBeNull();
  const checker = new CharacterChecker(linked.get(book)!);
  return read.characters.flatMap((c) => checker.check(c).findings).map((f) => `${f.range.start.line}:${f.range.start.column}-${f.range.end.line}:${f.range.end.column} ${f.severity} ${f.message} ${f.ruleId}`);
}

const cases = ['kingdoms-of-novitas', 'funjerai'].flatMap((book) =>
  readdirSync(path.join(FIXTURES, book))
    .filter((f) => f.endsWith('.yaml'))
    .map((file) => [book, file] as const),
);

describe('character check on the fixture characters', () => {
  it('has ten characters over both books', () => {
    const count = cases.reduce((n, [book, file]) => n + readCharacterFile(file, readFileSync(path.join(FIXTURES, book, file), 'utf8')).characters.length, 0);
    expect(count).toBe(10);
  });

  it.each(cases)('%s/%s finds exactly what is planted', (book, file) => {
    const expected = readFileSync(path.join(FIXTURES, book, file.replace(/\.yaml$/, '.expected.txt')), 'utf8').split('\n').filter(Boolean);
    expect(findingsOf(book, file)).toEqual(expected);
  });
});
