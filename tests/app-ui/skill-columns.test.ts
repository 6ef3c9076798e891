/**
 * The Skills panel shows a column only when some skill of the book fills it: Razorweave (CC BY-SA 4.0,
 * tests/fixtures/wild/razorweave) prices nothing and names no prerequisite, and showed a column of "—" and two blank
 * ones beside its names. Sorting keeps working as columns come and go.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filterPlaceholder, foldsCategory, matchesFilter, shownColumns, sortColumn, sortRows } from '../../renderer/panels/skill-columns.js';
import { buildSkillRows, type SkillRow } from '../../shared/service/summaries.js';
import { link, md, type Host } from '../helpers/md.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');

/** What `rulebook init` writes for Razorweave: its skills are `####` headings in two chapters. */
const RAZORWEAVE_LAYOUT = 'layout:\n  skills:\n    headingLevels: [4]\n    sections: [Skills Reference, Proficiencies Reference]\n';

function razorweave(): Record<string, string> {
  const folder = path.join(FIXTURES, 'wild/razorweave/book');
  const files = Object.fromEntries(readdirSync(folder).filter((f) => f.endsWith('.md')).map((f) => [f, readFileSync(path.join(folder, f), 'utf8')]));
  return { ...files, 'rulebook.yaml': RAZORWEAVE_LAYOUT };
}

const rowsOf = (book: Host): SkillRow[] => buildSkillRows(link(book));
const keys = (rows: readonly SkillRow[]) => shownColumns(rows).map((column) => column.key);

describe('the Skills panel’s columns', () => {
  it('leave out cost, prerequisites and required-by for Razorweave, which has none of them, and keep its categories', () => {
    const rows = rowsOf(razorweave());
    expect(rows.length).toBeGreaterThan(25);
    expect(keys(rows)).toEqual(['name', 'category']);
    expect(filterPlaceholder(shownColumns(rows))).toBe('Filter skills, categories');
    // Two columns fit a narrow panel: the category keeps its own rather than going under the name.
    expect(foldsCategory(shownColumns(rows))).toBe(false);
  });

  it('show all five for the Funjerai sample, which prices its skills and links them by prerequisites', () => {
    const rows = rowsOf(readFileSync(path.join(FIXTURES, 'samples/funjerai.md'), 'utf8'));
    expect(keys(rows)).toEqual(['name', 'cost', 'category', 'prerequisites', 'requiredBy']);
    expect(filterPlaceholder(shownColumns(rows))).toBe('Filter skills, costs, categories, prerequisites');
    expect(foldsCategory(shownColumns(rows))).toBe(true);
    // The filter finds a price as the Cost column shows it: the one skill at "4/5 SP", and those at "4 SP".
    expect(rows.filter((row) => matchesFilter(row, '4/5 sp')).map((row) => row.name)).toEqual(['Additional Health Points']);
    const atFour = rows.filter((row) => row.costText === '4 SP');
    expect(atFour.length).toBeGreaterThan(1);
    expect(rows.filter((row) => matchesFilter(row, '4 sp'))).toEqual(atFour);
  });

  it('bring the cost column back when a cost is typed into a book that had none', () => {
    const book = (cost: string) => ({
      ...razorweave(),
      '15-skills-reference-by-attribute.md': readFileSync(path.join(FIXTURES, 'wild/razorweave/book/15-skills-reference-by-attribute.md'), 'utf8')
        .replace('#### Athletic Movement — Exploration / Conflict (MIG)\n', `#### Athletic Movement — Exploration / Conflict (MIG)\n\n${cost}`),
    });
    expect(keys(rowsOf(book('')))).not.toContain('cost');
    const priced = rowsOf(book('**Cost**: 2\n'));
    expect(keys(priced)).toEqual(['name', 'cost', 'category']);
    expect(priced.find((row) => row.name === 'Athletic Movement')?.costText).toBe('2');
  });

  it('show only the name for skills with nothing else, and one column back for one skill that has it', () => {
    const bare = (name: string, more: Partial<SkillRow> = {}): SkillRow => ({
      id: name, name, costText: '', costValue: Number.POSITIVE_INFINITY, category: '', prerequisites: '', requiredBy: '',
      range: { file: 'rulebook.md', start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } },
      ...more,
    });
    const rows = [bare('Shield Bash'), bare('Parry')];
    expect(keys(rows)).toEqual(['name']);
    expect(filterPlaceholder(shownColumns(rows))).toBe('Filter skills');
    expect(keys([...rows, bare('Riposte', { prerequisites: 'Parry' })])).toEqual(['name', 'prerequisites']);
    expect(filterPlaceholder(shownColumns([...rows, bare('Riposte', { prerequisites: 'Parry' })]))).toBe('Filter skills, prerequisites');
  });

  it('sort by the name while the chosen column is away, and by the chosen one again when it is back', () => {
    const costless = shownColumns(rowsOf(razorweave()));
    expect(sortColumn('cost', costless)).toBe('name');
    expect(sortColumn('category', costless)).toBe('category');
    const priced = shownColumns(rowsOf(md`
      - **Shield Bash** (2 SP) Knock a foe back.
    `));
    expect(sortColumn('cost', priced)).toBe('cost');
  });
});

describe('the Skills panel’s sorting', () => {
  const rows = rowsOf(md`
    # Fighting

    - **Shield Bash** (10 SP) Knock a foe back.
      Prerequisite: Dodge
    - **Parry** (2 SP) Turn a blow aside.
    - **Dodge** Step out of the way.
    - **Riposte** (4/5 SP) Strike back.
      Prerequisite: Parry
  `);
  const names = (key: Parameters<typeof sortRows>[1], descending: boolean) => sortRows(rows, key, descending).map((row) => row.name);

  it('orders costs by their cheapest price, a skill with none last either way', () => {
    expect(names('cost', false)).toEqual(['Parry', 'Riposte', 'Shield Bash', 'Dodge']);
    expect(names('cost', true)).toEqual(['Shield Bash', 'Riposte', 'Parry', 'Dodge']);
  });

  it('keeps skills with no prerequisite last when sorting by prerequisites descending, as ascending', () => {
    expect(names('prerequisites', false)).toEqual(['Shield Bash', 'Riposte', 'Dodge', 'Parry']);
    expect(names('prerequisites', true)).toEqual(['Riposte', 'Shield Bash', 'Dodge', 'Parry']);
  });

  it('sorts by name both ways', () => {
    expect(names('name', false)).toEqual(['Dodge', 'Parry', 'Riposte', 'Shield Bash']);
    expect(names('name', true)).toEqual(['Shield Bash', 'Riposte', 'Parry', 'Dodge']);
  });
});
