/** The check-in table handouts: skill cards, the quick-reference sheet and the character sheet, planned from the same model as the book. */
import type { LinkedRulebook } from '../link/types.js';
import { rulesDescribing, sectionDescribing, type DescribedRegion } from '../link/descriptions.js';
import type { Rule, RulebookSource, Skill } from '../model/types.js';
import { assemblePlan } from './assemble.js';
import { truncate } from './book.js';
import { ruleBlocks, skillBody } from './content.js';
import { costLabel, type Run } from './inline.js';
import { fieldLinesApart } from './field-lines.js';
import { FileProse, type ProseBlock } from './prose-blocks.js';
import { blockShortcodeMasks } from './shortcodes.js';
import { breakLines, drawLine, fontOf, type Metrics, type TextLine, type TextStyle } from './lines.js';
import { COLORS, pageSetup, type PageSetup } from './page-setup.js';
import { fill, wordsOfBook, type BookVocabulary } from '../model/book-words.js';
import { backSlot, bleedOf, CARD_BACKS, cardSize, categoryColors, impose, MM, type CardOptions } from './cards.js';
import { Paginator, translate, type Box } from './paginate.js';
import { skillSummary } from './summaries.js';
import type { DrawOp, ExportOptions, Plan } from './types.js';
import { bookTitle } from '../model/book-title.js';
import { partitionPoint } from '../model/partition-point.js';
import { requirementText } from '../model/prerequisite-tiers.js';
import { alternativesWord } from '../model/book-language.js';
import { isHeadField } from '../model/head-fields.js';

/** Skills of the chosen categories (matching the innermost heading or any enclosing one, ignoring case). */
export function selectSkills(linked: LinkedRulebook, categories: readonly string[] | undefined): Skill[] {
  const skills = linked.model.skills;
  if (!categories || categories.length === 0) return [...skills];
  const wanted = categories.map((c) => c.trim().toLowerCase());
  const known = new Set(skills.flatMap((s) => s.categoryPath.map((c) => c.toLowerCase())));
  for (const [i, name] of wanted.entries()) {
    if (!known.has(name)) {
      const list = [...new Set(skills.map((s) => s.category).filter((c): c is string => !!c))].join(', ');
      throw new Error(`no skill category \`${categories[i].trim()}\` in this rulebook (categories: ${list})`);
    }
  }
  return skills.filter((s) => s.categoryPath.some((c) => wanted.includes(c.toLowerCase())));
}

/** A handout of a rulebook without skills is blank: say so, rather than hand the marshal an empty page. */
/** The handouts made of skills, named as a marshal calls them. */
const SKILL_HANDOUTS: Readonly<Record<string, string>> = { cards: 'skill cards', reference: 'quick reference', sheet: 'character sheet' };

/** A handout of skills asked of a book that defines none: it would print empty, so it is not made at all. */
export class EmptyHandoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmptyHandoutError';
  }
}

/** Throws EmptyHandoutError, naming the kind, when `kind` is a handout of skills and the book defines none. */
export function checkHandoutHasSkills(linked: LinkedRulebook, kind: string): void {
  const handout = SKILL_HANDOUTS[kind];
  if (!handout || linked.model.skills.length > 0) return;
  throw new EmptyHandoutError(
    `no ${handout} made: this rulebook defines no skills (docs/format.md says how skills are written; \`rulebook init\` reads a book that writes them its own way)`,
  );
}

export function text(ops: DrawOp[], metrics: Metrics, value: string, x: number, y: number, font: Parameters<Metrics['width']>[1], size: number, color: string, align: 'left' | 'right' | 'center' = 'left'): number {
  const width = metrics.width(value, font, size);
  ops.push({ kind: 'text', x: align === 'right' ? x - width : align === 'center' ? x - width / 2 : x, y, text: value, font, size, color, width });
  return width;
}

// ---------------------------------------------------------------- cards

const CARD_PAD = 9;

interface CardFace {
  readonly ops: DrawOp[];
}

/** A card's cut size and bleed in points, and its category's colours. */
interface CardGeometry {
  readonly width: number;
  readonly height: number;
  readonly bleed: number;
  readonly tint: string;
  readonly ink: string;
}

/**
 * The smallest size a card's text is set in. A card is read at arm's length across a table, often in poor light:
 * below 7 pt it is not read at all, so a longer text continues on a second card rather than shrink further.
 */
const MIN_CARD_TEXT_SIZE = 7;
/** The widest a cost may be, as a share of the card's text width, and still stand beside the skill's name. */
const MAX_COST_BESIDE_NAME = 0.4;
/** Lines a cost of its own may take under the name ("Primary 10+5, Secondary 10+7, Tertiary 10+10" takes two). */
const MAX_COST_LINES = 3;

/**
 * One skill on one or more cards: the text shrinks to fit, down to MIN_CARD_TEXT_SIZE, then the gaps between its
 * paragraphs close, and only then does it continue on the next card, set at the largest size that needs no more
 * cards than the smallest does. Each paragraph and each field ("Range: …", "Duration: …") keeps a line of its own
 * on every card. A card of several is numbered ("1/2") and each after the first says it continues, under the same
 * name and band.
 */
function skillCards(skill: Skill, cost: string, requires: string, paragraphs: readonly CardParagraph[], title: string, metrics: Metrics, baseSize: number, warnings: string[], card: CardGeometry, words: BookVocabulary): CardFace[] {
  const w = card.width;
  const h = card.height;
  const bleed = card.bleed;
  const inner = w - CARD_PAD * 2;
  const costWidth = cost ? metrics.width(cost, 'sans-bold', 9.5) : 0;
  // A short cost stands at the right of the name; a long one ("Variable (5 damage per 1 Energy)") would leave the
  // name a sliver beside it, a syllable a line: it takes a line of its own under the name instead.
  const costBeside = costWidth <= inner * MAX_COST_BESIDE_NAME;
  const nameWidth = cost && costBeside ? inner - costWidth - 6 : inner;
  const costStyle: TextStyle = { family: 'sans', bold: true, size: 9.5, color: COLORS.accent };
  const costLines = costBeside ? [] : phraseLines(cost, inner, MAX_COST_LINES, costStyle, metrics);
  const costLineHeight = costLines.length * 9.5 * 1.3;
  const nameStyle: TextStyle = { family: 'sans', bold: true, size: 11, color: COLORS.text };
  let nameLines = breakLines([{ text: skill.name }], nameWidth, nameStyle, metrics);
  let nameSize = 11;
  while (nameLines.length > 2 && nameSize > 8) {
    nameSize -= 0.5;
    nameLines = breakLines([{ text: skill.name }], nameWidth, { ...nameStyle, size: nameSize }, metrics);
  }
  const category = (skill.category ?? '').toUpperCase();
  /** Draws the band, name, category line and (on the first card) prerequisites; returns where the text begins. */
  const header = (ops: DrawOp[], number: number, count: number): number => {
    const continued = number > 1;
    const bandHeight = CARD_PAD + nameLines.length * nameSize * 1.2 + costLineHeight + 6;
    // The band runs on into the bleed: cut a little off, the card still has colour to its edge.
    ops.push({ kind: 'rect', x: -bleed, y: -bleed, w: w + 2 * bleed, h: bandHeight + bleed, fill: card.tint });
    let y = CARD_PAD - 2;
    nameLines.forEach((line, i) => {
      drawLine(line, CARD_PAD, y, nameSize * 1.2, { ...nameStyle, size: nameSize }, ops);
      if (i === 0 && cost && costBeside) text(ops, metrics, cost, w - CARD_PAD, y + nameSize * 0.6 + 3.3, 'sans-bold', 9.5, COLORS.accent, 'right');
      y += nameSize * 1.2;
    });
    for (const line of costLines) {
      drawLine(line, CARD_PAD, y, 9.5 * 1.3, costStyle, ops);
      y += 9.5 * 1.3;
    }
    y = bandHeight + 9;
    // "CONTINUED · 2/2" at the right of the category line, so a player sorting a deck puts a skill's cards together
    // in order; a long category gives way to it.
    const counter = count > 1 ? `${continued ? `${words.continued.toUpperCase()} · ` : ''}${number}/${count}` : '';
    const counterWidth = counter ? text(ops, metrics, counter, w - CARD_PAD, y, 'sans-bold', 6.5, COLORS.accent, 'right') + 6 : 0;
    if (category) text(ops, metrics, truncate(metrics, category, 'sans-bold', 6.5, inner - counterWidth), CARD_PAD, y, 'sans-bold', 6.5, COLORS.muted);
    if (category || counter) y += 4;
    if (requires && !continued) {
      const style: TextStyle = { family: 'sans', size: 7.5, color: COLORS.text };
      for (const line of breakLines([{ text: `${words.requires}${words.colon} `, bold: true }, { text: requires }], inner, style, metrics)) {
        drawLine(line, CARD_PAD, y, 9.5, style, ops);
        y += 9.5;
      }
    }
    y += 3;
    ops.push({ kind: 'line', x1: CARD_PAD, y1: y, x2: w - CARD_PAD, y2: y, width: 0.6, color: COLORS.rule });
    return y + 4;
  };
  const footer = (ops: DrawOp[]) => {
    text(ops, metrics, truncate(metrics, title, 'sans', 6, inner), CARD_PAD, h - CARD_PAD + 2, 'sans', 6, COLORS.muted);
  };
  const footerTop = h - CARD_PAD - 8;
  // Where the text begins on a card of its own, and on the first card of several (which lists the prerequisites)
  // and the ones after it: a numbered card always has a category line.
  const room = footerTop - header([], 1, 1);
  const firstTop = header([], 1, 2);
  const nextTop = header([], 2, 2);
  const layout = (size: number, paragraphGap = 0.35) => {
    const style: TextStyle = { family: 'serif', size, color: COLORS.text };
    const lines: TextLine[] = [];
    /** Whether the line opens a paragraph: the first line of each, including the first of all. */
    const opens: boolean[] = [];
    /** Whether the line is a heading's, which stays on the card of the line after it. */
    const heads: boolean[] = [];
    for (const p of paragraphs) {
      breakLines(p.runs, inner, style, metrics).forEach((l, i) => {
        lines.push(l);
        opens.push(i === 0);
        heads.push(p.heading);
      });
    }
    return { style, lines, opens, heads, leading: size * 1.28, gap: size * 1.28 * paragraphGap };
  };
  type Laid = ReturnType<typeof layout>;
  const height = (l: Laid) => l.lines.length * l.leading + l.opens.filter((open, i) => open && i > 0).length * l.gap;
  /**
   * The lines each card holds: as many as fit under its header, a gap dropped at a card's top; a paragraph's first
   * line is not left alone at a card's foot (it goes on with the rest of its paragraph), nor is a heading (it goes on
   * with what it heads: `Further Backgrounding Epic Tier` over the feat's epic benefit). At most twenty cards.
   */
  const deal = (l: Laid): Array<[number, number]> => {
    const spans: Array<[number, number]> = [];
    let index = 0;
    while (index < l.lines.length && spans.length < 20) {
      const start = index;
      let y = spans.length ? nextTop : firstTop;
      while (index < l.lines.length) {
        const gap = l.opens[index] && index > start ? l.gap : 0;
        if (y + gap + l.leading > footerTop + 0.01) break;
        y += gap + l.leading;
        index++;
      }
      if (index === start) index++; // a card narrower than one line still moves on
      const leftAlone = (last: number) => (l.opens[last] && !l.opens[last + 1]) || l.heads[last];
      while (index < l.lines.length && index - 1 > start && leftAlone(index - 1)) index--;
      spans.push([start, index]);
    }
    return spans;
  };
  const minSize = Math.min(MIN_CARD_TEXT_SIZE, baseSize);
  let size = baseSize;
  let laid = layout(size);
  while (height(laid) > room && size > minSize) {
    size = Math.max(minSize, size - 0.25);
    laid = layout(size);
  }
  // At the smallest size, closing the space between paragraphs is better than a second card for a line or two.
  if (height(laid) > room) {
    const closed = layout(size, 0);
    if (height(closed) <= room) laid = closed;
  }
  let spans: Array<[number, number]> = height(laid) <= room ? [[0, laid.lines.length]] : deal(laid);
  if (spans.length > 1) {
    // More than one card in any case: the largest size, down from the first, that needs no more cards than the
    // smallest does, so a long text is set as large as its cards allow.
    for (let larger = baseSize; larger > size; larger -= 0.25) {
      const candidate = layout(larger);
      const dealt = deal(candidate);
      if (dealt.length <= spans.length && dealt.at(-1)![1] >= candidate.lines.length) {
        laid = candidate;
        spans = dealt;
        break;
      }
    }
  }
  const cards: CardFace[] = spans.map(([start, end], i) => {
    const ops: DrawOp[] = [];
    let y = header(ops, i + 1, spans.length);
    for (let index = start; index < end; index++) {
      y += laid.opens[index] && index > start ? laid.gap : 0;
      drawLine(laid.lines[index], CARD_PAD, y, laid.leading, laid.style, ops);
      y += laid.leading;
    }
    if (end < laid.lines.length) text(ops, metrics, `${words.continued} →`, w - CARD_PAD, h - CARD_PAD + 2, 'sans-italic', 6.5, COLORS.accent, 'right');
    footer(ops);
    return { ops };
  });
  const printed = spans.at(-1)?.[1] ?? 0;
  const at = `${skill.nameRange.file}:${skill.nameRange.start.line}`;
  // Twenty cards is a safety stop, not a layout: say what was left out rather than drop it silently.
  if (printed < laid.lines.length) warnings.push(`${at}: the text of “${skill.name}” is too long for cards; only its first ${cards.length} cards are printed`);
  else if (cards.length > 1) warnings.push(`${at}: the text of “${skill.name}” does not fit one card; it continues on ${cards.length - 1} more`);
  if (!cards.length) {
    const ops: DrawOp[] = [];
    header(ops, 1, 1);
    footer(ops);
    cards.push({ ops });
  }
  return cards;
}

/**
 * The card's paragraphs: the skill's body as the book reads it from the source (same order, "Note:" lines in
 * place), without links (a card has nowhere to jump). For a table row, or without source text, the model's
 * text and fields, then what explains the skill elsewhere: the rules about it, and the section under its name.
 */
export function cardParagraphs(skill: Skill, readerOf: (file: string) => FileProse | undefined, describing: readonly Rule[] = [], section: DescribedRegion | null = null): CardParagraph[] {
  const reader = readerOf(skill.range.file);
  // A table row's cells are its fields, not prose: the model's text is the row's description, and the
  // rules that explain the skill ("3.15.12 Estimate Value allows…") are what a player needs at the table, their
  // words as the book prints them. A skill described in front matter has no prose: its YAML is data, read into the
  // model's text and fields.
  if (!reader?.text || skill.form === 'table' || skill.form === 'front-matter') {
    const row = skill.text ? [prose([{ text: skill.text }])] : [];
    const fields = skill.fields.filter((f) => f.value && !isHeadField(skill, f)).map((f) => prose([{ text: `${f.name}: `, bold: true }, { text: f.value }]));
    const rules = describing.map((rule) => {
      const read = readerOf(rule.range.file);
      const first = read ? ruleBlocks(rule, read)[0] : undefined;
      return prose(first?.kind === 'paragraph' ? plainRuns(first.runs) : [{ text: rule.text }]);
    });
    const explained = section ? cardLines(readerOf(section.file)?.read(section.start, section.end) ?? []) : [];
    return [...row, ...fields, ...rules, ...explained];
  }
  const body = skillBody(skill, reader, { alone: true });
  return cardLines(skill.form === 'heading' ? body : fieldLinesApart(body, skill.fields, reader.text));
}

/** Runs as a card prints them: their emphasis kept, their links dropped (a card has nowhere to jump). */
function plainRuns(runs: readonly Run[]): Run[] {
  return runs.map((r) => ({ text: r.text, bold: r.bold, italic: r.italic, strike: r.strike }));
}

/** A paragraph of a card: its runs, and whether it is a heading (which goes on the card of what it heads). */
export interface CardParagraph {
  readonly runs: readonly Run[];
  readonly heading: boolean;
}

const prose = (runs: readonly Run[]): CardParagraph => ({ runs, heading: false });

/** Blocks of prose as a card's paragraphs: a list item keeps its bullet, a heading is bold, a table row is a line. */
function cardLines(blocks: readonly ProseBlock[]): CardParagraph[] {
  return blocks.flatMap((block): CardParagraph[] => {
    switch (block.kind) {
      case 'paragraph':
        return [prose(block.bullet ? [{ text: `${block.bullet} ` }, ...plainRuns(block.runs)] : plainRuns(block.runs))];
      case 'heading':
        return [{ runs: plainRuns(block.runs).map((r) => ({ ...r, bold: true })), heading: true }];
      case 'table':
        return [block.header, ...block.rows.map((r) => r.cells)].map((cells) => prose(cells.flatMap((cell, i) => [...(i ? [{ text: ' · ' }] : []), ...plainRuns(cell)])));
      case 'code':
        return block.lines.map((line) => prose([{ text: line, code: true }]));
    }
  });
}

/** The cards a plan prints: `options.cards` over rulebook.yaml's `print.cards`, each key on its own. */
export function cardOptions(linked: LinkedRulebook, options: ExportOptions): CardOptions {
  return { ...linked.model.config.print?.cards, ...definedOnly(options.cards ?? {}) };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A card's back: the book's title on its category's tint, framed in its ink, so a deck sorts by colour face down. */
function cardBack(card: CardGeometry, title: string, category: string, metrics: Metrics): DrawOp[] {
  const { width: w, height: h, bleed } = card;
  const ops: DrawOp[] = [{ kind: 'rect', x: -bleed, y: -bleed, w: w + 2 * bleed, h: h + 2 * bleed, fill: card.tint }];
  // Inset well inside the cut: a duplex printer's sheet may sit a millimetre or two off its front.
  const inset = 5 * MM;
  ops.push({ kind: 'rect', x: inset, y: inset, w: w - 2 * inset, h: h - 2 * inset, stroke: card.ink, lineWidth: 0.8, radius: 4 });
  const inner = w - 2 * inset - 12;
  const style: TextStyle = { family: 'sans', bold: true, size: Math.min(14, w / 12), color: card.ink };
  let lines = breakLines([{ text: title }], inner, style, metrics);
  if (lines.length > 3) lines = breakLines([{ text: truncate(metrics, title, 'sans-bold', style.size, inner * 3) }], inner, style, metrics).slice(0, 3);
  const leading = style.size * 1.2;
  let y = h / 2 - (lines.length * leading) / 2 + style.size * 0.8;
  for (const line of lines) {
    drawLine(line, w / 2 - line.width / 2, y - style.size * 0.8, leading, style, ops);
    y += leading;
  }
  ops.push({ kind: 'line', x1: w / 2 - 14, y1: y - leading / 2 + 4, x2: w / 2 + 14, y2: y - leading / 2 + 4, width: 0.8, color: card.ink });
  if (category) text(ops, metrics, truncate(metrics, category.toUpperCase(), 'sans-bold', 6.5, inner), w / 2, y + 8, 'sans-bold', 6.5, card.ink, 'center');
  return ops;
}

interface PrintedCard {
  readonly face: readonly DrawOp[];
  readonly back: readonly DrawOp[];
}

export function planCards(linked: LinkedRulebook, source: RulebookSource, options: ExportOptions, metrics: Metrics): Plan {
  const title = bookTitle(linked.model);
  const words = wordsOfBook(linked.model.config).words;
  const warnings: string[] = [];
  const baseSize = options.fontSize ?? 8;
  const readers = new Map(source.files.map((f) => [f.path, new FileProse(f.text, blockShortcodeMasks(f.text))]));
  const settings = cardOptions(linked, options);
  const size = cardSize(settings.size);
  const bleed = bleedOf(settings.bleed);
  const backs = settings.backs ?? 'none';
  if (!CARD_BACKS.includes(backs)) throw new Error(`card backs must be ${CARD_BACKS.join(', ')}, not \`${String(backs)}\``);
  // Colours by the category's place in the whole book, so a category keeps its colour in a one-category PDF.
  const categories = [...new Set(linked.model.skills.map((s) => s.category ?? ''))];
  let skills = selectSkills(linked, options.categories);
  if (settings.category !== undefined) {
    const wanted = settings.category.toLowerCase();
    skills = skills.filter((s) => (s.category ?? '').toLowerCase() === wanted);
    if (skills.length === 0) throw new Error(`no skill category \`${settings.category}\` in this rulebook (categories: ${categories.filter(Boolean).join(', ')})`);
  }
  const or = alternativesWord(linked.model.config);
  // A book that prices none of its skills (Daggerheart's cards, Blades' abilities) prints no cost on them: a dash on
  // every card would say each lacks one. In a priced book the dash marks the one that does.
  const priced = linked.model.skills.some((s) => s.costText !== null);
  const cards: PrintedCard[] = skills.flatMap((s) => {
    const geometry: CardGeometry = { width: size.width, height: size.height, bleed, ...categoryColors(categories.indexOf(s.category ?? '')) };
    const back = backs === 'none' ? [] : cardBack(geometry, title, s.category ?? '', metrics);
    return skillCards(s, priced ? costLabel(s) : '', requirementText(s, or), cardParagraphs(s, (file) => readers.get(file), rulesDescribing(linked, s), sectionDescribing(linked, s)), title, metrics, baseSize, warnings, geometry, words).map((face) => {
      // Without bleed the card's edge is drawn, as a guide to cut along; with it, a line there would show when a cut is off.
      if (bleed === 0) face.ops.push({ kind: 'rect', x: 0, y: 0, w: size.width, h: size.height, stroke: COLORS.rule, lineWidth: 0.4 });
      return { face: face.ops, back };
    });
  });
  const pages: DrawOp[][] = [];
  if (options.paper === 'card') {
    // One card per page, its bleed round it: what a print shop asks for. Its back follows it.
    for (const card of cards) {
      pages.push(card.face.map((op) => translate(op, bleed, bleed)));
      if (backs !== 'none') pages.push(card.back.map((op) => translate(op, bleed, bleed)));
    }
    return assemblePlan({ kind: 'cards', title, width: size.width + 2 * bleed, height: size.height + 2 * bleed, pages: pages.length ? pages : [[]], warnings });
  }
  const setup = pageSetup({ ...options, fontSize: undefined });
  let imposition;
  try {
    imposition = impose(setup.width, setup.height, size.width, size.height, bleed);
  } catch {
    throw new Error(`${size.name} cards${bleed ? ` with ${Math.round((bleed / MM) * 10) / 10} mm bleed` : ''} do not fit on ${options.paper} paper with crop marks: use a4, letter or card`);
  }
  const perSheet = imposition.slots.length;
  for (let i = 0; i < cards.length; i += perSheet) {
    const sheet = cards.slice(i, i + perSheet);
    const front: DrawOp[] = [];
    sheet.forEach((card, k) => front.push(...card.face.map((op) => translate(op, imposition.slots[k].x, imposition.slots[k].y))));
    front.push(...imposition.marks);
    pages.push(front);
    if (backs === 'none') continue;
    // The back of the sheet: each back where its face lands when the paper turns over.
    const back: DrawOp[] = [];
    sheet.forEach((card, k) => {
      const slot = imposition.slots[backSlot(imposition, k, backs)];
      back.push(...card.back.map((op) => translate(op, slot.x, slot.y)));
    });
    back.push(...imposition.marks);
    pages.push(back);
  }
  return assemblePlan({ kind: 'cards', title, width: setup.width, height: setup.height, pages: pages.length ? pages : [[]], warnings });
}

// ---------------------------------------------------------------- quick reference and character sheet

export function pageTitle(setup: PageSetup, metrics: Metrics, title: string, subtitle: string): Box {
  const fs = setup.fontSize;
  const ops: DrawOp[] = [];
  text(ops, metrics, title, setup.margins.left, fs * 1.9, 'sans-bold', fs * 1.9, COLORS.text);
  text(ops, metrics, subtitle, setup.margins.left + setup.contentWidth, fs * 1.9, 'sans', fs * 1.05, COLORS.accent, 'right');
  ops.push({ kind: 'line', x1: setup.margins.left, y1: fs * 2.7, x2: setup.margins.left + setup.contentWidth, y2: fs * 2.7, width: 1.2, color: COLORS.accent });
  return { height: fs * 3.8, ops };
}

function grouped(skills: readonly Skill[], words: BookVocabulary): Map<string, Skill[]> {
  const groups = new Map<string, Skill[]>();
  for (const skill of skills) {
    const key = skill.category ?? words.otherSkills;
    const list = groups.get(key) ?? [];
    list.push(skill);
    groups.set(key, list);
  }
  return groups;
}

export function footers(setup: PageSetup, metrics: Metrics, pages: readonly { ops: DrawOp[] }[], label: string): DrawOp[][] {
  return pages.map((p, i) => {
    const ops = [...p.ops];
    const y = setup.height - setup.margins.bottom + setup.fontSize * 2.2;
    text(ops, metrics, label, setup.margins.left, y, 'sans', setup.fontSize * 0.75, COLORS.muted);
    text(ops, metrics, `${i + 1} / ${pages.length}`, setup.margins.left + setup.contentWidth, y, 'sans', setup.fontSize * 0.75, COLORS.muted, 'right');
    return ops;
  });
}

interface ReferenceColumn {
  readonly width: number;
  /** Lines at the most, the last ending in an ellipsis when the text needs more. */
  readonly max: number;
  readonly role: 'name' | 'cost' | 'text' | 'summary';
}

/** The cost columns (Primary, Secondary…) the skills are priced in, in the order the book's tables give them. */
function costColumnsOf(skills: readonly Skill[]): string[] {
  const names = new Map<string, string>();
  for (const skill of skills) {
    if (skill.form !== 'table' || skill.costDetail?.kind !== 'per-class') continue;
    for (const c of skill.costDetail.byClass) if (!names.has(c.name.toLowerCase())) names.set(c.name.toLowerCase(), c.name);
  }
  return names.size >= 2 ? [...names.values()] : [];
}

/** The skill's price in one cost column as written ("10+5"), null when it has none there. */
function classCostText(skill: Skill, name: string): string | null {
  if (skill.costDetail?.kind !== 'per-class') return null;
  return skill.costDetail.byClass.find((c) => c.name.toLowerCase() === name.toLowerCase())?.text ?? null;
}

/**
 * How the quick reference and the blank sheet begin: pages at the handout's own text size (`size`; 7.5 pt on A5), the
 * book's title over the first with the handout's name (`name`, in the book's words) at its right.
 */
function handoutPages(linked: LinkedRulebook, options: ExportOptions, metrics: Metrics, size: number, name: (words: BookVocabulary) => string) {
  const setup = pageSetup({ ...options, fontSize: options.fontSize ?? (options.paper === 'a5' ? 7.5 : size) });
  const title = bookTitle(linked.model);
  const book = wordsOfBook(linked.model.config);
  const pages = new Paginator(setup);
  pages.place([pageTitle(setup, metrics, title, name(book.words))]);
  return { setup, title, book, words: book.words, fs: setup.fontSize, pages };
}

export function planReference(linked: LinkedRulebook, source: RulebookSource, options: ExportOptions, metrics: Metrics): Plan {
  const { setup, title, book, words, fs, pages } = handoutPages(linked, options, metrics, 8.5, (w) => w.quickReferenceTitle);
  const x = setup.margins.left;
  const width = setup.contentWidth;
  const pad = 3.5;
  const skills = selectSkills(linked, options.categories);
  const classes = costColumnsOf(skills);
  // A book that prices nothing, or requires nothing (Razorweave's skills), gets no column of dashes: the summary
  // takes the room.
  const priced = classes.length > 0 || skills.some((s) => s.costText !== null);
  const or = alternativesWord(linked.model.config);
  const requires = skills.some((s) => requirementText(s, or) !== '');
  const measure = (value: string, bold = false) => metrics.width(value, bold ? 'sans-bold' : 'sans', fs);
  // The cost column is as wide as its longest word ("Variable", "Craftsman") needs, up to a sixth of the page, so a
  // cost breaks between words and never inside one; the summary gives up what it takes. A book that prices its
  // skills in cost columns (Primary, Secondary…) keeps them: a column each, as narrow as its header and cells allow.
  const costWords = classes.length ? [] : skills.flatMap((s) => costLabel(s).split(/\s+/));
  const costWord = Math.max(0, ...costWords.map((word) => measure(word)));
  const classWidths = classes.map((name) => Math.max(measure(name, true), ...skills.map((s) => measure(classCostText(s, name) ?? ''))) + pad * 2 + 1);
  const classScale = Math.min(1, (0.36 * width) / classWidths.reduce((a, b) => a + b, 0));
  const costWidths = !priced ? [] : classes.length ? classWidths.map((w) => w * classScale) : [Math.min(0.16 * width, Math.max(0.07 * width, costWord + pad * 2 + 1))];
  const costWidth = costWidths.reduce((a, b) => a + b, 0);
  const leading = fs * 1.25;
  // Name and requirements wrap: a cut-off prerequisite ("Herbalist, 2 Production…") hides what a player must
  // own. The summary is a reminder (the book has the full text) of two lines at most, enough for what tells the
  // skill apart ("…this character suffers 3 damage"), cut at a word with an ellipsis; a cost takes two at most.
  const column = (w: number, max: number, role: 'name' | 'cost' | 'text' | 'summary'): ReferenceColumn => ({ width: w, max, role });
  const nameColumn = column((classes.length ? 0.22 : 0.25) * width, Infinity, 'name');
  const requiresColumns = requires ? [column((classes.length ? 0.17 : 0.19) * width, Infinity, 'text')] : [];
  const summaryColumn = column(width - nameColumn.width - costWidth - (requiresColumns[0]?.width ?? 0), 2, 'summary');
  const columns = [nameColumn, ...costWidths.map((w) => column(w, 2, 'cost')), ...requiresColumns, summaryColumn];
  /** A cost the same for every class (no cost columns of its own) spans them all. */
  const spanning = [nameColumn, ...(priced ? [column(costWidth, 2, 'cost')] : []), ...requiresColumns, summaryColumn];
  const styleOf = (role: ReferenceColumn['role'], bold: boolean): TextStyle => ({ family: role === 'summary' && !bold ? 'serif' : 'sans', bold: bold || role === 'name', size: fs, color: role === 'cost' && !bold ? COLORS.accent : COLORS.text });
  const row = (cells: readonly string[], cols: readonly ReferenceColumn[], bold: boolean, fill: string | null): Box => {
    const ops: DrawOp[] = [];
    const laid = cells.map((cell, c): TextLine[] => clampedLines(cell, cols[c].width - pad * 2, cols[c].max, styleOf(cols[c].role, bold), metrics));
    const height = Math.max(1, ...laid.map((lines) => lines.length)) * leading + pad;
    if (fill) ops.push({ kind: 'rect', x, y: 0, w: width, h: height, fill });
    let cx = x;
    laid.forEach((lines, c) => {
      lines.forEach((line, i) => drawLine(line, cx + pad, pad / 2 + i * leading, leading, styleOf(cols[c].role, bold), ops));
      cx += cols[c].width;
    });
    ops.push({ kind: 'line', x1: x, y1: height, x2: x + width, y2: height, width: 0.4, color: COLORS.rule });
    return { height, ops };
  };
  const header = row([words.skill, ...(classes.length ? classes : priced ? [words.cost] : []), ...(requires ? [words.requires] : []), words.summary], columns, true, COLORS.fill);
  const skillRow = (s: Skill): Box => {
    const rest = [...(requires ? [requirementText(s, or) || '—'] : []), skillSummary(linked, s, source) || '—'];
    if (classes.length && s.costDetail?.kind === 'per-class') return row([s.name, ...classes.map((name) => classCostText(s, name) ?? '—'), ...rest], columns, false, null);
    return row([s.name, ...(priced ? [costLabel(s)] : []), ...rest], spanning, false, null);
  };
  for (const [category, list] of grouped(skills, words)) {
    const band: Box = {
      height: fs * 2.3,
      ops: [
        { kind: 'text', x, y: fs * 1.7, text: category, font: 'sans-bold', size: fs * 1.15, color: COLORS.accent, width: metrics.width(category, 'sans-bold', fs * 1.15) },
      ],
    };
    pages.place([band, header, ...list.map(skillRow)], { spaceBefore: fs * 0.4, keep: 4, repeat: [header] });
  }
  return assemblePlan({ kind: 'reference', title, width: setup.width, height: setup.height, pages: footers(setup, metrics, pages.pages, `${title} · ${book.inSentence(words.quickReference)}`) });
}

/**
 * A list of phrases ("Primary 10+5, Secondary 10+7, Tertiary 10+10") broken into lines between them where each fits a
 * line, so a class's name stays with its price; a phrase wider than a line breaks between its words. At most `max`
 * lines, as clampedLines.
 */
function phraseLines(value: string, width: number, max: number, style: TextStyle, metrics: Metrics): TextLine[] {
  const font = fontOf(style.family, style.bold ?? false, false);
  const fits = (line: string) => metrics.width(line, font, style.size) <= width;
  const packed: string[] = [];
  for (const phrase of value.split(/(?<=,)\s+/)) {
    const last = packed.length - 1;
    if (last >= 0 && fits(`${packed[last]} ${phrase}`)) packed[last] += ` ${phrase}`;
    else packed.push(phrase);
  }
  if (!packed.every(fits)) return clampedLines(value, width, max, style, metrics);
  return packed.length <= max ? packed.flatMap((line) => breakLines([{ text: line }], width, style, metrics)) : clampedLines(value, width, max, style, metrics);
}

/** The text broken into lines of the width, at most `max` of them: what does not fit ends in an ellipsis at a word. */
function clampedLines(value: string, width: number, max: number, style: TextStyle, metrics: Metrics): TextLine[] {
  const lines = breakLines([{ text: value }], width, style, metrics);
  if (lines.length <= max) return lines;
  const fits = (text: string) => breakLines([{ text }], width, style, metrics).length <= max;
  // The longest run of whole words that, with an ellipsis, still fits in `max` lines.
  const words = value.split(' ');
  // Runs of 1 to all but the last word are asked: the whole text does not fit, or it would not be clamped.
  const kept = partitionPoint(words.length - 1, (k) => fits(`${words.slice(0, k + 1).join(' ')}…`));
  // Not even the first word fits: cut it.
  if (kept === 0) return breakLines([{ text: truncate(metrics, value, fontOf(style.family, !!style.bold, !!style.italic), style.size, width) }], Infinity, style, metrics);
  return breakLines([{ text: `${words.slice(0, kept).join(' ').replace(/[,;:.]$/, '')}…` }], width, style, metrics);
}

/** The sheet's fields: rulebook.yaml's `sheet.fields`, else what every game asks (no species or guild a wargame lacks). */
/** The sheet's own fields: the book's `sheet: fields`, else what every game asks (Character, Player) in `words`. */
export function sheetFields(linked: LinkedRulebook, words: BookVocabulary): readonly string[] {
  return linked.model.config.sheet?.fields ?? [words.character, words.player];
}

/**
 * The fields two to a row, each a label and a line to write on; a value (a filled sheet's) is printed on its line.
 * A long label takes the row to itself rather than squeeze the line out.
 */
export function fieldGrid(setup: PageSetup, metrics: Metrics, labels: readonly string[], valueOf: (label: string) => string | null): Box {
  const fs = setup.fontSize;
  const x = setup.margins.left;
  const width = setup.contentWidth;
  const ops: DrawOp[] = [];
  const rowHeight = fs * 2.2;
  let y = fs * 1.6;
  let column = 0;
  for (const label of labels) {
    const wide = metrics.width(label, 'sans-bold', fs * 0.9) > width * 0.25;
    if (wide && column === 1) {
      column = 0;
      y += rowHeight;
    }
    const fx = x + column * width * 0.5;
    const fw = wide ? width : width * 0.5;
    const w = text(ops, metrics, label, fx, y, 'sans-bold', fs * 0.9, COLORS.muted);
    ops.push({ kind: 'line', x1: fx + w + 4, y1: y + 2, x2: fx + fw - 10, y2: y + 2, width: 0.5, color: COLORS.text });
    const value = valueOf(label);
    if (value) text(ops, metrics, truncate(metrics, value, 'serif', fs * 1.15, fw - w - 20), fx + w + 8, y, 'serif', fs * 1.15, COLORS.text);
    if (wide || column === 1) {
      column = 0;
      y += rowHeight;
    } else column = 1;
  }
  if (column === 1) y += rowHeight;
  return { height: y - rowHeight + fs * 1.4, ops };
}

export function planSheet(linked: LinkedRulebook, options: ExportOptions, metrics: Metrics): Plan {
  const { setup, title, book, words, fs, pages } = handoutPages(linked, options, metrics, 9, (w) => w.characterSheet);
  const x = setup.margins.left;
  const width = setup.contentWidth;
  const field = (label: string, fx: number, fw: number, ops: DrawOp[], y: number) => {
    const w = text(ops, metrics, label, fx, y, 'sans-bold', fs * 0.9, COLORS.muted);
    ops.push({ kind: 'line', x1: fx + w + 4, y1: y + 2, x2: fx + fw - 10, y2: y + 2, width: 0.5, color: COLORS.text });
  };
  pages.place([fieldGrid(setup, metrics, sheetFields(linked, words), () => null)]);
  const cols = { box: x, name: x + fs * 1.8, cost: x + width * 0.5, requires: x + width * 0.6 };
  const leading = fs * 1.55;
  const skills = selectSkills(linked, options.categories);
  const or = alternativesWord(linked.model.config);
  for (const [category, list] of grouped(skills, words)) {
    const band: Box = { height: fs * 2.4, ops: [{ kind: 'text', x, y: fs * 1.6, text: category, font: 'sans-bold', size: fs * 1.15, color: COLORS.accent, width: metrics.width(category, 'sans-bold', fs * 1.15) }, { kind: 'line', x1: x, y1: fs * 2.1, x2: x + width, y2: fs * 2.1, width: 0.6, color: COLORS.rule }] };
    const rows: Box[] = list.map((s) => {
      const ops: DrawOp[] = [];
      const baseline = leading / 2 + fs * 0.33;
      const box = fs * 0.95;
      ops.push({ kind: 'rect', x: cols.box + 1, y: leading / 2 - box / 2, w: box, h: box, stroke: COLORS.text, lineWidth: 0.6 });
      const name = truncate(metrics, s.name, 'serif', fs, cols.cost - cols.name - 6);
      text(ops, metrics, name, cols.name, baseline, 'serif', fs, COLORS.text);
      text(ops, metrics, costLabel(s), cols.cost, baseline, 'sans-bold', fs * 0.95, COLORS.accent);
      // Every requirement shows: long lists wrap under themselves and the row grows to hold them.
      const req = requirementText(s, or);
      const reqStyle: TextStyle = { family: 'sans', italic: true, size: fs * 0.85, color: COLORS.muted };
      const reqLines = req ? breakLines([{ text: fill(words.needs, { requirements: req }) }], x + width - cols.requires, reqStyle, metrics) : [];
      const more = fs * 1.1;
      reqLines.forEach((line, i) => drawLine(line, cols.requires, i === 0 ? 0 : leading / 2 + i * more - more / 2, i === 0 ? leading : more, reqStyle, ops));
      const height = leading + Math.max(0, reqLines.length - 1) * more;
      ops.push({ kind: 'line', x1: cols.name, y1: height, x2: x + width, y2: height, width: 0.3, color: COLORS.rule, dash: 1 });
      return { height, ops };
    });
    pages.place([band, ...rows], { spaceBefore: fs * 0.6, keep: 3 });
  }
  const totalOps: DrawOp[] = [];
  const units = linked.model.config.costUnits.length === 1 ? ` (${linked.model.config.costUnits[0]})` : '';
  field(`${words.pointsSpent}${units}`, x, width * 0.5, totalOps, fs * 2.2);
  field(words.pointsAvailable, x + width * 0.5, width * 0.5, totalOps, fs * 2.2);
  pages.place([{ height: fs * 3.2, ops: totalOps }], { spaceBefore: fs });
  return assemblePlan({ kind: 'sheet', title, width: setup.width, height: setup.height, pages: footers(setup, metrics, pages.pages, `${title} · ${book.inSentence(words.characterSheet)}`) });
}
