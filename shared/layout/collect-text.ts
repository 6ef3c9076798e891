/**
 * One walk over a book's lines for inference: where entries open (headings, bold names, bold-lead paragraphs,
 * list skills, table rows), which `Label: value` lines stand under them, and its tables. Counts, not a parse; but a
 * field line counts only where the parser reads one (see fieldPlaces), so that what init proposes is what it reads.
 */
import type { RulebookSource } from '../model/types.js';
import { LEAD_PARAGRAPHS } from '../parse/assemble.js';
import { continuesValue, skillNameColumn } from '../parse/extract.js';
import { kindLineField } from '../parse/recognisers.js';
import { plainText } from '../parse/keys.js';
import { kindAfterName, TYPE_TAG } from '../parse/titles.js';
import type { ReadingWords } from '../model/reading-words.js';
import { isCostLike, mayPriceOrRequire, type LabelWords } from './field-words.js';
import { bodyLines, headingOf, isTableDelimiter, plainName, tableCells, type BodyLine } from './text-lines.js';

export type EntryKind = 'heading' | 'bold' | 'lead' | 'list' | 'table';

/** A place a skill could be named. */
export interface Entry {
  readonly kind: EntryKind;
  readonly name: string;
  /** Heading level for a heading, 0 otherwise. */
  readonly depth: number;
  /** A heading's kind after its name ("(MIG)" of "Athletics (MIG)", see kindAfterName): a skill's only where the layout says. */
  readonly kindAfterName?: string;
  /** A heading whose title carries a bracketed type ("Attack [Action]"): the parser reads it as a skill at a skill level. */
  readonly tagged?: boolean;
  /** A heading's price in points of some kind, in parentheses closing its title: "2 skill points" of "Athletics (2 skill points)". */
  readonly titlePrice?: string;
  readonly file: string;
  readonly line: number;
}

export type FieldForm = 'plain' | 'bold' | 'italic';

/** A `Label: value` line in one of its forms, and the entry it stands under (-1: none). */
export interface FieldLine {
  readonly label: string;
  readonly key: string;
  readonly value: string;
  readonly form: FieldForm;
  readonly entry: number;
  /** Its place among the fields of its entry, 0 for the first. */
  readonly position: number;
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** A paragraph that opens with a bold name and a colon: `**Bash (1 Might point):** text`. */
export interface BoldLead {
  readonly name: string;
  /** What the parentheses after the name hold, when they hold a number ("1 Might point"). */
  readonly cost: string | null;
  readonly entry: number;
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

export interface TextTable {
  readonly file: string;
  readonly line: number;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  /** The title of the heading right over the table in its file (`Tier 1 — 5 CP each`), null when none is. */
  readonly above: string | null;
}

export interface TextStats {
  readonly entries: readonly Entry[];
  readonly fields: readonly FieldLine[];
  readonly leads: readonly BoldLead[];
  readonly tables: readonly TextTable[];
  /** How many times each field label (lower case) is written, bold leads included. */
  readonly labelCounts: ReadonlyMap<string, number>;
  /** The words of the language it was read in (the book's kinds of skills). */
  readonly reading: ReadingWords;
}

/**
 * `Label: v`, `**Label**: v`, `**Label:** v`, `*Label:* v`, each optionally as a list item. A plain label starts with
 * a capital and has a few words, so that ordinary sentences with a colon rarely pass for one.
 */
const FIELD =
  /^[ \t]*(?:[-*+][ \t]+)?(?:(\*\*|__)([^*_\n]{1,80}?)(?::\1|\1[ \t]*:)|([*_])([^*_\n]{1,60}?)(?::\3|\3[ \t]*:)|(\p{Lu}[\p{L}\p{N}_'’&/() -]{0,40}?)[ \t]*:)(?:[ \t]+(.*?))?[ \t]*$/u;
/** A whole field line in emphasis: `*Prerequisite: Strength 13 or higher*`. */
const WRAPPED_FIELD = /^[ \t]*(?:[-*+][ \t]+)?(\*\*|__|\*|_)(\p{Lu}[^*_:\n]{0,40}?):[ \t]+([^*_\n]*?)\1[ \t]*$/u;
/** A whole line in emphasis, which may be an entry's kind line (kindLineField). */
const WRAPPED_KIND_LINE = /^[ \t]*(\*\*|__|\*|_)(?![*_\s])([^*_\n]{1,120}?)\1[ \t]*$/;
const BOLD_NAME_LINE = /^[ \t]*(?:[-*+][ \t]+)?(\*\*|__)([^*_\n]{1,80}?)\1[ \t]*$/;
const LIST_SKILL = /^[ \t]*[-*+][ \t]+\*\*([^*\n]{1,80}?)\*\*[ \t]*\(([^()]*\d[^()]*)\)/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+/;
/** "- **Activity** Single Action": a bullet of a bold label and its value with no colon (extract.ts, boldLabelField). */
const BOLD_LABEL_ITEM = /^[ \t]*[-*+][ \t]+\*\*[A-Z][A-Za-z0-9 /'&()-]{0,30}?\*\*[ \t]+\S/;
/** `---`, `***`, `___` (spaces allowed between): a thematic break, a block of its own. */
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** A number at the start of the parentheses: a cost ("1 Might point", "4+ Intellect points", "2 SP"). */
const PAREN_COST = /^(.*?)\s*\((\d[^()]*)\)\s*$/;

export function labelKey(label: string): string {
  return label.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A title's closing parentheses holding an amount in points of some kind: "(2 skill points)". */
const TITLE_PRICE_IN_POINTS = /\((\d{1,4}[ \t]+(?:\p{L}+[ \t]+){0,2}(?:points?|pts?))\)\s*$/iu;

interface Raw {
  readonly kind: 'blank' | 'heading' | 'bold' | 'list' | 'field' | 'table' | 'other';
  readonly index: number;
  readonly heading?: { depth: number; title: string };
  readonly name?: string;
  /** `closed`: the whole line is in emphasis ("*Prerequisite: X*"), which closes its value on the line. */
  readonly field?: { label: string; value: string; form: FieldForm; inList: boolean; closed?: true };
}

function classify(text: string, index: number, words: LabelWords): Raw {
  if (text.trim() === '') return { kind: 'blank', index };
  const heading = headingOf(text);
  if (heading) return { kind: 'heading', index, heading };
  const bold = BOLD_NAME_LINE.exec(text);
  if (bold && !bold[2].trim().endsWith(':')) return { kind: 'bold', index, name: bold[2] };
  const list = LIST_SKILL.exec(text);
  if (list) return { kind: 'list', index, name: list[1] };
  // "*General Feat (Prerequisite: Level 4+)*": the field in the brackets, when its label names a price or requirements.
  const kindLine = WRAPPED_KIND_LINE.exec(text);
  const kinded = kindLine && kindLineField(kindLine[2]);
  if (kinded && (words.cost.test(kinded.label) || words.prerequisite.test(kinded.label))) {
    return { kind: 'field', index, field: { label: kinded.label, value: kinded.value, form: 'italic', inList: false, closed: true } };
  }
  const wrapped = WRAPPED_FIELD.exec(text);
  if (wrapped && wrapped[2].trim().split(/\s+/).length <= 4) {
    return { kind: 'field', index, field: { label: wrapped[2].trim(), value: wrapped[3].trim(), form: wrapped[1].length === 2 ? 'bold' : 'italic', inList: /^[ \t]*[-*+][ \t]/.test(text), closed: true } };
  }
  const m = FIELD.exec(text);
  if (m && !/https?$/i.test(m[5] ?? '')) {
    const label = (m[2] ?? m[4] ?? m[5]).trim();
    const words = label.split(/\s+/).length;
    const form: FieldForm = m[2] !== undefined ? 'bold' : m[4] !== undefined ? 'italic' : 'plain';
    if (label && words <= (form === 'plain' ? 4 : 12)) {
      return { kind: 'field', index, field: { label, value: (m[6] ?? '').trim(), form, inList: /^[ \t]*[-*+][ \t]/.test(text) } };
    }
  }
  return { kind: 'other', index };
}

export function collectText(source: RulebookSource, words: LabelWords, skip: ReadonlySet<string> = new Set()): TextStats {
  const entries: Entry[] = [];
  const fields: FieldLine[] = [];
  const leads: BoldLead[] = [];
  const tables: TextTable[] = [];
  const labelCounts = new Map<string, number>();
  const perFile: { path: string; lines: ReturnType<typeof bodyLines>; raws: Raw[] }[] = [];

  // First pass: what each line is, and how often each label is written (a label written once or twice is a name).
  for (const file of source.files) {
    if (skip.has(file.path)) continue;
    const lines = bodyLines(file.text);
    const raws: Raw[] = [];
    let above: string | null = null;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l.code) {
        raws.push({ kind: 'other', index: i });
        continue;
      }
      if (l.text.includes('|') && i + 1 < lines.length && !lines[i + 1].code && isTableDelimiter(lines[i + 1].text)) {
        const header = tableCells(l.text);
        const rows: string[][] = [];
        raws.push({ kind: 'table', index: i }, { kind: 'table', index: i + 1 });
        let j = i + 2;
        for (; j < lines.length && !lines[j].code && lines[j].text.includes('|') && lines[j].text.trim() !== ''; j++) {
          rows.push(tableCells(lines[j].text));
          raws.push({ kind: 'table', index: j });
        }
        tables.push({ file: file.path, line: l.line, header, rows, above });
        i = j - 1;
        continue;
      }
      const raw = classify(l.text, i, words);
      if (raw.heading) above = raw.heading.title;
      if (raw.field) labelCounts.set(labelKey(raw.field.label), (labelCounts.get(labelKey(raw.field.label)) ?? 0) + 1);
      raws.push(raw);
    }
    perFile.push({ path: file.path, lines, raws });
  }

  // Second pass: entries and the fields under them, where the parser reads them.
  for (const { path, lines, raws } of perFile) {
    const values = valueLines(lines, raws, words);
    const places = fieldPlaces(lines, raws, values.lines, words);
    let entry = -1;
    /** The block the current entry opened in, and whether it is a list item. */
    let entryBlock = -1;
    let entryInList = false;
    /** The heading over the current entry: its entry, its block, whether its title carries a type tag. */
    let heading: { entry: number; block: number; tagged: boolean; first: number; open: boolean } | null = null;
    const positions = new Map<number, number>();
    let previous: Raw['kind'] = 'blank';
    // A field with no value ("**Prerequisites:**", "- **Tier 1:**") takes the list items below it as its values.
    let listHead: { label: string; key: string; entry: number; block: number; top: boolean } | null = null;
    const open = (e: Entry, at: number, inList: boolean) => {
      entries.push(e);
      entry = entries.length - 1;
      entryBlock = places.blockOf[at];
      entryInList = inList;
      listHead = null;
    };
    const push = (owner: number, field: Omit<FieldLine, 'entry' | 'position'>) => {
      const position = positions.get(owner) ?? 0;
      positions.set(owner, position + 1);
      fields.push({ ...field, entry: owner, position });
    };
    /**
     * The entry a field line at raw `at` is read for, or -1 where the parser reads no field: in the paragraph or list
     * item that holds a bold name or list skill, or else in the heading's skill. A heading's fields are the paragraph
     * of field lines right under it (or after a description of up to LEAD_PARAGRAPHS paragraphs, when it gives a price or
     * the heading a type); when that paragraph names a skill, the field paragraphs after it are the skill's too. Lines
     * in a list under a heading, or after text in a paragraph, are no skill's.
     */
    const ownerOf = (at: number): number => {
      const block = places.blockOf[at];
      const top = places.top[at];
      if (entry >= 0 && entries[entry].kind !== 'heading' && block === entryBlock && (entryInList ? !top : top && places.run[at])) return entry;
      if (!heading || !top || !places.run[at]) return -1;
      if (heading.open || block === heading.first) return heading.entry;
      if (heading.first !== -1) return -1;
      const after = block - heading.block;
      const described = after >= 2 && after <= LEAD_PARAGRAPHS + 1 && places.plain.slice(heading.block + 1, block).every(Boolean);
      if (after !== 1 && !(described && (heading.tagged || places.priced[block]))) return -1;
      heading.first = block;
      heading.open = heading.tagged || places.names[block];
      return heading.entry;
    };
    raws.forEach((raw, at) => {
      const l = lines[raw.index];
      switch (raw.kind) {
        case 'heading': {
          // The name without its type ("Power Attack [General]", "Acrobat Dedication [>](…) *Feat 2*"), as requirements write it.
          const kind = kindAfterName(raw.heading!.title, words.reading)?.[0].trim();
          const tagged = TYPE_TAG.test(raw.heading!.title);
          const titlePrice = TITLE_PRICE_IN_POINTS.exec(raw.heading!.title)?.[1];
          open(
            {
              kind: 'heading',
              name: plainName(raw.heading!.title.replace(TYPE_TAG, '')),
              depth: raw.heading!.depth,
              file: path,
              line: l.line,
              ...(kind ? { kindAfterName: kind } : {}),
              ...(tagged ? { tagged } : {}),
              ...(titlePrice ? { titlePrice } : {}),
            },
            at,
            false,
          );
          heading = { entry, block: places.blockOf[at], tagged, first: -1, open: false };
          break;
        }
        case 'bold':
          open({ kind: 'bold', name: plainName(raw.name!), depth: 0, file: path, line: l.line }, at, !places.top[at]);
          break;
        case 'list':
          open({ kind: 'list', name: plainName(raw.name!), depth: 0, file: path, line: l.line }, at, true);
          break;
        case 'field': {
          const f = raw.field!;
          const key = labelKey(f.label);
          const startsParagraph = previous === 'blank' || previous === 'heading';
          if (f.form === 'bold' && !f.inList && startsParagraph && f.value !== '' && (labelCounts.get(key) ?? 0) <= 2) {
            const paren = PAREN_COST.exec(f.label);
            open({ kind: 'lead', name: plainName(paren ? paren[1] : f.label), depth: 0, file: path, line: l.line }, at, false);
            leads.push({ name: plainName(paren ? paren[1] : f.label), cost: paren ? paren[2].trim() : null, entry, file: path, line: l.line, text: l.text });
            break;
          }
          const inHeadList = listHead !== null && f.inList && isListOf(listHead, places, at);
          const owner = inHeadList ? listHead!.entry : ownerOf(at);
          if (owner === -1) break;
          const value = values.of.get(at) ?? f.value;
          push(owner, { label: f.label, key, value, form: f.form, file: path, line: l.line, text: l.text });
          if (value === '') listHead = { label: f.label, key, entry: owner, block: places.blockOf[at], top: places.top[at] };
          else if (!f.inList) listHead = null;
          break;
        }
        default: {
          const item = LIST_ITEM.exec(l.text);
          if (listHead && item && isListOf(listHead, places, at)) {
            push(listHead.entry, { label: listHead.label, key: listHead.key, value: l.text.slice(item[0].length).trim(), form: 'plain', file: path, line: l.line, text: l.text });
          } else if (raw.kind !== 'blank') listHead = null;
          break;
        }
      }
      previous = raw.kind;
    });
  }
  for (const table of tables) {
    const nameColumn = skillNameColumn(table.header.map(plainText), words.skillColumns);
    if (nameColumn === -1) continue;
    for (const row of table.rows) {
      const name = plainName(row[nameColumn] ?? '');
      if (name) entries.push({ kind: 'table', name, depth: 0, file: table.file, line: table.line });
    }
  }
  return { entries, fields, leads, tables, labelCounts, reading: words.reading };
}

/**
 * Where each line of a file stands, as the parser's Markdown tree would put it: its top-level block (a paragraph, a
 * list, a table, code, a thematic break, a heading), whether it is outside every list, and whether it belongs to the
 * run of field lines a paragraph opens with (a bold name may head the run). Per block: whether it is a description
 * paragraph (plain text first); whether a line of its field run gives a price (a number, or a word for none); and
 * whether its run names a skill as the parser's heading skills are named: a line that may give a cost or
 * prerequisites, or two lines or more with a short value ("Range: 30 ft", "Effect: …"). "**Physical Description**:"
 * alone names nothing, and the "**Median Life Expectancy**: 9 Years." paragraphs further down are no skill's.
 */
interface FieldPlaces {
  readonly blockOf: readonly number[];
  readonly top: readonly boolean[];
  readonly run: readonly boolean[];
  readonly plain: readonly boolean[];
  readonly priced: readonly boolean[];
  readonly names: readonly boolean[];
}

function fieldPlaces(lines: readonly BodyLine[], raws: readonly Raw[], valueLines: ReadonlySet<number>, words: LabelWords): FieldPlaces {
  const blockOf: number[] = [];
  const top: boolean[] = [];
  const run: boolean[] = [];
  const plain: boolean[] = [false];
  const priced: boolean[] = [false];
  const names: boolean[] = [false];
  const runFields: number[] = [0];
  const shortValue: boolean[] = [false];
  let block = 0;
  let inList = false;
  let inRun = false;
  let previous: 'blank' | 'heading' | 'table' | 'code' | 'break' | 'html' | 'list' | 'text' = 'blank';
  const listFields = new Map<number, { fields: boolean; pricing: boolean }>();
  const next = (isPlain: boolean) => {
    block++;
    plain.push(isPlain);
    priced.push(false);
    names.push(false);
    runFields.push(0);
    shortValue.push(false);
  };
  for (const [at, raw] of raws.entries()) {
    const l = lines[raw.index];
    const text = l.text;
    const indent = text.length - text.trimStart().length;
    let lineRun = false;
    if (l.code) {
      // Fenced code in a list item is the item's; any other is a block of its own.
      if (previous !== 'code' && !(inList && indent >= 2)) {
        next(false);
        inList = false;
      }
      previous = 'code';
    } else if (raw.kind === 'blank') {
      inRun = false;
      previous = 'blank';
    } else if (raw.kind === 'heading') {
      next(false);
      inList = false;
      inRun = false;
      previous = 'heading';
    } else if (raw.kind === 'table') {
      if (previous !== 'table') {
        next(false);
        inList = false;
      }
      inRun = false;
      previous = 'table';
    } else if (previous !== 'text' && THEMATIC_BREAK.test(text)) {
      next(false);
      inList = false;
      inRun = false;
      previous = 'break';
    } else if (indent <= 3 && LIST_ITEM.test(text)) {
      if (!inList) next(false);
      inList = true;
      inRun = false;
      previous = 'list';
    } else if (inList && !(previous === 'blank' && indent < 2)) {
      // An indented line, or a lazy one right under an item: the item's.
      previous = previous === 'blank' ? 'list' : previous;
    } else if (previous === 'text' || previous === 'html') {
      // The paragraph (or HTML block) goes on: its run of fields goes on while its lines are fields (or bold names), or
      // the value of the field above (valueLines). A line that is only a backslash is a hard break between fields
      // (Pandoc's output), no text.
      if (text.trim() !== '\\') inRun = inRun && (raw.kind === 'field' || raw.kind === 'bold' || valueLines.has(at));
      lineRun = inRun && raw.kind !== 'other';
    } else {
      inList = false;
      const html = /^[ \t]*</.test(text);
      next(!html && raw.kind === 'other');
      inRun = !html && (raw.kind === 'field' || raw.kind === 'bold');
      lineRun = inRun;
      previous = html ? 'html' : 'text';
    }
    blockOf.push(block);
    top.push(!inList);
    run.push(lineRun);
    if (inList) {
      // A list whose items are each one field line ("- **Prerequisites**: warrior muse", "- **Activity** Single
      // Action") is a paragraph of fields to the parser (readFieldList), when a cost or prerequisite is among them.
      const item = indent <= 3 && LIST_ITEM.test(text);
      const fieldItem = item && ((raw.kind === 'field' && raw.field!.inList) || BOLD_LABEL_ITEM.test(text));
      if (!listFields.has(block)) listFields.set(block, { fields: true, pricing: false });
      const state = listFields.get(block)!;
      if (!fieldItem && raw.kind !== 'blank') state.fields = false;
      else if (raw.field && mayPriceOrRequire(raw.field.label, raw.field.value, words)) state.pricing = true;
    }
    const f = lineRun ? raw.field : undefined;
    if (f) {
      if (isCostLike(f.value)) priced[block] = true;
      if (mayPriceOrRequire(f.label, f.value, words)) names[block] = true;
      if (f.value.length <= 40) shortValue[block] = true;
      if (++runFields[block] >= 2 && shortValue[block]) names[block] = true;
    }
  }
  // The lines of a list of fields read as a paragraph of them: at the top, in a run of fields.
  for (let at = 0; at < blockOf.length; at++) {
    const state = listFields.get(blockOf[at]);
    if (!state?.fields || !state.pricing) continue;
    top[at] = true;
    run[at] = raws[at].kind === 'field';
    const f = raws[at].field;
    if (f && run[at]) {
      if (isCostLike(f.value)) priced[blockOf[at]] = true;
      if (mayPriceOrRequire(f.label, f.value, words)) names[blockOf[at]] = true;
    }
  }
  return { blockOf, top, run, plain, priced, names };
}

/**
 * The values cost and prerequisite fields take from the lines under them, by the field's raw index, and those lines
 * (raw indices), as the parser reads them (continuesValue, shared/parse/extract.ts): "**Prerequisite:**" then
 * "Proficiency with medium armor", or a value a hard wrap cut. The book's labels are not known yet: a label that
 * names a price or a requirement is taken for a cost or prerequisite label here.
 */
function valueLines(lines: readonly BodyLine[], raws: readonly Raw[], words: LabelWords): { of: Map<number, string>; lines: Set<number> } {
  const of = new Map<number, string>();
  const taken = new Set<number>();
  raws.forEach((raw, at) => {
    const f = raw.field;
    if (!f || f.closed || lines[raw.index].code || !mayPriceOrRequire(f.label, '', words)) return;
    let value = f.value;
    let line = lines[raw.index].text;
    // Only a line of the same paragraph: text right under it, no list item, no block of its own.
    for (let next = at + 1; next < raws.length && raws[next].kind === 'other' && raws[next].index === raws[next - 1].index + 1; next++) {
      const l = lines[raws[next].index];
      if (l.code || LIST_ITEM.test(l.text) || THEMATIC_BREAK.test(l.text) || !continuesValue(value, line, l.text)) break;
      value = value ? `${value} ${l.text.trim()}` : l.text.trim();
      line = l.text;
      taken.add(next);
    }
    if (value !== f.value) of.set(at, value);
  });
  return { of, lines: taken };
}

/** Whether the line at raw `at` is an item of the list that a value-less field line heads. */
function isListOf(head: { block: number; top: boolean }, places: FieldPlaces, at: number): boolean {
  if (places.top[at]) return false;
  // A field paragraph's list is the block right after it; a field in a list item heads the rest of its list.
  return places.blockOf[at] === (head.top ? head.block + 1 : head.block);
}
