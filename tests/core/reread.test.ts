/**
 * Reading an edited chunk again from the blocks the edit touched (shared/parse/reread.ts) gives the records reading
 * the whole chunk gives: on random edits of chunks of real books and the generated one, whenever it reads in part.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateRulebook } from '../../bench/generate.js';
import { crMarkdown } from '../../bench/texts.js';
import { splitChunks } from '../../shared/parse/chunks.js';
import { extractRecords } from '../../shared/parse/extract.js';
import { parseMarkdown } from '../../shared/parse/markdown.js';
import { DEFAULT_RECOGNISERS } from '../../shared/parse/recognisers.js';
import { rereadChunk, shiftRecords } from '../../shared/parse/reread.js';

const BOOKS = [crMarkdown(), generateRulebook(120_000, 3).text, readFileSync('tests/fixtures/samples/funjerai.md', 'utf8'), readFileSync('tests/fixtures/samples/amtgard-magic.md', 'utf8')];
const CHUNKS = BOOKS.flatMap((text) => splitChunks(text).map((c) => c.text));

/** The whole chunk read at once (the chunks chosen here need no pieces and no construct switched off). */
const whole = (text: string) => ({ records: extractRecords(text, parseMarkdown(text, []), DEFAULT_RECOGNISERS), limited: null });

/** Edits that change block structure as well as text. */
const INSERTS = ['x', ' ', '\n', '\n\n', '- ', '* ', '1. ', '## ', '# 9 Chapter\n\n', '```\n', '> ', '| a | b |\n', '<!-- lint ignore -->\n', '[x]: y\n', '100.1a ', '- **Knack** (1 SP) A knack.\n  Prerequisite: Nowhere\n', 'see rule 702.19b', '\n\n2.1.1 A rule.\n\n', '**', '---\n'];

const edit = fc.record({
  chunk: fc.nat({ max: CHUNKS.length - 1 }),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  remove: fc.nat({ max: 30 }),
  insert: fc.constantFrom(...INSERTS),
});

describe('reading part of an edited chunk again', () => {
  it('gives the records of reading it whole, and reads in part for most typing', () => {
    let partly = 0;
    let runs = 0;
    fc.assert(
      fc.property(edit, ({ chunk, at, remove, insert }) => {
        const before = CHUNKS[chunk];
        const offset = Math.floor(at * before.length);
        const after = before.slice(0, offset) + insert + before.slice(Math.min(before.length, offset + remove));
        const read = rereadChunk(before, whole(before), after, DEFAULT_RECOGNISERS);
        runs++;
        if (!read) return;
        partly++;
        expect(read.records).toEqual(whole(after).records);
      }),
      { numRuns: 400 },
    );
    expect(partly).toBeGreaterThan(runs / 3);
  });

  it('moves every record of the chunks of these books, so the blocks after an edit are never read again for their shape', () => {
    // A skill table with a category column, and a heading over a table of the skills it has (Basic Roleplaying's).
    const tables = '## Guild Skills\n\n| Skill | Cost | Category |\n|---|---|---|\n| Herbalism | 2 | Craft |\n\n### Cowboy\n**Primary:** DEX + POW\n\n| Skill | Base | Role |\n|---|---|---|\n| Dodge | DEX x2% | Avoiding dangers |\n';
    for (const text of [tables, ...CHUNKS.slice(0, 400)]) {
      const records = whole(text).records;
      const moved = shiftRecords(records, 5);
      expect(moved).not.toBeNull();
      expect(shiftRecords(moved!, -5)).toEqual(records);
    }
  });

  it('reads again what a record of a shape it does not know says, rather than move it', () => {
    const records = whole('# Title\n\nSome text.\n').records;
    expect(shiftRecords([...records, { ...records[0], somewhere: 3 } as never], 2)).toBeNull();
  });

  it('reads again a block the edit moved to the start of its line: what goes with a command before it changed', () => {
    // An indented `\newpage` (its removal takes the space before it) after a line break is typed before it: the same
    // block text now stands at column 0 after a blank line, and removing it no longer takes that space (seed 1439825489).
    const before = `**Description:** Strike unseen.\n\n \\newpage\n\n- **Tier 1:** Agility 4\n`;
    const after = before.replace(' \\newpage', ' \n\\newpage');
    const read = rereadChunk(before, whole(before), after, DEFAULT_RECOGNISERS);
    expect(read?.records ?? whole(after).records).toEqual(whole(after).records);
    expect(whole(after).records.find((r) => r.t === 'latex-command')).toMatchObject({ removeBefore: 0 });
  });
});
