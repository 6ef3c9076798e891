/**
 * findUnread: lines that look like skill costs or prerequisites outside every skill read, and rule-numbered lines
 * not read as rules, one diagnostic per file and kind. The model is the parser's, with what it read taken away where a
 * test needs "nothing was read" to hold however much the parser learns.
 */
import { describe, expect, it } from 'vitest';
import { findUnread } from '../../shared/layout/unread.js';
import type { Rulebook, RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { md } from '../helpers/md.js';
import { DIALECT, LARP, NOMIC } from './books.js';

/** The parser's model of the source, as if it had read no skill and no number. */
function readNothing(source: RulebookSource): Rulebook {
  const model = parseRulebook(source);
  return { ...model, skills: [], rules: [], sections: model.sections.map((s) => ({ ...s, number: null })) };
}

const single = (text: string): RulebookSource => ({ files: [{ path: 'book.md', text }] });

describe('findUnread', () => {
  it('says once per file how many cost and prerequisite lines no skill was read from, at the first of them', () => {
    const source = single(LARP);
    const found = findUnread(source, readNothing(source));
    expect(found).toHaveLength(1);
    const [d] = found;
    expect(d.code).toBe('unread-skills');
    // 5 CP Cost and 5 Restrictions lines; the 5 ST Cost lines say what a skill spends in play, not that one is priced.
    expect(d.message).toBe(
      '10 lines look like skill costs or prerequisites (first: `**CP Cost**: 4`) but no skill was read from them: run `rulebook init`, or set layout.skills.headingLevels or layout.skills.boldNames to say where skills are written',
    );
    expect(d.range).toEqual({ file: 'book.md', start: { line: 10, column: 1, offset: LARP.indexOf('**CP Cost**: 4') }, end: { line: 10, column: 15, offset: LARP.indexOf('**CP Cost**: 4') + 14 } });
  });

  it('passes over a summary’s fields, which restate the rules around it, and reads no skill from them (Ashfall)', () => {
    // Our own words in the shape of Ashfall's advanced skills: the price they share, stated once in a Quick Reference.
    const text = md`
      ---
      layout:
        skills:
          headingLevels: [2]
      ---
      # Advanced Skills

      ## Lockcraft (DEX)

      **Prerequisite:** Sleight of Hand (Proficient)

      Opening what others sealed.

      ## Quick Reference

      **Cost:** 3 CP (2 CP for Specialist chassis)
      **Level Gate:** 3+
      **Prerequisite:** Proficient in the base skill
    `;
    const source = single(text);
    const model = parseRulebook(source);
    expect(model.skills.map((s) => s.name)).toEqual(['Lockcraft']);
    expect(findUnread(source, model)).toEqual([]);
  });

  it('names the layout key to set when the label is not one the layout knows', () => {
    const text = md`
      ## Dodge
      - **Build:** 3
      - **Reqs:** Agility 2
    `;
    const source = single(text);
    const [d] = findUnread(source, readNothing(source));
    expect(d.message).toMatch(/^2 lines look like skill costs or prerequisites \(first: `- \*\*Build:\*\* 3`\)/);
    // "Build" is no default label but says it is a price: the first line decides the advice.
    expect(d.message).toMatch(/or set layout\.fields\.cost$/);
    const reqs = single('### Dodge\n**Skill Requirements:** Agility 2\n');
    expect(findUnread(reqs, readNothing(reqs))[0].message).toMatch(/or set layout\.fields\.prerequisites$/);
    const cost = single('### Dodge\nKarma Cost: 2\n');
    expect(findUnread(cost, readNothing(cost))[0].message).toMatch(/1 line looks like a skill cost or prerequisite \(first: `Karma Cost: 2`\) but no skill was read from it: .* or set layout\.fields\.cost$/);
    // What using a skill spends ("ST Cost", MARS's "Stamina Cost") is no sign of a price, unless the layout lists it.
    const spent = single('### Dodge\nST Cost: 2\n\n### Brace\n**Stamina Cost:** 0\n');
    expect(findUnread(spent, readNothing(spent))).toEqual([]);
    const listed = { ...spent, manifest: { path: 'rulebook.yaml', text: 'layout:\n  fields:\n    cost: [Stamina Cost]\n' } };
    expect(findUnread(listed, readNothing(listed))[0].message).toMatch(/^1 line looks like a skill cost or prerequisite \(first: `\*\*Stamina Cost:\*\* 0`\)/);
  });

  it('says to add the chapter to layout.skills.sections when the lines stand outside the sections it names', () => {
    // MARS (lkodinsson/MARS): init reads skills under `Talents`; the crafting chapter's examples price an item.
    const text = md`
      # Talents

      ## Dodge
      **Cost:** 3 EXP

      # Downtime Crafting

      ## Crafting Check

      > ##### Crafting Example
      > **Cost:** 60
      > **Difficulty:** 12
    `;
    const source = { ...single(text), manifest: { path: 'rulebook.yaml', text: 'costUnits: [EXP]\nlayout:\n  skills:\n    sections: [Talents]\n' } };
    const model = parseRulebook(source);
    expect(model.skills.map((s) => s.name)).toEqual(['Dodge']);
    expect(findUnread(source, model).map((d) => d.message)).toEqual([
      '1 line looks like a skill cost or prerequisite (first: `> **Cost:** 60`) but no skill was read from it: it stands outside layout.skills.sections: add `Downtime Crafting` there if it is a skill',
    ]);
    // Named there, a chapter's lines get the advice for a book that names no sections.
    const named = { ...source, manifest: { path: 'rulebook.yaml', text: 'costUnits: [EXP]\nlayout:\n  skills:\n    sections: [Talents, Downtime*]\n' } };
    expect(findUnread(named, parseRulebook(named))[0].message).toMatch(/: set layout\.skills\.headingLevels or layout\.skills\.boldNames to say where skills are written$/);
  });

  it('says to move a prerequisite line up under its heading when a description stands between them (Ashfall)', () => {
    // Ashfall's specializations: "### Battlemage", a paragraph in italics, then "**Prerequisites:** Channeler build,
    // level 6". The layout already reads skills at that level: where the line stands keeps it unread. Our own words.
    const text = md`
      ---
      layout:
        skills:
          headingLevels: [3]
      ---
      # Specializations

      ### Warden

      *Guards the gate and never sleeps.*

      **Prerequisites:** Sentry build, level 6

      ### Herald

      **Prerequisites:** Warden
    `;
    const model = parseRulebook(single(text));
    expect(model.skills.map((s) => s.name)).toEqual(['Herald']);
    expect(model.diagnostics.filter((d) => d.code === 'unread-skills').map((d) => [d.range.start.line, d.message])).toEqual([
      [12, "1 line looks like a skill cost or prerequisite (first: `**Prerequisites:** Sentry build, level 6`) but no skill was read from it: a skill's cost and prerequisite lines are read right under its heading: move it up under `Warden` if it is a skill's"],
    ]);
  });

  it('counts rule-numbered lines that were not read as rules', () => {
    const source = single(NOMIC);
    const [d] = findUnread(source, readNothing(source));
    expect(d.code).toBe('unread-rules');
    expect(d.message).toBe(
      '6 lines start with a rule number (first: `- 1a) A player is anyone who has joined the game.`) but were not read as rules: run `rulebook init`, or list their section under layout.numbering.notRules if they are not rules',
    );
    expect(d.range.start.line).toBe(5);
    expect(d.range.start.column).toBe(1);
  });

  it('recognises dotted, bold-bullet and marked-up numbers, and leaves ordinary ordered lists alone', () => {
    const text = md`
      * **0000.1.5** Each player has each of the Zones.
      <mark>4.1.13 - Drivers must complete a pit stop.</mark>
      1.3.2 Players who are in game react as their character would.
      - A1a4) A nested nomic rule.

      1. an ordinary list item
      2) another
      2 Production Points are needed.
    `;
    const source = single(text);
    const [d] = findUnread(source, readNothing(source));
    expect(d.message).toMatch(/^4 lines start with a rule number/);
  });

  it('does not count code, tables, front matter, or a change history', () => {
    const text = md`
      ---
      cost: 3
      ---
      # Notes

      \`\`\`markdown
      Cost: 4
      1.2.3 A rule in a code sample.
      \`\`\`

      | Name | Cost: |
      | --- | --- |
      | 1.2 | Cost: 2 |

      ## Change history

      1.2.1 Was renumbered.
    `;
    const source = single(text);
    expect(findUnread(source, readNothing(source))).toEqual([]);
  });

  it('is quiet on a book the parser reads, and gives one diagnostic per file', () => {
    const source: RulebookSource = { files: [{ path: 'a.md', text: DIALECT }, { path: 'b.md', text: 'Some words.\n\nCost: 3\n\nCost: 4\n' }] };
    const found = findUnread(source, parseRulebook(source));
    expect(found.map((d) => [d.range.file, d.range.start.line, d.code])).toEqual([['b.md', 3, 'unread-skills']]);
  });
});
