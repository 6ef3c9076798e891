/**
 * Reads one parsed chunk into a flat list of records (headings, rules, skills, fields, references…)
 * with offsets relative to the chunk. Records depend on nothing outside the chunk, so a chunk's records
 * are cached with its text; the assembler gives them their context (sections, categories, numbering).
 */
import type { List, ListItem, Nodes, Paragraph, Root, RootContent, Table } from 'mdast';
import { plainText } from './keys.js';
import { matchHeadingNumber, matchRuleNumber, type NumberMatch } from './numbers.js';
import { findReferences, type ReferenceSpan } from './references.js';

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A `Name: value` line; offsets relative to the chunk. */
export interface FieldRecord extends Span {
  readonly name: string;
  readonly value: string;
  readonly valueStart: number;
  readonly valueEnd: number;
}

export interface HeadingRecord extends Span {
  readonly t: 'heading';
  readonly depth: number;
  /** The heading's text as written (raw Markdown), and where it starts. */
  readonly raw: string;
  readonly rawStart: number;
  readonly number: NumberMatch | null;
}

export interface RuleRecord extends Span {
  readonly t: 'rule';
  readonly number: NumberMatch;
  /** Offsets of the number are relative to `rawStart`. */
  readonly rawStart: number;
  readonly text: string;
}

/** An ordered-list item or a lettered line inside one: numbered locally to the enclosing heading. */
export interface LocalRuleRecord extends Span {
  readonly t: 'local-rule';
  /** "2" for an item, "2.a" for its lettered line. */
  readonly key: string;
  readonly segments: readonly string[];
  readonly numberText: string;
  readonly numberStart: number;
  readonly numberEnd: number;
  readonly text: string;
}

export interface SkillRecord extends Span {
  readonly t: 'skill';
  readonly form: 'list' | 'table';
  readonly name: string;
  readonly nameStart: number;
  readonly nameEnd: number;
  /** The cost as written (inside the parentheses or the table cell), null when there is none. */
  readonly costText: string | null;
  readonly costStart: number;
  readonly costEnd: number;
  readonly fields: readonly FieldRecord[];
  /** Prerequisite texts: lines, table cell, [[links]]. */
  readonly prerequisites: readonly PrerequisiteRecord[];
  readonly text: string;
}

export interface PrerequisiteRecord extends Span {
  readonly origin: 'line' | 'table' | 'link';
  readonly raw: string;
}

/** A paragraph made only of `Field: value` lines. */
export interface FieldsRecord extends Span {
  readonly t: 'fields';
  readonly fields: readonly FieldRecord[];
  readonly top: boolean;
}

export interface ParagraphRecord extends Span {
  readonly t: 'paragraph';
  readonly text: string;
  readonly top: boolean;
}

export interface ReferenceRecord extends Span {
  readonly t: 'reference';
  readonly ref: ReferenceSpan;
}

export interface CostMentionRecord extends Span {
  readonly t: 'cost-mention';
  readonly name: string;
  readonly costText: string;
}

export interface LintControlRecord extends Span {
  readonly t: 'lint-control';
  readonly kind: 'disable' | 'enable' | 'ignore';
  readonly ruleIds: readonly string[];
}

/** A top-level block: for lint-ignore targets and for knowing whether a section has content. */
export interface BlockRecord extends Span {
  readonly t: 'block';
  readonly type: string;
}

export type ChunkRecord =
  | HeadingRecord
  | RuleRecord
  | LocalRuleRecord
  | SkillRecord
  | FieldsRecord
  | ParagraphRecord
  | ReferenceRecord
  | CostMentionRecord
  | LintControlRecord
  | BlockRecord;

const FIELD_LINE = /^([A-Z][A-Za-z][A-Za-z /'-]{0,30}?)[ \t]*:[ \t]*(.*?)[ \t\r]*$/;
const PREREQUISITE_LABEL = /^(?:prerequisites?|requires|requirements?)$/i;
const LIST_SKILL = /^(\s*)\*\*([^*\n]+?)\*\*[ \t]*\(([^()\n]*)\)/;
const BOLD_WITH_COST = /\*\*([^*\n]{1,80}?)\*\*[ \t]*\(([^()\n]{1,40})\)/g;
const LINT_CONTROL = /^<!--\s*lint\s+(disable|enable|ignore)\b([^>]*?)\s*-->\s*$/;
const LETTERED_LINE = /^([ \t]*)([a-z])[.)][ \t]+/;
const WIKI_LINK = /\[\[([^\]\n]{1,200})\]\]/g;

function offsets(node: Nodes): Span {
  return { start: node.position!.start.offset!, end: node.position!.end.offset! };
}

/** Extracts the records of one chunk. `text` is the chunk's text, `root` its parse. */
export function extractRecords(text: string, root: Root): ChunkRecord[] {
  const out: ChunkRecord[] = [];
  for (const node of root.children) {
    if (!node.position) continue;
    out.push({ t: 'block', type: node.type, ...offsets(node) });
    readBlock(text, node, out, true);
  }
  return out;
}

function readBlock(text: string, node: RootContent, out: ChunkRecord[], top: boolean): void {
  switch (node.type) {
    case 'heading':
      readHeading(text, node.depth, offsets(node), out);
      return;
    case 'paragraph':
      readParagraph(text, node, out, top);
      return;
    case 'list':
      readList(text, node, out);
      return;
    case 'table':
      readTable(text, node, out);
      return;
    case 'html':
      readHtml(text, offsets(node), out);
      return;
    case 'blockquote':
      // Blocks inside a quote are content of the heading they follow, even a heading inside the same quote.
      for (const child of node.children) {
        if (child.position) out.push({ t: 'block', type: child.type, ...offsets(child) });
        readBlock(text, child, out, false);
      }
      return;
    default:
      return;
  }
}

function readHeading(text: string, depth: number, span: Span, out: ChunkRecord[]): void {
  const source = text.slice(span.start, span.end);
  let rawStart = span.start;
  let raw: string;
  const atx = /^ {0,3}#{1,6}[ \t]*/.exec(source);
  if (atx) {
    rawStart += atx[0].length;
    raw = source.slice(atx[0].length).replace(/[ \t]+#+[ \t]*$/, '').replace(/[ \t]+$/, '');
  } else {
    // Setext: the text lines above the underline.
    raw = source.replace(/\n[ \t]*[=-]+[ \t]*$/, '').trim();
    rawStart += source.indexOf(raw.charAt(0));
  }
  const number = matchHeadingNumber(raw);
  out.push({ t: 'heading', depth, raw, rawStart, number, ...span });
  // The heading's own number is no reference; its title may hold one.
  scanInline(text, rawStart + (number?.restStart ?? 0), rawStart + raw.length, out, false);
}

/** Field lines of a span of text, or null when some non-blank line is not a field. */
function readFieldLines(text: string, start: number, end: number): FieldRecord[] | null {
  const fields: FieldRecord[] = [];
  let lineStart = start;
  while (lineStart < end) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim()) {
      const indent = line.length - line.trimStart().length;
      const field = FIELD_LINE.exec(line.slice(indent));
      if (!field) return null;
      fields.push(fieldRecord(line.slice(indent), lineStart + indent, field));
    }
    lineStart = lineEnd + 1;
  }
  return fields;
}

function fieldRecord(line: string, lineStart: number, field: RegExpExecArray): FieldRecord {
  const [, name, value] = field;
  const valueOffset = value ? line.indexOf(value, name.length + 1) : line.indexOf(':') + 1;
  const valueStart = lineStart + valueOffset;
  return { name, value, start: lineStart, end: lineStart + line.trimEnd().length, valueStart, valueEnd: valueStart + value.length };
}

function readParagraph(text: string, node: Paragraph, out: ChunkRecord[], top: boolean): void {
  const { start, end } = offsets(node);
  const source = text.slice(start, end);
  const rule = matchRuleNumber(source);
  if (rule) {
    out.push({ t: 'rule', number: rule, rawStart: start, text: plainText(source.slice(rule.restStart)), start, end });
    scanInline(text, start + rule.restStart, end, out, true);
    return;
  }
  const fields = readFieldLines(text, start, end);
  if (fields && fields.length > 0) {
    out.push({ t: 'fields', fields, top, start, end });
    for (const field of fields) {
      if (!PREREQUISITE_LABEL.test(field.name)) scanInline(text, field.valueStart, field.valueEnd, out, true);
    }
    return;
  }
  out.push({ t: 'paragraph', text: plainText(source), top, start, end });
  scanInline(text, start, end, out, true);
}

function readHtml(text: string, span: Span, out: ChunkRecord[]): void {
  const source = text.slice(span.start, span.end).trim();
  const control = LINT_CONTROL.exec(source);
  if (!control) return;
  const ruleIds = control[2].split(/[\s,]+/).filter(Boolean);
  out.push({ t: 'lint-control', kind: control[1] as LintControlRecord['kind'], ruleIds, ...span });
}

function readList(text: string, list: List, out: ChunkRecord[]): void {
  for (const item of list.children) {
    if (!item.position) continue;
    const first = item.children[0];
    const found = first?.type === 'paragraph' ? readListSkill(text, item, first) : null;
    if (found) {
      out.push(found.skill);
      // References and other skills' cost mentions in the description; [[links]] there are prerequisites.
      for (const [start, end] of found.body) scanInline(text, start, end, out, false);
      continue;
    }
    if (list.ordered) readLocalRule(text, item, out);
    for (const child of item.children) {
      if (child.type === 'paragraph') readParagraph(text, child, out, false);
      else readBlock(text, child, out, false);
    }
  }
}

/** "- **Energy Ball** (4 SP) The caster…" with continuation lines "Prerequisite: …" and other fields. */
function readListSkill(text: string, item: ListItem, first: Paragraph): { skill: SkillRecord; body: Array<[number, number]> } | null {
  const { start, end } = offsets(first);
  const source = text.slice(start, end);
  const m = LIST_SKILL.exec(source);
  if (!m) return null;
  const [whole, lead, name, cost] = m;
  const nameStart = start + lead.length + 2;
  const costStart = start + whole.length - 1 - cost.length;
  const fields: FieldRecord[] = [];
  const prerequisites: PrerequisiteRecord[] = [];
  const text_: string[] = [];
  // The first line's text after the cost, then every further line: field lines are fields, the rest is text.
  const body: Array<[number, number]> = [[start + whole.length, end]];
  for (const child of item.children.slice(1)) collectSpans(child, body);
  for (const [bodyStart, bodyEnd] of body) readSkillBody(text, bodyStart, bodyEnd, fields, prerequisites, text_);
  const itemSpan = offsets(item);
  prerequisites.sort((a, b) => a.start - b.start);
  const skill: SkillRecord = {
    t: 'skill',
    form: 'list',
    name: name.trim(),
    nameStart,
    nameEnd: nameStart + name.trimEnd().length,
    costText: cost.trim() || null,
    costStart: costStart + (cost.length - cost.trimStart().length),
    costEnd: costStart + cost.trimEnd().length,
    fields,
    prerequisites,
    text: text_.join(' ').trim(),
    start: itemSpan.start,
    end: itemSpan.end,
  };
  return { skill, body };
}

/** The paragraphs (and table/list text) nested inside a skill's list item. */
function collectSpans(node: Nodes, spans: Array<[number, number]>): void {
  if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'code' || node.type === 'table') {
    spans.push([node.position!.start.offset!, node.position!.end.offset!]);
    return;
  }
  if ('children' in node) for (const child of node.children) collectSpans(child, spans);
}

function readSkillBody(
  text: string,
  start: number,
  end: number,
  fields: FieldRecord[],
  prerequisites: PrerequisiteRecord[],
  description: string[],
): void {
  let lineStart = start;
  while (lineStart < end) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    const line = text.slice(lineStart, lineEnd);
    const indent = line.length - line.trimStart().length;
    // A nested bullet ("- Prerequisite: X") counts as its text.
    const bullet = /^(?:[-*+•]|\d+[.)])[ \t]+/.exec(line.slice(indent));
    const contentStart = indent + (bullet ? bullet[0].length : 0);
    const content = line.slice(contentStart);
    const field = lineStart === start ? null : FIELD_LINE.exec(content);
    if (field) {
      const record = fieldRecord(content, lineStart + contentStart, field);
      if (PREREQUISITE_LABEL.test(record.name)) {
        prerequisites.push({ origin: 'line', raw: record.value, start: record.valueStart, end: record.valueEnd });
      } else fields.push(record);
    } else if (content.trim()) {
      description.push(plainText(content));
      for (const link of linksIn(text, lineStart + contentStart, lineEnd)) prerequisites.push(link);
    }
    lineStart = lineEnd + 1;
  }
}

/** [[Name]] links in a span that are not rule numbers. */
function linksIn(text: string, start: number, end: number): PrerequisiteRecord[] {
  const slice = text.slice(start, end);
  if (!slice.includes('[[')) return [];
  const found: PrerequisiteRecord[] = [];
  WIKI_LINK.lastIndex = 0;
  for (let m = WIKI_LINK.exec(slice); m; m = WIKI_LINK.exec(slice)) {
    if (/^\s*\d+(?:\.\d+)*[a-z]?\.?\s*$/i.test(m[1])) continue;
    const inner = m[1].trim();
    const innerStart = start + m.index + 2 + (m[1].length - m[1].trimStart().length);
    found.push({ origin: 'link', raw: inner, start: innerStart, end: innerStart + inner.length });
  }
  return found;
}

function readLocalRule(text: string, item: ListItem, out: ChunkRecord[]): void {
  const { start, end } = offsets(item);
  const marker = /^[ \t]*(\d{1,9})([.)])/.exec(text.slice(start, end));
  if (!marker) return;
  const number = marker[1].replace(/^0+(?=\d)/, '');
  const numberStart = start + marker[0].length - marker[1].length - 1;
  const first = item.children[0];
  const firstText = first ? text.slice(first.position!.start.offset!, first.position!.end.offset!) : '';
  const lettered = firstLetteredLine(firstText);
  const ownText = lettered === -1 ? firstText : firstText.slice(0, lettered);
  out.push({
    t: 'local-rule',
    key: number,
    segments: [number],
    numberText: marker[1] + marker[2],
    numberStart,
    numberEnd: numberStart + marker[1].length + 1,
    text: plainText(ownText),
    start,
    end,
  });
  // Lettered lines ("a. The spell…") inside the item's paragraphs are its sub-rules.
  for (const child of item.children) {
    if (child.type !== 'paragraph') continue;
    const pStart = child.position!.start.offset!;
    const pEnd = child.position!.end.offset!;
    let lineStart = pStart;
    while (lineStart < pEnd) {
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd === -1 || lineEnd > pEnd) lineEnd = pEnd;
      const m = LETTERED_LINE.exec(text.slice(lineStart, lineEnd));
      if (m) {
        const letterStart = lineStart + m[1].length;
        out.push({
          t: 'local-rule',
          key: `${number}.${m[2]}`,
          segments: [number, m[2]],
          numberText: `${m[2]}.`,
          numberStart: letterStart,
          numberEnd: letterStart + 2,
          text: plainText(text.slice(lineStart + m[0].length, lineEnd)),
          start: lineStart + m[1].length,
          end: lineEnd,
        });
      }
      lineStart = lineEnd + 1;
    }
  }
}

function firstLetteredLine(paragraph: string): number {
  const m = /\n[ \t]*[a-z][.)][ \t]+/.exec(paragraph);
  return m ? m.index : -1;
}

interface SkillColumns {
  readonly name: number;
  readonly cost: number;
  readonly prerequisites: number;
  readonly notes: number;
}

function skillColumns(headers: readonly string[]): SkillColumns | null {
  const find = (test: RegExp) => headers.findIndex((h) => test.test(h));
  // Only the documented headers: "Ability" or "Item" columns beside a price column are equipment, not skills.
  const name = find(/^(?:skill|skills|name|skill name)$/i);
  const cost = find(/cost/i);
  if (name === -1 || cost === -1 || name === cost) return null;
  return {
    name,
    cost,
    prerequisites: find(/^(?:prerequisites?|requires|requirements?|prereqs?)$/i),
    notes: find(/^(?:notes?|description|effect|details)$/i),
  };
}

function cellSpan(text: string, cell: Table['children'][number]['children'][number]): Span & { value: string } {
  const kids = cell.children;
  if (kids.length === 0) {
    const at = cell.position!.start.offset!;
    return { start: at, end: at, value: '' };
  }
  const start = kids[0].position!.start.offset!;
  const end = kids[kids.length - 1].position!.end.offset!;
  return { start, end, value: text.slice(start, end) };
}

function readTable(text: string, table: Table, out: ChunkRecord[]): void {
  const [head, ...rows] = table.children;
  if (!head) return;
  const headers = head.children.map((cell) => plainText(cellSpan(text, cell).value));
  const columns = skillColumns(headers);
  for (const row of rows) {
    const cells = row.children.map((cell) => cellSpan(text, cell));
    const nameCell = columns ? cells[columns.name] : undefined;
    if (columns && nameCell && plainText(nameCell.value)) {
      const name = plainText(nameCell.value);
      const nameOffset = nameCell.value.indexOf(name.charAt(0));
      const cost = cells[columns.cost];
      const prerequisite = columns.prerequisites >= 0 ? cells[columns.prerequisites] : undefined;
      const notes = columns.notes >= 0 ? cells[columns.notes] : undefined;
      const span = offsets(row);
      out.push({
        t: 'skill',
        form: 'table',
        name,
        nameStart: nameCell.start + Math.max(0, nameOffset),
        nameEnd: nameCell.start + Math.max(0, nameOffset) + name.length,
        costText: cost && cost.value.trim() ? cost.value.trim() : null,
        costStart: cost ? cost.start : span.start,
        costEnd: cost ? cost.end : span.start,
        fields: [],
        prerequisites: prerequisite ? [{ origin: 'table', raw: prerequisite.value, start: prerequisite.start, end: prerequisite.end }] : [],
        text: notes ? plainText(notes.value) : '',
        ...span,
      });
      if (notes) scanInline(text, notes.start, notes.end, out, true);
    } else {
      for (const cell of cells) scanInline(text, cell.start, cell.end, out, true);
    }
  }
}

/** References and cost mentions inside a span of running text. */
function scanInline(text: string, start: number, end: number, out: ChunkRecord[], skillLinks: boolean): void {
  const slice = text.slice(start, end);
  for (const ref of findReferences(slice, skillLinks)) {
    out.push({
      t: 'reference',
      ref: { ...ref, start: ref.start + start, end: ref.end + start, targetStart: ref.targetStart + start, targetEnd_: ref.targetEnd_ + start },
      start: ref.start + start,
      end: ref.end + start,
    });
  }
  if (!slice.includes('**')) return;
  BOLD_WITH_COST.lastIndex = 0;
  for (let m = BOLD_WITH_COST.exec(slice); m; m = BOLD_WITH_COST.exec(slice)) {
    out.push({ t: 'cost-mention', name: m[1].trim(), costText: m[2].trim(), start: start + m.index, end: start + m.index + m[0].length });
  }
}
