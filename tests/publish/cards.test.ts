/** Skill cards read back from the PDF: sizes, bleed, crop marks, backs for duplex, one file per category. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { buildPdf } from '../../main/publish/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { cardSize, MM } from '../../shared/publish/cards.js';
import type { ExportOptions } from '../../main/publish/index.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { load, type Loaded } from './helpers.js';
import { isInk, isWhite, pageSizes, pdfText, renderPage, words, type Word } from './pdf-read.js';

const BOOK = `---
title: Marsh Wardens
---
# Chapter 1. Skills

## Fire Magic

- **Flame Dart** (2 SP) The caster throws a dart of fire at one target.
- **Ember Wall** (4 SP) A wall of embers blocks a doorway for one minute.

## Herbalism

- **Poultice** (1 SP) Heals one wound with a minute of care.
- **Antidote** (3 SP) Cures one poison. Prerequisite: Poultice

## Stealth

- **Hide** (2 SP) The character cannot be seen while still.
- **Pick Lock** (3 SP) Opens one lock with a minute of work.
`;
const book = load('wardens.md', BOOK);
/** A book's cards (A4 unless the options say otherwise), or another kind the options name, uncompressed for reading back. */
const pdfOf = async (of: Loaded, options: Partial<ExportOptions>) => (await buildPdf(of.linked, { kind: 'cards', paper: 'a4', source: of.source, compress: false, ...options })).pdf;
const pdf = (options: Partial<ExportOptions>) => pdfOf(book, options);
const near = (a: number, b: number, tolerance = 0.6) => Math.abs(a - b) <= tolerance;

describe('card sizes and bleed', () => {
  it('makes each named size and a custom one, one card with its 3 mm bleed per page on card paper', async () => {
    for (const [size, w, h] of [['poker', 63, 88], ['bridge', 57, 89], ['tarot', 70, 120], ['mini', 44, 63], ['60x90', 60, 90]] as const) {
      const sizes = pageSizes(await pdf({ paper: 'card', cards: { size } }));
      expect(sizes.length, size).toBeGreaterThanOrEqual(6);
      for (const page of sizes) {
        expect(near(page.width, (w + 6) * MM), `${size} width ${page.width}`).toBe(true);
        expect(near(page.height, (h + 6) * MM), `${size} height ${page.height}`).toBe(true);
      }
    }
    expect(() => cardSize('huge')).toThrow(/card size must be poker, bridge, tarot, mini or width×height in mm \(60x90\), not `huge`/);
  });

  it('runs the tinted band on into the bleed, to the paper edge, and leaves the bleed below the card white', async () => {
    const file = await pdf({ paper: 'card' });
    const page = renderPage(file, 1, 144);
    // Inside the bleed (1 mm from the edge, 2 mm outside the cut), top left, top middle, top right: tinted, not white.
    for (const x of [1 * MM, (page.width / page.scale) / 2, page.width / page.scale - 1 * MM]) {
      const pixel = page.at(x, 1 * MM);
      expect(isWhite(pixel), `band at x=${x.toFixed(0)}: ${pixel}`).toBe(false);
      expect(isInk(pixel), `band is a light tint at x=${x.toFixed(0)}: ${pixel}`).toBe(false);
    }
    // The card's body ends white at its foot and so does the bleed under it.
    expect(isWhite(page.at(1 * MM, page.height / page.scale - 1 * MM))).toBe(true);
  });

  it('keeps every crop mark at least 5 mm inside the paper edge on A4 and Letter, with marks there to cut by', async () => {
    for (const paper of ['a4', 'letter'] as const) {
      for (const bleed of [3, 0]) {
        const file = await pdf({ paper, cards: { bleed } });
        const page = renderPage(file, 1, 150);
        const edge = Math.ceil(5 * MM * page.scale) - 1;
        let outside = 0;
        for (let y = 0; y < page.height; y++) {
          for (let x = 0; x < page.width; x++) {
            const inBorder = x < edge || y < edge || x >= page.width - edge || y >= page.height - edge;
            if (inBorder && !isWhite(page.rgb(x, y))) outside++;
          }
        }
        // Above the first row of cards (the first tinted pixel, a band or its bleed): only crop marks, in ink.
        // (A row is the cards' once a tenth of it is coloured: a mark's anti-aliased edge is a pixel or two.)
        const tinted = (y: number) => Array.from({ length: page.width }, (_, x) => page.rgb(x, y)).filter((p) => !isWhite(p)).length > page.width / 10;
        let firstTint = 0;
        while (!tinted(firstTint)) firstTint++;
        let marks = 0;
        for (let y = 0; y < firstTint; y++) for (let x = 0; x < page.width; x++) if (isInk(page.rgb(x, y))) marks++;
        expect(outside, `${paper}, bleed ${bleed}: pixels within 5 mm of the edge`).toBe(0);
        expect(marks, `${paper}, bleed ${bleed}: crop marks`).toBeGreaterThan(20);
      }
    }
  });

  it('fits more cards on a sheet without bleed, and says when a size fits no sheet', async () => {
    const perSheet = async (bleed: number) => pageSizes(await pdf({ cards: { bleed } })).length;
    expect(await perSheet(3)).toBe(2); // six cards, four a sheet
    expect(await perSheet(0)).toBe(1); // nine a sheet
    await expect(pdf({ paper: 'a5', cards: { size: '140x200' } })).rejects.toThrow(/140×200 mm cards with 3 mm bleed do not fit on a5 paper with crop marks/);
  });
});

describe('card backs for duplex printing', () => {
  /** The middle of the card a word sits on: which half of the sheet, across and down. */
  const side = (value: number, extent: number) => (value < extent / 2 ? 0 : 1);

  for (const edge of ['long', 'short'] as const) {
    it(`puts each back on the following even page, where its face lands when the sheet flips on its ${edge} edge`, async () => {
      const file = await pdf({ cards: { backs: edge } });
      const sizes = pageSizes(file);
      expect(sizes.length).toBe(4); // two sheets, each front then back
      const all = words(file);
      const { width, height } = sizes[0];
      // Fronts: the skill names; backs: the category under the book's title.
      const fronts = [['Flame', 'FIRE'], ['Ember', 'FIRE'], ['Poultice', 'HERBALISM'], ['Antidote', 'HERBALISM']] as const;
      for (const [name, category] of fronts) {
        const face = all.find((w) => w.page === 1 && w.text === name)!;
        expect(face, name).toBeDefined();
        const col = side(face.x, width);
        const row = side(face.y, height);
        const backs = all.filter((w) => w.page === 2 && w.text === category);
        const expected = edge === 'long' ? { col: 1 - col, row } : { col, row: 1 - row };
        expect(backs.some((w) => side(w.x + w.w / 2, width) === expected.col && side(w.y, height) === expected.row), `${name} (${col},${row}) → back at ${JSON.stringify(expected)}`).toBe(true);
      }
      expect(pdfText(file, 2)).toContain('Marsh Wardens');
      expect(pdfText(file, 2)).not.toContain('Flame');
      expect(pdfText(file, 4)).toContain('STEALTH');
      // The back is tinted, in the bleed too.
      const back = renderPage(file, 2, 72);
      const title = all.find((w) => w.page === 2 && w.text === 'Marsh')!;
      expect(isWhite(back.at(title.x - 20, title.y))).toBe(false);
    });
  }

  it('prints a back after each card on card paper', async () => {
    const file = await pdf({ paper: 'card', cards: { backs: 'long' } });
    expect(pageSizes(file).length).toBe(12);
    expect(pdfText(file, 1)).toContain('Flame Dart');
    expect(pdfText(file, 2)).toMatch(/Marsh Wardens[\s\S]*FIRE MAGIC/);
  });
});

describe('a skill too long for one card', () => {
  /** Miniatures' Golem: three fields and five paragraphs, more than a poker card holds at a readable size. */
  const golem = async (options: Partial<ExportOptions>) => {
    const { source } = await loadRulebook(path.resolve('tests/fixtures/samples/miniatures-skirmish.md'));
    return pdfOf({ source, linked: linkRulebook(parseRulebook(source)) }, { paper: 'card', ...options });
  };
  /** The words of each page that shows the skill's name, by page. */
  const cardsOf = (all: readonly Word[], name: string) => {
    const pages = [...new Set(all.filter((w) => w.text === name && w.y < 30).map((w) => w.page))];
    return pages.map((page) => all.filter((w) => w.page === page));
  };
  /** A card's text lines, top to bottom: the words on one baseline. */
  const linesOf = (card: readonly Word[]) => {
    const lines = new Map<number, Word[]>();
    for (const w of card) lines.set(Math.round(w.y + w.h), [...(lines.get(Math.round(w.y + w.h)) ?? []), w]);
    return [...lines].sort(([a], [b]) => a - b).map(([, words]) => words.sort((a, b) => a.x - b.x));
  };

  it('continues on a second card at 7 pt or more, each field on a line of its own, the cards numbered', async () => {
    const all = words(await golem({}));
    const cards = cardsOf(all, 'Golem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards;
    const left = Math.min(...first.map((w) => w.x));
    // Range, Duration and Effect each open a line, one under the other.
    const fields = ['Range:', 'Duration:', 'Effect:'].map((label) => first.find((w) => w.text === label)!);
    for (const field of fields) expect(field, 'a field on the first card').toBeDefined();
    for (const field of fields) expect(field.x - left, field.text).toBeLessThan(1);
    expect(fields[0].y).toBeLessThan(fields[1].y - 5);
    expect(fields[1].y).toBeLessThan(fields[2].y - 5);
    // The text's lines stand at least 7 pt × 1.28 apart (its leading) on both cards: nothing set below 7 pt.
    for (const card of cards) {
      const text = linesOf(card).filter((line) => line[0].x - left < 1 && line[0].h > 7 && line.length > 2);
      expect(text.length).toBeGreaterThan(4);
      const pitch = Math.min(...text.slice(1).map((line, i) => line[0].y - text[i][0].y));
      expect(pitch).toBeGreaterThanOrEqual(7 * 1.28 - 0.2);
    }
    // The same name and band on both, numbered, the second marked as continuing; nothing left out.
    expect(first.map((w) => w.text)).toContain('1/2');
    expect(second.map((w) => w.text)).toEqual(expect.arrayContaining(['Golem', '40', 'SPELL', 'DESCRIPTIONS', 'CONTINUED', '2/2']));
    expect(linesOf(second).map((line) => line.map((w) => w.text).join(' ')).join(' ')).toContain('not continue performing any previously issued commands');
  });

  it('gives each continuation card its back, and keeps a category’s cards in its own file', async () => {
    const backed = await golem({ cards: { backs: 'long' } });
    const all = words(backed);
    const faces = [...new Set(all.filter((w) => w.text === 'Golem' && w.y < 30).map((w) => w.page))];
    expect(faces).toHaveLength(2);
    // On card paper a card's back follows it: the book's title and the category, no skill.
    for (const face of faces) {
      const back = pdfText(backed, face + 1);
      expect(back).toMatch(/Miniatures[\s\S]*SPELL DESCRIPTIONS/);
      expect(back).not.toContain('Golem');
    }
    const category = words(await golem({ cards: { category: 'Spell descriptions' } }));
    expect(cardsOf(category, 'Golem')).toHaveLength(2);
  });

  it('never leaves a heading in a skill’s text alone at a card’s foot: it goes on with what it heads', async () => {
    // The 13th Age SRD's Further Backgrounding (tests/fixtures/wild/13th-age-srd): its text stands under three tier
    // headings, `#### Further Backgrounding Epic Tier` over what the feat gains at epic tier. At 8 pt that heading fell
    // at the foot of the first of its two cards; at other sizes the headings stand at other heights.
    const feats = readFileSync('tests/fixtures/wild/13th-age-srd/book/Compendium/13A/Character-Rules/Feats/General-Feats.md', 'utf8');
    const tiers = load('General-Feats.md', feats.replace(/^---\n[\s\S]*?\n---\n/, '---\nlayout:\n  skills:\n    headingLevels: [3]\n    headings: [General Feats]\n---\n'));
    for (const fontSize of [7, 7.5, 8, 8.5, 9]) {
      const all = words(await pdfOf(tiers, { paper: 'card', fontSize }));
      expect(cardsOf(all, 'Further').length, `${fontSize} pt: the feat on more than one card`).toBeGreaterThan(1);
      for (const tier of ['Adventurer', 'Champion', 'Epic']) {
        const heading = all.findIndex((w, i) => w.text === tier && all[i - 1]?.text === 'Backgrounding' && all[i + 1]?.text === 'Tier');
        expect(heading, `${fontSize} pt: ${tier} Tier printed`).toBeGreaterThan(-1);
        // The first word under the heading, "Add a total of…", on the heading's card.
        expect(all[heading + 2], `${fontSize} pt: the ${tier} Tier text after its heading`).toMatchObject({ text: 'Add', page: all[heading].page });
      }
    }
  });
});

describe('field lines in a paragraph', () => {
  it('sets each field of a bold name\'s paragraph on a line of its own, its label bold, and prints the list its effect introduces', async () => {
    // The Vitality System's upgrades (no licence: the words here are ours): one line each, no blank line between;
    // joined, the effect and the restriction would fit one line.
    const upgrades = load(
      'upgrades.md',
      '---\ncostUnits: [p]\n---\n## Upgrades\n\n**Far Shot**\nCost: 2p\nEffect: Far.\nRestriction: Bows\n\n**Wide Blast**\nCost: 1p\nEffect: Area attacks grow:\n  - Burst: +2 spaces\n  - Cone: +4 spaces\n',
    );
    const all = words(await pdfOf(upgrades, { paper: 'card' }));
    const on = (text: string) => all.find((w) => w.text === text)!;
    expect(on('Effect:').page).toBe(on('Restriction:').page);
    expect(Math.abs(on('Effect:').x - on('Restriction:').x)).toBeLessThan(1);
    expect(on('Restriction:').y).toBeGreaterThan(on('Effect:').y + 5);
    // The cost prints in the band, not again in the text; the sizes the effect lists print under it.
    expect(all.filter((w) => w.text === 'Cost:')).toEqual([]);
    expect(all.find((w) => w.text === 'Cone:')?.page).toBe(all.filter((w) => w.text === 'Effect:')[1].page);
  });
});

describe('a long cost on a card and in the quick reference', () => {
  // Crestfallen LARP's Elemental Bolt (tests/fixtures/wild/crestfallen-larp), with settings that read its Energy Cost as the price.
  const CRESTFALLEN = [
    '---',
    'layout:',
    '  skills:',
    '    headingLevels: [2, 4]',
    '  fields:',
    '    cost: [Energy Cost]',
    '---',
    '## Basic Spell List',
    '',
    '#### Elemental Bolt',
    '',
    ' **Energy Cost**: Variable (5 [damage]({{< ref "/rules/conditions/#damage" >}}) per 1 Energy)',
    '',
    'This spell causes the target to take 5 [damage]({{< ref "/rules/conditions/#damage" >}}) per Energy point used of the appropriate elemental damage.',
    '',
    '#### Entangle/Remove Entangle Foot',
    '',
    '**Energy Cost**: 1',
    '',
    'This spell causes the target to gain or remove the Entangle Foot Condition.',
    '',
  ].join('\n');

  it('takes a line of its own under the name, which keeps the card’s width; a short cost stays beside the name', async () => {
    const spells = load('spells.md', CRESTFALLEN);
    const all = words(await pdfOf(spells, { paper: 'card' }));
    const on = (page: number) => all.filter((w) => w.page === page);
    const bolt = on(all.find((w) => w.text === 'Elemental')!.page);
    const [elemental, boltWord, variable] = ['Elemental', 'Bolt', 'Variable'].map((text) => bolt.find((w) => w.text === text)!);
    // The name on one line (it was cut into "Ele", "men", "tal", "Bolt" beside the cost), the cost under it.
    expect(near(elemental.y, boltWord.y)).toBe(true);
    expect(variable.y).toBeGreaterThan(elemental.y + 5);
    expect(near(variable.x, elemental.x, 1)).toBe(true);
    const entangle = on(all.find((w) => w.text === 'Entangle/Remove')!.page);
    const [name, cost] = [entangle.find((w) => w.text === 'Entangle/Remove')!, entangle.find((w) => w.text === '1' && w.y < 40)!];
    expect(near(cost.y + cost.h, name.y + name.h, 2)).toBe(true);
    expect(cost.x).toBeGreaterThan(name.x + 60);
  });

  it('breaks between words in the quick reference’s cost column, never inside one', async () => {
    const spells = load('spells.md', CRESTFALLEN);
    const texts = words(await pdfOf(spells, { kind: 'reference' })).map((w) => w.text);
    // The column was 7% of the page whatever the costs: "Variabl" on one line, "e (5…" on the next.
    expect(texts).toContain('Variable');
    expect(texts.some((t) => /^Variabl$|^e$/.test(t))).toBe(false);
  });
});

describe('cost columns on a card and in the quick reference', () => {
  // The shape of Chronicles LARP's skillset tables (larpchronicles/rules, read by hand; no licence, so our own words):
  // one cost column per skillset, each a first price and the price of each further purchase.
  const COLUMNS = [
    '---',
    'layout:',
    '  costs:',
    '    columns: [Primary, Secondary, Tertiary]',
    '---',
    '## Rogue Skillset',
    '',
    '| Skill | Primary | Secondary | Tertiary |',
    '| --- | --- | --- | --- |',
    '| Pickpocket | 10+5 | 10+7 | 10+10 |',
    '| Lockwork | 3+1 | 3+3 | 5+5 |',
    '',
  ].join('\n');

  it('prints every column’s price on the card, between the columns where the line breaks, none cut off', async () => {
    const book = load('rogue.md', COLUMNS);
    const all = words(await pdfOf(book, { paper: 'card' }));
    const card = all.filter((w) => w.page === all.find((w) => w.text === 'Pickpocket')!.page);
    const texts = card.map((w) => w.text);
    // It was "Primary 10+5, Secondary 10+7, Tertia…" on one line.
    for (const word of ['Primary', '10+5,', 'Secondary', '10+7,', 'Tertiary', '10+10']) expect(texts).toContain(word);
    expect(texts.some((t) => t.includes('…'))).toBe(false);
    const [secondary, price] = ['Secondary', '10+7,'].map((text) => card.find((w) => w.text === text)!);
    expect(near(secondary.y, price.y)).toBe(true);
  });

  it('gives the quick reference a column per cost column, each price under its own header', async () => {
    const book = load('rogue.md', COLUMNS);
    const all = words(await pdfOf(book, { kind: 'reference' }));
    const header = (text: string) => all.find((w) => w.text === text)!;
    const row = (name: string) => all.filter((w) => near(w.y, header(name).y, 1));
    expect(all.some((w) => w.text === 'Cost')).toBe(false);
    const lockwork = row('Lockwork').map((w) => w.text);
    expect(lockwork.slice(0, 4)).toEqual(['Lockwork', '3+1', '3+3', '5+5']);
    for (const [column, price] of [['Primary', '10+5'], ['Secondary', '10+7'], ['Tertiary', '10+10']]) {
      expect(near(row('Pickpocket').find((w) => w.text === price)!.x, header(column).x, 1)).toBe(true);
    }
  });
});

describe('a book that prices none of its skills', () => {
  it('prints no cost on its cards, where a priced book marks a missing one with a dash', async () => {
    // The Daggerheart SRD's cards (tests/fixtures/wild/daggerheart-srd): no card has a price.
    const cards = load('cards.md', '# Domain Card Reference\n\n## Arcana\n\n### Rune Ward\n\n**_Level 1_** _Arcana Spell._ **_Recall Cost_** _0._\n\nYou have a deeply personal trinket.\n\n### Counterspell\n\n**_Level 3_** _Arcana Spell._ **_Recall Cost_** _2._\n\nYou can interrupt a magical effect.\n');
    const text = pdfText(await pdfOf(cards, {}));
    expect(text).toMatch(/Rune Ward[\s\S]*Counterspell/);
    expect(text).not.toContain('—');
    const priced = load('priced.md', BOOK.replace('- **Hide** (2 SP) ', '- **Hide**\n  Prerequisite: Poultice\n\n  '));
    expect(priced.linked.model.skills.find((s) => s.name === 'Hide')?.costText).toBeNull();
    // pdftotext reads the dash, set at the band's right, after the card's footer.
    expect(pdfText(await pdfOf(priced, {}))).toContain('—');
  });
});

describe('rulebook export --kind cards', () => {
  // Made in beforeAll, not while the suite is collected: a run that filters out every test here (-t) runs no hook, so
  // a folder made at collection would be left behind.
  let work = '';
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'rulebook-cards-'));
    writeFileSync(path.join(work, 'wardens.md'), BOOK);
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });
  const rulebook = (...args: string[]) => runInProcess(args, work);

  it('writes one PDF per category with --per-category, each with only its own skills', async () => {
    const { code, stderr } = await rulebook('export', 'wardens.md', '--out', 'deck.pdf', '--kind', 'cards', '--per-category', '--backs', 'short', '--card-size', 'mini');
    expect(code, stderr).toBe(0);
    expect(existsSync(path.join(work, 'deck.pdf'))).toBe(false);
    const { readFileSync } = await import('node:fs');
    const fire = readFileSync(path.join(work, 'deck-fire-magic.pdf'));
    const stealth = readFileSync(path.join(work, 'deck-stealth.pdf'));
    expect(pdfText(fire)).toMatch(/Flame Dart[\s\S]*Ember Wall/);
    expect(pdfText(fire)).not.toMatch(/Poultice|Hide/);
    expect(pdfText(stealth)).toMatch(/Pick Lock/);
    expect(existsSync(path.join(work, 'deck-herbalism.pdf'))).toBe(true);
    expect(stderr).toMatch(/wrote deck-fire-magic\.pdf \(Fire Magic: 2 pages\)/);
  });

  it('reads print.cards from the front matter, and the flags win over it', async () => {
    writeFileSync(path.join(work, 'tarot.md'), BOOK.replace('title: Marsh Wardens', 'title: Marsh Wardens\nprint:\n  cards:\n    size: tarot\n    bleed: 0'));
    expect((await rulebook('export', 'tarot.md', '--out', 'tarot.pdf', '--kind', 'cards', '--paper', 'card')).code).toBe(0);
    const { readFileSync } = await import('node:fs');
    const size = pageSizes(readFileSync(path.join(work, 'tarot.pdf')))[0];
    expect(near(size.width, 70 * MM) && near(size.height, 120 * MM), JSON.stringify(size)).toBe(true);
    expect((await rulebook('export', 'tarot.md', '--out', 'tarot.pdf', '--kind', 'cards', '--paper', 'card', '--bleed', '3')).code).toBe(0);
    const bled = pageSizes(readFileSync(path.join(work, 'tarot.pdf')))[0];
    expect(near(bled.width, 76 * MM), JSON.stringify(bled)).toBe(true);
  });

  it('refuses a bad size, bleed or edge in one line naming it', async () => {
    for (const [args, message] of [
      [['--card-size', 'huge'], /^rulebook: wardens\.md: card size must be poker, bridge, tarot, mini or width×height in mm \(60x90\), not `huge`$/m],
      [['--bleed', '12'], /--bleed must be a number of millimetres from 0 to 10, not `12`/],
      [['--backs', 'left'], /--backs must be one of none, long, short, not `left`/],
    ] as const) {
      const { code, stderr } = await rulebook('export', 'wardens.md', '--out', 'x.pdf', '--kind', 'cards', ...args);
      expect(code, stderr).toBe(2);
      expect(stderr).toMatch(message);
      expect(stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
