import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EmptyHandoutError, planExport } from '../../shared/publish/index.js';
import { CARD_HEIGHT, CARD_WIDTH, pageSetup } from '../../shared/publish/page-setup.js';
import { impose, MM } from '../../shared/publish/cards.js';
import { Paginator, type Box } from '../../shared/publish/paginate.js';
import type { DrawOp, Plan } from '../../shared/publish/types.js';
import { funjerai, generated, load, measure } from './helpers.js';

const texts = (plan: Plan, page: number) => plan.pages[page - 1].ops.filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text');
const pageText = (plan: Plan, page: number) => texts(plan, page).map((t) => t.text).join(' ');

describe('book plan (Funjerai)', () => {
  const { linked, source } = funjerai();
  const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);

  it('lists every chapter in the TOC with the page its heading is on', () => {
    const chapters = linked.model.sections.filter((s) => s.depth === 1);
    const tocChapters = plan.toc.filter((e) => e.level === 1);
    // Every chapter, then the index of skills that follows the body.
    expect(tocChapters.map((e) => e.title)).toEqual([...chapters.map((c) => `${c.number!.key}  ${c.title}`), 'Index of skills']);
    for (const entry of plan.toc) {
      expect(plan.anchors.get(entry.anchor)?.page).toBe(entry.page);
      // The printed TOC shows that number on the TOC line.
      expect(pageText(plan, 2)).toContain(String(entry.page));
    }
    const pages = plan.toc.map((e) => e.page);
    expect([...pages].sort((a, b) => a - b)).toEqual(pages);
    expect(pageText(plan, plan.toc.find((e) => e.title.endsWith('Magic'))!.page)).toContain('Magic');
  });

  it('links only to anchors that exist, and every anchor is placed once', () => {
    expect(plan.links.length).toBeGreaterThan(100);
    for (const link of plan.links) expect(plan.anchors.has(link.target), link.target).toBe(true);
    const placed = plan.pages.flatMap((p) => p.ops.filter((op) => op.kind === 'anchor'));
    expect(placed.length).toBe(plan.anchors.size);
  });

  it('makes every prerequisite a link to the required skill', () => {
    const ambidexterity = linked.model.skills.find((s) => s.name === 'Ambidexterity')!;
    const oneHanded = linked.model.skills.find((s) => s.name === 'One Handed Weapons')!;
    const page = plan.anchors.get(`skill:${ambidexterity.id}`)!.page;
    expect(plan.links.some((l) => l.page === page && l.target === `skill:${oneHanded.id}`)).toBe(true);
  });

  it('links "see chapter 3.3" to section 3.3 and prints the unresolved "chapter 12.7" marked, with a warning', () => {
    const healing = linked.model.sections.find((s) => s.number?.key === '3.3')!;
    expect(plan.links.some((l) => l.target === `sec:${healing.id}`)).toBe(true);
    expect(plan.warnings.some((w) => /funjerai\.md:\d+: reference “see chapter 12\.7” does not resolve/.test(w))).toBe(true);
    const marked = plan.pages.flatMap((p) => p.ops).filter((op) => op.kind === 'text' && op.underline);
    expect(marked.map((op) => (op as { text: string }).text)).toContain('12.7');
  });

  it('indexes every skill with the page of its definition', () => {
    expect(plan.index.length).toBe(linked.model.skills.length);
    for (const entry of plan.index) expect(plan.anchors.get(entry.anchor)?.page).toBe(entry.page);
    const names = plan.index.map((e) => e.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(pageText(plan, plan.pages.length)).toMatch(/Index of skills|[A-Z]/);
  });

  it('keeps text inside the margins', () => {
    const { margins } = pageSetup({ kind: 'book', paper: 'a4' });
    for (const page of plan.pages) {
      for (const op of page.ops) {
        if (op.kind !== 'text') continue;
        expect(op.x).toBeGreaterThanOrEqual(margins.left);
        expect(op.x + op.width).toBeLessThanOrEqual(plan.width - margins.right + 0.5);
      }
    }
  });

  it('never leaves a heading alone at the bottom of a page', () => {
    for (const page of plan.pages.slice(2)) {
      const last = page.ops.filter((op) => op.kind === 'anchor' && op.name.startsWith('sec:')).at(-1);
      if (!last || last.kind !== 'anchor') continue;
      const below = page.ops.filter((op) => op.kind === 'text' && op.y > last.y + 40);
      expect(below.length, `page ${page.number}`).toBeGreaterThan(0);
    }
  });

  it('prints an extract of the chosen chapters only', () => {
    const extract = planExport(linked, source, { kind: 'extract', paper: 'a5', chapters: ['Magic'] }, measure);
    expect(extract.toc.filter((e) => e.level === 1).map((e) => e.title)).toEqual(['3  Magic', 'Index of skills']);
    expect(extract.index.length).toBe(linked.model.skills.filter((s) => s.categoryPath[0] === 'Magic').length);
    expect(() => planExport(linked, source, { kind: 'extract', paper: 'a4', chapters: ['Necromancy'] }, measure)).toThrow(/no chapter `Necromancy`/);
  });
});

describe('numbered rules and tables (generated rulebook)', () => {
  const { linked, source } = generated(30_000);
  const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);

  it('hangs every rule number in one column so the texts align', () => {
    const rules = linked.model.rules.filter((r) => r.scope === 'global');
    expect(rules.length).toBeGreaterThan(50);
    const numberKeys = new Set(rules.map((r) => r.number.key));
    const numbers = plan.pages.flatMap((p) => p.ops).filter((op) => op.kind === 'text' && op.font === 'sans-bold' && numberKeys.has(op.text));
    // One x in each of the two columns, a column's width and its gap apart.
    const xs = [...new Set(numbers.map((op) => (op as { x: number }).x))].sort((a, b) => a - b);
    const setup = pageSetup({ kind: 'book', paper: 'a4' });
    expect(xs).toHaveLength(2);
    expect(xs[1] - xs[0]).toBeCloseTo(setup.columnWidth + setup.columnGap, 6);
    for (const rule of rules) expect(plan.anchors.has(`rule:${rule.id}`)).toBe(true);
  });

  it('repeats a table header on each page the table crosses', () => {
    const rows = Array.from({ length: 90 }, (_, i) => `| Body ${i + 1} | ${i + 1} | ${i ? `Body ${i}` : '--'} | ${i + 1} body points in total, for hardy characters |`);
    const { linked: l, source: s } = load('table.md', ['# Chapter 1. Body', '', '| Skill | Cost | Prerequisite | Notes |', '| --- | --- | --- | --- |', ...rows, ''].join('\n'));
    const tablePlan = planExport(l, s, { kind: 'book', paper: 'a5' }, measure);
    const headerPages = tablePlan.pages.filter((p) => p.ops.some((op) => op.kind === 'text' && op.text === 'Prerequisite'));
    expect(headerPages.length).toBeGreaterThanOrEqual(2);
    const body2 = l.model.skills.find((k) => k.name === 'Body 2')!;
    expect(tablePlan.links.some((link) => link.target === `skill:${l.model.skills.find((k) => k.name === 'Body 1')!.id}`)).toBe(true);
    expect(tablePlan.anchors.has(`skill:${body2.id}`)).toBe(true);
  });
});

describe('skill tables (Kingdoms of Novitas)', () => {
  // Real rows from Kingdoms of Novitas, chapter 3: five columns on A5 leave "Cost" exactly its own width.
  const table = [
    '| Skill | Cost | Level | Prerequisite | Notes |',
    '| --- | --- | --- | --- | --- |',
    '| Rituals of Compulsion | 1 | n/a | 1 Magic Power Point | Participate in Compulsion rituals |',
    '| Weaken | 1 | 1 | 1 Magic Power Point | Magic dart makes target hit for half damage |',
    '| Stun | 4 | 4 | Level 3 Compulsion | One magic dart makes the target unable to act, move or speak |',
    '| Mind Blank | 5 | 5 | Level 4 Compulsion | Target Touched is immune to Compulsion magic |',
  ];
  it('never breaks a header or a cell inside a word that fits its column', () => {
    for (const paper of ['a5', 'a4'] as const) {
      const { linked, source } = load('kingdoms.md', ['# 3 - Character Creation', '', '**Compulsion**', '', ...table, ''].join('\n'));
      const plan = planExport(linked, source, { kind: 'book', paper }, measure);
      const tablePages = plan.pages.filter((p) => p.ops.some((op) => op.kind === 'text' && op.text.includes('Prerequisite')));
      expect(tablePages.length, paper).toBe(1);
      const words = tablePages[0].ops.flatMap((op) => (op.kind === 'text' && op.font.startsWith('sans') ? op.text.split(' ') : []));
      for (const word of ['Skill', 'Cost', 'Level', 'Prerequisite', 'Notes', 'Compulsion', 'Rituals']) expect(words, `${paper}: ${word}`).toContain(word);
      expect(words.filter((w) => w.length <= 2 && /^[A-Za-z]+$/.test(w) && !['a', 'of', 'to', 'or', 'is', 'in'].includes(w)), paper).toEqual([]);
    }
  });
});

describe('sidebars and wide tables (Ars Magica combat)', () => {
  const { linked, source } = load('ars-magica-sidebars.md', readFileSync(path.join(import.meta.dirname, 'fixtures/ars-magica-sidebars.md'), 'utf8'));
  const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);
  const ops = plan.pages.flatMap((p) => p.ops).filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text');

  it('reads a quoted sidebar as its blocks: paragraphs, bullet lists and a table, no Markdown left over', () => {
    const all = ops.map((op) => op.text).join(' ');
    expect(all).not.toMatch(/\| ?---|(^| )> |(^| )- (Ice|Rubble)/);
    // Each bullet is its own line with its own marker.
    expect(ops.filter((op) => op.text === '•').length).toBeGreaterThanOrEqual(13);
    expect(ops.some((op) => op.text === 'Dense undergrowth')).toBe(true);
    // One unbroken bar beside the sidebar's text before its table, in each column it runs down.
    const page = plan.pages.find((p) => p.ops.some((op) => op.kind === 'text' && op.text === 'Dense undergrowth'))!;
    const tableTop = page.ops.find((op) => op.kind === 'text' && op.text === 'Action' && op.font === 'sans-bold') as { y: number; x: number };
    const sameColumn = (x: number) => Math.abs(x - tableTop.x) < 100;
    const bars = page.ops.filter((op): op is Extract<DrawOp, { kind: 'rect' }> => op.kind === 'rect' && op.w === 1.5 && (op.y < tableTop.y || !sameColumn(op.x)));
    expect(bars.length).toBeGreaterThan(0);
    expect(new Set(bars.map((bar) => bar.x)).size).toBe(bars.length);
    // The sidebar's table is a table: its header cells are drawn bold.
    // (In a column a header may wrap: "Action Type" over two lines.)
    const bold = new Set(ops.filter((op) => op.font === 'sans-bold').flatMap((op) => op.text.split(' ')));
    for (const header of ['Action', 'Action Type', 'Stress Roll', 'Ease Factor']) for (const word of header.split(' ')) expect(bold.has(word), header).toBe(true);
  });

  it('sets a fourteen-column table smaller rather than cut its words in two', () => {
    const words = ops.filter((op) => op.font.startsWith('sans')).flatMap((op) => op.text.split(' '));
    for (const word of ['Crossbow', 'Ancient', 'Throwing', 'sharpened', 'Composite', 'Levels']) expect(words, word).toContain(word);
    // Every word drawn is a word of the source (or the running header): none is a piece of one ("Crossbo", "w").
    const written = new Set(source.files[0].text.split(/[\s|*,.()]+/));
    const pieces = words.map((w) => w.replace(/[,.()*]+$/g, '')).filter((w) => /^[A-Za-z]{1,}$/.test(w) && !written.has(w) && !['Rulebook', 'Contents', 'Index', 'of', 'skills'].includes(w));
    expect(pieces).toEqual([]);
    const cells = ops.filter((op) => op.text === 'Arbalest');
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) expect(cell.size).toBeGreaterThanOrEqual(6);
  });
});

describe('hand-wrapped prose', () => {
  it('closes emphasis that wraps onto the next line, and links a reference split across lines', () => {
    // Ars Magica's opening of "Obstacles", wrapped by hand as an editor with hard wrap would save it.
    const text = [
      '# Chapter 1. Combat',
      '',
      '## 1.1 Terrain',
      '',
      '*Do not worry about terrain unless doing so adds to the excitement of battle,',
      'rather than distracting from it.* Difficult terrain slows movement (see',
      'section 1.1) and a **botch',
      'die** is added.\\',
      'Hazards do not slow movement.',
      '',
    ].join('\n');
    const { linked, source } = load('wrapped.md', text);
    const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);
    const ops = plan.pages.flatMap((p) => p.ops).filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text');
    expect(ops.map((op) => op.text).join(' ')).not.toMatch(/[*\\]/);
    expect(ops.some((op) => op.font === 'serif-italic' && op.text.includes('rather than distracting from it.'))).toBe(true);
    expect(ops.some((op) => op.font === 'serif-bold' && /botch die/.test(op.text))).toBe(true);
    const section = linked.model.sections.find((s) => s.number?.key === '1.1')!;
    expect(linked.resolvedReferences.length).toBe(1);
    expect(plan.links.some((l) => l.target === `sec:${section.id}` && l.page > 2)).toBe(true);
  });
});

describe('emphasis with underscores', () => {
  it('prints _italic_ and __bold__ in their faces, and leaves snake_case and a lone underscore as written', () => {
    const text = ['# Chapter 1. Rules', '', '1.1 A _called shot_ needs __two hands__; the call_sign_of a unit and a lone _ stay.', ''].join('\n');
    const { linked, source } = load('underscores.md', text);
    const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);
    const ops = plan.pages.flatMap((p) => p.ops).filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text');
    expect(ops.some((op) => op.font === 'serif-italic' && op.text.includes('called shot'))).toBe(true);
    expect(ops.some((op) => op.font === 'serif-bold' && op.text.includes('two hands'))).toBe(true);
    const all = ops.map((op) => op.text).join(' ');
    expect(all).toContain('call_sign_of');
    expect(all).toContain('lone _ stay');
    expect(all).not.toMatch(/_called|shot_|__two|hands__/);
  });
});

describe('struck-through text', () => {
  it('prints ~~withdrawn~~ text without its tildes and with a line through it', () => {
    const text = ['# Chapter 1. Rules', '', '1.1 Bows are allowed. ~~Crossbows are allowed too.~~ Thrown weapons are soft.', ''].join('\n');
    const { linked, source } = load('struck.md', text);
    const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);
    const ops = plan.pages.flatMap((p) => p.ops);
    const texts = ops.filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text');
    expect(texts.map((op) => op.text).join(' ')).not.toContain('~');
    const struck = texts.find((op) => op.text.includes('Crossbows are allowed too.'))!;
    expect(struck).toBeDefined();
    expect(struck.text).not.toContain('Bows are allowed');
    // One line through the struck words, from their start to their end, a little above the baseline.
    const through = ops.filter((op): op is Extract<DrawOp, { kind: 'line' }> => op.kind === 'line' && op.y1 === op.y2 && Math.abs(op.x1 - struck.x) < 0.01);
    expect(through).toHaveLength(1);
    expect(through[0].x2 - through[0].x1).toBeCloseTo(struck.width, 3);
    expect(through[0].y1).toBeLessThan(struck.y);
    expect(through[0].y1).toBeGreaterThan(struck.y - struck.size);
  });
});

describe('local numbered lists (Amtgard magic)', () => {
  const { linked, source } = load('amtgard-rules.md', readFileSync(path.join(import.meta.dirname, 'fixtures/amtgard-rules.md'), 'utf8'));
  const plan = planExport(linked, source, { kind: 'book', paper: 'a4' }, measure);
  const ops = plan.pages.flatMap((p) => p.ops).filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text');

  it('does not repeat the book title as the chapter in the running header', () => {
    expect(plan.pages.length).toBeGreaterThanOrEqual(4);
    for (const page of plan.pages.slice(3)) {
      const header = page.ops.filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text' && op.y < 62);
      expect(header.map((op) => op.text), `page ${page.number}`).toEqual(['Amtgard Magic 7.5']);
    }
  });

  it('hangs "1." and "a." close to their text, sized by the printed number and not the internal key', () => {
    const top = linked.model.rules.filter((r) => r.scope === 'local' && r.number.segments.length === 1);
    const lettered = linked.model.rules.filter((r) => r.scope === 'local' && r.number.segments.length === 2);
    expect(top.length).toBeGreaterThanOrEqual(5);
    expect(lettered.length).toBeGreaterThanOrEqual(10);
    for (const rule of [...top, ...lettered]) {
      const anchorY = plan.pages.flatMap((p) => p.ops).find((op) => op.kind === 'anchor' && op.name === `rule:${rule.id}`);
      expect(anchorY, rule.number.text).toBeDefined();
    }
    for (const label of ['1.', '9.', '11.', 'a.', 'l.']) {
      const number = ops.find((op) => op.text === label && op.font === 'sans-bold')!;
      expect(number, label).toBeDefined();
      // The first word of the rule's text: on the same baseline, just right of the number.
      const next = ops.filter((op) => op !== number && Math.abs(op.y - number.y) < 0.01 && op.x > number.x).sort((a, b) => a.x - b.x)[0];
      expect(next, label).toBeDefined();
      expect(next.x - (number.x + number.width), label).toBeLessThan(3 * 10);
    }
  });
});

describe('handouts', () => {
  const { linked, source } = funjerai();

  it('puts one skill per card, as many per page as fit with their bleed and crop marks, nothing outside its card', () => {
    const plan = planExport(linked, source, { kind: 'cards', paper: 'a4' }, measure);
    const { slots } = impose(plan.width, plan.height, CARD_WIDTH, CARD_HEIGHT, 3 * MM);
    expect(plan.pages.length).toBeGreaterThanOrEqual(Math.ceil(linked.model.skills.length / slots.length));
    for (const page of plan.pages) {
      for (const op of page.ops) {
        if (op.kind !== 'text') continue;
        const slot = slots.find((s) => op.x >= s.x && op.x < s.x + CARD_WIDTH && op.y >= s.y && op.y < s.y + CARD_HEIGHT);
        expect(slot, op.text).toBeDefined();
        expect(op.x + op.width, op.text).toBeLessThanOrEqual(slot!.x + CARD_WIDTH - 8);
        expect(op.y, op.text).toBeLessThanOrEqual(slot!.y + CARD_HEIGHT - 4);
      }
    }
  });

  it('prints a card\'s text in the order the book has it, "Note:" lines in place, every word present', () => {
    const plan = planExport(linked, source, { kind: 'cards', paper: 'card' }, measure);
    const traps = linked.model.skills.find((s) => s.name === 'Build and Disarm Traps')!;
    // Its cards (it continues on a second), each in reading order: top to bottom, then left to right.
    const pages = plan.pages.filter((p) => p.ops.some((op) => op.kind === 'text' && op.text === 'Build and Disarm Traps'));
    const card = pages.map((page) => page.ops.filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text').sort((a, b) => a.y - b.y || a.x - b.x).map((op) => op.text).join(' ')).join(' ').replace(/\s+/g, ' ');
    const at = (phrase: string) => card.indexOf(phrase);
    for (const phrase of ['IT traps.', 'Note: Traps should take time', 'A trap should be represented', 'A simple trap may be built', 'trip hazard']) expect(at(phrase), phrase).toBeGreaterThan(-1);
    expect(at('Note: Traps should take time')).toBeLessThan(at('A trap should be represented'));
    expect(at('IT traps.')).toBeLessThan(at('Note: Traps should take time'));
    expect(traps.text.length).toBeGreaterThan(100);
    // Raise Undead's two "Note:" bullets each open a line, at a readable size, on a second card rather than run
    // into the paragraph above them at 6 pt.
    expect(plan.warnings.filter((w) => w.includes('Raise Undead'))).toEqual([expect.stringMatching(/the text of “Raise Undead” does not fit one card; it continues on 1 more/)]);
    const undead = plan.pages.filter((p) => p.ops.some((op) => op.kind === 'text' && op.text === 'Raise Undead'));
    expect(undead).toHaveLength(2);
    const notes = undead.flatMap((p) => p.ops).filter((op): op is Extract<DrawOp, { kind: 'text' }> => op.kind === 'text' && op.text.startsWith('• Note:'));
    expect(notes).toHaveLength(2);
    for (const op of undead.flatMap((p) => p.ops)) if (op.kind === 'text' && op.font.startsWith('serif')) expect(op.size).toBeGreaterThanOrEqual(7);
  });

  it('shrinks or continues long text on card-size pages, never overflowing', () => {
    const long = `- **Endless Ritual** (5 SP) ${'The caster chants the long formula of the old circle. '.repeat(40)}\n`;
    const { linked: l, source: s } = load('long.md', `# Chapter 1. Magic\n\n${long}`);
    const plan = planExport(l, s, { kind: 'cards', paper: 'card' }, measure);
    expect(plan.pages.length).toBeGreaterThan(1);
    expect(plan.warnings.join('\n')).toMatch(/“Endless Ritual” does not fit one card/);
    for (const page of plan.pages) for (const op of page.ops) if (op.kind === 'text') {
      // The card is cut 3 mm (its bleed) inside the page.
      expect(op.x + op.width).toBeLessThanOrEqual(plan.width - 3 * MM);
      expect(op.y).toBeLessThanOrEqual(plan.height - 3 * MM);
      // The text no smaller than 7 pt; the book's title in the footer is 6 pt.
      expect(op.size).toBeGreaterThanOrEqual(op.font.startsWith('serif') ? 7 : 6);
    }
  });

  it('says so when a skill is too long even for twenty cards, rather than drop the rest silently', () => {
    const lines = Array.from({ length: 300 }, () => '  The caster chants the long formula of the old circle, naming every spirit of the marsh in turn.');
    const { linked: l, source: s } = load('long.md', ['# Chapter 1. Magic', '', '- **Endless Ritual** (5 SP) Begins.', ...lines, ''].join('\n'));
    const plan = planExport(l, s, { kind: 'cards', paper: 'card' }, measure);
    expect(plan.pages.length).toBe(20);
    expect(plan.warnings.join('\n')).toMatch(/long\.md:3: the text of “Endless Ritual” is too long for cards; only its first 20 cards are printed/);
  });

  it('prints every prerequisite of the quick reference and the character sheet in full, wrapping instead of cutting it off', () => {
    for (const kind of ['reference', 'sheet'] as const) {
      // The sheet at a larger size, so its requirement column is too narrow for the longest list.
      const plan = planExport(linked, source, { kind, paper: 'a5', fontSize: kind === 'sheet' ? 11 : undefined }, measure);
      const words = new Set(plan.pages.flatMap((p) => p.ops).flatMap((op) => (op.kind === 'text' ? op.text.split(/\s+/).map((w) => w.replace(/,$/, '')) : [])));
      const required = linked.model.skills.flatMap((s) => s.prerequisites.flatMap((l) => l.requirements.flatMap((r) => r.alternatives.map((t) => t.text))));
      expect(required.length).toBeGreaterThan(20);
      for (const term of required) for (const word of term.split(/\s+/)) expect(words, `${kind}: ${term}`).toContain(word.replace(/,$/, ''));
      // Nothing crosses into the next column or off the page.
      for (const page of plan.pages) for (const op of page.ops) if (op.kind === 'text') expect(op.x + op.width, kind).toBeLessThanOrEqual(plan.width - 40 + 0.5);
    }
  });

  it('makes no handout of skills, rather than hand over blank pages, when the rulebook defines no skills', () => {
    const { linked: l, source: s } = load('amtgard-rules.md', readFileSync(path.join(import.meta.dirname, 'fixtures/amtgard-rules.md'), 'utf8'));
    expect(l.model.skills).toEqual([]);
    for (const kind of ['cards', 'reference', 'sheet'] as const) {
      expect(() => planExport(l, s, { kind, paper: 'a4' }, measure), kind).toThrow(EmptyHandoutError);
    }
    expect(planExport(l, s, { kind: 'book', paper: 'a4' }, measure).pages.length).toBeGreaterThan(2);
    expect(planExport(linked, source, { kind: 'cards', paper: 'a4' }, measure).pages.length).toBeGreaterThan(0);
  });

  it('leaves out the quick reference\'s Cost and Requires columns when no skill has a price or a requirement', () => {
    const headers = (text: string) => {
      const { linked: l, source: s } = load('harbour.md', text);
      const words = texts(planExport(l, s, { kind: 'reference', paper: 'a4' }, measure), 1).map((t) => t.text);
      return ['Skill', 'Cost', 'Requires', 'Summary'].filter((h) => words.includes(h));
    };
    // Razorweave's skills: chosen, not bought, and needing nothing.
    const unpriced = '---\nlayout:\n  skills:\n    headingLevels: [3]\n---\n# Skills\n\n### Hauling (MIG)\n\nMoving heavy loads.\n\n### Wrestling (MIG)\n\nHolding on.\n';
    expect(headers(unpriced)).toEqual(['Skill', 'Summary']);
    expect(headers(unpriced.replace('Holding on.', 'Cost: 2 SP\n\nHolding on.'))).toEqual(['Skill', 'Cost', 'Summary']);
    expect(headers(unpriced.replace('Holding on.', 'Cost: 2 SP\nPrerequisites: Hauling\n\nHolding on.'))).toEqual(['Skill', 'Cost', 'Requires', 'Summary']);
  });

  it('filters the quick reference and character sheet by category', () => {
    const plan = planExport(linked, source, { kind: 'reference', paper: 'letter', categories: ['Offensive Magic'] }, measure);
    const all = plan.pages.flatMap((p) => p.ops).filter((op) => op.kind === 'text').map((op) => (op as { text: string }).text);
    expect(all).toContain('Lesser Energy Ball');
    expect(all).not.toContain('Shield Use');
    const sheet = planExport(linked, source, { kind: 'sheet', paper: 'a4' }, measure);
    const sheetText = sheet.pages.flatMap((p) => p.ops).filter((op) => op.kind === 'text').map((op) => (op as { text: string }).text);
    for (const skill of linked.model.skills) expect(sheetText.some((t) => t === skill.name || (t.endsWith('…') && skill.name.startsWith(t.slice(0, -1))))).toBe(true);
    expect(sheetText.some((t) => t.startsWith('Points spent'))).toBe(true);
    expect(() => planExport(linked, source, { kind: 'sheet', paper: 'a4', categories: ['Cooking'] }, measure)).toThrow(/no skill category `Cooking`/);
  });
});

describe('page flow', () => {
  const setup = pageSetup({ kind: 'book', paper: 'a4', columns: 1 });
  const line = (label: string): Box => ({ height: 14, ops: [{ kind: 'anchor', name: label, y: 0 }], anchors: [label] });
  const pageOf = (pages: Paginator, name: string) => pages.pages.findIndex((p) => p.ops.some((op) => op.kind === 'anchor' && op.name === name));

  it('never leaves the last line of a paragraph alone at the top of a page', () => {
    const pages = new Paginator(setup);
    const room = setup.contentBottom - setup.contentTop;
    // A filler leaves room for exactly four of the paragraph's five lines.
    pages.place([{ height: room - 4 * 14 - 1, ops: [] }]);
    pages.place(['l1', 'l2', 'l3', 'l4', 'l5'].map(line), { keep: 2 });
    expect(['l1', 'l2', 'l3', 'l4', 'l5'].map((n) => pageOf(pages, n))).toEqual([0, 0, 0, 1, 1]);
  });

  it('moves a short group whole rather than break inside what it keeps together', () => {
    const pages = new Paginator(setup);
    const room = setup.contentBottom - setup.contentTop;
    pages.place([{ height: room - 1 * 14 - 1, ops: [] }]);
    pages.place(['a', 'b', 'c'].map(line), { keep: 2 });
    expect(['a', 'b', 'c'].map((n) => pageOf(pages, n))).toEqual([1, 1, 1]);
  });
});
