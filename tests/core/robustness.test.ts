/**
 * The parser never throws, every position lies inside its file, and hostile input ends quickly in a diagnostic or a
 * bounded parse: "quickly" as a ratio to ordinary text of the same length measured beside it, never a deadline.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateRulebook } from '../../bench/generate.js';
import { timeInterleaved } from '../../bench/harness.js';
import { linkRulebook } from '../../shared/link/index.js';
import type { Position, Rulebook, SourceRange } from '../../shared/model/types.js';
import { ParseCache, parseRulebook } from '../../shared/parse/index.js';
import { Locator } from '../../shared/parse/locator.js';
import { chapter, markdownish } from '../helpers/dialect.js';

/** Every SourceRange anywhere in the model. */
function ranges(value: unknown, out: SourceRange[] = [], seen = new Set<unknown>()): SourceRange[] {
  if (value === null || typeof value !== 'object' || seen.has(value)) return out;
  seen.add(value);
  const record = value as Record<string, unknown>;
  if (typeof record.file === 'string' && record.start && record.end) out.push(record as unknown as SourceRange);
  for (const child of Object.values(record)) ranges(child, out, seen);
  return out;
}

/** Checks each range: inside its file, start before end, and line/column agree with the offset. */
function expectPositionsInside(model: Rulebook, texts: ReadonlyMap<string, string>): void {
  const locators = new Map([...texts].map(([path, text]) => [path, new Locator(path, text)]));
  const check = (position: Position, text: string, locator: Locator) => {
    expect(position.offset).toBeGreaterThanOrEqual(0);
    expect(position.offset).toBeLessThanOrEqual(text.length);
    expect(position).toEqual(locator.position(position.offset));
  };
  for (const range of ranges(model)) {
    const text = texts.get(range.file);
    expect(text, `range in unknown file ${range.file}`).toBeDefined();
    const locator = locators.get(range.file)!;
    check(range.start, text!, locator);
    check(range.end, text!, locator);
    expect(range.start.offset).toBeLessThanOrEqual(range.end.offset);
  }
}

function parseOne(text: string): Rulebook {
  const model = parseRulebook({ files: [{ path: 'book.md', text }] });
  linkRulebook(model);
  return model;
}

describe('the parser on random input', () => {
  it.each([
    { input: 'random Markdown-like text', texts: markdownish, numRuns: 400 },
    { input: 'chapters written from the dialect grammar', texts: chapter, numRuns: 200 },
  ])('never throws on $input, and keeps every position inside its file', ({ texts, numRuns }) => {
    fc.assert(
      fc.property(texts, (text) => {
        const model = parseOne(text);
        expectPositionsInside(model, new Map([['book.md', text]]));
      }),
      { numRuns },
    );
  });

  it('never throws on several files with a manifest of any content', () => {
    fc.assert(
      fc.property(markdownish, markdownish, fc.string({ maxLength: 80 }), (a, b, manifest) => {
        const model = parseRulebook({ manifest: { path: 'rulebook.yaml', text: manifest }, files: [{ path: 'a.md', text: a }, { path: 'b.md', text: b }] });
        linkRulebook(model);
        expectPositionsInside(model, new Map([['a.md', a], ['b.md', b], ['rulebook.yaml', manifest]]));
      }),
      { numRuns: 150 },
    );
  });
});

/** Ordinary rulebook text (the bench's generated book) cut to `length` characters. */
let ordinaryBook = '';
function ordinary(length: number): string {
  if (ordinaryBook.length < length) {
    ordinaryBook = generateRulebook(Math.max(length, 1_200_000)).text;
    parseOne(ordinaryBook.slice(0, 200_000)); // warms the ordinary path up once
  }
  return ordinaryBook.slice(0, length);
}

/**
 * Parses hostile input; returns the model, its diagnostic codes and its slowdown: how many times longer it
 * takes to parse and link than ordinary rulebook text of the same length, the two measured interleaved
 * (bench/harness.ts), median of three rounds. A ratio rather than a deadline: a loaded machine slows both.
 */
function hostile(text: string): { slowdown: number; model: Rulebook; codes: string[] } {
  const model = parseOne(text); // also the hostile path's warm-up
  const same = ordinary(text.length);
  const timed = timeInterleaved({ ordinary: () => parseOne(same), hostile: () => parseOne(text) }, { runs: 3, warmUp: 0 });
  return { slowdown: timed.ratio('hostile', 'ordinary').median, model, codes: model.diagnostics.map((d) => d.code) };
}

// Guarded, these inputs take 0.04× to 2.4× the time of ordinary text of their length (the 200 KB of "[[" and
// the 50,000-line table are the slowest); a guard that stops working makes one quadratic, hundreds of times
// slower, or overflows the stack. 25× is ten times the worst ratio seen, room for a noisy machine.
const MAX_SLOWDOWN = 25;
// Timeouts only catch a hang: each test measures a few MB of ordinary text beside the hostile input. The slowest
// (five hostile texts, each beside its baseline) takes up to 60 s on a loaded two-core machine; four times slower is
// still inside this.
const HANG = 300_000;

describe('hostile input ends quickly in a diagnostic or a bounded parse', () => {
  it('8,000 nested blockquotes: a too-deep diagnostic naming the line, not a stack overflow', () => {
    const { slowdown, model, codes } = hostile(`# 1 Rules\n\n${'>'.repeat(8000)} deep\n`);
    expect(codes).toEqual(['too-deep']);
    expect(model.diagnostics[0].range.start.line).toBe(3);
    expect(slowdown).toBeLessThan(MAX_SLOWDOWN);
  });

  it('800 nested list levels', () => {
    const text = Array.from({ length: 800 }, (_, i) => `${' '.repeat(i * 2)}- item ${i}`).join('\n');
    const { slowdown, codes } = hostile(text);
    expect(codes).toContain('too-deep');
    expect(slowdown).toBeLessThan(MAX_SLOWDOWN);
  }, HANG);

  it('long runs of *_* _ (quadratic emphasis resolution)', () => {
    const { slowdown } = hostile(`${'*_* _'.repeat(3000)}\n\n${'*_* _ '.repeat(20000)}`);
    expect(slowdown).toBeLessThan(MAX_SLOWDOWN);
  }, HANG);

  it('unbalanced emphasis, brackets and link openers', () => {
    const texts = ['**a _b *c ~~d '.repeat(50000), '[['.repeat(100000), '[a]('.repeat(50000), `${'[a]('.repeat(2000)}\n`.repeat(50), `${'xa]('.repeat(4000)}\n`.repeat(20)];
    for (const text of texts) {
      const { slowdown } = hostile(text);
      expect(slowdown, text.slice(0, 20)).toBeLessThan(MAX_SLOWDOWN);
    }
  }, HANG);

  it('a 1 MB line is read as one plain paragraph', () => {
    const text = `- **Energy Ball** (4 SP) A ball.\n\n${'word see 3.3 **bold '.repeat(55000)}\n`;
    const { slowdown, model, codes } = hostile(text);
    expect(codes).toEqual(['too-large']);
    expect(model.skills.map((s) => s.name)).toEqual(['Energy Ball']);
    expect(model.references.length).toBe(55000);
    expect(slowdown).toBeLessThan(MAX_SLOWDOWN);
  }, HANG);

  it('NUL bytes do not stop the rest of the file being read', () => {
    const text = `# 1 Rules\n\n1.1 First\u0000 rule.\n\n- **Energy\u0000Ball** (4 SP) Ball.\n\n1.2 Second rule.\n`;
    const model = parseOne(text);
    expect(model.rules.map((r) => r.number.key)).toEqual(['1.1', '1.2']);
    expect(model.skills).toHaveLength(1);
  });

  it('a table of 50,000 rows without a blank line is read in bounded pieces, as one table', () => {
    // Each piece is read behind the table's header and delimiter lines: no parse problem, every row a skill.
    const text = `| Skill | Cost |\n| --- | --- |\n${'| Body | 1 |\n'.repeat(50000)}`;
    const { slowdown, model, codes } = hostile(text);
    expect(codes).toEqual([]);
    expect(model.skills.length).toBe(50000);
    expect(slowdown).toBeLessThan(MAX_SLOWDOWN);
  }, HANG);

  it('a nested list of 10,000 lines without a blank line is read in bounded pieces, as one list', () => {
    // Each piece is read behind lines that reopen the items it starts inside: no parse problem, and no line of it code.
    const text = `${Array.from({ length: 10000 }, (_, i) => `${'\t'.repeat(i % 5)}- [[Item ${i}]] see 3.3`).join('\n')}\n`;
    const { slowdown, model, codes } = hostile(text);
    expect(codes).toEqual([]);
    expect(model.references.filter((r) => r.text.startsWith('[[')).length).toBe(10000);
    expect(slowdown).toBeLessThan(MAX_SLOWDOWN);
  }, HANG);

  it('a 5 MB file is refused at once with a clear diagnostic', () => {
    const text = 'A paragraph of rules text.\n\n'.repeat(200_000);
    expect(text.length).toBeGreaterThan(5_000_000);
    // "At once": not one chunk of it goes through the Markdown parser (the cache counts every chunk parsed or reused).
    const cache = new ParseCache();
    const model = parseRulebook({ files: [{ path: 'book.md', text }] }, { cache });
    linkRulebook(model);
    expect(model.diagnostics.map((d) => d.code)).toEqual(['too-large']);
    expect(model.diagnostics[0].message).toMatch(/^file is 5\.\d MB, over the 4 MB limit; not read$/);
    expect({ parsed: cache.misses, reused: cache.hits }).toEqual({ parsed: 0, reused: 0 });
  });

  it('a rulebook whose files come to over 16 MB is read up to the file that passes the limit, with a diagnostic', () => {
    // Lines over 32 KB are read as plain text without the Markdown parser: 3.9 MB files, cheap to read.
    const line = `${'word '.repeat(8000)}\n\n`;
    const text = line.repeat(Math.floor(3.9 * 1048576 / line.length));
    const files = Array.from({ length: 5 }, (_, i) => ({ path: `0${i + 1}.md`, text: `# Volume ${'ABCDE'[i]}\n\n${text}` }));
    const model = parseRulebook({ files });
    // Each over-long line says it was read as plain text; the fifth file is not read at all.
    const whole = model.diagnostics.filter((d) => !d.message.startsWith('a line of'));
    expect(whole.map((d) => [d.code, d.range.file, d.message])).toEqual([['too-large', '05.md', "the rulebook's files come to over 16 MB with this one; it is not read"]]);
    expect(model.sections.map((s) => s.title)).toEqual(['Volume A', 'Volume B', 'Volume C', 'Volume D']);
    // The limit is a size, never a time: the same text gives the same model however long it took to read.
    expect(parseRulebook({ files })).toEqual(model);
  });
});
