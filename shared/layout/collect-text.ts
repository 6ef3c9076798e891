/**
 * One walk over a book's lines for inference: where entries open (headings, bold names, bold-lead paragraphs,
 * list skills, table rows), which `Label: value` lines stand under them, and its tables. Counts, not a parse.
 */
import type { RulebookSource } from '../model/types.js';
import { bodyLines, headingOf, isTableDelimiter, plainName, tableCells } from './text-lines.js';

export type EntryKind = 'heading' | 'bold' | 'lead' | 'list' | 'table';

/** A place a skill could be named. */
export interface Entry {
  readonly kind: EntryKind;
  readonly name: string;
  /** Heading level for a heading, 0 otherwise. */
  readonly depth: number;
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
}

export interface TextStats {
  readonly entries: readonly Entry[];
  readonly fields: readonly FieldLine[];
  readonly leads: readonly BoldLead[];
  readonly tables: readonly TextTable[];
  /** How many times each field label (lower case) is written, bold leads included. */
  readonly labelCounts: ReadonlyMap<string, number>;
}

/**
 * `Label: v`, `**Label**: v`, `**Label:** v`, `*Label:* v`, each optionally as a list item. A plain label starts with
 * a capital and has a few words, so that ordinary sentences with a colon rarely pass for one.
 */
const FIELD =
  /^[ \t]*(?:[-*+][ \t]+)?(?:(\*\*|__)([^*_\n]{1,80}?)(?::\1|\1[ \t]*:)|([*_])([^*_\n]{1,60}?)(?::\3|\3[ \t]*:)|([A-Z][\w'’&/() -]{0,40}?)[ \t]*:)(?:[ \t]+(.*?))?[ \t]*$/;
/** A whole field line in emphasis: `*Prerequisite: Strength 13 or higher*`. */
const WRAPPED_FIELD = /^[ \t]*(?:[-*+][ \t]+)?(\*\*|__|\*|_)([A-Z][^*_:\n]{0,40}?):[ \t]+([^*_\n]*?)\1[ \t]*$/;
const BOLD_NAME_LINE = /^[ \t]*(?:[-*+][ \t]+)?(\*\*|__)([^*_\n]{1,80}?)\1[ \t]*$/;
const LIST_SKILL = /^[ \t]*[-*+][ \t]+\*\*([^*\n]{1,80}?)\*\*[ \t]*\(([^()]*\d[^()]*)\)/;
const LIST_ITEM = /^[ \t]*(?:[-*+]|\d{1,3}[.)])[ \t]+/;
/** A number at the start of the parentheses: a cost ("1 Might point", "4+ Intellect points", "2 SP"). */
const PAREN_COST = /^(.*?)\s*\((\d[^()]*)\)\s*$/;

export function labelKey(label: string): string {
  return label.toLowerCase().replace(/\s+/g, ' ').trim();
}

interface Raw {
  readonly kind: 'blank' | 'heading' | 'bold' | 'list' | 'field' | 'table' | 'other';
  readonly index: number;
  readonly heading?: { depth: number; title: string };
  readonly name?: string;
  readonly field?: { label: string; value: string; form: FieldForm; inList: boolean };
}

function classify(text: string, index: number): Raw {
  if (text.trim() === '') return { kind: 'blank', index };
  const heading = headingOf(text);
  if (heading) return { kind: 'heading', index, heading };
  const bold = BOLD_NAME_LINE.exec(text);
  if (bold && !bold[2].trim().endsWith(':')) return { kind: 'bold', index, name: bold[2] };
  const list = LIST_SKILL.exec(text);
  if (list) return { kind: 'list', index, name: list[1] };
  const wrapped = WRAPPED_FIELD.exec(text);
  if (wrapped && wrapped[2].trim().split(/\s+/).length <= 4) {
    return { kind: 'field', index, field: { label: wrapped[2].trim(), value: wrapped[3].trim(), form: wrapped[1].length === 2 ? 'bold' : 'italic', inList: /^[ \t]*[-*+][ \t]/.test(text) } };
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

export function collectText(source: RulebookSource, skip: ReadonlySet<string> = new Set()): TextStats {
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
        tables.push({ file: file.path, line: l.line, header, rows });
        i = j - 1;
        continue;
      }
      const raw = classify(l.text, i);
      if (raw.field) labelCounts.set(labelKey(raw.field.label), (labelCounts.get(labelKey(raw.field.label)) ?? 0) + 1);
      raws.push(raw);
    }
    perFile.push({ path: file.path, lines, raws });
  }

  // Second pass: entries and the fields under them.
  for (const { path, lines, raws } of perFile) {
    let entry = -1;
    let position = 0;
    let previous: Raw['kind'] = 'blank';
    // A field with no value ("**Prerequisites:**", "- **Tier 1:**") takes the list items below it as its values.
    let listHead: { label: string; key: string } | null = null;
    const open = (e: Entry) => {
      entries.push(e);
      entry = entries.length - 1;
      position = 0;
      listHead = null;
    };
    for (const raw of raws) {
      const l = lines[raw.index];
      switch (raw.kind) {
        case 'heading':
          open({ kind: 'heading', name: plainName(raw.heading!.title), depth: raw.heading!.depth, file: path, line: l.line });
          break;
        case 'bold':
          open({ kind: 'bold', name: plainName(raw.name!), depth: 0, file: path, line: l.line });
          break;
        case 'list':
          open({ kind: 'list', name: plainName(raw.name!), depth: 0, file: path, line: l.line });
          break;
        case 'field': {
          const f = raw.field!;
          const key = labelKey(f.label);
          const startsParagraph = previous === 'blank' || previous === 'heading';
          if (f.form === 'bold' && !f.inList && startsParagraph && f.value !== '' && (labelCounts.get(key) ?? 0) <= 2) {
            const paren = PAREN_COST.exec(f.label);
            open({ kind: 'lead', name: plainName(paren ? paren[1] : f.label), depth: 0, file: path, line: l.line });
            leads.push({ name: plainName(paren ? paren[1] : f.label), cost: paren ? paren[2].trim() : null, entry, file: path, line: l.line, text: l.text });
            break;
          }
          fields.push({ label: f.label, key, value: f.value, form: f.form, entry, position: position++, file: path, line: l.line, text: l.text });
          if (f.value === '') listHead = { label: f.label, key };
          else if (!f.inList) listHead = null;
          break;
        }
        default: {
          const item = LIST_ITEM.exec(l.text);
          if (listHead && item) fields.push({ ...listHead, value: l.text.slice(item[0].length).trim(), form: 'plain', entry, position: position++, file: path, line: l.line, text: l.text });
          else if (raw.kind !== 'blank') listHead = null;
          break;
        }
      }
      previous = raw.kind;
    }
  }
  for (const table of tables) {
    const nameColumn = table.header.findIndex((h) => SKILL_COLUMN.test(plainName(h)));
    if (nameColumn === -1) continue;
    for (const row of table.rows) {
      const name = plainName(row[nameColumn] ?? '');
      if (name) entries.push({ kind: 'table', name, depth: 0, file: table.file, line: table.line });
    }
  }
  return { entries, fields, leads, tables, labelCounts };
}

/** A table header that names the entries of its rows. */
export const SKILL_COLUMN = /^(?:skill|skill name|name|ability|feat|power|spell|talent|advantage|merit|trait)s?$/i;
