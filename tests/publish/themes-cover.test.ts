/** Themes and the cover, read back from the PDF: embedded fonts (pdffonts), page colours and the cover picture (pixels), text (pdftotext). */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { fontNames, isWhite, pageSizes, pdfText, renderPage } from './pdf-read.js';
import { png } from './png.js';

const BLUE = [30, 90, 160] as const;
const BODY = `# Chapter 1. Basics

The marsh is cold and the wardens keep watch over it through the long winter nights, as their oaths require.

## Skills

- **Flame Dart** (2 SP) The caster throws a dart of fire at one target.
- **Poultice** (1 SP) Heals one wound with a minute of care.
`;
const front = (extra: string) => `---\ntitle: Marsh Wardens\nedition: "3"\ndate: 2026-03-01\n${extra}---\n${BODY}`;

const work = mkdtempSync(path.join(tmpdir(), 'rulebook-themes-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const rulebook = (...args: string[]) => runInProcess(args, work);
const read = (file: string) => readFileSync(path.join(work, file));

describe('themes', () => {
  writeFileSync(path.join(work, 'book.md'), front(''));

  it('changes the fonts: classic sets serif text and sans headings, modern all sans, parchment all serif', async () => {
    const fonts: Record<string, string[]> = {};
    for (const theme of ['classic', 'modern', 'parchment']) {
      const { code, stderr } = await rulebook('export', 'book.md', '--out', `${theme}.pdf`, '--theme', theme);
      expect(code, stderr).toBe(0);
      fonts[theme] = fontNames(read(`${theme}.pdf`));
    }
    expect(fonts.classic).toEqual(expect.arrayContaining(['SourceSerif4-Regular', 'SourceSans3-Bold']));
    expect(fonts.modern.some((f) => f.startsWith('SourceSerif4')), fonts.modern.join()).toBe(false);
    expect(fonts.modern).toContain('SourceSans3-Regular');
    expect(fonts.parchment.some((f) => f.startsWith('SourceSans3')), fonts.parchment.join()).toBe(false);
    expect(fonts.parchment).toContain('SourceSerif4-Regular');
    // The same words whichever the dress.
    for (const theme of ['modern', 'parchment']) expect(pdfText(read(`${theme}.pdf`)).replace(/\s+/g, ' ')).toContain('keep watch over it through the long winter nights');
  });

  it('keeps every theme light enough for any printer: parchment a pale tint, the others white paper', async () => {
    for (const theme of ['classic', 'modern', 'parchment']) {
      const file = read(`${theme}.pdf`);
      for (let page = 1; page <= pageSizes(file).length; page++) {
        const raster = renderPage(file, page, 20);
        let sum = 0;
        for (let y = 0; y < raster.height; y++) for (let x = 0; x < raster.width; x++) sum += raster.rgb(x, y).reduce((a, b) => a + b, 0) / 3;
        expect(sum / (raster.width * raster.height), `${theme} page ${page}: mean brightness`).toBeGreaterThan(225);
      }
      const corner = renderPage(file, 1, 20).rgb(2, 2);
      if (theme === 'parchment') {
        expect(isWhite(corner), `parchment corner ${corner}`).toBe(false);
        expect(Math.min(...corner), `parchment corner ${corner}`).toBeGreaterThan(225);
      } else expect(isWhite(corner), `${theme} corner ${corner}`).toBe(true);
    }
  });

  it('takes the theme from print.theme in the front matter, and refuses an unknown one', async () => {
    writeFileSync(path.join(work, 'themed.md'), front('print:\n  theme: modern\n'));
    expect((await rulebook('export', 'themed.md', '--out', 'themed.pdf')).code).toBe(0);
    expect(fontNames(read('themed.pdf')).some((f) => f.startsWith('SourceSerif4'))).toBe(false);
    const bad = await rulebook('export', 'book.md', '--out', 'x.pdf', '--theme', 'gothic');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('rulebook: --theme must be one of classic, modern, parchment, not `gothic`\n');
  });
});

describe('cover', () => {
  mkdirSync(path.join(work, 'art'), { recursive: true });
  writeFileSync(path.join(work, 'art/cover.png'), png(600, 400, BLUE));

  /** How many pixels of page 1 are the cover picture's blue. */
  const bluePixels = (file: Buffer) => {
    const raster = renderPage(file, 1, 36);
    let n = 0;
    for (let y = 0; y < raster.height; y++) for (let x = 0; x < raster.width; x++) {
      const [r, g, b] = raster.rgb(x, y);
      if (Math.abs(r - BLUE[0]) < 12 && Math.abs(g - BLUE[1]) < 12 && Math.abs(b - BLUE[2]) < 12) n++;
    }
    return n;
  };

  it('shows the title, edition and date, and the cover picture scaled into the page', async () => {
    writeFileSync(path.join(work, 'covered.md'), front('print:\n  cover: art/cover.png\n'));
    const { code, stderr } = await rulebook('export', 'covered.md', '--out', 'covered.pdf');
    expect(code, stderr).toBe(0);
    const file = read('covered.pdf');
    const text = pdfText(file, 1);
    expect(text).toMatch(/Marsh Wardens/);
    expect(text).toMatch(/Edition 3/);
    expect(text).toMatch(/2026-03-01/);
    // 600 × 400 pixels print at most 4 × 2⅔ inches (150 dpi): at 36 dpi about 144 × 96 pixels of blue.
    const blue = bluePixels(file);
    expect(blue).toBeGreaterThan(144 * 96 * 0.9);
    expect(blue).toBeLessThan(144 * 96 * 1.1);
    // The rest of the book is unchanged by it.
    expect(pdfText(file)).toMatch(/keep watch/);
  });

  it('prints without a picture that is missing, outside the folder or not an image, saying which and why', async () => {
    writeFileSync(path.join(work, '..', `outside-${path.basename(work)}.png`), png(60, 40, BLUE));
    writeFileSync(path.join(work, 'art/notes.png'), 'not a picture');
    for (const [cover, why] of [
      ['art/missing.png', 'does not exist'],
      [`../outside-${path.basename(work)}.png`, 'lies outside the rulebook’s folder'],
      ['https://example.com/cover.png', 'is not a file in the rulebook’s folder (only local pictures print)'],
      ['art/notes.png', 'is not a PNG or JPEG file'],
    ] as const) {
      writeFileSync(path.join(work, 'bad-cover.md'), front(`print:\n  cover: "${cover}"\n`));
      const { code, stderr } = await rulebook('export', 'bad-cover.md', '--out', 'bad-cover.pdf');
      expect(code, stderr).toBe(0);
      expect(stderr).toContain(`warning: print.cover: picture \`${cover}\` ${why}; printed without it`);
      expect(bluePixels(read('bad-cover.pdf')), cover).toBe(0);
      expect(pdfText(read('bad-cover.pdf'), 1)).toMatch(/Marsh Wardens/);
    }
    rmSync(path.join(work, '..', `outside-${path.basename(work)}.png`));
  });
});
