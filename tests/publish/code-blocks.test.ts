/**
 * A code block printed whole, as written. The 13th Age SRD keeps each monster as a stat block in a fenced block
 * (Obsidian's Fantasy Statblocks plugin): the book cut every line at the column's edge (the rest of a monster's
 * power was lost), curled its quotes, dropped its indentation and set it in proportional letters. Read back from the
 * PDF with poppler.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../main/publish/index.js';
import { load, squash } from './helpers.js';
import { fontNames } from './pdf-read.js';
import { pdfPageTexts, pdfWords } from './poppler.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-code-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// In our own words, shaped like a stat block of the SRD's.
const LONG_POWER = 'When the marsh lantern is hit by an attack, it drifts to a nearby enemy that has not yet acted this round and blinds it until the end of its next turn, unless that enemy succeeds at a hard save.';
const BOOK = [
  '# Bestiary',
  '',
  '## Marsh Lantern',
  '',
  '```statblock',
  'name: "Marsh Lantern"',
  'level: "3"',
  'actions:',
  '    - name: "Flicker +8 vs. PD"',
  `      desc: "${LONG_POWER}"`,
  'ac: "19"',
  '```',
  '',
].join('\n');

describe('a code block in the book', async () => {
  const file = path.join(dir, 'lantern.pdf');
  const { linked, source } = load('lantern.md', BOOK);
  await exportPdf(linked, { kind: 'book', paper: 'a4', source }, file);
  const text = pdfPageTexts(file).join('\n');
  const words = pdfWords(file).flatMap((page) => page.words);

  it('prints every line whole: a line wider than the column wraps instead of being cut', () => {
    expect(squash(text)).toContain(squash(`desc: "${LONG_POWER}"`));
    // The power takes more than one printed line, each further in than the line it goes on from.
    const desc = words.find((w) => w.text === 'desc:')!;
    const hard = words.find((w) => w.text === 'hard')!;
    expect(hard.yMin).toBeGreaterThan(desc.yMax);
    expect(hard.xMin).toBeGreaterThan(desc.xMin);
  });

  it('is set in letters of one width, so its columns line up', () => {
    expect(fontNames(readFileSync(file)).some((name) => name.endsWith('SourceCodePro-Regular'))).toBe(true);
    // "level:" is six letters and "name:" five: in one width, their widths go as six to five.
    const width = (word: string) => words.filter((w) => w.text === word).map((w) => w.xMax - w.xMin)[0];
    expect(width('level:') / width('name:')).toBeCloseTo(6 / 5, 2);
  });

  it('keeps its quotes straight and its indentation', () => {
    expect(text).toContain('name: "Marsh Lantern"');
    expect(text).not.toMatch(/[“”]/);
    const left = (word: string) => words.find((w) => w.text === word)!.xMin;
    // `actions:` at the block's edge, its item four spaces in, the item's field two more.
    expect(left('-')).toBeGreaterThan(left('actions:'));
    expect(left('desc:')).toBeGreaterThan(left('-'));
    expect(left('ac:')).toBe(left('actions:'));
  });
});
