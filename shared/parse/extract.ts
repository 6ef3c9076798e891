/**
 * Reads one parsed chunk into a flat list of records (headings, rules, skills, fields, references…)
 * with offsets relative to the chunk. Records depend on nothing outside the chunk, so a chunk's records
 * are cached with its text; the assembler gives them their context (sections, categories, numbering).
 */
import type { Heading, List, ListItem, Nodes, Paragraph, Root, RootContent, Table, TableCell } from 'mdast';
import { slug } from 'github-slugger';
import { USE_COST_LABEL } from '../layout/field-words.js';
import { toString } from 'mdast-util-to-string';
import { plainText } from './keys.js';
import { compareNumbers, matchHeadingNumber, matchRuleNumber, type NumberMatch } from './numbers.js';
import { DEFAULT_RECOGNISERS, type FieldKind, type Recognisers } from './recognisers.js';
import { findReferences, type ReferenceSpan } from './references.js';
import { SHORTCODE_LINK } from './shortcodes.js';
import { literalBoldIn } from './literal-bold.js';
import { gluedEmphasisIn } from './glued-emphasis.js';
import { latexCommandsIn } from './latex-command.js';
import { boldLabelPrice } from './heading-price.js';
import { introducedAt } from './chunks.js';
import { priceInParentheses } from './costs.js';
import { embedsPicture, readWikiLink, shownWords, WIKI_LINK, wikiHref, wikiLinkKind, type WikiLinkNames } from './wiki-links.js';

export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A `Name: value` line; offsets relative to the chunk. */
export interface FieldRecord extends Span {
  readonly name: string;
  readonly kind: FieldKind;
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
  /** The anchor GitHub gives the heading (before duplicates are told apart). */
  readonly slug: string;
}

export interface RuleRecord extends Span {
  readonly t: 'rule';
  readonly number: NumberMatch;
  /** Offsets of the number are relative to `rawStart`. */
  readonly rawStart: number;
  readonly text: string;
}

/**
 * An ordered-list item or a lettered line inside one: numbered locally to the enclosing heading. A list nested in a
 * numbered item counts under it ("2.1" for the first item under "2."); one nested in any other item counts on its
 * own (`within`): its "1." is no second 1 of the list around it.
 */
export interface LocalRuleRecord extends Span {
  readonly t: 'local-rule';
  /** "2" for an item, "2.a" for its lettered line, "2.1" for the first item of a list nested in item 2. */
  readonly key: string;
  /** The start of the unnumbered item whose nested list holds this one; absent where the heading's count applies. */
  readonly within?: number;
  /** The first item of a list numbered from 0 or 1, not nested: after another list it starts a count of its own. */
  readonly restartsCount?: true;
  readonly segments: readonly string[];
  readonly numberText: string;
  readonly numberStart: number;
  readonly numberEnd: number;
  readonly text: string;
}

export interface SkillRecord extends Span {
  readonly t: 'skill';
  readonly form: 'list' | 'table' | 'paragraph';
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
  /** Per-class costs from a table's cost columns (header and cell), empty otherwise. */
  readonly classCosts: readonly { readonly name: string; readonly value: string }[];
  /** A table row's category column ("| Appraise | Mental |" under `Category`): the skill's category, not the heading's. */
  readonly categoryText?: string;
  /**
   * A row of a table with no cost column: a skill only where the heading right over the table states a price
   * (`### Tier 1 — 5 CP each`) or the layout lists the section's tables as unpriced skills (`skills.tables`), which the
   * assembler knows and the chunk does not.
   */
  readonly withoutCostColumn?: true;
}

/** A price a bold label states for each entry of the list under it; offsets relative to the chunk. */
interface PriceLabel {
  readonly costText: string;
  readonly costStart: number;
  readonly costEnd: number;
  readonly condition: FieldRecord | null;
}

export interface PrerequisiteRecord extends Span {
  readonly origin: 'line' | 'table' | 'link';
  readonly raw: string;
  /** The tiers its label names ("- **Tier 2:** Agility 7"), when it holds for those only. */
  readonly tiers?: readonly string[];
}

/** A paragraph made only of `Field: value` lines. */
export interface FieldsRecord extends Span {
  readonly t: 'fields';
  readonly fields: readonly FieldRecord[];
  readonly top: boolean;
  /** Description text glued to the field lines with no blank line between. */
  readonly rest: string;
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

/**
 * An ordinary Markdown link, or a picture (`![alt](src)`, `image`); `href` has site-generator shortcodes taken off.
 * A wiki link (`[[Page#Heading|words]]`, `wiki`: what it names, as wikiLinkKind read it) has its target and heading
 * as `href`, its shown words as `text`.
 */
export interface LinkRecord extends Span {
  readonly t: 'link';
  readonly image?: true;
  readonly wiki?: WikiLinkNames;
  readonly text: string;
  readonly href: string;
  readonly hrefStart: number;
  readonly hrefEnd: number;
}

/** `<a name="x">`, `id="x"`, `{#x}`: a named place a link can land on. */
export interface AnchorRecord extends Span {
  readonly t: 'anchor';
  readonly name: string;
  readonly inHeading: boolean;
}

/** A `**` pair Markdown read as text (literal-bold.ts). */
export interface LiteralBoldRecord extends Span {
  readonly t: 'literal-bold';
  readonly written: string;
  readonly bold: string | null;
}

/** Bold or italics run into the word beside it (glued-emphasis.ts). */
export interface GluedEmphasisRecord extends Span {
  readonly t: 'glued-emphasis';
  readonly written: string;
  readonly before: string;
  readonly after: string;
}

/** A LaTeX layout command left in the text (latex-command.ts); `removeBefore` and `removeAfter` count characters. */
export interface LatexCommandRecord extends Span {
  readonly t: 'latex-command';
  readonly written: string;
  readonly removeBefore: number;
  readonly removeAfter: number;
}

/** A top-level block: for lint-ignore targets and for knowing whether a section has content. */
export interface BlockRecord extends Span {
  readonly t: 'block';
  readonly type: string;
  /** A table whose rows are skills by its header (`| Skill | Base | Role |`): what the entry above it has. */
  readonly listsSkills?: true;
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
  | LinkRecord
  | AnchorRecord
  | LiteralBoldRecord
  | GluedEmphasisRecord
  | LatexCommandRecord
  | BlockRecord;

const LIST_SKILL = /^(\s*)\*\*([^*\n]+?)\*\*[ \t]*\(([^()\n]*)\)/;
/** "- **Cartography** Draw maps…": a bold name with no cost, a skill only in a list of skills. */
const LIST_BOLD_NAME = /^(\s*)\*\*([^*\n]{1,80}?)(?<!:)\*\*(?![ \t]*:)/;
/** "(`core_rulebook_session_log.md`)": parentheses holding only code. */
const CODE_ONLY = /^\s*`[^`]*`\s*$/;
/** "**Bash (1 Might point):** This is…", "**Skill (cost)**: text": a bold name whose cost is inside the bold or just after it. */
const PARAGRAPH_SKILL = /^\*\*([^*\n]{1,80}?)[ \t]*\(([^()\n]{1,60})\)[ \t]*(?::[ \t]*)?\*\*[ \t]*:?|^\*\*([^*\n]{1,80}?)\*\*[ \t]*\(([^()\n]{1,60})\)[ \t]*:/;
/**
 * What a chunk holds when it can hold a link, an anchor or a link definition: most chunks of most books hold none.
 * Searched one by one with includes(), several times faster than one alternation over a long chunk.
 */
const LINK_MARKS = ['](', ']:', '<a', 'id=', '{#', '[['];
/** A line that is one bold name and nothing else. */
const BOLD_LINE = /^\*\*[^*\n]{1,80}\*\*[ \t]*$/;
/** A paragraph that is one bold name and no label (`**Control**`, not `**Effect:**`). */
const BOLD_NAME_ALONE = /^\*\*([^*\n:]{1,80})\*\*[ \t]*$/;
/** "- **Divine Strike:** Once per turn…": an entry of a list whose label prices each entry, named in bold. */
export const LABELLED_ENTRY = /^(\s*)\*\*([^*\n]{1,80}?)[ \t]*:?\*\*(?:[ \t]*:)?/;
/** "Glamour 3, Presence 3, Guile 2": three or more names each with a number, and nothing else. */
const TALLY = /^[ \t]*(?:[^,;.\n\d]{1,40}?[ \t]+\d{1,3}[ \t]*[,;][ \t]*){2,}[^,;.\n\d]{1,40}?[ \t]+\d{1,3}[ \t]*\.?[ \t]*$/;
/** "**Name:** text" or "**Name**: text": a bold name opening a paragraph (a skill in a book whose layout says so). */
const PARAGRAPH_BOLD_NAME = /^\*\*([^*\n]{1,80}?)(?::\*\*|\*\*[ \t]*:|\*\*(?=[ \t]*(?:\n|$)))/;
const BOLD_WITH_COST = /\*\*([^*\n]{1,80}?)\*\*[ \t]*\(([^()\n]{1,40})\)/g;
const LINT_CONTROL = /^<!--\s*lint\s+(disable|enable|ignore)\b([^>]*?)\s*-->\s*$/;
const LETTERED_LINE = /^([ \t]*)([a-z])[.)][ \t]+/;
const HTML_ANCHOR = /<a\b[^>]{0,200}?\b(?:name|id)[ \t]*=[ \t]*["']?([^"'\s>/]{1,200})/gi;
const ID_ATTRIBUTE = /<(?!a\b)[a-z][a-z0-9]*\b[^>]{0,200}?\bid[ \t]*=[ \t]*["']([^"'\n]{1,200})["']/gi;
const HEADING_ID = /[ \t]*\{#([A-Za-z0-9_:.-]{1,200})\}[ \t]*$/;
/** A heading that is a version and a date ("3.0.6 [2023-04-18]"): a change-history entry, not a numbered section. */
const VERSION_DATE = /^[ \t]*[[(]?\d{4}-\d{2}-\d{2}|^[ \t]*[-–—][ \t]*\d{4}-\d{2}-\d{2}/;

function offsets(node: Nodes): Span {
  return { start: node.position!.start.offset!, end: node.position!.end.offset! };
}

/** Extracts the records of one chunk. `text` is the chunk's text, `root` its parse. */
export function extractRecords(text: string, root: Root, recognisers: Recognisers = DEFAULT_RECOGNISERS): ChunkRecord[] {
  return new Extractor(text, recognisers).read(root);
}

class Extractor {
  private readonly out: ChunkRecord[] = [];
  /** Links and anchors are looked for only in chunks that can hold them: most rule text has none. */
  private readonly mayLink: boolean;
  /** Likewise bold written as `**`, which may have been read as text, and bold or italics at all. */
  private readonly mayHoldBold: boolean;
  private readonly mayHoldEmphasis: boolean;
  /** And LaTeX commands, which begin with a backslash. */
  private readonly mayHoldLatex: boolean;
  /** The item the list being read is nested in: its number's segments when it is a numbered one, else its start. */
  private listParent: { readonly segments: readonly string[] } | { readonly within: number } | null = null;
  /** The price label just read (`**Tier 1 Abilities (5 CP each):**`): the list right after it is priced by it. */
  private label: PriceLabel | null = null;
  /**
   * The index in `out` of the skill just read from a bold name and price alone in its paragraph (`**Suggested powers (8
   * pts):**`): over a list, that is a label for the list (what its picks add up to), and the record is taken back.
   */
  private bareLabelSkill: number | null = null;
  /**
   * The paragraph just read that is one bold name alone (`**Control**`, the Vitality System's conditions): a list of
   * cost and effect fields right under it (`- **Cost:** 2p`) is that entry's, not the heading's.
   */
  private boldNameOver: { readonly index: number; readonly start: number; readonly end: number; readonly name: string } | null = null;
  /**
   * The index in `out` of the paragraph skill just read whose last line introduces what follows ("Effect: Increase the
   * size of Area attacks:"): the list right under it is part of the entry.
   */
  private introducingSkill: number | null = null;

  constructor(
    private readonly text: string,
    private readonly rec: Recognisers,
  ) {
    this.mayLink = LINK_MARKS.some((mark) => text.includes(mark));
    this.mayHoldBold = text.includes('**');
    // Only `*` styles a part of a word: `_` inside a word is an underscore.
    this.mayHoldEmphasis = text.includes('*');
    this.mayHoldLatex = text.includes('\\');
  }

  read(root: Root): ChunkRecord[] {
    for (const node of root.children) {
      if (!node.position) continue;
      this.out.push({ t: 'block', type: node.type, ...offsets(node), ...(node.type === 'table' && this.listsSkills(node) ? { listsSkills: true } : {}) });
      this.readBlock(node, true);
      if (this.mayLink) this.readLinks(node, false);
      if (this.mayHoldBold) for (const span of literalBoldIn(node, this.text)) this.out.push({ t: 'literal-bold', ...span });
      if (this.mayHoldEmphasis) for (const span of gluedEmphasisIn(node, this.text)) this.out.push({ t: 'glued-emphasis', ...span });
      if (this.mayHoldLatex) for (const span of latexCommandsIn(node, this.text)) this.out.push({ t: 'latex-command', ...span });
    }
    return this.out;
  }

  /** Whether a table's header names its rows skills: `Skill`, `Skills`, or the book's language's word ("Навык"). */
  private listsSkills(table: Table): boolean {
    const header = table.children[0]?.children ?? [];
    return header.some((cell) => {
      const h = plainText(cellSpan(this.text, cell).value);
      return /^skills?$/i.test(h.trim()) || headerIn(h, this.rec.tableHeaders.skillColumns);
    });
  }

  private readBlock(node: RootContent, top: boolean): void {
    const label = this.label;
    this.label = null;
    if (node.type === 'list' && this.bareLabelSkill !== null) this.out.splice(this.bareLabelSkill, 1);
    this.bareLabelSkill = null;
    const boldName = this.boldNameOver;
    this.boldNameOver = null;
    const introducing = this.introducingSkill;
    this.introducingSkill = null;
    if (node.type === 'list' && introducing !== null) this.out[introducing] = { ...(this.out[introducing] as SkillRecord), end: offsets(node).end };
    switch (node.type) {
      case 'heading':
        this.readHeading(node, offsets(node));
        return;
      case 'paragraph':
        this.readParagraph(node, top);
        return;
      case 'list':
        if (!this.readFieldList(node, top, boldName)) this.readList(node, label);
        return;
      case 'table':
        this.readTable(node);
        return;
      case 'html':
        this.readHtml(offsets(node));
        return;
      case 'blockquote':
        // Blocks inside a quote are content of the heading they follow, even a heading inside the same quote.
        for (const child of node.children) {
          if (child.position) this.out.push({ t: 'block', type: child.type, ...offsets(child) });
          this.readBlock(child, false);
        }
        return;
      default:
        return;
    }
  }

  private readHeading(node: Extract<RootContent, { type: 'heading' }>, span: Span): void {
    const text = this.text;
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
    // "## Title {#custom-id}": the id is the heading's anchor, and no part of its title.
    const customId = HEADING_ID.exec(raw);
    if (customId) {
      raw = raw.slice(0, customId.index);
      this.out.push({ t: 'anchor', name: customId[1], inHeading: true, start: rawStart + customId.index, end: rawStart + customId.index + customId[0].length });
    }
    let number = matchHeadingNumber(raw);
    if (number && VERSION_DATE.test(raw.slice(number.restStart))) number = null;
    const headingText = raw.includes('<') ? toString(node, { includeHtml: false }) : plainText(raw);
    this.out.push({ t: 'heading', depth: node.depth, raw, rawStart, number, slug: slug(headingText), ...span });
    // The heading's own number is no reference; its title may hold one.
    this.scanInline(rawStart + (number?.restStart ?? 0), rawStart + raw.length, false);
  }

  /** The field lines a paragraph opens with, and where the text glued after them starts (-1 when every line is a field). */
  private readFieldLines(start: number, end: number): { fields: FieldRecord[]; restStart: number } {
    const text = this.text;
    const fields: FieldRecord[] = [];
    let lineStart = start;
    while (lineStart < end) {
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd === -1 || lineEnd > end) lineEnd = end;
      const line = text.slice(lineStart, lineEnd);
      // A line that is only a backslash is a hard line break between fields (Pandoc's output), not text.
      if (line.trim() && line.trim() !== '\\') {
        const indent = line.length - line.trimStart().length;
        const pieces = this.rec.fields(line.slice(indent));
        if (!pieces) return { fields, restStart: lineStart };
        const records = pieces.map((p) => fieldRecord(lineStart + indent + p.start, p.end - p.start, p.field));
        // Only the line's last field may go on under it.
        const read = this.readValueLines(records.pop()!, lineStart, lineEnd, end);
        fields.push(...records, read.field);
        lineEnd = read.lineEnd;
      }
      lineStart = lineEnd + 1;
    }
    return { fields, restStart: -1 };
  }

  /**
   * A cost or prerequisite field whose value goes on under its line, in the same paragraph: a label alone takes the
   * line under it ("**Prerequisite:**" then "Proficiency with medium armor", Free5e), and a value a hard wrap cut
   * takes the next line too (the d20 Modern SRD's "…, Personal Firearms Proficiency, Advanced" then "Firearms
   * Proficiency."). `lineStart` and `lineEnd` are the field's line; returns the field and the end of its last line.
   */
  private readValueLines(field: FieldRecord, lineStart: number, lineEnd: number, end: number): { field: FieldRecord; lineEnd: number } {
    if (field.kind === 'other') return { field, lineEnd };
    const text = this.text;
    for (;;) {
      const line = text.slice(lineStart, lineEnd);
      const nextStart = lineEnd + 1;
      // Emphasis that closes on the line ("*Prerequisite: X*") closes the value too.
      if (nextStart >= end || text.slice(field.valueEnd, lineEnd).trim()) return { field, lineEnd };
      let nextEnd = text.indexOf('\n', nextStart);
      if (nextEnd === -1 || nextEnd > end) nextEnd = end;
      const next = text.slice(nextStart, nextEnd);
      const content = next.trim();
      if (!continuesValue(field.value, line, next) || this.rec.field(content)) return { field, lineEnd };
      const from = field.value ? field.valueStart : nextStart + next.indexOf(content);
      const to = nextStart + next.indexOf(content) + content.length;
      // Line ends inside the value stand for spaces, so that the value keeps its length and each name its place.
      const value = text.slice(from, to).replace(/[\r\n]/g, ' ');
      field = { ...field, value, valueStart: from, valueEnd: to, end: Math.max(field.end, to) };
      lineStart = nextStart;
      lineEnd = nextEnd;
    }
  }

  private readParagraph(node: Paragraph, top: boolean): void {
    this.label = null;
    this.bareLabelSkill = null;
    const { start, end } = offsets(node);
    const text = this.text;
    const source = text.slice(start, end);
    const rule = matchRuleNumber(source);
    if (rule) {
      this.readRules(start, source, rule, end);
      return;
    }
    const label = source.startsWith('**') ? this.priceLabel(start, source) : null;
    if (label) {
      // Not a skill itself: the price of each entry of the list that follows.
      this.label = label;
      this.out.push({ t: 'paragraph', text: plainText(source), top, start, end });
      this.scanInline(start, end, true);
      return;
    }
    if (source.startsWith('**') && this.readParagraphSkill(start, end, source)) return;
    const { fields, restStart } = this.readFieldLines(start, end);
    // Field lines with text glued after them: still fields when they say what a skill costs or needs.
    const glued = restStart !== -1 && fields.length > 0 && fields.some((f) => f.kind !== 'other');
    if (fields.length > 0 && (restStart === -1 || glued)) {
      const rest = glued ? plainText(text.slice(restStart, end)) : '';
      this.out.push({ t: 'fields', fields, top, rest, start, end });
      for (const field of fields) {
        if (field.kind === 'prerequisite') continue;
        // "See Chapter 8: Running the Game." alone reads as a field labelled "See Chapter 8": a label with a number in
        // it is read with its value, so that the reference in it, and the title after it, are found.
        const labelled = /\d/.test(this.text.slice(field.start, field.valueStart));
        this.scanInline(labelled ? field.start : field.valueStart, field.valueEnd, true);
      }
      if (glued) this.scanInline(restStart, end, true);
      return;
    }
    const boldName = top ? BOLD_NAME_ALONE.exec(source) : null;
    if (boldName) this.boldNameOver = { index: this.out.length, start, end, name: boldName[1].trim() };
    this.out.push({ t: 'paragraph', text: plainText(source), top, start, end });
    this.scanInline(start, end, true);
  }

  /**
   * "**Bash (1 Might point):** This is…", "**Duelist Master**" then "Reqs: Strength 7, and Duelist", or (in a book
   * whose layout says every bold name is one) "**Name:** text": a paragraph that is a skill.
   */
  private readParagraphSkill(start: number, end: number, source: string): boolean {
    // "**Herbalism**" on the line over "**Apprentice Herbalist I**" and its "Reqs:": a group's name, then the skill's.
    for (;;) {
      const lineEnd = source.indexOf('\n');
      if (lineEnd === -1 || !BOLD_LINE.test(source.slice(0, lineEnd))) break;
      const next = source.indexOf('\n', lineEnd + 1);
      if (!BOLD_LINE.test(source.slice(lineEnd + 1, next === -1 ? source.length : next))) break;
      start += lineEnd + 1;
      source = source.slice(lineEnd + 1);
    }
    const costed = PARAGRAPH_SKILL.exec(source);
    const bold = costed ? null : PARAGRAPH_BOLD_NAME.exec(source);
    if (!costed && !bold) return false;
    const name = (costed ? (costed[1] ?? costed[3]) : bold![1]).trim();
    const cost = costed ? (costed[2] ?? costed[4]) : null;
    const head = (costed ?? bold)![0];
    const firstLineEnd = source.indexOf('\n');
    const lines = firstLineEnd === -1 ? { fields: [] as FieldRecord[], restStart: -1 } : this.readFieldLines(start + firstLineEnd + 1, end);
    const hasFields = lines.fields.some((f) => f.kind !== 'other');
    // In the default layout a bold name without a cost is a skill only when cost or prerequisite lines follow it.
    const boldOnly = !costed && firstLineEnd !== -1 && source.slice(head.length, firstLineEnd).trim() === '';
    if (!costed && !(hasFields && boldOnly) && this.rec.layout.skills.boldNames !== 'all') return false;
    // "**Low Tier:**" alone on its line: a label over a list, not a skill.
    const bare = source.slice(head.length).trim() === '';
    if (!costed && !hasFields && bare) return false;
    // "**Suggested attributes (20 pts):** Glamour 3, Presence 3, Guile 2": what a character's picks add up to, a tally.
    if (costed && !hasFields && TALLY.test(source.slice(head.length))) return false;
    const nameStart = start + 2 + (source.slice(2).length - source.slice(2).trimStart().length);
    // "**Extended Range**" over "Cost: 2p" and "Effect: …": priced by its cost line (costLine).
    const written = cost !== null ? this.costIn(cost, start + source.indexOf(cost, name.length)) : hasFields && boldOnly ? this.costLine(lines.fields) : null;
    const fields: FieldRecord[] = [];
    const prerequisites: PrerequisiteRecord[] = [...(written?.prerequisites ?? [])];
    const description: string[] = written?.notes ? [written.notes] : [];
    const bodyStart = start + head.length;
    if (firstLineEnd === -1 || !hasFields) {
      description.push(plainText(this.text.slice(bodyStart, end)));
    } else {
      description.push(plainText(this.text.slice(bodyStart, start + firstLineEnd)));
      for (const field of lines.fields) this.keepField(field, fields, prerequisites);
      if (lines.restStart !== -1) description.push(plainText(this.text.slice(lines.restStart, end)));
    }
    const index = this.out.length;
    this.out.push({
      t: 'skill',
      form: 'paragraph',
      name,
      nameStart,
      nameEnd: nameStart + name.length,
      costText: written?.costText ?? null,
      costStart: written?.costStart ?? -1,
      costEnd: written?.costEnd ?? -1,
      fields,
      prerequisites,
      text: description.filter(Boolean).join(' '),
      classCosts: [],
      start,
      end,
    });
    this.scanInline(bodyStart, end, false);
    if (costed && bare) this.bareLabelSkill = index;
    else if (introducedAt(this.text, end)) this.introducingSkill = index;
    return true;
  }

  /**
   * What a skill's parentheses hold, written at `at`: its cost, trimmed. Where the whole is no price but its first part
   * is ("10 CP, Requires Power Strike", Ashfall's classes), the cost is that part, a part that opens with one of the
   * book's prerequisite labels is a prerequisite, and the others ("1 Action, 1/Short Rest") are notes the description
   * opens with.
   */
  private costIn(cost: string, at: number): { costText: string | null; costStart: number; costEnd: number; prerequisites: PrerequisiteRecord[]; notes: string | null } {
    const found = priceInParentheses(cost, (text) => this.rec.isPrice(text));
    const split = found !== null && found !== cost;
    const price = split ? found : cost;
    const costStart = at + price.length - price.trimStart().length;
    const costText = price.trim() || null;
    const prerequisites: PrerequisiteRecord[] = [];
    const notes: string[] = [];
    for (const part of split ? [...cost.matchAll(/[^,;]+/g)].slice(1) : []) {
      const words = part[0].trim();
      const wordsStart = at + part.index + part[0].indexOf(words);
      const requirement = this.rec.requirementStart(words);
      if (requirement === -1) notes.push(words);
      else prerequisites.push({ origin: 'line', raw: words.slice(requirement), start: wordsStart + requirement, end: wordsStart + words.length });
    }
    return { costText, costStart, costEnd: costStart + (costText?.length ?? 0), prerequisites, notes: notes.length ? `(${notes.join(', ')})` : null };
  }

  /**
   * A paragraph that is one bold label stating a price of each entry in one of the book's units, or null. What the
   * label says after the price ("requires one Tier 1") is each entry's `Condition` field, as under a heading's price.
   */
  private priceLabel(start: number, source: string): PriceLabel | null {
    const found = boldLabelPrice(source);
    if (!found || !this.rec.isPrice(found.costText)) return null;
    const condition = found.condition;
    const conditionStart = condition ? start + condition.start : 0;
    return {
      costText: found.costText,
      costStart: start + found.start,
      costEnd: start + found.start + found.costText.length,
      condition: condition
        ? { name: 'Condition', kind: 'other', value: condition.text, start: conditionStart, end: conditionStart + condition.text.length, valueStart: conditionStart, valueEnd: conditionStart + condition.text.length }
        : null,
    };
  }

  private keepField(field: FieldRecord, fields: FieldRecord[], prerequisites: PrerequisiteRecord[]): void {
    if (field.kind === 'prerequisite') prerequisites.push({ origin: 'line', raw: field.value, start: field.valueStart, end: field.valueEnd });
    else fields.push(field);
  }

  private readHtml(span: Span): void {
    const source = this.text.slice(span.start, span.end).trim();
    const control = LINT_CONTROL.exec(source);
    if (!control) return;
    const ruleIds = control[2].split(/[\s,]+/).filter(Boolean);
    this.out.push({ t: 'lint-control', kind: control[1] as LintControlRecord['kind'], ruleIds, ...span });
  }

  /**
   * "- **Prerequisites**: warrior muse" and "- **Activity** Single Action" under a feat's heading (the Pathfinder 2e
   * SRD for Obsidian): a bullet list whose items are each one field line is the heading's fields, as a paragraph of
   * them is. Only with a cost or prerequisite among them: a list of bold terms and their meanings is a glossary.
   */
  private readFieldList(list: List, top: boolean, boldName: Extractor['boldNameOver'] = null): boolean {
    if (list.ordered) return false;
    const fields: FieldRecord[] = [];
    for (const item of list.children) {
      const only = item.children.length === 1 && item.children[0].type === 'paragraph' ? item.children[0] : null;
      if (!only) return false;
      const { start, end } = offsets(only);
      const line = this.text.slice(start, end);
      if (line.includes('\n')) return false;
      const field = this.rec.field(line) ?? boldLabelField(line);
      if (!field) return false;
      fields.push(fieldRecord(start, line.trimEnd().length, field));
    }
    if (!fields.some((f) => f.kind !== 'other')) return false;
    const { start, end } = offsets(list);
    // Right under a bold name alone, on the next line: the named entry's fields.
    if (top && boldName && !/\n[ \t]*\r?\n/.test(this.text.slice(boldName.end, start))) this.out[boldName.index] = this.boldNameSkill(boldName, fields, end);
    else this.out.push({ t: 'fields', fields, top, rest: '', start, end });
    for (const field of fields) if (field.kind !== 'prerequisite') this.scanInline(field.valueStart, field.valueEnd, true);
    return true;
  }

  /** The entry a bold name alone names, with the fields listed under it (readFieldList); it ends where they end. */
  private boldNameSkill(boldName: NonNullable<Extractor['boldNameOver']>, listed: readonly FieldRecord[], end: number): SkillRecord {
    const fields: FieldRecord[] = [];
    const prerequisites: PrerequisiteRecord[] = [];
    for (const field of listed) this.keepField(field, fields, prerequisites);
    const written = this.costLine(listed);
    const nameStart = this.text.indexOf(boldName.name, boldName.start);
    return {
      t: 'skill',
      form: 'paragraph',
      name: boldName.name,
      nameStart,
      nameEnd: nameStart + boldName.name.length,
      costText: written?.costText ?? null,
      costStart: written?.costStart ?? -1,
      costEnd: written?.costEnd ?? -1,
      fields,
      prerequisites,
      text: '',
      classCosts: [],
      start: boldName.start,
      end,
    };
  }

  /**
   * "Cost: 2p" under a bold name (the Vitality System's upgrades and conditions): the first cost field that reads as a
   * price prices the entry, as under a heading; "Cost: 500 cr" stays a field.
   */
  private costLine(fields: readonly FieldRecord[]): { costText: string; costStart: number; costEnd: number; prerequisites: PrerequisiteRecord[]; notes: null } | null {
    const line = fields.find((f) => f.kind === 'cost' && this.rec.isPrice(f.value));
    return line ? { costText: line.value, costStart: line.valueStart, costEnd: line.valueEnd, prerequisites: [], notes: null } : null;
  }

  private readList(list: List, label: PriceLabel | null): void {
    const text = this.text;
    // A list in which some items are skills with a cost is a list of skills: its other bold names are skills too. Not
    // one whose parentheses say what using a thing takes: Ashfall's "- **Grapple** (1 action) — …" among the uses of
    // Athletics; nor a file's name: "- **Session Log** (`session_log.md`): …".
    const firsts = list.children.map((item) => (item.children[0]?.type === 'paragraph' ? (item.children[0] as Paragraph) : null));
    const costed = firsts.filter((p) => {
      const priced = p && LIST_SKILL.exec(text.slice(p.position!.start.offset!, p.position!.end.offset!));
      return priced && !CODE_ONLY.test(priced[3]) && this.rec.isPrice(priced[3]);
    }).length;
    // "1." "1." "1.": a list numbered lazily is numbered 1, 2, 3 when shown; its numbers are no numbering (two alike may be a slip).
    const lazy = list.ordered && list.children.length > 2 && new Set(list.children.map((item) => markerNumber(text, item.position!.start.offset!))).size === 1;
    list.children.forEach((item, index) => {
      this.bareLabelSkill = null;
      if (!item.position) return;
      const first = firsts[index];
      const found = first ? this.readListSkill(item, first, costed >= 2, label) : null;
      // "1. **Roll characteristics** (STR, CON, SIZ…)": parentheses that hold no price make no skill (the assembler
      // drops it), and a numbered item so written is still its list's rule.
      const unpriced = found && list.ordered && found.skill.costText !== null && !this.rec.isPrice(found.skill.costText);
      if (found && !unpriced) {
        this.out.push(found.skill);
        // References and other skills' cost mentions in the description; [[links]] there are prerequisites.
        for (const [start, end] of found.body) this.scanInline(start, end, false);
        return;
      }
      if (first && this.readListRule(item, first)) return;
      const segments = list.ordered && !lazy ? this.readLocalRule(item, index === 0 && !this.listParent) : null;
      const outer = this.listParent;
      this.listParent = segments ? { segments } : { within: item.position.start.offset! };
      for (const child of item.children) {
        if (child.type === 'paragraph') this.readParagraph(child, false);
        else this.readBlock(child, false);
      }
      this.listParent = outer;
    });
    this.label = null;
  }

  /**
   * The rules of a paragraph that opens with `rule`, at `start` in the file: rules written on consecutive lines are
   * one Markdown paragraph ("1.B.1. …" then "1.B.2. …"), read as one rule a line (ruleLines). The last ends at `end`
   * (a list item's rule takes in the blocks under it).
   */
  private readRules(start: number, source: string, rule: NumberMatch, end: number): void {
    const lines = ruleLines(source, rule);
    lines.forEach(({ at, number }, i) => {
      const last = i + 1 === lines.length;
      let to = last ? source.length : lines[i + 1].at;
      while (to > at && /\s/.test(source[to - 1])) to--;
      this.out.push({ t: 'rule', number, rawStart: start + at, text: plainText(source.slice(at + number.restStart, to)), start: start + at, end: last ? end : start + to });
      this.scanInline(start + at + number.restStart, start + to, true);
    });
  }

  /** "* **0000.1.5** Each player…", "- 1e2) The…": a list item that opens with a rule number is that rule. */
  private readListRule(item: ListItem, first: Paragraph): boolean {
    const { start, end } = offsets(first);
    const source = this.text.slice(start, end);
    if (!/^[*_<]*[ \t]*[A-Z]?\d/.test(source)) return false;
    const rule = matchRuleNumber(source);
    if (!rule) return false;
    this.readRules(start, source, rule, offsets(item).end);
    for (const child of item.children.slice(1)) {
      if (child.type === 'paragraph') this.readParagraph(child, false);
      else this.readBlock(child, false);
    }
    return true;
  }

  /**
   * "- **Energy Ball** (4 SP) The caster…" with continuation lines "Prerequisite: …" and other fields; under a price
   * label, "- **Divine Strike:** Once per turn…" at the label's price.
   */
  private readListSkill(item: ListItem, first: Paragraph, inSkillList: boolean, label: PriceLabel | null): { skill: SkillRecord; body: Array<[number, number]> } | null {
    const { start, end } = offsets(first);
    const source = this.text.slice(start, end);
    const withCost = LIST_SKILL.exec(source);
    let m: RegExpExecArray | null = withCost;
    // An entry with a price of its own inside its bold ("**Eldritch Recall (5 CP):**", "**Press the Advantage (5 CP,
    // Passive):**") is read as a paragraph skill.
    const owned = label && !m ? PARAGRAPH_SKILL.exec(source) : null;
    const priced = label && !m && !(owned && priceInParentheses(owned[2] ?? owned[4], (text) => this.rec.isPrice(text))) ? label : null;
    if (priced) m = LABELLED_ENTRY.exec(source);
    if (!m) {
      const bold = LIST_BOLD_NAME.exec(source);
      if (!bold) return null;
      // "- **Name**" with cost or prerequisite lines under it, or among skills that have costs.
      if (!inSkillList && !this.hasSkillFields(item, start + bold[0].length, end)) return null;
      m = bold;
    }
    const [whole, lead, bold, cost] = m;
    // "- **_Controlled Chaos_** …" (Free5e): emphasis around the whole name is no part of it.
    const emphasised = /^_(?=\S)(.*\S)_$/.exec(bold);
    const name = emphasised ? emphasised[1] : bold;
    const nameStart = start + lead.length + 2 + (emphasised ? 1 : 0);
    const written = cost === undefined ? null : this.costIn(cost, start + whole.length - 1 - cost.length);
    const fields: FieldRecord[] = [];
    const prerequisites: PrerequisiteRecord[] = [...(written?.prerequisites ?? [])];
    const text_: string[] = written?.notes ? [written.notes] : [];
    // The first line's text after the cost, then every further line: field lines are fields, the rest is text.
    const body: Array<[number, number]> = [[start + whole.length, end]];
    for (const child of item.children.slice(1)) collectSpans(child, body);
    for (const [bodyStart, bodyEnd] of body) this.readSkillBody(bodyStart, bodyEnd, fields, prerequisites, text_);
    const itemSpan = offsets(item);
    prerequisites.sort((a, b) => a.start - b.start);
    // "- **Cartography** Draw maps": a cost field under the name gives the cost the parentheses did not.
    const costField = !written && !priced ? fields.find((f) => f.kind === 'cost') : undefined;
    if (priced?.condition) fields.push(priced.condition);
    const skill: SkillRecord = {
      t: 'skill',
      form: 'list',
      name: name.trim(),
      nameStart,
      nameEnd: nameStart + name.trimEnd().length,
      ...(priced
        ? { costText: priced.costText, costStart: priced.costStart, costEnd: priced.costEnd }
        : costField
          ? { costText: costField.value || null, costStart: costField.valueStart, costEnd: costField.valueEnd }
          : { costText: written?.costText ?? null, costStart: written?.costStart ?? start, costEnd: written?.costEnd ?? start }),
      fields,
      prerequisites,
      text: text_.join(' ').trim(),
      classCosts: [],
      start: itemSpan.start,
      end: itemSpan.end,
    };
    return { skill, body };
  }

  /** Whether the lines after a bold name in a list item hold a cost or prerequisite field. */
  private hasSkillFields(item: ListItem, from: number, end: number): boolean {
    const spans: Array<[number, number]> = [[from, end]];
    for (const child of item.children.slice(1)) collectSpans(child, spans);
    for (const [s, e] of spans) {
      for (const line of this.text.slice(s, e).split('\n')) {
        const content = line.trimStart().replace(/^(?:[-*+•]|\d+[.)])[ \t]+/, '');
        const kind = this.rec.field(content)?.kind;
        if (kind === 'cost' || kind === 'prerequisite') return true;
      }
    }
    return false;
  }

  private readSkillBody(start: number, end: number, fields: FieldRecord[], prerequisites: PrerequisiteRecord[], description: string[]): void {
    const text = this.text;
    let lineStart = start;
    let inPrerequisites = false;
    while (lineStart < end) {
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd === -1 || lineEnd > end) lineEnd = end;
      const line = text.slice(lineStart, lineEnd);
      const indent = line.length - line.trimStart().length;
      // A nested bullet ("- Prerequisite: X") counts as its text.
      const bullet = /^(?:[-*+•]|\d+[.)])[ \t]+/.exec(line.slice(indent));
      const contentStart = indent + (bullet ? bullet[0].length : 0);
      const content = line.slice(contentStart);
      const field = lineStart === start ? null : this.rec.field(content);
      if (field) {
        const read = this.readValueLines(fieldRecord(lineStart + contentStart, content.trimEnd().length, field), lineStart, lineEnd, end);
        const record = read.field;
        lineEnd = read.lineEnd;
        // "- **Prerequisites:**" with the tiers' requirements in a nested list under it ("- **Tier 1 - 2:** None").
        if (inPrerequisites && bullet && indent > 0 && record.kind === 'other') {
          prerequisites.push({ origin: 'line', raw: record.value, start: record.valueStart, end: record.valueEnd });
        } else {
          inPrerequisites = record.kind === 'prerequisite' && !record.value;
          this.keepField(record, fields, prerequisites);
        }
      } else if (content.trim() && content.trim() !== '\\') {
        // A line that is only a backslash is a hard break (Free5e writes one between a name, its fields and its text).
        inPrerequisites = false;
        description.push(plainText(content));
        for (const link of linksIn(text, lineStart + contentStart, lineEnd)) prerequisites.push(link);
      }
      lineStart = lineEnd + 1;
    }
  }

  /** Reads an ordered item as a local rule, and its lettered lines; the segments of its number, null when it has none. */
  private readLocalRule(item: ListItem, opensList: boolean): readonly string[] | null {
    const text = this.text;
    const { start, end } = offsets(item);
    const marker = /^[ \t]*(\d{1,9})([.)])/.exec(text.slice(start, end));
    if (!marker) return null;
    const number = marker[1].replace(/^0+(?=\d)/, '');
    const parent = this.listParent;
    const segments = parent && 'segments' in parent ? [...parent.segments, number] : [number];
    const key = segments.join('.');
    const within = parent && 'within' in parent ? { within: parent.within } : {};
    const numberStart = start + marker[0].length - marker[1].length - 1;
    const first = item.children[0];
    const firstText = first ? text.slice(first.position!.start.offset!, first.position!.end.offset!) : '';
    const lettered = firstLetteredLine(firstText);
    const ownText = lettered === -1 ? firstText : firstText.slice(0, lettered);
    this.out.push({
      t: 'local-rule',
      key,
      segments,
      ...within,
      ...(opensList && Number(number) <= 1 ? { restartsCount: true as const } : {}),
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
          this.out.push({
            t: 'local-rule',
            key: `${key}.${m[2]}`,
            segments: [...segments, m[2]],
            ...within,
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
    return segments;
  }

  private readTable(table: Table): void {
    const text = this.text;
    const [head, ...rows] = table.children;
    if (!head) return;
    const headers = head.children.map((cell) => plainText(cellSpan(text, cell).value));
    const columns = skillColumns(headers, this.rec);
    const byHeading = columns ? null : headingPricedColumns(headers, this.rec);
    for (const row of rows) {
      const cells = row.children.map((cell) => cellSpan(text, cell));
      if (byHeading) this.readHeadingPricedRow(headers, byHeading, cells, offsets(row));
      const named = columns ? nameInCell(cells[columns.name]) : null;
      if (columns && named) {
        const classCosts = columns.classes.map((c) => ({ name: headers[c], value: plainText(cells[c]?.value ?? '') })).filter((c) => c.value);
        const cost = cells[columns.cost];
        const span = offsets(row);
        const notes = this.pushTableSkill(named, cells, columns, span, {
          costText: cost && cost.value.trim() ? cost.value.trim() : null,
          costStart: cost ? cost.start : span.start,
          costEnd: cost ? cost.end : span.start,
          fields: [],
          classCosts,
        });
        if (notes) this.scanInline(notes.start, notes.end, true);
      } else {
        for (const cell of cells) this.scanInline(cell.start, cell.end, true);
      }
    }
  }

  /**
   * A row of a table with no cost column, priced by its heading (`| **Steady Aim** | Gunslinger L1 | 1 Action: … |`)
   * or listed unpriced (`skills.tables`): the name, the other columns as fields, the description column as its text.
   * Its cells are read as text all the same (readTable), so that a table the assembler does not take as skills reads
   * as it did.
   */
  private readHeadingPricedRow(headers: readonly string[], columns: HeadingPricedColumns, cells: readonly CellText[], span: Span): void {
    const named = nameInCell(cells[columns.name]);
    if (!named) return;
    const fields = columns.fields.flatMap((c): FieldRecord[] => {
      const cell = cells[c];
      const value = cell ? plainText(cell.value) : '';
      return cell && value && headers[c] ? [{ name: headers[c], kind: 'other', value, start: cell.start, end: cell.end, valueStart: cell.start, valueEnd: cell.end }] : [];
    });
    this.pushTableSkill(named, cells, columns, span, { costText: null, costStart: span.start, costEnd: span.start, fields, classCosts: [], withoutCostColumn: true });
  }

  /**
   * A table row's skill record: its name, its prerequisite column's cell and its description (notes) column's text,
   * with what the kind of table adds (cost, fields). Returns the notes cell, whose references the caller reads.
   */
  private pushTableSkill(
    named: NamedCell,
    cells: readonly CellText[],
    columns: TableColumns,
    span: Span,
    priced: Pick<SkillRecord, 'costText' | 'costStart' | 'costEnd' | 'fields' | 'classCosts' | 'withoutCostColumn'>,
  ): CellText | undefined {
    const prerequisite = columns.prerequisites >= 0 ? cells[columns.prerequisites] : undefined;
    const notes = columns.notes >= 0 ? cells[columns.notes] : undefined;
    const category = columns.category >= 0 && cells[columns.category] ? plainText(cells[columns.category].value) : '';
    this.out.push({
      t: 'skill',
      form: 'table',
      ...named,
      ...priced,
      prerequisites: prerequisite ? [{ origin: 'table', raw: prerequisite.value, start: prerequisite.start, end: prerequisite.end }] : [],
      text: notes ? plainText(notes.value) : '',
      ...(category ? { categoryText: category } : {}),
      ...span,
    });
    return notes;
  }

  /** References and cost mentions inside a span of running text. */
  private scanInline(start: number, end: number, skillLinks: boolean): void {
    const text = this.text;
    const slice = text.slice(start, end);
    for (const ref of findReferences(slice, skillLinks, this.rec.layout.references.bare)) {
      this.out.push({
        t: 'reference',
        ref: { ...ref, start: ref.start + start, end: ref.end + start, targetStart: ref.targetStart + start, targetEnd_: ref.targetEnd_ + start },
        start: ref.start + start,
        end: ref.end + start,
      });
    }
    if (!slice.includes('**')) return;
    BOLD_WITH_COST.lastIndex = 0;
    for (let m = BOLD_WITH_COST.exec(slice); m; m = BOLD_WITH_COST.exec(slice)) {
      this.out.push({ t: 'cost-mention', name: m[1].trim(), costText: m[2].trim(), start: start + m.index, end: start + m.index + m[0].length });
    }
  }

  /** Links and HTML anchors anywhere in a block, and links written in a shortcode Markdown does not see. */
  private readLinks(node: Nodes, inHeading: boolean): void {
    const here = inHeading || node.type === 'heading';
    // remark-gfm places no literal autolink it finds in text Markdown had already split (`[a\](b) \<https://…>`):
    // such a node, and the text around it, has no position to point at and is passed over.
    if (!node.position) {
      if ('children' in node) for (const child of node.children as Nodes[]) this.readLinks(child, here);
      return;
    }
    if (node.type === 'link' || (node.type === 'definition' && !COMMENT_TARGETS.has(node.url)) || node.type === 'image') {
      const { start, end } = offsets(node);
      const source = this.text.slice(start, end);
      const inline = node.type !== 'definition';
      const hrefAt = inline ? source.lastIndexOf('](') + 2 : source.indexOf(':') + 1;
      const hrefText = inline ? source.slice(hrefAt, source.length - 1) : source.slice(hrefAt);
      const lead = hrefText.length - hrefText.trimStart().length;
      const href = node.url;
      const label = node.type === 'link' ? toString(node) : node.type === 'image' ? (node.alt ?? '') : (node.label ?? '');
      // An autolink's text is its target: no place in the text to say otherwise.
      const written = source.startsWith('[') || source.startsWith('![');
      const hrefStart = written ? start + hrefAt + lead : start;
      // A picture's place is its source alone, without the title after it (`![Map](map.png "The realm")`).
      const target = node.type === 'image' ? (/^<[^>]*>|^\S+/.exec(hrefText.trim())?.[0] ?? '') : hrefText.trim();
      const hrefEnd = written ? hrefStart + target.length : end;
      this.out.push({ t: 'link', text: label, href, hrefStart, hrefEnd, start, end, ...(node.type === 'image' ? { image: true as const } : {}) });
    } else if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      this.readWikiLinks(node);
    } else if (node.type === 'html') {
      this.readAnchors(node, here);
    } else if (node.type === 'text' && node.value.includes('{{')) {
      const { start, end } = offsets(node);
      this.readShortcodeLinks(start, end);
    }
    if ('children' in node) for (const child of node.children as Nodes[]) this.readLinks(child, here);
  }

  /**
   * Wiki links to pages and names (`[[Classes/Chaos-Mage|Chaos Mage]]`, `[[agile]]`, `![[map.png]]`) in a block of
   * text, outside its code spans. Numbers and bracketed notes are references and text (references.ts), not links.
   */
  private readWikiLinks(node: Paragraph | Heading | TableCell): void {
    const { start, end } = offsets(node);
    const source = this.text.slice(start, end);
    if (!source.includes('[[')) return;
    const code: Span[] = [];
    collectCode(node, code);
    WIKI_LINK.lastIndex = 0;
    for (let m = WIKI_LINK.exec(source); m; m = WIKI_LINK.exec(source)) {
      const at = start + m.index;
      if (code.some((c) => c.start < at + m![0].length && at < c.end)) continue;
      const link = readWikiLink(m[1]);
      const kind = wikiLinkKind(m[1], link);
      if (kind === 'rule' || kind === 'note') continue;
      const embed = m.index > 0 && source[m.index - 1] === '!';
      const href = wikiHref(m[1]);
      const hrefStart = at + 2 + m[1].indexOf(href);
      this.out.push({
        t: 'link',
        wiki: kind,
        text: plainText(shownWords(link).text),
        href,
        hrefStart,
        hrefEnd: hrefStart + href.length,
        start: embed ? at - 1 : at,
        end: at + m[0].length,
        ...(embed && embedsPicture(link) ? { image: true as const } : {}),
      });
    }
  }

  private readAnchors(node: Nodes, inHeading: boolean): void {
    const { start, end } = offsets(node);
    const source = this.text.slice(start, end);
    for (const pattern of [HTML_ANCHOR, ID_ATTRIBUTE]) {
      pattern.lastIndex = 0;
      for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
        this.out.push({ t: 'anchor', name: m[1], inHeading, start: start + m.index, end: start + m.index + m[0].length });
      }
    }
  }

  private readShortcodeLinks(start: number, end: number): void {
    // The text node ends where Markdown stopped seeing text; the shortcode's closing parenthesis may follow it.
    const slice = this.text.slice(start, Math.min(this.text.length, end + 2));
    SHORTCODE_LINK.lastIndex = 0;
    for (let m = SHORTCODE_LINK.exec(slice); m; m = SHORTCODE_LINK.exec(slice)) {
      const hrefStart = start + m.index + m[0].indexOf(m[2]);
      this.out.push({ t: 'link', text: plainText(m[1]), href: m[3], hrefStart, hrefEnd: hrefStart + m[2].length, start: start + m.index, end: start + m.index + m[0].length });
    }
  }
}

/** "**Activity** Single Action": a bold label and its value with no colon between, read as a field of another kind. */
function boldLabelField(line: string): { name: string; value: string; valueOffset: number; kind: FieldKind } | null {
  const m = /^\*\*(\p{Lu}[\p{L}\p{M}\p{N} /'&()-]{0,30}?)\*\*[ \t]+(\S.*?)[ \t\r]*$/u.exec(line);
  return m ? { name: m[1].trim(), value: m[2], valueOffset: line.lastIndexOf(m[2]), kind: 'other' } : null;
}

/** The inline code and HTML of a block, where `[[…]]` is no link. */
function collectCode(node: Nodes, out: Span[]): void {
  if ((node.type === 'inlineCode' || node.type === 'html') && node.position) out.push(offsets(node));
  if ('children' in node) for (const child of node.children as Nodes[]) collectCode(child, out);
}

const MARKER_NUMBER = /[ \t]*(\d{1,9})/y;

/** The number of an ordered list item's marker, read where the item starts. */
function markerNumber(text: string, at: number): string | undefined {
  MARKER_NUMBER.lastIndex = at;
  return MARKER_NUMBER.exec(text)?.[1];
}

function fieldRecord(lineStart: number, lineLength: number, field: { name: string; value: string; valueOffset: number; kind: FieldKind }): FieldRecord {
  const valueStart = lineStart + field.valueOffset;
  return { name: field.name, kind: field.kind, value: field.value, start: lineStart, end: lineStart + lineLength, valueStart, valueEnd: valueStart + field.value.length };
}

/** A value cut at a list's comma or conjunction: "Combat Martial Arts, Improved Combat Martial Arts,". */
const CUT_VALUE = /(?:[,;&]|\b(?:and|or))[ \t]*$/i;
/** A line that goes on with the line above it: it opens in lower case, or with a sign, a bracket or a comma ("+4.", "(medium)."). */
const CONTINUATION = /^[a-z+(,]/;
/** A line that ends a sentence or a clause. */
const ENDS_SENTENCE = /[.!?:]["'\u2019\u201D)*_]*$/;
/**
 * The width text is hard-wrapped at, or less (Pandoc's default, and under the 76 to 80 editors use): a line the next
 * word would have taken past it was cut by the wrap, a shorter one where its writer ended it.
 */
const WRAP_WIDTH = 72;

/**
 * Whether the line `next` goes on with a cost or prerequisite value written on `line` (`value` empty: the label stands
 * alone on it), the line after being no field: the parser and `rulebook init` (shared/layout) join lines with this one
 * test. A value is taken from the next line when the label has none, or when it is cut: at a comma or "and"/"or",
 * before a line that opens in lower case, or by a hard wrap (a line that ends no sentence and could not take the next
 * word; measured as written, less its links' targets, which a wrap counts but a reader never sees). A Markdown hard
 * break ends a value: a backslash or two spaces at the end of its line, or a line that is only a backslash.
 */
export function continuesValue(value: string, line: string, next: string): boolean {
  const content = next.trim();
  // A quote's line (its marker is in the paragraph's text) is read with the quote.
  if (!content || content === '\\' || content.startsWith('>') || /(?:\\| {2})\r?$/.test(line)) return false;
  if (!value) return true;
  if (CUT_VALUE.test(value) || CONTINUATION.test(content)) return true;
  if (ENDS_SENTENCE.test(value)) return false;
  const written = line.trim().replace(/\]\([^()\n]*\)/g, ']').length;
  return written + 1 + content.split(/\s/, 1)[0].length > WRAP_WIDTH;
}

/** The paragraphs (and table/list text) nested inside a skill's list item. */
function collectSpans(node: Nodes, spans: Array<[number, number]>): void {
  if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'code' || node.type === 'table') {
    spans.push([node.position!.start.offset!, node.position!.end.offset!]);
    return;
  }
  if ('children' in node) for (const child of node.children) collectSpans(child, spans);
}

/** [[Name]] links in a span that name a skill or nothing else: not rule numbers, notes or pages. */
function linksIn(text: string, start: number, end: number): PrerequisiteRecord[] {
  const slice = text.slice(start, end);
  if (!slice.includes('[[')) return [];
  const found: PrerequisiteRecord[] = [];
  WIKI_LINK.lastIndex = 0;
  for (let m = WIKI_LINK.exec(slice); m; m = WIKI_LINK.exec(slice)) {
    const link = readWikiLink(m[1]);
    if (wikiLinkKind(m[1], link) !== 'name') continue;
    const nameStart = start + m.index + 2 + link.targetAt;
    found.push({ origin: 'link', raw: link.target, start: nameStart, end: nameStart + link.target.length });
  }
  return found;
}

function firstLetteredLine(paragraph: string): number {
  const m = /\n[ \t]*[a-z][.)][ \t]+/.exec(paragraph);
  return m ? m.index : -1;
}

/**
 * Targets of a link reference definition that can name no place: Markdown's comment idioms (`[//]: # (a note)`,
 * Free5e's `[_metadata_:spell_name]:- "Acid Splash"`), hidden in print and never links.
 */
const COMMENT_TARGETS: ReadonlySet<string> = new Set(['#', '-', '']);

/**
 * The rules of a paragraph that opens with one: its first line's, and each later line's that opens with a number
 * coming after the one before it in the same chapter or the next ("1.B.2." after "1.B.1.", "2.A." after "1.C.4."). A
 * line of prose that happens to open with a number ("3.5 metres wide") rarely does both, and stays text.
 */
function ruleLines(source: string, first: NumberMatch): { at: number; number: NumberMatch }[] {
  const lines = [{ at: 0, number: first }];
  for (let at = source.indexOf('\n') + 1; at > 0; ) {
    const lineEnd = source.indexOf('\n', at);
    const number = matchRuleNumber(source.slice(at, lineEnd === -1 ? source.length : lineEnd));
    if (number && follows(lines[lines.length - 1].number.segments, number.segments)) lines.push({ at, number });
    at = lineEnd + 1;
  }
  return lines;
}

function follows(before: readonly string[], after: readonly string[]): boolean {
  const chapter = Number(after[0]) - Number(before[0]);
  return compareNumbers(before, after) < 0 && (after[0] === before[0] || chapter === 1);
}

/**
 * The column of a skill table that names its skills, or -1: the documented headers (`Skill`, `Skills`, `Skill Name`,
 * `Name`) anywhere, and in the first column a header that says what kind of skills the rows are (`Weapon Skills`,
 * `Harvesting Skill`) or what the table prices (`Skill Point Cost`, `Magic Skill Costs`: the costs then stand in
 * per-class columns beside it). "Ability" or "Item" columns beside a price column are equipment, not skills. The
 * parser and `rulebook init` (shared/layout) read tables with this one test, so init never proposes a table the
 * parser skips. `headers` are plain text (no emphasis); `names` are the book's language's headers for the name
 * column ("Навык", "Compétence", reading-words.ts).
 */
export function skillNameColumn(headers: readonly string[], names: readonly string[] = []): number {
  const named = headers.findIndex((h) => SKILL_HEADER.test(h.trim()) || headerIn(h, names));
  if (named !== -1) return named;
  return headers.length > 0 && FIRST_SKILL_HEADER.test(headers[0].trim()) ? 0 : -1;
}

const SKILL_HEADER = /^(?:skills?|skill name|name)$/i;

/**
 * A column only a list of things has: what it weighs, its armour, its properties. "| Name | Cost | Damage | Weight |"
 * (Free5e's weapons), "| Name | AR | DR | STR Req | Weight |" (MARS's armour) price gear in coin, not skills.
 */
const THING_HEADER = /^(?:weight|wt\.?|bulk|encumbrance|properties|armou?r class|ac|ar|dr)$/i;

/** Whether a table's headers are those of a list of gear rather than of skills. */
export function listsThings(headers: readonly string[]): boolean {
  return headers.some((h) => THING_HEADER.test(h.trim()));
}
const FIRST_SKILL_HEADER = /^(?:[A-Za-z][\w'-]*[ \t]+){0,2}(?:skills?|skills?(?:[ \t]+points?)?[ \t]+costs?)$/i;

/** Where a table of skills holds each row's name, requirements, description and category; -1 for a column it lacks. */
interface TableColumns {
  readonly name: number;
  readonly prerequisites: number;
  readonly notes: number;
  readonly category: number;
}

interface SkillColumns extends TableColumns {
  /** The cost column, or the first class column when the costs are per class; -1 when there is none. */
  readonly cost: number;
  /** Columns that each hold the cost for one class or skillset. */
  readonly classes: readonly number[];
}

/** The requirement, description and category columns of a table whose names stand in column `name`. */
function describingColumns(headers: readonly string[], name: number, rec: Recognisers): TableColumns {
  const other = (i: number) => i !== name;
  return {
    name,
    prerequisites: headers.findIndex((h, i) => other(i) && rec.fieldKind(h) === 'prerequisite'),
    notes: headers.findIndex((h, i) => other(i) && (TEXT_HEADER.test(h.trim()) || headerIn(h, rec.tableHeaders.textColumns))),
    category: headers.findIndex((h, i) => other(i) && (/^category$/i.test(h.trim()) || headerIn(h, rec.tableHeaders.categoryColumns))),
  };
}

/** The skill table's columns, read with the book's layout: its cost columns, and its prerequisite labels as headers. */
function skillColumns(headers: readonly string[], rec: Recognisers): SkillColumns | null {
  const costColumns = rec.layout.costs.columns;
  const name = skillNameColumn(headers, rec.tableHeaders.skillColumns);
  const wanted = new Set(costColumns.map((c) => c.toLowerCase()));
  const classes = headers.flatMap((h, i) => (wanted.has(h.toLowerCase()) ? [i] : []));
  // "Stamina Cost" is what using a maneuver spends, not its price; the book's cost labels head a cost column too
  // ("Стоимость" in a Russian book).
  const cost = classes.length > 0 ? classes[0] : headers.findIndex((h) => (/cost/i.test(h) || rec.fieldKind(h) === 'cost') && !USE_COST_LABEL.test(h.trim()));
  if (name === -1 || cost === -1 || name === cost || listsThings(headers)) return null;
  return { ...describingColumns(headers, name, rec), cost, classes };
}

/**
 * The book's words that tell a table's columns apart, beside English's: the headers of its name column, and those of
 * a price column of its own besides "Cost" and "Price".
 */
export interface PriceColumnWords {
  /** The book's cost columns (`costs.columns`: "Primary", "Secondary"). */
  readonly costColumns?: readonly string[];
  /** The name column's headers in the book's language ("Навык"). */
  readonly names?: readonly string[];
  /** Whether a header is one of the book's cost labels ("Стоимость"). */
  readonly isCostLabel?: (header: string) => boolean;
}

/**
 * The columns of a table whose rows a heading may price (`### Tier 1 — 5 CP each` over `| Ability | Source | Mechanic
 * |`), or that `skills.tables` lists unpriced: a name column (as skillNameColumn reads one, or `Ability`, `Talent`,
 * `Power`, `Feat`…), no cost column of its own (a use cost such as `Stamina Cost` is none; the book's cost labels in
 * its language are), and no column only gear has. -1 for any other table.
 */
export function headingPricedNameColumn(headers: readonly string[], words: PriceColumnWords = {}): number {
  const wanted = new Set((words.costColumns ?? []).map((c) => c.toLowerCase()));
  const ownCost = (h: string) => /cost/i.test(h) || (words.isCostLabel?.(h.trim()) ?? false);
  const priced = headers.some((h) => wanted.has(h.toLowerCase()) || /\bprices?\b/i.test(h) || (ownCost(h) && !USE_COST_LABEL.test(h.trim())));
  if (priced || listsThings(headers)) return -1;
  const named = skillNameColumn(headers, words.names);
  return named !== -1 ? named : headers.findIndex((h) => ENTRY_HEADER.test(h.trim()));
}

/** What a heading-priced table's rows list: "Ability", "Talents", "Power Name". */
const ENTRY_HEADER = /^(?:abilit(?:y|ies)|talents?|powers?|feats?|perks?|techniques?|maneuvers?|manoeuvres?|spells?)(?:[ \t]+names?)?$/i;
/** Whether a header is one of the book's language's words for a column ("Описание", "Категория"), case aside. */
function headerIn(header: string, words: readonly string[]): boolean {
  const key = header.trim().toLowerCase();
  return words.some((w) => w.toLowerCase() === key);
}

/** The column that describes a row: its text (or a header in the book's language, `tableHeaders.textColumns`). */
const TEXT_HEADER = /^(?:notes?|description|effects?|details|mechanics?|benefits?|summary)$/i;
/** The column that numbers a table's rows: "#", "No.", "№". */
const ROW_NUMBER_HEADER = /^(?:#|№|no\.?|nr\.?)$/i;

interface HeadingPricedColumns extends TableColumns {
  /** The other columns, read as fields named by their headers. */
  readonly fields: readonly number[];
}

function headingPricedColumns(headers: readonly string[], rec: Recognisers): HeadingPricedColumns | null {
  const name = headingPricedNameColumn(headers, { costColumns: rec.layout.costs.columns, names: rec.tableHeaders.skillColumns, isCostLabel: (h) => rec.fieldKind(h) === 'cost' });
  if (name === -1) return null;
  const described = describingColumns(headers, name, rec);
  const read = new Set<number>(Object.values(described));
  // A row's number in its table ("| # | Skill |…") is the table's, not the skill's.
  const field = (h: string, i: number) => !read.has(i) && !ROW_NUMBER_HEADER.test(h.trim());
  return { ...described, fields: headers.flatMap((h, i) => (field(h, i) ? [i] : [])) };
}

/** A table cell's source as written, trimmed of its pipes, and where it stands. */
type CellText = Span & { readonly value: string };
type NamedCell = Pick<SkillRecord, 'name' | 'nameStart' | 'nameEnd'>;

/**
 * A table cell's name and its place: where it stands as written, else (an entity or markup inside it) the cell's
 * text; null for an empty cell.
 */
function nameInCell(cell: CellText | undefined): NamedCell | null {
  const name = cell ? plainText(cell.value) : '';
  if (!cell || !name) return null;
  const written = cell.value.indexOf(name);
  const lead = cell.value.length - cell.value.trimStart().length;
  const nameStart = cell.start + (written >= 0 ? written : lead);
  return { name, nameStart, nameEnd: written >= 0 ? nameStart + name.length : cell.start + cell.value.trimEnd().length };
}

function cellSpan(text: string, cell: TableCell): CellText {
  const kids = cell.children;
  if (kids.length === 0) {
    const at = cell.position!.start.offset!;
    return { start: at, end: at, value: '' };
  }
  const first = kids[0].position;
  const last = kids[kids.length - 1].position;
  if (!first || !last) {
    // A literal autolink remark-gfm found in already split text has no position (see readLinks): the cell's own
    // span, less its pipes and the spaces inside them.
    const at = cell.position!.start.offset!;
    const own = text.slice(at, cell.position!.end.offset!);
    const lead = /^\|?[ \t]*/.exec(own)![0].length;
    const value = own.slice(lead).replace(/(?<!\\)\|$/, '').replace(/[ \t]+$/, '');
    return { start: at + lead, end: at + lead + value.length, value };
  }
  return { start: first.start.offset!, end: last.end.offset!, value: text.slice(first.start.offset!, last.end.offset!) };
}
