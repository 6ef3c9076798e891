/**
 * The editor colours as bold what the book prints in bold: its tokenizer's bold pattern, scanned along a line as
 * Monarch scans it, finds the spans remark reads as strong, on the real books' lines that hold `**` and no other
 * inline syntax (Razorweave, CC BY-SA 4.0, writes `**Avoid totalizing labels.**“All`, bold before a quotation
 * mark, and `**Description:**Text`, which is not; Open Legend, MARS and Crestfallen bold their labels). The editor
 * coloured `**Description:**Text` bold, which prints its asterisks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { STRONG } from '../../renderer/editor/inline-patterns.js';

const WILD = path.resolve(import.meta.dirname, '../fixtures/wild');
const BOOKS = ['razorweave', 'open-legend-srd', 'mars', 'crestfallen-larp'];

function markdownFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(folder, e.name);
    return e.isDirectory() ? markdownFiles(full) : /\.mdx?$/.test(e.name) ? [full] : [];
  });
}

/** Lines with `**` and no other inline syntax (italics, code, links, HTML, escapes, tables), their block marker cut. */
function boldLines(): string[] {
  const lines = BOOKS.flatMap((book) => markdownFiles(path.join(WILD, book, 'book')).flatMap((file) => readFileSync(file, 'utf8').split('\n')));
  return lines
    .map((line) => line.replace(/^\s*(?:[-*+]|\d+\.|#{1,6}|>)\s+/, ''))
    .filter((line) => line.includes('**') && !/[_`[\]<\\|]|(?:^|[^*])\*(?:[^*]|$)|\*{3}/.test(line));
}

/** As Monarch goes: the pattern tried at each place, the place moved past a match, else one character on. */
function monarchBold(line: string): string[] {
  const sticky = new RegExp(STRONG.source, `${STRONG.flags}y`);
  const found: string[] = [];
  for (let at = 0; at < line.length; ) {
    sticky.lastIndex = at;
    const m = sticky.exec(line);
    if (m) found.push(m[0]);
    at += m ? m[0].length : 1;
  }
  return found;
}

function remarkBold(line: string): string[] {
  const found: string[] = [];
  const walk = (node: { type: string; position?: { start: { offset?: number }; end: { offset?: number } }; children?: unknown[] }) => {
    if (node.type === 'strong' && node.position) found.push(line.slice(node.position.start.offset, node.position.end.offset));
    for (const child of (node.children ?? []) as (typeof node)[]) walk(child);
  };
  walk(unified().use(remarkParse).parse(line));
  return found;
}

describe('the editor’s bold', () => {
  it('is what remark reads as strong, on every plain bold line of four real books', () => {
    const lines = boldLines();
    expect(lines.length).toBeGreaterThan(2000);
    const differ = lines.filter((line) => JSON.stringify(monarchBold(line)) !== JSON.stringify(remarkBold(line)));
    expect(differ).toEqual([]);
  });

  it('leaves out marks that print as written, and keeps bold beside punctuation and inside words', () => {
    const cases: [string, string[]][] = [
      ['**Description:**Text follows.', []],
      ['** spaced ** out', []],
      ['it**.**b', []],
      ['**Description:** Text follows.', ['**Description:**']],
      ['**Tier 1 (5 CP each):**', ['**Tier 1 (5 CP each):**']],
      ['**NPCs**are people', ['**NPCs**']],
      ['**Avoid totalizing labels.**“All Combat”', ['**Avoid totalizing labels.**']],
      ['**a:**b**c:**d', ['**b**']],
    ];
    for (const [line, bold] of cases) expect([line, monarchBold(line)]).toEqual([line, bold]);
    for (const [line] of cases) expect([line, monarchBold(line)]).toEqual([line, remarkBold(line)]);
  });
});
