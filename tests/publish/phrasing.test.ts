/** Inline Markdown read by the model's parser (remark) into runs: styles as remark reads them, offsets exact for links. */
import { describe, expect, it } from 'vitest';
import { applyLinks } from '../../shared/publish/inline.js';
import { inlineRuns } from '../../shared/publish/phrasing.js';

const plain = (text: string) => inlineRuns(text, 0).map((r) => r.text).join('');

describe('inlineRuns', () => {
  it('reads emphasis, strong, strikethrough and code as remark does', () => {
    expect(inlineRuns('A **bold** and *italic* ~~gone~~ `code`', 100)).toEqual([
      { text: 'A ', start: 100 },
      { text: 'bold', bold: true, start: 104 },
      { text: ' and ', start: 110 },
      { text: 'italic', italic: true, start: 116 },
      { text: ' ', start: 123 },
      { text: 'gone', strike: true, start: 126 },
      { text: ' ', start: 132 },
      { text: 'code', code: true, start: 134 },
    ]);
    expect(inlineRuns('***both*** and __strong__', 0).filter((r) => r.bold).map((r) => [r.text, !!r.italic])).toEqual([
      ['both', true],
      ['strong', false],
    ]);
  });

  it('leaves what is not emphasis as text: a stray asterisk, snake_case, a dash alone in a cell, "# 3" and "1." inside a line', () => {
    expect(plain('*One Handed Weapons is a skill')).toBe('*One Handed Weapons is a skill');
    expect(inlineRuns('use snake_case_names here', 0)).toEqual([{ text: 'use snake_case_names here', start: 0 }]);
    for (const text of ['-', '1.', '# 3 is a number', '> not a quote', '---', '    four spaces']) expect(plain(text).trim()).toBe(text.trim());
  });

  it('prints the words of links, wiki links, shortcode links and pictures, and drops tags', () => {
    expect(plain('See [the rules](https://x.org "t") and [[Energy Ball]] or [Florentine]({{< relref "#florentine" >}}).')).toBe('See the rules and Energy Ball or Florentine.');
    expect(plain('A ![shield](shield.png) here <b>and</b> <!-- note --> there')).toBe('A shield here and  there');
    expect(plain('Mail <https://example.org>')).toBe('Mail https://example.org');
    // MARS's table header "Maximum Price<br/>(Before Discount)": a line break, read as a space.
    expect(plain('Maximum Price<br/>(Before Discount)')).toBe('Maximum Price (Before Discount)');
  });

  it('decodes escapes and entities, keeping the offsets of every verbatim stretch', () => {
    const runs = inlineRuns('2 \\* 3 &amp; Fireball', 10);
    expect(runs.map((r) => r.text).join('')).toBe('2 * 3 & Fireball');
    expect(runs.find((r) => r.text.includes('Fireball'))).toEqual({ text: ' Fireball', start: 10 + '2 \\* 3 &amp;'.length });
    // The link the parser found at "Fireball" by its offset lands on those letters.
    const at = 10 + '2 \\* 3 &amp; '.length;
    const linked = applyLinks(runs, [{ start: at, end: at + 'Fireball'.length, target: 'skill-fireball' }]);
    expect(linked.filter((r) => r.link)).toEqual([expect.objectContaining({ text: 'Fireball', link: 'skill-fireball', start: at })]);
  });

  it('keeps the offsets of the words inside wiki links and shortcode links', () => {
    const text = 'Needs [[Shield Bash]] first';
    const runs = inlineRuns(text, 5);
    const run = runs.find((r) => r.text === 'Shield Bash')!;
    expect(run.start).toBe(5 + text.indexOf('Shield Bash'));
    // An escape inside the link's words: still one link's words, the letters either side of it with their offsets.
    const escaped = '[Wear Armor\\*]({{< ref "/rules/skills/#wear-armor" >}}) [3 CP]';
    expect(inlineRuns(escaped, 0)).toEqual([{ text: 'Wear Armor', start: 1 }, { text: '*' }, { text: ' [3 CP]', start: escaped.indexOf(' [3 CP]') }]);
  });
});
