/**
 * Hyphenation from the `hyphen` package's TeX patterns, in the book's language, read back from the PDF: words broken
 * at a line's end with a hyphen, at a place the patterns allow, and none when the language has no patterns.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../main/publish/index.js';
import { patternName } from '../../main/publish/hyphenation.js';
import { load } from './helpers.js';
import { pdfPageTexts } from './poppler.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-hyphens-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const funjeraiText = readFileSync(path.resolve('tests/fixtures/samples/funjerai.md'), 'utf8');

async function book(name: string, text: string): Promise<{ lines: string[]; warnings: string[] }> {
  const { linked, source } = load(`${name}.md`, text);
  const out = path.join(dir, `${name}.pdf`);
  const { warnings } = await exportPdf(linked, { kind: 'book', paper: 'a4', source }, out);
  // -raw: the text in the order it was drawn, one printed line a line.
  const lines = pdfPageTexts(out, 'raw').flatMap((page) => page.split('\n'));
  return { lines, warnings };
}

/** Each line that ends in a letter and a hyphen, with the first word of the line after it. */
function brokenWords(lines: readonly string[]): Array<{ head: string; tail: string }> {
  const out: Array<{ head: string; tail: string }> = [];
  lines.forEach((line, i) => {
    const head = /(\p{L}+)-$/u.exec(line.trimEnd())?.[1];
    const tail = /^(\p{L}+)/u.exec(lines[i + 1] ?? '')?.[1];
    if (head && tail) out.push({ head, tail });
  });
  return out;
}

describe('hyphenation', () => {
  it('breaks English words at the end of justified lines, where the patterns allow, into words the book has', async () => {
    const { lines } = await book('english', funjeraiText);
    const broken = brokenWords(lines);
    expect(broken.length).toBeGreaterThan(40);
    const english = createRequire(import.meta.url)('hyphen/en-us') as { hyphenateSync(text: string, options: { hyphenChar: string }): string };
    const words = new Set(funjeraiText.toLowerCase().split(/[^\p{L}]+/u));
    for (const { head, tail } of broken) {
      const word = `${head}${tail}`;
      // A word the text has (not two words run together), broken at one of its syllables, a hyphen it had aside.
      expect(words.has(word.toLowerCase()), word).toBe(true);
      if (!funjeraiText.includes(`${head}-${tail}`)) expect(english.hyphenateSync(word, { hyphenChar: '|' }).split('|').some((_, k, parts) => parts.slice(0, k + 1).join('') === head), word).toBe(true);
    }
  });

  it('uses the patterns of the book’s `language`, and says so in one warning when there are none', async () => {
    const german = `---\ntitle: Regeln\nlanguage: de\n---\n\n# 1 Regeln\n\n${'Die Donaudampfschifffahrtsgesellschaft verlangt Genehmigungsverfahren für Wettbewerbsteilnehmer und Verantwortungsbereiche. '.repeat(30)}\n`;
    const { lines, warnings } = await book('german', german);
    const broken = brokenWords(lines);
    expect(broken.length).toBeGreaterThan(5);
    const patterns = createRequire(import.meta.url)('hyphen/de') as { hyphenateSync(text: string, options: { hyphenChar: string }): string };
    for (const { head, tail } of broken) expect(patterns.hyphenateSync(`${head}${tail}`, { hyphenChar: '|' }).split('|').some((_, k, parts) => parts.slice(0, k + 1).join('') === head), head + tail).toBe(true);
    expect(warnings.filter((w) => /hyphenation/.test(w))).toEqual([]);

    const { lines: plain, warnings: told } = await book('klingon', german.replace('language: de', 'language: tlh'));
    expect(brokenWords(plain)).toEqual([]);
    expect(told).toContain('no hyphenation patterns for language `tlh`: the book is printed without hyphenation');
  });

  it('finds the pattern file for a language tag as people write it', () => {
    expect(patternName('en')).toBe('en');
    expect(patternName('en-GB')).toBe('en-gb');
    expect(patternName('de-AT')).toBe('de');
    expect(patternName('fr_FR')).toBe('fr');
    expect(patternName('tlh')).toBeNull();
    expect(patternName('../../etc')).toBeNull();
  });
});
