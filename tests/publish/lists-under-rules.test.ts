/**
 * Lists that belong to a numbered rule or a bullet, printed where Markdown nests them, read back from the real PDF
 * with poppler: a bullet's paragraph after the numbered list inside it stays indented with the bullet; a list nested
 * in a top-level numbered item, or right after a rule line, stands under the rule's words; a numbered list in a
 * block quote keeps the quote's bar and indent.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../main/publish/index.js';
import { buildContent, type ContentBlock } from '../../shared/publish/content.js';
import { load } from './helpers.js';
import { isWhite, renderPage, words, type Word } from './pdf-read.js';

// A ferry guild's handbook, written as marshals write theirs: a bullet holding a numbered procedure and a note after
// it, numbered items holding bullets, rule lines leading into their lists, a quoted sidebar of numbered steps.
const HANDBOOK = `# 1 The Ferry Guild

Every ferryman learns these by heart.

- Crossing at night needs a lantern:
  1. Trim the wick before boarding.
  2. Hang the lantern from the bow post.

  Passengers wait ashore until the lantern burns steadily.
- Crossing by day needs nothing more.

## 1.1 Boarding

1. Count the passengers aloud:
   - Children count as half a fare.
   - Dogs ride free.
2. Take the fares before casting off.

1.1.3 A ferryman must refuse:
- Cargo heavier than the boat's mark.
- Passengers carrying open flame.

1.1.4 Tolls are set by the harbour board.

Some landings post their own tolls:
- Reedmouth charges double after dusk.

> Sidebar: the old guild's oath.
>
> 1. Never leave a passenger midstream.
> 2. Never cross in fog.
`;

const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-lists-under-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let pdf: Buffer;
let printed: Word[];
beforeAll(async () => {
  const { linked, source } = load('ferry.md', HANDBOOK);
  const out = path.join(dir, 'ferry.pdf');
  await exportPdf(linked, { kind: 'book', paper: 'a4', columns: 1, source }, out);
  pdf = readFileSync(out);
  printed = words(pdf);
});

/** The first printed word `text` after the word `after` (the page's reading order), on the body's pages. */
function word(text: string, after?: string): Word {
  const from = after === undefined ? 0 : printed.findIndex((w) => w.text === after && w.page > 2);
  const found = printed.find((w, i) => i > from && w.page > 2 && w.text === text);
  if (!found) throw new Error(`no word “${text}”${after ? ` after “${after}”` : ''} printed`);
  return found;
}

/** The printed marker (or number) just before a line's first word: same line, left of it. */
function markerBefore(first: Word): Word {
  const marker = printed.filter((w) => w.page === first.page && Math.abs(w.y + w.h - (first.y + first.h)) < 2 && w.x < first.x).sort((a, b) => b.x - a.x)[0];
  if (!marker) throw new Error(`nothing printed before “${first.text}”`);
  return marker;
}

describe('a paragraph continuing a bullet after a numbered list inside it', () => {
  it('is planned one step in, inside its bullet', () => {
    const { linked, source } = load('ferry.md', HANDBOOK);
    const note = buildContent(linked, source).blocks.find((b): b is Extract<ContentBlock, { kind: 'prose' }> => b.kind === 'prose' && b.block.kind === 'paragraph' && b.block.runs[0]?.text.startsWith('Passengers wait'));
    expect(note?.block.kind === 'paragraph' && [note.block.depth, note.block.bullet]).toEqual([1, null]);
  });

  it('prints where its bullet’s words start, not at the margin', () => {
    const bulletWords = word('Crossing');
    const note = word('Passengers', 'post.');
    expect(note.x).toBeCloseTo(bulletWords.x, 0);
    expect(note.x).toBeGreaterThan(markerBefore(bulletWords).x + 5);
  });
});

describe('bullets under a top-level numbered rule', () => {
  it('nested in a numbered item stand under the item’s words, with bullets as markers', () => {
    const item = word('Count');
    const child = word('Children');
    const marker = markerBefore(child);
    expect(marker.text).toBe('•');
    // The bullet's marker where the item's words start, its words one step further in.
    expect(Math.abs(marker.x - item.x)).toBeLessThan(3);
    expect(child.x).toBeGreaterThan(item.x + 8);
    expect(word('Dogs').x).toBeCloseTo(child.x, 0);
    // The item's own number still hangs at the margin, and the next item follows at it.
    expect(markerBefore(item).text).toBe('1.');
    expect(markerBefore(word('Take')).x).toBeCloseTo(markerBefore(item).x, 0);
  });

  it('written right after a rule line stand under the rule’s words', () => {
    const rule = word('A', '1.1.3');
    const cargo = word('Cargo');
    expect(markerBefore(rule).text).toBe('1.1.3');
    expect(Math.abs(markerBefore(cargo).x - rule.x)).toBeLessThan(3);
    expect(cargo.x).toBeGreaterThan(rule.x + 8);
    expect(word('Passengers', 'Cargo').x).toBeCloseTo(cargo.x, 0);
    // A list after a paragraph of its own stays a list at the margin (a bullet's marker a hair right of it).
    expect(Math.abs(markerBefore(word('Reedmouth')).x - word('Some').x)).toBeLessThan(3);
  });
});

describe('a numbered list in a block quote', () => {
  it('prints inside the quote: its numbers where the quote’s words start, the bar beside them and between them', () => {
    const sidebar = word('Sidebar:');
    const first = word('Never');
    const second = word('Never', 'midstream.');
    const one = markerBefore(first);
    expect(one.text).toBe('1.');
    expect(one.x).toBeCloseTo(sidebar.x, 0);
    expect(markerBefore(second).x).toBeCloseTo(sidebar.x, 0);
    // The quote's bar: the first mark left of the sidebar's words, on its line; the same column is drawn beside each
    // numbered item and in the space between them.
    const page = renderPage(pdf, sidebar.page, 288);
    const middle = (w: Word) => w.y + w.h / 2;
    let barX = -1;
    for (let x = sidebar.x - 2; x > sidebar.x - 30; x -= 0.25) {
      if (!isWhite(page.at(x, middle(sidebar)))) {
        barX = x;
        break;
      }
    }
    expect(barX).toBeGreaterThan(0);
    for (const y of [middle(first), (first.y + first.h + second.y) / 2, middle(second)]) expect(isWhite(page.at(barX, y))).toBe(false);
  });
});
