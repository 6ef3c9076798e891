/**
 * A wiki link with emphasis inside its brackets (the 13th Age SRD for Obsidian's contents list links
 * `[[LICENSE.md#*13th Age* Archmage Engine|*13th Age* Archmage Engine]]`): Markdown splits it into text, emphasis and
 * text, so no text node holds it whole. The model reads it from the block's source, and print reads it the same way:
 * the book and the website print its shown words, their emphasis kept, linked to its target, never its brackets.
 * The pages are in our own words, in the SRD's shapes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildContent, type ContentBlock } from '../../shared/publish/content.js';
import { planExport } from '../../shared/publish/index.js';
import type { Run } from '../../shared/publish/inline.js';
import { inlineRuns } from '../../shared/publish/phrasing.js';
import type { DrawOp } from '../../shared/publish/types.js';
import { buildSite } from '../../shared/site/build.js';
import { analyse } from '../../shared/analyse/index.js';
import { buildPdf } from '../../main/publish/index.js';
import { pdfText } from './pdf-read.js';
import { measure } from './helpers.js';

const CONTENTS = `# Harbour Guide

## Contents

1. [[Charter.md|The Harbour Charter]]
\t1. [[Charter.md#Moorings|Moorings]]
\t2. [[Charter.md#*Open* Waters|*Open* Waters]]
\t3. [[Charter.md#*Closed* Docks]]
2. [Wardens](Wardens.md)

The guild keeps [[Charter.md#*Open* Waters|the *open* waters]] free, and a warden learns [[Rope Snare|*the snare*]]
first; see [[Rope Snare|**snare** rules]]. Code stays code: \`[[Charter.md#*Open* Waters]]\`.
`;

const CHARTER = `# The Harbour Charter

## Moorings

Each boat has one mooring.

## *Open* Waters

Any boat may sail here.

## *Closed* Docks

No boat may moor here.
`;

const WARDENS = `# Wardens

## Skills

### Rope Snare
Cost: 2 XP

Catches one foe.
`;

const written = () => ({
  files: [
    { path: 'Contents.md', text: CONTENTS },
    { path: 'Charter.md', text: CHARTER },
    { path: 'Wardens.md', text: WARDENS },
  ],
});

const book = () => {
  const { linked, source } = analyse(written());
  return { linked, source };
};

/** The runs of the paragraph, or numbered list item (a rule), whose words hold `words`. */
const runsWith = (blocks: readonly ContentBlock[], words: string): readonly Run[] => {
  for (const b of blocks) {
    const runs = b.kind === 'rule' ? b.runs : b.kind === 'prose' && b.block.kind === 'paragraph' ? b.block.runs : null;
    if (runs && runs.map((r) => r.text).join('').includes(words)) return runs;
  }
  throw new Error(`no paragraph with “${words}”`);
};

const shape = (runs: readonly Run[]) => runs.map((r) => [r.text, r.italic ? 'italic' : r.bold ? 'bold' : '', r.link ?? '']);

describe('a wiki link with emphasis inside its brackets', () => {
  it('is read by the model as one link, with its shown words plain, its heading found by its words', () => {
    const { linked } = book();
    const wiki = linked.model.links.filter((l) => l.wiki).map((l) => [l.href, l.text, l.wiki]);
    expect(wiki).toEqual(
      expect.arrayContaining([
        ['Charter.md#*Open* Waters', 'Open Waters', 'page'],
        ['Charter.md#*Closed* Docks', 'Closed Docks', 'page'],
        ['Charter.md#*Open* Waters', 'the open waters', 'page'],
        ['Rope Snare', 'the snare', 'name'],
        ['Rope Snare', 'snare rules', 'name'],
      ]),
    );
    // The one in a code span is no link.
    expect(linked.model.links.filter((l) => l.href === 'Charter.md#*Open* Waters')).toHaveLength(2);
    expect(linked.brokenLinks).toEqual([]);
    expect(linked.unresolvedReferences).toEqual([]);
    expect(linked.resolvedReferences.map((r) => [r.reference.text, r.skill?.name])).toEqual([
      ['[[Rope Snare|*the snare*]]', 'Rope Snare'],
      ['[[Rope Snare|**snare** rules]]', 'Rope Snare'],
    ]);
  });

  it('prints its shown words with their emphasis, and their offsets in the text', () => {
    const line = 'See [[Charter.md#*Open* Waters|the *open* waters]] now.';
    expect(inlineRuns(line, 100)).toEqual([
      { text: 'See ', start: 100 },
      { text: 'the ', start: 100 + line.indexOf('the *') },
      { text: 'open', italic: true, start: 100 + line.indexOf('open*') },
      { text: ' waters', start: 100 + line.indexOf(' waters') },
      { text: ' now.', start: 100 + line.indexOf(' now') },
    ]);
    const plain = (text: string) => inlineRuns(text, 0).map((r) => (r.italic ? `_${r.text}_` : r.bold ? `**${r.text}**` : r.text)).join('');
    // Shown words from the heading, from the page's name, after an embed's `!`; bold.
    expect(plain('Hold [[Charter.md#*Closed* Docks]] and [[Rules/*Tides*]], ![[Maps/*Harbour*]].')).toBe('Hold _Closed_ Docks and _Tides_, _Harbour_.');
    expect(plain('[[Rope Snare|**snare** rules]] and [[Rope Snare|the snare]]')).toBe('**snare** rules and the snare');
    // Emphasis that opens before the link and closes inside it, an entity in the hidden page and in the words.
    expect(plain('*see [[Charter.md#Open|the* waters]] now')).toBe('_see __the_ waters now');
    expect(plain('[[Caf&eacute;.md#*A*|a &amp; *b*]]')).toBe('a & _b_');
    // A link across a code span is no link: it prints as written.
    expect(plain('`[[a` *b* c]]')).toBe('[[a _b_ c]]');
    expect(plain('[[a *b* `c`]]')).toBe('[[a _b_ c]]');
  });

  it('prints the words the model reads it to show, whatever emphasis its page, heading and words hold', () => {
    const word = fc.tuple(fc.stringMatching(/^[A-Za-z]{1,6}$/), fc.constantFrom('', '*', '**', '_')).map(([w, mark]) => `${mark}${w}${mark}`);
    const phrase = fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
    const link = fc
      .tuple(fc.constantFrom('', 'Folder/', 'Page.md#'), phrase, fc.option(phrase))
      .map(([lead, target, alias]) => `${lead === 'Folder/' ? '!' : ''}[[${lead}${target}${alias === null ? '' : `|${alias}`}]]`);
    fc.assert(
      fc.property(fc.array(link, { minLength: 1, maxLength: 4 }), (links) => {
        const line = `See ${links.join(' and ')}.`;
        const runs = inlineRuns(line, 0);
        expect(runs.map((r) => r.text).join('')).not.toMatch(/\[\[|\]\]/);
        const { model } = analyse({ files: [{ path: 'page.md', text: line }] });
        expect(model.links).toHaveLength(links.length);
        for (const l of model.links) {
          const inside = runs.filter((r) => r.start !== undefined && r.start >= l.range.start.offset && r.start < l.range.end.offset);
          expect(inside.map((r) => r.text).join('')).toBe(l.text);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('prints in the book as its shown words, emphasis kept, linked to the heading or skill it names', () => {
    const { linked, source } = book();
    const { blocks } = buildContent(linked, source);
    const open = runsWith(blocks, 'Open Waters');
    expect(shape(open)).toEqual([
      ['Open', 'italic', expect.stringMatching(/^sec:Charter\.md#/)],
      [' Waters', '', open[0].link],
    ]);
    const closed = runsWith(blocks, 'Closed Docks');
    expect(shape(closed)).toEqual([
      ['Closed', 'italic', expect.stringMatching(/^sec:Charter\.md#/)],
      [' Docks', '', closed[0].link],
    ]);
    expect(closed[0].link).not.toBe(open[0].link);
    const prose = runsWith(blocks, 'The guild keeps');
    expect(prose.map((r) => r.text).join('')).toBe('The guild keeps the open waters free, and a warden learns the snare first; see snare rules. Code stays code: [[Charter.md#*Open* Waters]].');
    expect(shape(prose.filter((r) => r.link))).toEqual([
      ['the ', '', open[0].link],
      ['open', 'italic', open[0].link],
      [' waters', '', open[0].link],
      ['the snare', 'italic', expect.stringMatching(/^skill:/)],
      ['snare', 'bold', expect.stringMatching(/^skill:/)],
      [' rules', '', expect.stringMatching(/^skill:/)],
    ]);
  });

  it('is drawn in the PDF as its words, italic where they are, under a link, with no brackets', async () => {
    const { linked, source } = book();
    const ops = planExport(linked, source, { kind: 'book', paper: 'a4', columns: 1 }, measure).pages.flatMap((p) => p.ops);
    const texts = ops.filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text');
    const links = ops.filter((op): op is Extract<DrawOp, { kind: 'link' }> => op.kind === 'link');
    // Only the code span keeps its brackets, set in the code face (on one line or two).
    expect(texts.filter((op) => op.text.includes('[[') && op.font !== 'mono')).toEqual([]);
    expect(texts.filter((op) => op.font === 'mono').map((op) => op.text).join(' ')).toBe('[[Charter.md#*Open* Waters]]');
    const italic = texts.filter((op) => op.font.endsWith('italic')).map((op) => op.text);
    expect(italic).toEqual(expect.arrayContaining(['Open', 'Closed', 'open']));
    // The italic word of the contents' line is inside a link's area.
    const word = texts.find((op) => op.text === 'Open' && op.font.endsWith('italic'))!;
    expect(links.some((l) => word.x >= l.x - 0.01 && word.x < l.x + l.w && Math.abs(l.y - word.y) < l.h + word.size)).toBe(true);

    const { pdf } = await buildPdf(linked, { kind: 'book', paper: 'a4', source, compress: false });
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Open Waters');
    expect(text).toContain('The guild keeps the open waters free');
    expect(text).toContain('see snare rules');
    // Only the code span keeps its brackets.
    expect(text.match(/\[\[/g)).toHaveLength(1);
  });

  it('is a link on the website to the same place, its emphasis kept', () => {
    const { linked, source } = book();
    const html = buildSite(linked, source).pages.map((p) => p.html).join('\n');
    expect(html).toMatch(/<a href="[^"]*#open-waters"><em>Open<\/em><\/a><a href="[^"]*#open-waters"> Waters<\/a>/);
    expect(html).toMatch(/<a href="[^"]*#closed-docks"><em>Closed<\/em><\/a>/);
    expect(html).toMatch(/The guild keeps <a href="[^"]*#open-waters">the <\/a><a href="[^"]*#open-waters"><em>open<\/em><\/a><a href="[^"]*#open-waters"> waters<\/a> free/);
    expect(html).toMatch(/learns <a href="[^"]*"><em>the snare<\/em><\/a>/);
    expect(html.match(/\[\[/g)).toHaveLength(1);
  });
});
