// Pages as they come rather than as they should be: HTML read as a browser reads it (htmlparser2 does the reading).
import { describe, expect, it } from 'vitest';
import { htmlToLines } from '../../shared/import/html.js';
import { importRulebook } from '../../shared/import/index.js';

const texts = (html: string) => htmlToLines(html).filter((l) => l.text);

describe('reading malformed HTML', () => {
  it('closes what the page leaves open: items by the next item, cells by the next cell, rows by the next row, everything at the end', () => {
    expect(texts('<ul><li>One<li>Two</ul><p>After')).toEqual([
      { line: 1, text: 'One', bullet: { level: 0, ordered: false } },
      { line: 1, text: 'Two', bullet: { level: 0, ordered: false } },
      { line: 1, text: 'After' },
    ]);
    expect(texts('<table><tr><th>Skill<th>Cost<tr><td>Heal<td>2')).toEqual([{ line: 1, text: 'Skill Cost', table: [['Skill', 'Cost'], ['Heal', '2']] }]);
    // A <head> never closed ends where <body> begins, so the page's text is not left out with it.
    expect(texts('<html><head><title>Rules</title><body><h2>Magic</h2><p>Speak loudly.')).toEqual([
      { line: 1, text: 'Magic', heading: 2 },
      { line: 1, text: 'Speak loudly.' },
    ]);
  });

  it('ignores end tags that close nothing', () => {
    expect(texts('</div></li></ul><p>Rule one.</p></b><p>Rule two.</p>')).toEqual([
      { line: 1, text: 'Rule one.' },
      { line: 1, text: 'Rule two.' },
    ]);
    // "</b>" before any <b> does not make the paragraph after it lose its boldness.
    expect(texts('</b><p><b>Fireball</b></p>')).toEqual([{ line: 1, text: 'Fireball', bold: true }]);
  });

  it('keeps a "<" that starts no tag as text', () => {
    expect(texts('<p>Damage < 3, range <= 10 and 2<3 & more</p>')).toEqual([{ line: 1, text: 'Damage < 3, range <= 10 and 2<3 & more' }]);
  });

  it('leaves out comments, the unclosed one at the end too, and CDATA, which HTML has only inside SVG', () => {
    expect(texts('<p>Keep<!-- <h2>Not a heading</h2> --> this</p><p>Before</p><!-- <p>gone')).toEqual([
      { line: 1, text: 'Keep this' },
      { line: 1, text: 'Before' },
    ]);
    expect(texts('<p>A<![CDATA[x]]>B</p>')).toEqual([{ line: 1, text: 'AB' }]);
  });

  it('reads a ">" inside a quoted attribute as part of the attribute, and still knows the furniture by it', () => {
    expect(texts('<p title="a > b">Text</p><div class="toc" data-x=\'>\'>Contents</div><p>Rule</p>')).toEqual([
      { line: 1, text: 'Text' },
      { line: 1, text: 'Rule' },
    ]);
  });

  it('reads scripts and styles as raw text, so the markup inside them is left out with them', () => {
    expect(texts('<script>if (a<b) document.write("<h1>x</h1>")</script><style>p>b{}</style><p>Text</p>')).toEqual([{ line: 1, text: 'Text' }]);
  });

  it('reads a cell with no row and a table inside a cell, keeping both tables', () => {
    expect(texts('<table><td>Heal</td><td>2</td></table>')).toEqual([{ line: 1, text: 'Heal 2', table: [['Heal', '2']] }]);
    const nested = texts('<table><tr><td>Spells<table><tr><td>Heal</td><td>2</td></tr></table></td><td>Notes</td></tr></table>');
    expect(nested.map((l) => l.table)).toEqual([[['Heal', '2']], [['Spells', 'Notes']]]);
  });

  it('decodes entities in text and in attributes, and counts a bold paragraph with entities in it as bold', () => {
    expect(texts('<p><b>Fire &amp; Ice</b></p><div class="t&#111;c">Contents</div>')).toEqual([{ line: 1, text: 'Fire & Ice', bold: true }]);
  });

  it('stays quick on deeply nested and huge pages, keeping their text', { timeout: 30_000 }, () => {
    // Without a depth bound the parser takes minutes over this; browsers stop nesting at 512 and so does the reader.
    expect(texts(`${'<div>'.repeat(200_000)}deep${'</div>'.repeat(200_000)}`)).toEqual([{ line: 1, text: 'deep' }]);
    const lists = texts(`${'<ul><li>'.repeat(100_000)}deepest`);
    expect(lists).toHaveLength(1);
    expect(lists[0].bullet!.level).toBeLessThan(512);
    expect(importRulebook(`${'<ol><li>'.repeat(50_000)}Rule`, { format: 'html' }).markdown).toContain('Rule');
    expect(texts('<p>Rule.</p>\n'.repeat(50_000))).toHaveLength(50_000);
  });
});
