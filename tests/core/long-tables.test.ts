/**
 * A table of more than MAX_BLOCK_LINES rows without a blank line (the 13th Age SRD's monster list: 400 rows) is read in
 * pieces, and the rows after each cut are the table's, as Markdown reads it whole: they read as paragraphs of bars,
 * printed as written, and the book was told of an error it had not made. Our own words in that shape.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedPieces, MAX_BLOCK_LINES } from '../../shared/parse/chunks.js';
import { parseChunkTree, parseRulebook } from '../../shared/parse/index.js';
import { parseMarkdown } from '../../shared/parse/markdown.js';
import { FileProse } from '../../shared/publish/prose-blocks.js';
import { costsBeforeAndAfterEdit } from '../helpers/incremental.js';
import { blocksOf } from '../helpers/tree-shape.js';

const ROLES = ['archer', 'blocker', 'mook', 'spoiler', 'troop', 'wrecker'];

/** A monster list of `rows` rows under its header: level, name, role; a line of prose after it. */
function monsterList(rows: number): string {
  const lines = Array.from({ length: rows }, (_, i) => `| ${1 + Math.floor(i / 40)} | Marsh horror ${i + 1} | ${ROLES[i % ROLES.length]} |`);
  return `| Level | Monster | Role |\n|:---:|---|---|\n${lines.join('\n')}\n\nAnd a last word after it.\n`;
}

/** A skill table of `rows` rows, priced in its cost column. */
const skillTable = (rows: number) =>
  `# Skills\n\n| Skill | Cost | Effect |\n| --- | --- | --- |\n${Array.from({ length: rows }, (_, i) => `| Lore ${i + 1} | ${1 + (i % 4)} | Know a thing. |`).join('\n')}\n`;

describe('a long table read in pieces', () => {
  it('reads every row after a cut as a row of the same table, as Markdown reads it whole, and says nothing', () => {
    const text = monsterList(420);
    expect(boundedPieces(text).length).toBeGreaterThan(1);
    const pieces = parseChunkTree(text);
    expect(pieces.limited).toBeNull();
    expect(blocksOf(pieces.root)).toEqual(blocksOf(parseMarkdown(text)));
  });

  it('cuts a table written in HTML at a row\'s tag, where both sides read as HTML, and says nothing', () => {
    // The GUMSHOE SRD's cards (Pandoc's HTML tables, CC BY 3.0): a row's cell may run over two lines, the second
    // opening with words, and over 300 lines of rows stand without a blank line.
    const row = (i: number) => `<tr class="${i % 2 ? 'odd' : 'even'}">\n<td>Hazard ${i}</td>\n<td>-2 on Physical tests.<br />\nAt the end of a scenario, discard it.</td>\n<td>Major</td>\n</tr>`;
    const text = `<table>\n<tbody>\n${Array.from({ length: 120 }, (_, i) => row(i)).join('\n')}\n</tbody>\n</table>\n\nAfter the cards.\n`;
    expect(boundedPieces(text).length).toBeGreaterThan(1);
    for (const piece of boundedPieces(text).slice(1)) expect(piece.text).toMatch(/^</);
    const pieces = parseChunkTree(text);
    expect(pieces.limited).toBeNull();
    expect(blocksOf(pieces.root).at(-1)).toEqual(blocksOf(parseMarkdown(text)).at(-1));
  });

  it('prints one table of every row, no bars as text', () => {
    const text = `# Monsters\n\n${monsterList(700)}`;
    const blocks = new FileProse(text).read(0, text.length, []);
    const tables = blocks.filter((b) => b.kind === 'table');
    expect(tables.map((t) => (t.kind === 'table' ? t.rows.length : 0))).toEqual([700]);
    expect(blocks.filter((b) => b.kind === 'paragraph').length).toBe(1);
  });

  it('reads every row of a long skill table as a skill, and an edit among them as a fresh parse does', () => {
    const text = skillTable(MAX_BLOCK_LINES + 150);
    const model = parseRulebook({ files: [{ path: 'book.md', text }] });
    expect(model.diagnostics).toEqual([]);
    expect(model.skills.length).toBe(MAX_BLOCK_LINES + 150);
    expect(model.skills.at(-1)).toMatchObject({ name: `Lore ${MAX_BLOCK_LINES + 150}`, cost: 2 });
    const edited = text.replace('| Lore 420 | 4 |', '| Lore 420 | 9 |');
    expect(costsBeforeAndAfterEdit(text, edited, 'Lore 420')).toEqual([[4], [9]]);
  });

  it('reads random long tables as Markdown reads them whole, and says nothing', () => {
    const cell = fc.constantFrom('plain', '**bold**', '`a | b`', 'a \\| b', '[link](#x)', '', '*it*', '12');
    const table = fc.record({
      columns: fc.integer({ min: 1, max: 5 }),
      rows: fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: MAX_BLOCK_LINES, maxLength: 800 }),
      outer: fc.boolean(),
      after: fc.constantFrom('', 'Prose after.\n', '\n- a list\n', '> a quote\n'),
    }).map(({ columns, rows, outer: bars, after }) => {
      // One column with no bar at all is no table ("H0" over ":---" is a paragraph): such a table has its outer bars.
      const outer = bars || columns === 1;
      // Without outer bars a row of one empty cell would be a blank line, which ends the table.
      const row = (cells: readonly string[]) => (outer ? `| ${cells.join(' | ')} |` : [cells[0] || 'first', ...cells.slice(1)].join(' | '));
      const header = row(Array.from({ length: columns }, (_, i) => `H${i}`));
      const delimiter = row(Array.from({ length: columns }, (_, i) => [':---', '---:', ':---:', '---'][i % 4]));
      return `${header}\n${delimiter}\n${rows.map(row).join('\n')}\n${after}`;
    });
    fc.assert(
      fc.property(table, (text) => {
        const pieces = parseChunkTree(text);
        expect(pieces.limited).toBeNull();
        expect(blocksOf(pieces.root)).toEqual(blocksOf(parseMarkdown(text)));
      }),
      { numRuns: 25 },
    );
  });
});
