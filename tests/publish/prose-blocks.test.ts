/** Prose blocks read from the parser's tree: structure, regions cut by offset, masks, and offsets kept for links. */
import { describe, expect, it } from 'vitest';
import { plainText, type Run } from '../../shared/publish/inline.js';
import { FileProse, type ProseBlock } from '../../shared/publish/prose-blocks.js';

const read = (text: string, from = 0, to = text.length, masks: { start: number; end: number; label?: Run[] }[] = []) => new FileProse(text).read(from, to, masks);

/** A block as one line: its kind, depth, bullet and words. */
const shape = (block: ProseBlock): string => {
  switch (block.kind) {
    case 'paragraph':
      return `${block.quote ? '>' : ''}${'  '.repeat(block.depth)}${block.bullet ? `${block.bullet} ` : ''}${block.picture ? `[picture ${block.picture}] ` : ''}${plainText(block.runs)}`;
    case 'heading':
      return `${'#'.repeat(block.level)} ${plainText(block.runs)}`;
    case 'code':
      return `code: ${block.lines.join(' / ')}`;
    case 'table':
      return `table: ${block.header.map(plainText).join(' | ')} // ${block.rows.map((r) => r.cells.map(plainText).join(' | ')).join(' // ')}`;
  }
};

describe('prose blocks from the tree', () => {
  it('reads lists with their depth and markers as written, quotes, code, tables and pictures; skips markup', () => {
    const text = [
      'Intro line one',
      'wraps here.',
      '',
      '- First',
      '  - Nested',
      '- Second',
      '',
      '  More of the second.',
      '',
      '3. Three',
      '3. Three again',
      '',
      '> A sidebar',
      'read lazily.',
      '',
      '```',
      'code  kept',
      '```',
      '',
      '| A | B |',
      '| - | - |',
      '| 1 | 2 \\| 3 |',
      '',
      '![The map](art/map.png "Realm")',
      '',
      '<!-- a comment -->',
      '',
      '---',
      '',
      '#### Aside ####',
      '',
    ].join('\n');
    expect(read(text).map(shape)).toEqual([
      'Intro line one wraps here.',
      '• First',
      '  • Nested',
      '• Second',
      '  More of the second.',
      '3. Three',
      '3. Three again',
      '>A sidebar read lazily.',
      'code: code  kept',
      'table: A | B // 1 | 2 | 3',
      '[picture art/map.png] The map',
      '#### Aside',
    ]);
  });

  it('gives a table row the offset of its line', () => {
    const text = 'Before.\n\n| A | B |\n|---|---|\n| x | y |\n';
    const [, table] = read(text);
    expect(table.kind === 'table' && table.rows[0].start).toBe(text.indexOf('| x'));
  });

  it('cuts blocks to the region, and reads masked text as absent: no bullet under a masked marker, one space where a line was', () => {
    const text = '- **Energy Ball** (4 SP) Throws a ball.\n  Prerequisite: Magic Missile\n  More text.\n  - A nested point\n\nAfter.\n';
    const head = { start: 0, end: text.indexOf('Throws') };
    const prerequisite = { start: text.indexOf('  Prerequisite'), end: text.indexOf('Missile') + 'Missile'.length };
    expect(read(text, 0, text.indexOf('After'), [head, prerequisite]).map(shape)).toEqual(['Throws a ball. More text.', '• A nested point']);
    // A region that starts inside a paragraph reads from there.
    expect(read(text, text.indexOf('More'), text.length).map(shape)).toEqual(['More text.', '• A nested point', 'After.']);
    // A mask's label prints in its place.
    expect(read('{{% tab %}}\nOne\n', 0, 16, [{ start: 0, end: 11, label: [{ text: 'Tab', bold: true }] }]).map(shape)).toEqual(['Tab One']);
  });

  it('keeps the file offsets of words on continuation lines, in list items and quotes, for links by offset', () => {
    const text = '- An item\n  see rule 3.2 here\n\n> quoted\n> see rule 4.1\n';
    const runs = read(text).flatMap((block) => (block.kind === 'paragraph' ? block.runs : []));
    for (const word of ['see rule 3.2', 'see rule 4.1']) {
      const run = runs.find((r) => r.text.includes(word))!;
      expect(text.slice(run.start!, run.start! + run.text.length)).toBe(run.text);
    }
  });

  it('reads a file in the parser chunks, front matter aside', () => {
    const paragraphs = Array.from({ length: 60 }, (_, i) => `Paragraph ${i} ${'word '.repeat(12)}`.trim());
    const text = `---\ntitle: Long\n---\n${paragraphs.join('\n\n')}\n`;
    const blocks = read(text);
    expect(blocks.map(shape)).toEqual(paragraphs);
    const from = text.indexOf('Paragraph 30');
    expect(read(text, from, text.indexOf('Paragraph 32')).map(shape)).toEqual(paragraphs.slice(30, 32));
    expect(read(text, 0, text.indexOf('Paragraph 0'))).toEqual([]);
  });
});
