/** Printers' punctuation in the printed book, read back with pdftotext: curly quotes, apostrophes, dashes, ellipses. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../main/publish/index.js';
import { quotesOf, smarten } from '../../shared/publish/typography.js';
import { load } from './helpers.js';
import { pdfPageTexts } from './poppler.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-typography-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('printers’ punctuation', () => {
  it('curls quotes by what stands before them, and makes dashes and ellipses', () => {
    expect(smarten(`He said "stop" -- it's 'fine'... Ranks 3---4; a - b`)).toBe('He said \u201cstop\u201d \u2013 it\u2019s \u2018fine\u2019\u2026 Ranks 3\u20144; a \u2013 b');
    expect(smarten(`("Quoted")`)).toBe('(\u201cQuoted\u201d)');
    expect(smarten(`the '90s`)).toBe('the \u201990s');
    // A quote that opens a run continues what the run before it printed.
    expect(smarten(`" he said`, 'd')).toBe('\u201d he said');
  });

  it('curls quotes as the book’s language prints them, apostrophes as ’ in every one', () => {
    expect(smarten(`Il dit "halte" à l'escrimeur`, '', quotesOf('fr'))).toBe('Il dit \u00ab\u202fhalte\u202f\u00bb à l\u2019escrimeur');
    expect(smarten(`Er sagt "Halt" und 'leise'`, '', quotesOf('de-AT'))).toBe('Er sagt \u201eHalt\u201c und \u201aleise\u2018');
    expect(smarten(`Он сказал "стой" и 'тихо'`, '', quotesOf('ru'))).toBe('Он сказал \u00abстой\u00bb и \u201eтихо\u201c');
    // A language we have no marks for prints English's.
    expect(smarten(`Ele disse "pare"`, '', quotesOf('pt'))).toBe('Ele disse \u201cpare\u201d');
    expect(quotesOf(null)).toBe(quotesOf('en'));
  });

  it('prints a French book’s quotes in guillemets', async () => {
    const text = `---\ntitle: Escrime\nlanguage: fr\n---\n\n# 1 Combat\n\nL'arbitre crie "Halte !" et chacun s'arrête.\n`;
    const { linked, source } = load('escrime.md', text);
    const out = path.join(dir, 'escrime.pdf');
    await exportPdf(linked, { kind: 'book', paper: 'a4', source }, out);
    const printed = pdfPageTexts(out).join(' ').replace(/[\s\u202f]+/g, ' ');
    expect(printed).toContain('L\u2019arbitre crie \u00ab Halte ! \u00bb et chacun s\u2019arrête.');
  });

  it('prints them in the book, and leaves code as typed', async () => {
    const text = `---\ntitle: Quotes\n---\n\n# 1 Speech\n\nThe marshal says "Hold!" -- and everyone's weapons stop... The 'rule of cool' applies. Type \`"safe" -- word\` to call it.\n`;
    const { linked, source } = load('quotes.md', text);
    const out = path.join(dir, 'quotes.pdf');
    await exportPdf(linked, { kind: 'book', paper: 'a4', source }, out);
    const printed = pdfPageTexts(out).join(' ').replace(/\s+/g, ' ');
    expect(printed).toContain('The marshal says \u201cHold!\u201d \u2013 and everyone\u2019s weapons stop\u2026 The \u2018rule of cool\u2019 applies.');
    expect(printed).toContain('"safe" -- word');
    expect(printed).not.toMatch(/says "|everyone's/);
  });
});
