/**
 * Punctuation the fonts lack, printed as the same mark they have: U+2011 NON-BREAKING HYPHEN (pasted from word
 * processors; Source Serif 4 has no glyph for it) prints as the hyphen, reads back as "-", gives no warning, and still
 * never ends a line. Read back from the PDF with poppler, as a reader's tools see it.
 */
import { rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fonts } from '../../main/publish/fonts.js';
import { equivalentIn } from '../../main/publish/glyph-equivalents.js';
import { glyphWarnings } from '../../main/publish/glyph-coverage.js';
import { exportPdf } from '../../main/publish/index.js';
import { load } from './helpers.js';
import { pdfPageTexts } from './poppler.js';

const NB = '\u2011';
const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-glyph-equivalents-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The book's printed lines, in the order they were drawn (pdftotext -raw), and its warnings. */
async function print(name: string, text: string): Promise<{ lines: string[]; text: string; warnings: string[] }> {
  const { linked, source } = load(`${name}.md`, text);
  const out = path.join(dir, `${name}.pdf`);
  const { warnings } = await exportPdf(linked, { kind: 'book', paper: 'a4', source }, out);
  const pages = pdfPageTexts(out, 'raw');
  return { lines: pages.flatMap((page) => page.split('\n')), text: pages.join('\n'), warnings };
}

/** Compound words joined by U+2011, as a hedge-school's handbook pasted from a word processor writes them. */
const COMPOUNDS = ['Close', 'Quarters', 'well', 'hidden', 'hedge', 'born', 'lantern', 'lit', 'river', 'crossing', 'oath', 'bound', 'storm', 'wracked', 'brass', 'bound'];
const compound = (i: number) => `${COMPOUNDS[i % COMPOUNDS.length]}${NB}${COMPOUNDS[(i + 5) % COMPOUNDS.length]}`;

const handbook = [
  '# 1 The Hedge School',
  '',
  // The non-breaking hyphens come first in the book: the hyphen glyph's text is set by the first one drawn.
  `The Close${NB}Quarters drill teaches a well${NB}hidden stance. Students who are Might${NB}leaning learn it first.`,
  '',
  Array.from({ length: 40 }, (_, i) => `A ${compound(i)} student practises the ${compound(i + 3)} forms each dawn.`).join(' '),
  '',
  'Later, a plain-hyphen drill and a self-taught student, written with the ordinary hyphen.',
  '',
].join('\n');

describe('punctuation the fonts lack', () => {
  it('has an equivalent only when it is the same mark: the non-breaking hyphen, not box drawing nor letters', () => {
    const serif = fonts().get('serif')!;
    // What the embedded text face lacks, checked rather than assumed.
    expect(serif.hasGlyphForCodePoint(0x2011)).toBe(false);
    expect(equivalentIn(serif, 0x2011)).toBe(0x2d);
    expect(equivalentIn(serif, 0x2024)).toBe(0x2e); // ONE DOT LEADER
    expect(equivalentIn(serif, 0x2d)).toBeNull(); // the face has it
    for (const code of [0x2514, 0x2500, 0x16a0, 0x2043]) expect(equivalentIn(serif, code), code.toString(16)).toBeNull();
  });

  it('warns only of characters that print as an empty box', () => {
    const warnings = glyphWarnings({ files: [{ path: 'pasted.md', text: `# Pasted\n\nA Might${NB}leaning hero, a\u2008gap.\n\n    └── a tree\n` }] });
    expect(warnings).toEqual(['pasted.md:5:5: the fonts have no glyph for “└” (U+2514); it prints as an empty box', 'pasted.md:5:6: the fonts have no glyph for “─” (U+2500, 2 times); it prints as an empty box']);
  });

  it('prints U+2011 as the hyphen, reads it back as "-", and leaves the ordinary hyphens "-"', async () => {
    const { text, warnings } = await print('hedge-school', handbook);
    expect(warnings.filter((w) => w.includes('glyph'))).toEqual([]);
    expect(text).not.toContain(NB);
    const flat = text.replace(/-\n/g, '-').replace(/\s+/g, ' ');
    for (const word of ['Close-Quarters', 'well-hidden', 'Might-leaning', 'plain-hyphen', 'self-taught']) expect(flat).toContain(word);
  });

  it('never ends a line at a non-breaking hyphen, though its line is justified and hyphenated', async () => {
    const { lines } = await print('hedge-school-lines', handbook);
    const lefts = new Set(COMPOUNDS.concat(['Might']));
    const endings = lines.map((line) => /(\p{L}+)-$/u.exec(line.trimEnd())?.[1]).filter((word): word is string => word !== undefined);
    // Hyphenated words end lines; none ends at the hyphen of a compound.
    expect(endings.length).toBeGreaterThan(0);
    for (const ending of endings) expect(lefts.has(ending), `a line ends "${ending}-"`).toBe(false);
  });

  it('prints the hyphen in text pdfkit draws itself (a mark off its place), not a box', async () => {
    // "q̣" has no precomposed glyph: its dot is placed by shaping, and such text is drawn by pdfkit.
    const { text } = await print('hedge-school-marks', `# 1 Marks\n\nThe q\u0323adi of the Close${NB}Quarters drill.\n`);
    expect(text).not.toContain(NB);
    expect(text).toContain('Close-Quarters');
  });
});
