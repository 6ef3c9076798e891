/**
 * A skill whose heading names its cost ("### Sweep (1 action)") is read from that heading. The parser reads a file in
 * chunks of about 2 KB, and such a skill past the first chunk took its heading's offset in its chunk for its id and
 * the start of its range: two skill headings each opening a chunk were both `file#0`, said to start at the file's
 * first heading, and the book stopped with "anchor `skill:…#0` placed twice" (a combat chapter whose manoeuvres are
 * long sections).
 */
import { describe, expect, it } from 'vitest';
import { linkRulebook } from '../../shared/link/index.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { planExport } from '../../shared/publish/index.js';
import type { ExportKind } from '../../shared/publish/types.js';
import { buildSite } from '../../shared/site/build.js';
import { measure } from './helpers.js';

// One paragraph of over 2 KB under each manoeuvre: no chunk can start inside it, so the next heading opens one.
const notes = (topic: string) =>
  Array.from({ length: 12 }, (_, i) =>
    `Note ${i + 1} on ${topic}: the table decides together how far the move carries, who may answer it with a reaction, and what happens when the dice land on a tie between the two sides.`,
  ).join('\n');

// A folder book: its chapter has no front matter, so the chapter's heading stands at offset 0, where the skills
// opening later chunks were said to start, and the book placed their anchors there, on that heading, twice.
const MANIFEST = ['files: [fighting.md]', 'costUnits: [Action]', 'layout:', '  skills:', '    headingLevels: [3]', ''].join('\n');

const BOOK = [
  '# Fighting',
  '',
  'How a skirmish runs, turn by turn.',
  '',
  '## Manoeuvres',
  '',
  '### Sweep (1 action)',
  '',
  'Knock a foe within reach off their feet.',
  '',
  notes('sweeping'),
  '',
  '### Brace (1 action)',
  '',
  'Set your feet; the next push against you fails.',
  '',
  notes('bracing'),
  '',
  '### Feint (1 action)',
  '',
  'Draw a guard aside; your next blow comes with an edge.',
  '',
  notes('feinting'),
  '',
].join('\n');

describe('skills read from headings past the file’s first chunk', () => {
  const book = () => {
    const source: RulebookSource = { manifest: { path: 'rulebook.yaml', text: MANIFEST }, files: [{ path: 'fighting.md', text: BOOK }] };
    return { source, linked: linkRulebook(parseRulebook(source)) };
  };

  it('are named by where their heading stands in the file', () => {
    const { linked } = book();
    const skills = linked.model.skills;
    expect(skills.map((s) => s.name)).toEqual(['Sweep', 'Brace', 'Feint']);
    for (const skill of skills) {
      const at = BOOK.indexOf(`### ${skill.name} (`);
      expect(skill.id).toBe(`fighting.md#${at}`);
      expect(skill.range.start.offset).toBe(at);
      expect(skill.range.end.offset).toBeGreaterThan(BOOK.indexOf(`Note 8 on ${skill.name.toLowerCase()}`));
    }
  });

  it('print in every kind, each skill’s anchor at its own heading', () => {
    const { linked, source } = book();
    for (const kind of ['book', 'cards', 'reference', 'sheet'] as const satisfies readonly ExportKind[]) {
      const plan = planExport(linked, source, { kind, paper: 'a4' }, measure);
      expect(plan.pages.length, kind).toBeGreaterThan(0);
    }
    const anchors = planExport(linked, source, { kind: 'book', paper: 'a4', columns: 1 }, measure).anchors;
    const skillAnchors = linked.model.skills.map((s) => anchors.get(`skill:${s.id}`));
    expect(skillAnchors.every(Boolean)).toBe(true);
    // Each at its own place, in the order of the text (one column: down the pages).
    const places = skillAnchors.map((a) => a!.page * 10_000 + a!.y);
    expect([...places].sort((a, b) => a - b)).toEqual(places);
    expect(new Set(places).size).toBe(3);
  });

  it('have a card each on the website, each card pointing at its own place in the book', () => {
    const { linked, source } = book();
    const html = buildSite(linked, source).pages.map((p) => p.html).join('\n');
    const cards = [...html.matchAll(/<article class="card" id="([^"]+)"[^]*?<a href="([^"]+)">In the rulebook<\/a>/g)];
    expect(new Set(cards.map((c) => c[1])).size).toBe(3);
    expect(new Set(cards.map((c) => c[2])).size).toBe(3);
  });
});
