/** An edit read incrementally, as the editor reads it, checked against a fresh parse. */
import { expect } from 'vitest';
import type { Skill } from '../../shared/model/types.js';
import { ParseCache, parseRulebook } from '../../shared/parse/index.js';

/**
 * The costs of the skills named `name` in `text`, and in `edited` read with the cache of the first read; the second
 * read must equal a fresh parse of `edited`.
 */
export function costsBeforeAndAfterEdit(text: string, edited: string, name: string): [Skill['cost'][], Skill['cost'][]] {
  const cache = new ParseCache();
  const read = (t: string) => parseRulebook({ files: [{ path: 'book.md', text: t }] }, { cache });
  const costs = (skills: readonly Skill[]) => skills.filter((s) => s.name === name).map((s) => s.cost);
  const before = costs(read(text).skills);
  const incremental = read(edited);
  expect(incremental).toEqual(parseRulebook({ files: [{ path: 'book.md', text: edited }] }));
  return [before, costs(incremental.skills)];
}
