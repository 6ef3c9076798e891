/**
 * The layout compiled into what the record extractor asks of each line: is this a field, and of which kind;
 * is this bold name a skill. Built once per settings (see StringMemo.useSettings), never per chunk.
 */
import { DEFAULT_LAYOUT, type Layout } from '../model/layout.js';
import { ENGLISH_READING, type ReadingWords } from '../model/reading-words.js';
import { DEFAULT_COST_UNITS, parseCost } from './costs.js';

export type FieldKind = 'cost' | 'prerequisite' | 'other';

/** A `Label: value` line in any of the forms books use: plain, `**Label**: v`, `**Label:** v`, `*Label:* v`. */
export interface FieldMatch {
  readonly name: string;
  readonly value: string;
  /** Offset of the value in the line (just after the colon when the value is empty). */
  readonly valueOffset: number;
  readonly kind: FieldKind;
}

// Emphasis may close before or after the colon; the label is short, starts with a capital, and has no sentence
// punctuation. Its letters are any alphabet's: a book's own labels may be `Coût`, `Voraussetzungen`, `Требование`.
const FIELD = /^(\*\*|__|\*|_)?(\p{Lu}[\p{L}\p{N}][\p{L}\p{M}\p{N} /'&()-]{0,30}?)(\1)?[ \t]*:[ \t]*(\1(?=[ \t]|$))?[ \t]*(.*?)[ \t\r]*$/u;

function normalise(label: string): string {
  return label.replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A bar between two fields of one line, before the second's bold label: " | **Slot:**". */
const PIPED_LABEL = /[ \t]+\|[ \t]+(?=(?:\*\*|__)[^*_\n|]{1,40}?(?::(?:\*\*|__)|(?:\*\*|__):))/;

export class Recognisers {
  private readonly costLabels: ReadonlySet<string>;
  private readonly prerequisiteLabels: ReadonlySet<string>;
  private readonly otherLabels: ReadonlySet<string>;

  constructor(
    readonly layout: Layout,
    private readonly costUnits: readonly string[] = DEFAULT_COST_UNITS,
    /** The name a card line's unlabelled kind is kept under, in the book's language ("Type", "Тип"). */
    private readonly typeLabel = 'Type',
    /** Headers of a skill table's name, description and category columns in the book's language ("Навык", "Описание"), beside English's. */
    readonly tableHeaders: Pick<ReadingWords, 'skillColumns' | 'textColumns' | 'categoryColumns'> = ENGLISH_READING,
  ) {
    this.costLabels = new Set(layout.fields.cost.map(normalise));
    this.prerequisiteLabels = new Set(layout.fields.prerequisites.map(normalise));
    this.otherLabels = new Set(layout.fields.other.map(normalise));
  }

  fieldKind(name: string): FieldKind {
    const key = normalise(name);
    if (this.otherLabels.has(key)) return 'other';
    if (this.prerequisiteLabels.has(key)) return 'prerequisite';
    if (this.costLabels.has(key)) return 'cost';
    return 'other';
  }

  /**
   * Where the requirement starts in words that open with one of the book's prerequisite labels, written inside a
   * skill's parentheses without a colon ("Requires Power Strike" → 9), or -1 when they open with none.
   */
  requirementStart(words: string): number {
    const lower = words.toLowerCase();
    for (const label of this.prerequisiteLabels) {
      if (!lower.startsWith(label)) continue;
      const gap = /^[ \t]*:?[ \t]+(?=\S)/.exec(words.slice(label.length));
      if (gap) return label.length + gap[0].length;
    }
    return -1;
  }

  /** Whether what a list item's parentheses hold is a price ("4 SP", "X"), not a use ("1 action") or a remark ("see below"). */
  isPrice(text: string): boolean {
    return parseCost(text, this.costUnits, true, this.layout.costs) !== null;
  }

  /**
   * The fields of one line, each with where it stands in it: most lines hold one, but "**Cost:** 500 cr | **Slot:** 1"
   * (Ashfall's vehicle compartments and augmentations) sets several apart with bars, each a bold label. Null when the
   * line opens with no field.
   */
  fields(line: string): FieldPiece[] | null {
    const first = this.field(line);
    if (!first) return this.cardLine(line);
    const whole = [{ field: first, start: 0, end: line.trimEnd().length }];
    if (!PIPED_LABEL.test(line)) return whole;
    const fields: FieldPiece[] = [];
    let from = 0;
    for (const bar of [...line.matchAll(new RegExp(PIPED_LABEL.source, 'g')), null]) {
      const to = bar ? bar.index : line.trimEnd().length;
      const field = this.field(line.slice(from, to));
      // A piece that reads as no field ("**Hit Die:** d12 | 14 HP | **Speed:** …") leaves the line one field.
      if (!field) return whole;
      fields.push({ field, start: from, end: to });
      if (bar) from = bar.index + bar[0].length;
    }
    return fields;
  }

  /**
   * Daggerheart's line under a domain card's heading, `**_Level 1_** _Arcana Spell._ **_Recall Cost_** _0._`: a line
   * of emphasised parts only, with no colon, where a bold label holds its number ("Level 1") or is followed by its
   * value in italics ("Recall Cost" "0"), and one italic part alone is the entry's kind, kept under the book's word for
   * a type. Two labelled fields at least, and nothing else on the line; null for any other line.
   */
  private cardLine(line: string): FieldPiece[] | null {
    const parts = emphasisedParts(line);
    if (!parts || parts.length < 3) return null;
    const pieces: FieldPiece[] = [];
    let label: { readonly name: string; readonly start: number } | null = null;
    let kinds = 0;
    for (const part of parts) {
      const value = part.text.replace(/[.,;]$/, '').trim();
      if (part.strong) {
        if (label) return null;
        const numbered = LABEL_WITH_NUMBER.exec(part.text);
        if (numbered) pieces.push(piece(numbered[1], numbered[2], part.start, part.end, part.textStart + part.text.length - numbered[2].length, this.fieldKind(numbered[1])));
        else if (CARD_LABEL.test(part.text)) label = { name: part.text, start: part.start };
        else return null;
      } else if (label) {
        pieces.push(piece(label.name, value, label.start, part.end, part.textStart, this.fieldKind(label.name)));
        label = null;
      } else {
        if (kinds++ > 0 || !CARD_KIND.test(part.text)) return null;
        pieces.push(piece(this.typeLabel, value, part.start, part.end, part.textStart, 'other'));
      }
    }
    return !label && pieces.length - kinds >= 2 ? pieces : null;
  }

  /**
   * The SRD 5.2's line under a feat's heading, `*General Feat (Prerequisite: Level 4+, Strength or Dexterity 13+)*`:
   * the field in the brackets, when its label is one of the book's prerequisite or cost labels. The kind before them
   * is the heading's group already ("General Feats").
   */
  private kindLine(line: string): FieldMatch | null {
    const field = kindLineField(line);
    const kind = field ? this.fieldKind(field.label) : 'other';
    return field && kind !== 'other' ? { name: field.label, value: field.value, valueOffset: field.valueOffset, kind } : null;
  }

  /** A field line, or null. A plain label keeps the form the dialect always read; emphasis must be balanced. */
  field(line: string): FieldMatch | null {
    // "*Prerequisite: Eldritch Blast cantrip*": a whole line in italics is read as the line inside.
    const italic = /^([*_])(?![*_\s])([^*_\n]{1,300}?)\1[ \t\r]*$/.exec(line);
    if (italic) {
      const inner = this.kindLine(italic[2]) ?? this.field(italic[2]);
      return inner && { ...inner, valueOffset: inner.valueOffset + 1 };
    }
    const m = FIELD.exec(line);
    if (!m) return null;
    const [, open, name, closeBefore, closeAfter, value] = m;
    if (open && !closeBefore && !closeAfter) return null;
    if (open && closeBefore && closeAfter) return null;
    const kind = this.fieldKind(name);
    // "Cohorts earn XP as follows:" opens a list or a table in prose; a label of its own is a word or three.
    if (!open && !value && kind === 'other' && name.trim().split(/\s+/).length > 3) return null;
    // A value that is only the closing emphasis of an unlabelled bold line ("**Note:**") is empty.
    const valueOffset = value ? line.lastIndexOf(value) : line.indexOf(':') + 1 + (closeAfter?.length ?? 0);
    return { name: name.trim(), value, valueOffset, kind };
  }
}

/** One field of a line, and where it stands in it. */
export interface FieldPiece {
  readonly field: FieldMatch;
  readonly start: number;
  readonly end: number;
}

function piece(name: string, value: string, start: number, end: number, valueAt: number, kind: FieldKind): FieldPiece {
  return { field: { name, value, valueOffset: valueAt - start, kind }, start, end };
}

/** A card line's bold label with its number in it: "Level 1", "Уровень 1". */
const LABEL_WITH_NUMBER = /^(\p{Lu}[\p{L}\p{M}' -]{0,30}?)[ \t]+(\d+)$/u;
/** A card line's bold label before its value: "Recall Cost", "Стоимость Отзыва". */
const CARD_LABEL = /^\p{Lu}[\p{L}\p{M}' -]{0,30}$/u;
/** A card line's kind, a few words ending in a stop at most: "Arcana Spell.", "Заклинание Арканы.". */
const CARD_KIND = /^\p{Lu}[\p{L}\p{M}\p{N}' -]{0,40}\.?$/u;
/** One emphasised part: its opener (strong ones first), its text, and the opener's mirror image closing it. */
const EMPHASISED_PART = /(\*\*\*|\*\*_|__\*|\*\*|__|\*|_)([^*_\n]+?)(\*\*\*|_\*\*|\*__|\*\*|__|\*|_)(?=[ \t\r]|$)/y;

interface EmphasisedPart {
  readonly strong: boolean;
  readonly text: string;
  readonly start: number;
  readonly textStart: number;
  readonly end: number;
}

/** The emphasised parts a line is made of, spaces between them; null when anything else is on it. */
function emphasisedParts(line: string): EmphasisedPart[] | null {
  const parts: EmphasisedPart[] = [];
  let at = 0;
  const end = line.trimEnd().length;
  while (at < end) {
    while (line[at] === ' ' || line[at] === '\t') at++;
    EMPHASISED_PART.lastIndex = at;
    const m = EMPHASISED_PART.exec(line);
    if (!m || m[3] !== [...m[1]].reverse().join('') || m[2] !== m[2].trim()) return null;
    parts.push({ strong: m[1].length > 1, text: m[2], start: at, textStart: at + m[1].length, end: at + m[0].length });
    at += m[0].length;
  }
  return parts;
}

/** An entry's kind with its requirement or price in brackets after it: "General Feat (Prerequisite: Level 4+)". */
const KIND_LINE = /^\p{Lu}[\p{L} '-]{0,40}?[ \t]+\((\p{Lu}[\p{L} ]{0,30}?)[ \t]*:[ \t]*([^()]+)\)[ \t]*$/u;

/**
 * The label and value in the brackets of a kind line (the text inside its emphasis), and where the value starts in
 * it; null for any other line. Whether the label gives prerequisites or a price is the caller's to judge.
 */
export function kindLineField(line: string): { readonly label: string; readonly value: string; readonly valueOffset: number } | null {
  const m = KIND_LINE.exec(line);
  if (!m) return null;
  const value = m[2].trim();
  return { label: m[1].trim(), value, valueOffset: line.indexOf(value, line.indexOf('(')) };
}

/** For callers that read without settings (tests, a chunk read on its own). */
export const DEFAULT_RECOGNISERS = new Recognisers(DEFAULT_LAYOUT);
