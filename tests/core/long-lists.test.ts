/**
 * A list of more than MAX_BLOCK_LINES lines without a blank line (an Obsidian vault's index of monsters, nested three
 * to five levels deep with tabs) is read in pieces, and the piece after each cut reads as it does in the whole list:
 * list items with their links and references, never tab-indented lines taken for code. The parse problem is left for
 * what still reads otherwise (a long paragraph, a list whose text defines a link label).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkRulebook } from '../../shared/link/index.js';
import { boundedPieces, MAX_BLOCK_LINES } from '../../shared/parse/chunks.js';
import { parseChunkTree, parseRulebook } from '../../shared/parse/index.js';
import { parseMarkdown } from '../../shared/parse/markdown.js';
import { plainText } from '../../shared/publish/inline.js';
import { FileProse } from '../../shared/publish/prose-blocks.js';
import { blocksOf } from '../helpers/tree-shape.js';

const KINDS = ['Beasts of the Shore', 'Drakes', 'Hill Folk', 'Marsh Fey', 'Oozes', 'Restless Dead', 'Storm Spirits', 'Clay Servants'];
const TIERS = ['Lesser', 'Greater', 'Ancient'];
const MONSTERS = ['Cliff Gull', 'Tide Crab', 'Salt Wyrm', 'Bog Sprite', 'Hill Ogre', 'Grey Ooze', 'Barrow Wight', 'Storm Wisp', 'Clay Golem', 'Sand Hound'];

/** One line of the index as print shows it: its depth under the list's first level, its bullet and its words. */
interface Entry {
  readonly line: string;
  readonly depth: number;
  readonly bullet: string;
  readonly words: string;
}

/**
 * The Shattered Coast's bestiary index: kinds, tiers under them, monsters under those as wiki links, two numbered
 * notes under some monsters and a line indented with spaces and a tab under others. `underOne` puts it all under one
 * item, so that no line of it starts at the list's own indent.
 */
function bestiaryIndex(lines: number, underOne = false): { text: string; entries: Entry[] } {
  const entries: Entry[] = [];
  const lift = underOne ? 1 : 0;
  const add = (indent: string, depth: number, marker: string, written: string, words: string) =>
    entries.push({ line: `${underOne && entries.length > 0 ? '\t' : ''}${indent}${marker} ${written}`, depth: depth + lift, bullet: marker === '-' ? '•' : marker, words });
  if (underOne) entries.push({ line: '- The whole coast', depth: 0, bullet: '•', words: 'The whole coast' });
  let n = 0;
  for (let k = 0; entries.length < lines; k++) {
    const kind = `${KINDS[k % KINDS.length]}${k >= KINDS.length ? ` ${Math.floor(k / KINDS.length) + 1}` : ''}`;
    add('', 0, '-', kind, kind);
    for (const tier of TIERS) {
      add('\t', 1, '-', `${tier} ones (see [Sizes](#21-sizes))`, `${tier} ones (see Sizes)`);
      for (let m = 0; m < 3; m++) {
        const name = MONSTERS[n++ % MONSTERS.length];
        add('\t\t', 2, '-', `[[${name}]]`, name);
        if (m === 1) {
          add('\t\t\t', 3, '1.', 'Bite: see 2.1', 'Bite: see 2.1');
          add('\t\t\t', 3, '2.', '[Its lair](#22-lairs)', 'Its lair');
        }
        if (m === 2) add('    \t  ', 3, '-', `Kin of the **${name}**, see 2.2`, `Kin of the ${name}, see 2.2`);
      }
    }
  }
  const skills = MONSTERS.map((name) => `- **${name}** (2 XP): fights as written in its entry.`);
  const text = [
    '# 1 Bestiary',
    '',
    'Every creature of the Shattered Coast, by kind and tier.',
    '',
    ...entries.map((e) => e.line),
    '',
    '# 2 Creatures',
    '',
    '## 2.1 Sizes',
    '',
    'Lesser ones fit through a door; ancient ones do not fit in the harbour.',
    '',
    '## 2.2 Lairs',
    '',
    'Where each creature sleeps, and what it guards:',
    '',
    ...skills,
    '',
  ].join('\n');
  return { text, entries };
}


describe('a long list read in pieces', () => {
  for (const underOne of [false, true]) {
    it(`reads every line after the cut as list items with their links and references${underOne ? ', all under one item' : ''}`, () => {
      const { text, entries } = bestiaryIndex(350, underOne);
      expect(entries.length).toBeGreaterThan(MAX_BLOCK_LINES + 40);
      const model = parseRulebook({ files: [{ path: 'bestiary.md', text }] });
      const linked = linkRulebook(model);
      expect(model.diagnostics).toEqual([]);
      // Every monster's wiki link and every "see 2.1" is a reference that resolves, the last ones too.
      const wiki = model.references.filter((r) => r.text.startsWith('[['));
      expect(wiki.length).toBe(entries.filter((e) => e.line.includes('[[')).length);
      expect(wiki.at(-1)!.range.start.line).toBe(4 + entries.findLastIndex((e) => e.line.includes('[[')) + 1);
      expect(model.references.filter((r) => /^see 2\.[12]$/.test(r.text)).length).toBe(entries.filter((e) => /see 2\.[12]/.test(e.line)).length);
      expect(linked.unresolvedReferences).toEqual([]);
      expect(model.links.filter((l) => l.href === '#21-sizes').length).toBe(entries.filter((e) => e.line.includes('#21-sizes')).length);
      // The whole index reads as Markdown reads it in one go.
      const start = text.indexOf('- ');
      const index = text.slice(start, text.indexOf('\n\n', start) + 1);
      expect(boundedPieces(index).length).toBeGreaterThan(1);
      const pieces = parseChunkTree(index);
      expect(pieces.limited).toBeNull();
      expect(blocksOf(pieces.root)).toEqual(blocksOf(parseMarkdown(index)));
    });
  }

  it('prints the lines after the cut as list items at their depth, none of them as code', () => {
    const { text, entries } = bestiaryIndex(350, true);
    const blocks = new FileProse(text).read(0, text.indexOf('# 2 Creatures'), []);
    expect(blocks.filter((b) => b.kind === 'code')).toEqual([]);
    const items = blocks.flatMap((b) => (b.kind === 'paragraph' && b.bullet ? [`${'  '.repeat(b.depth)}${b.bullet} ${plainText(b.runs)}`] : []));
    expect(items).toEqual(entries.map((e) => `${'  '.repeat(e.depth)}${e.bullet} ${e.words}`));
  });

  it('says where a long block still reads otherwise than whole, and only there', () => {
    const { entries } = bestiaryIndex(350);
    const list = `${entries.map((e) => e.line).join('\n')}\n`;
    expect(parseChunkTree(list).limited).toBeNull();
    // A paragraph of 400 lines: its pieces are two paragraphs.
    const paragraph = `${Array.from({ length: 400 }, (_, i) => `Line ${i + 1} of the oath every guard swears.`).join('\n')}\n`;
    expect(parseChunkTree(paragraph).limited?.message).toBe('a block of over 300 lines without a blank line; read in pieces of at most 300 lines');
    // A list whose text defines a link label: a piece would not see the definition in another.
    const defined = `${list}[sizes]: #21-sizes\n`;
    expect(parseChunkTree(defined).limited?.code).toBe('too-large');
    // A list whose piece ends inside a fenced block of an item: the line after the cut would be read inside it.
    const fenced = entries.map((e) => e.line);
    fenced.splice(250, 0, '\t\t  ```', ...Array.from({ length: 80 }, (_, i) => `\t\t  - ${i} in the fence`), '\t\t  ```');
    expect(parseChunkTree(`${fenced.join('\n')}\n`).limited?.code).toBe('too-large');
  });

  it('reads random long lists as Markdown reads them whole, wherever it says nothing', () => {
    // Real-shaped lists: each item one level at most deeper than the one before, indented alike; every cut continues.
    const indents = ['\t', '  ', '    ', '   '];
    const words = ['[[Salt Wyrm]]', '[Sizes](#21-sizes)', 'see 2.1', '**Hill Ogre** (2 XP)', 'plain words', '*wet* and cold', 'a `rune` carved'];
    const item = fc.record({ deeper: fc.integer({ min: -3, max: 1 }), marker: fc.constantFrom('-', '-', '*', '+', '1.', 'n.', 'n)'), words: fc.constantFrom(...words), more: fc.boolean() });
    const realShaped = fc.record({ indent: fc.constantFrom(...indents), items: fc.array(item, { minLength: 320, maxLength: 700 }) }).map(({ indent, items }) => {
      const lines: string[] = [];
      const numbers: number[] = [];
      let depth = 0;
      for (const it of items) {
        depth = lines.length === 0 ? 0 : Math.max(0, depth + it.deeper);
        numbers.length = depth + 1;
        numbers[depth] = (numbers[depth] ?? 0) + 1;
        // A nested list counts from 1; numbers keep to one digit, and lists indented by two spaces are bulleted, so
        // that every item is indented as far as the words of the one it is under.
        const numbered = it.marker.length > 1 && indent !== '  ';
        const marker = numbered ? (it.marker.startsWith('n') ? `${numbers[depth] % 9 || 1}${it.marker.slice(1)}` : it.marker) : it.marker.slice(0, 1).replace(/[1n]/, '-');
        lines.push(`${indent.repeat(depth)}${marker} ${it.words}`);
        if (it.more) lines.push(`${indent.repeat(depth)}${' '.repeat(marker.length + 1)}and ${it.words} again`);
      }
      return `${lines.join('\n')}\n`;
    });
    const checkWhole = (text: string, mustContinue: boolean) => {
      const pieces = parseChunkTree(text);
      if (mustContinue) expect(pieces.limited).toBeNull();
      if (pieces.limited === null) expect(blocksOf(pieces.root)).toEqual(blocksOf(parseMarkdown(text)));
    };
    fc.assert(fc.property(realShaped, (text) => checkWhole(text, true)), { numRuns: 25 });
    // Any lines at all (lazy lines, fences, quotes, HTML, tables, definitions, empty items, now and then a blank line):
    // whenever the reading says nothing of pieces, it is the whole text's.
    const line = fc.tuple(
      fc.nat({ max: 6 }),
      fc.constantFrom('\t', '  ', ' \t', '    '),
      fc.constantFrom('- ', '* ', '1. ', '3) ', '10. ', '-\t', '- [ ] ', '', '> ', '```', '-', '- # Heading', '<div>', '---', '[x]: /url', '| a | b |', '-      wide', '- - two'),
      fc.constantFrom(...words),
    ).map(([depth, indent, start, w]) => `${indent.repeat(depth)}${start}${start === '```' || start === '-' || start === '---' ? '' : w}`);
    const blanks = fc.array(fc.nat({ max: 700 }), { maxLength: 4 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 310, maxLength: 700 }), blanks, (lines, at) => {
        for (const i of at) lines.splice(i, 0, '');
        checkWhole(`${lines.join('\n')}\n`, false);
      }),
      { numRuns: 40 },
    );
    // 65 cases of 300 to 700 lines, each parsed whole and in pieces: 15–50 s on a loaded two-core machine.
  }, 240_000);
});
