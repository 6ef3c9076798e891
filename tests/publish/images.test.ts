/**
 * Pictures in the flow (`![alt](src)` on a line of its own), read back from the PDF: the picture's pixels on the page,
 * as wide as the column, its caption under it; a missing one is skipped with a warning and is a lint finding.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { pdfText, renderPage, words } from './pdf-read.js';
import { png } from './png.js';

const GREEN = [40, 150, 70] as const;
const work = mkdtempSync(path.join(tmpdir(), 'rulebook-images-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const rulebook = (...args: string[]) => runInProcess(args, work);

const BOOK = `---
title: Marsh Wardens
---
# 1 The Marsh

The marsh is cold and the wardens keep watch over it through the long winter nights, as their oaths require of them.

![The marsh at dusk](art/marsh.png)

The wardens' huts stand on stilts above the water, and every hut keeps a lamp lit from dusk to dawn.

![The lost map](art/gone.png)

The second picture is missing: the text around it prints as ever.
`;

/** The box of the picture's colour (green unless told) on a page rendered at `dpi`, in points, or null when there is none. */
function greenBox(pdf: Buffer, page: number, dpi: number, colour: readonly [number, number, number] = GREEN): { left: number; right: number; top: number; bottom: number } | null {
  const raster = renderPage(pdf, page, dpi);
  let box: { left: number; right: number; top: number; bottom: number } | null = null;
  for (let y = 0; y < raster.height; y++) {
    for (let x = 0; x < raster.width; x++) {
      const [r, g, b] = raster.rgb(x, y);
      if (Math.abs(r - colour[0]) > 10 || Math.abs(g - colour[1]) > 10 || Math.abs(b - colour[2]) > 10) continue;
      box ??= { left: x, right: x, top: y, bottom: y };
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.bottom = y;
    }
  }
  return box && { left: box.left / raster.scale, right: (box.right + 1) / raster.scale, top: box.top / raster.scale, bottom: (box.bottom + 1) / raster.scale };
}

describe('pictures in the flow', () => {
  mkdirSync(path.join(work, 'art'), { recursive: true });
  // 1200 × 600 pixels would print 8 inches wide at 150 dpi: wider than a column, so it is scaled to the column.
  writeFileSync(path.join(work, 'art/marsh.png'), png(1200, 600, GREEN));
  writeFileSync(path.join(work, 'book.md'), BOOK);

  it('prints a picture where it stands, as wide as the column, with its alt text under it; a missing one is skipped with a warning', async () => {
    const { code, stderr } = await rulebook('export', 'book.md', '--out', 'book.pdf');
    expect(code, stderr).toBe(0);
    expect(stderr).toContain('warning: book.md:12: picture `art/gone.png` does not exist; printed without it');
    const pdf = readFileSync(path.join(work, 'book.pdf'));
    // The body begins on page 3 (cover, contents); its last page's columns are balanced, so the picture may stand in
    // either. Its column: the left and right of the words of the paragraph after it.
    const body = words(pdf).filter((w) => w.page === 3);
    const marsh = body.find((w) => w.text === 'marsh')!;
    const stilts = body.find((w) => w.text === 'stilts')!;
    const half = (x: number) => (x < 297.6 ? 0 : 1);
    const column = body.filter((w) => half(w.x) === half(stilts.x) && w.y > 60 && w.y < 780);
    const columnLeft = Math.min(...column.map((w) => w.x));
    const columnRight = Math.max(...column.map((w) => w.x + w.w));
    const box = greenBox(pdf, 3, 72)!;
    expect(box).not.toBeNull();
    expect(half(box.left)).toBe(half(stilts.x));
    expect(Math.abs(box.left - columnLeft)).toBeLessThan(2);
    expect(Math.abs(box.right - columnRight)).toBeLessThan(2);
    // Proportions kept (2:1), after the paragraph before it (above it, or in the column before) and above the next.
    expect((box.right - box.left) / (box.bottom - box.top)).toBeCloseTo(2, 1);
    expect(half(marsh.x) < half(box.left) || marsh.y < box.top).toBe(true);
    expect(box.bottom).toBeLessThan(stilts.y);
    // The caption under it, and no alt text of the missing picture, nor a stray "!".
    const caption = body.find((w) => w.text === 'dusk')!;
    expect(caption.y).toBeGreaterThan(box.bottom);
    expect(caption.y).toBeLessThan(stilts.y);
    const text = pdfText(pdf, 3);
    expect(text).not.toMatch(/lost map|!/);
    expect(text).toMatch(/missing: the text around it prints as ever/);
  });

  it('reports the missing picture in lint, and not the one that is there', async () => {
    const { code, stdout } = await rulebook('lint', 'book.md', '--format', 'json', '--no-cache');
    expect(code).toBe(0);
    const findings = JSON.parse(stdout) as Array<{ ruleId: string; line: number; message: string }>;
    expect(findings.filter((f) => f.ruleId === 'missing-image').map((f) => `${f.line} ${f.message}`)).toEqual(['12 Picture `art/gone.png` is not in the rulebook’s folder; the book prints without it']);
  });
});

describe('pictures of a book kept as an Obsidian vault', () => {
  const BLUE = [40, 70, 170] as const;
  const vault = path.join(work, 'vault');
  mkdirSync(path.join(vault, 'art'), { recursive: true });
  writeFileSync(path.join(vault, 'art/march.png'), png(600, 300, GREEN));
  writeFileSync(path.join(vault, 'art/tower.png'), png(600, 300, BLUE));
  // The vault's root is above the book's folder: its pictures are written from there, or embedded by name.
  writeFileSync(
    path.join(vault, 'wardens.md'),
    '# 1 The Wardens\n\nThe wardens walk the march from the old road to the river.\n\n![[march.png]]\n\nTheir tower stands on the hill.\n\n![The tower](Compendium/Marsh/art/tower.png)\n\nThe end of the chapter.\n',
  );
  writeFileSync(path.join(vault, 'rulebook.yaml'), 'title: Marsh Wardens\nfiles:\n  - wardens.md\n');

  it('prints the pictures Obsidian shows: embedded by name, and written from the vault’s root; lint finds none missing', async () => {
    const { code, stderr } = await rulebook('export', 'vault', '--out', 'vault.pdf');
    expect(code, stderr).toBe(0);
    expect(stderr).not.toContain('printed without it');
    const pdf = readFileSync(path.join(work, 'vault.pdf'));
    expect(greenBox(pdf, 3, 72)).not.toBeNull();
    expect(greenBox(pdf, 3, 72, BLUE)).not.toBeNull();
    expect(pdfText(pdf, 3)).not.toMatch(/\[\[|!|march\.png/);
    const lint = await rulebook('lint', 'vault', '--format', 'json', '--no-cache');
    expect(JSON.parse(lint.stdout)).toEqual([]);
  });
});
