/** The parser never throws, every position lies inside its file, and hostile input ends quickly in a diagnostic or a bounded parse. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkRulebook } from '../../shared/link/index.js';
import type { Position, Rulebook, SourceRange } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { Locator } from '../../shared/parse/locator.js';

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

/** Markdown-ish fragments of the dialect, so random documents hit the interesting paths. */
const fragment = fc.constantFrom(
  '# ', '## ', '### ', 'Chapter 4. ', '2.1 - ', '1.3.2 ', '100.1a ', '100.1. ', '- ', '  ', '1. ', 'a. ', '> ',
  '**', '*', '_', '`', '```\n', '[[', ']]', '[[3.3]]', '(2 SP)', '(4/5 SP)', '(', ')', 'Prerequisite: ', 'Requires: ',
  'Cost: ', 'Effect:', ' or ', ' and ', ', ', 'see 3.3', 'rule 702.19b', 'rules 201.2a–b', 'chapter 12.7', '| Skill | Cost |\n',
  '| --- | --- |\n', '| Body 1 | 1 |\n', '<!-- lint disable numbering-gap -->', '<!--', '-->', '---\n', 'title: x\n',
  '\n', '\n\n', '\r\n', '\t', 'Urð ', '“', '”', '\u0000', '\uFEFF', '\uD800', 'Energy Ball', 'Magic Healing',
);
const markdownish = fc.array(fc.oneof(fragment, fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 120 }).map((parts) => parts.join(''));

describe('the parser on random input', () => {
  it('never throws and keeps every position inside its file', () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        const model = parseOne(text);
        expectPositionsInside(model, new Map([['book.md', text]]));
      }),
      { numRuns: 400 },
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

/** Parses hostile input and returns the time it took, the model and its diagnostic codes. */
function timed(text: string): { ms: number; model: Rulebook; codes: string[] } {
  const start = performance.now();
  const model = parseOne(text);
  const ms = performance.now() - start;
  return { ms, model, codes: model.diagnostics.map((d) => d.code) };
}

// "Within a few seconds" on a loaded 2-core CI machine: the limit has headroom over the ~1 s these take alone.
const FEW_SECONDS = 6000;

describe('hostile input ends quickly in a diagnostic or a bounded parse', () => {
  it('8,000 nested blockquotes: a too-deep diagnostic naming the line, not a stack overflow', () => {
    const { ms, model, codes } = timed(`# 1 Rules\n\n${'>'.repeat(8000)} deep\n`);
    expect(codes).toEqual(['too-deep']);
    expect(model.diagnostics[0].range.start.line).toBe(3);
    expect(ms).toBeLessThan(FEW_SECONDS);
  });

  it('800 nested list levels', () => {
    const text = Array.from({ length: 800 }, (_, i) => `${' '.repeat(i * 2)}- item ${i}`).join('\n');
    const { ms, codes } = timed(text);
    expect(codes).toContain('too-deep');
    expect(ms).toBeLessThan(FEW_SECONDS);
  });

  it('long runs of *_* _ (quadratic emphasis resolution)', () => {
    const { ms } = timed(`${'*_* _'.repeat(3000)}\n\n${'*_* _ '.repeat(20000)}`);
    expect(ms).toBeLessThan(FEW_SECONDS);
  });

  it('unbalanced emphasis, brackets and link openers', () => {
    const texts = ['**a _b *c ~~d '.repeat(50000), '[['.repeat(100000), '[a]('.repeat(50000), `${'[a]('.repeat(2000)}\n`.repeat(50), `${'xa]('.repeat(4000)}\n`.repeat(20)];
    for (const text of texts) {
      const { ms } = timed(text);
      expect(ms).toBeLessThan(FEW_SECONDS);
    }
  });

  it('a 1 MB line is read as one plain paragraph', () => {
    const text = `- **Energy Ball** (4 SP) A ball.\n\n${'word see 3.3 **bold '.repeat(55000)}\n`;
    const { ms, model, codes } = timed(text);
    expect(codes).toEqual(['too-large']);
    expect(model.skills.map((s) => s.name)).toEqual(['Energy Ball']);
    expect(model.references.length).toBe(55000);
    expect(ms).toBeLessThan(FEW_SECONDS);
  });

  it('NUL bytes do not stop the rest of the file being read', () => {
    const text = `# 1 Rules\n\n1.1 First\u0000 rule.\n\n- **Energy\u0000Ball** (4 SP) Ball.\n\n1.2 Second rule.\n`;
    const { model } = timed(text);
    expect(model.rules.map((r) => r.number.key)).toEqual(['1.1', '1.2']);
    expect(model.skills).toHaveLength(1);
  });

  it('a block of 50,000 lines without a blank line is read in bounded pieces', () => {
    const text = `| Skill | Cost |\n| --- | --- |\n${'| Body | 1 |\n'.repeat(50000)}`;
    const { ms, codes } = timed(text);
    expect(codes).toEqual(['too-large']);
    expect(ms).toBeLessThan(FEW_SECONDS * 2);
  });

  it('a 5 MB file is refused at once with a clear diagnostic', () => {
    const text = 'A paragraph of rules text.\n\n'.repeat(200_000);
    expect(text.length).toBeGreaterThan(5_000_000);
    const { ms, model } = timed(text);
    expect(model.diagnostics.map((d) => d.code)).toEqual(['too-large']);
    expect(model.diagnostics[0].message).toMatch(/^file is 5\.\d MB, over the 4 MB limit; not read$/);
    expect(ms).toBeLessThan(1000);
  });

  it('a deadline stops a parse that runs too long, with a diagnostic', () => {
    const text = Array.from({ length: 400 }, (_, i) => `## 1.${i + 1} Section\n\n1.${i + 1}.1 A rule.\n`).join('\n');
    const model = parseRulebook({ files: [{ path: 'book.md', text }] }, { deadlineMs: 0 });
    expect(model.diagnostics.map((d) => d.code)).toEqual(['deadline']);
  });
});
