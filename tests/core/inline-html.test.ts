/**
 * Character references and inline HTML in names, prerequisites and titles, as real books write them: a LARP's skill
 * table marks a footnote with "&ast;" and breaks a cell's list with "<br>"; a ritual's heading writes a placeholder
 * as an escaped "\<Creature>". The shapes are Chronicles LARP's (v3), in our own words.
 */
import { describe, expect, it } from 'vitest';
import { plainText } from '../../shared/parse/keys.js';
import { md, parse, slice } from '../helpers/md.js';

describe('character references and inline HTML', () => {
  const text = md`
    ## Crafting Skill Costs

    | Production Skill | Cost | Prereqs |
    |---|---|---|
    | &ast;First Craft | 1+1 | - |
    | Master Craft | 25 | First Craft<br>Second Craft |
    | Second Craft | 2+1 | - |

    ##### Curse of Shape: \\<Creature>

    The caster names the creature and says "I curse thee <curse verbal/incant>".
  `;
  const model = parse(text);

  it('decodes every named character reference in a table cell, its range still on the name as written', () => {
    const first = model.skills[0];
    expect(first.name).toBe('*First Craft');
    expect(slice(text, first.nameRange)).toBe('&ast;First Craft');
  });

  it('parts a cell’s prerequisites at a line break', () => {
    const master = model.skills.find((s) => s.name === 'Master Craft')!;
    expect(master.prerequisites.flatMap((p) => p.requirements.map((r) => r.alternatives.map((a) => a.text)))).toEqual([['First Craft'], ['Second Craft']]);
  });

  it('keeps text that only looks like a tag: an escaped one, or one with no valid attribute', () => {
    expect(model.sections.map((s) => s.title)).toContain('Curse of Shape: <Creature>');
    expect(plainText('says "I curse thee <curse verbal/incant>"')).toBe('says "I curse thee <curse verbal/incant>"');
  });

  it('removes real tags, a break read as a space, and leaves a code span as written', () => {
    expect(plainText('<span class="rank">Fast</span> Cast')).toBe('Fast Cast');
    expect(plainText('Shield<br/>Melee Weapon')).toBe('Shield Melee Weapon');
    expect(plainText('<a name="accuracy"></a> Accuracy')).toBe('Accuracy');
    expect(plainText('write `<br>` or `&amp;` in a cell')).toBe('write <br> or &amp; in a cell');
    expect(plainText('Fish &amp; Chips &rsquo;n&nbsp;stuff &bogus;')).toBe('Fish & Chips \u2019n stuff &bogus;');
  });
});
