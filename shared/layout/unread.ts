/**
 * Never read nothing in silence: lines that look like a skill's cost or prerequisites outside every skill the parser
 * read, and lines that open with a rule number the parser did not read as a rule. One pass over each file's lines;
 * one diagnostic per file and kind, at the first such line, saying how many and what to do.
 */
import { defaultLayout, type Layout } from '../model/layout.js';
import { bookLanguage } from '../model/book-language.js';
import { readingWords } from '../model/reading-words.js';
import type { ParseDiagnostic, Rulebook, RulebookConfig, RulebookSource, Section, SourceRange } from '../model/types.js';
import { DEFAULT_COST_UNITS, otherCurrency } from '../parse/costs.js';
import { sameItems } from '../model/same-items.js';
import { bodyStart, forEachLine } from './text-lines.js';
import { USE_COST_LABEL } from './field-words.js';
import { OUTLINE_NUMBER } from '../parse/numbers.js';
import { escapeRegExp } from '../parse/regexp.js';
import { nameKey } from '../parse/keys.js';
import { SUMMARY_TITLE } from '../parse/titles.js';

const labelKey = (label: string) => label.toLowerCase().replace(/\s+/g, ' ');
/** A label matched literally, whatever the spacing between its words. */
const escape = (s: string) => escapeRegExp(s).replace(/\s+/g, '\\s+');
const EMPHASIS = String.raw`(?:\*\*|__|\*|_)?`;
/** Cost and requirement labels the layout may not list yet ("ST Cost", "Build", "Reqs"): they still say what they are. */
const COST_WORDS = String.raw`(?:[A-Za-z][\w']*[ \t]+){0,2}(?:cost|price|build)`;
/** A label that says it gives a cost: "CP Cost", "Price", "Build". */
const COST_LABEL = /cost|price|build/i;
const REQUIREMENT_WORDS = String.raw`(?:skill[ \t]+)?(?:reqs?|prereqs?|pre-?requisites?|requires?|requirements?|restrictions?)`;

/** A cost or prerequisite line: one of `labels`, or a label that says cost or requirement, bold or not, in a list or not. */
export function fieldPattern(labels: readonly string[]): RegExp {
  const known = [...labels].sort((a, b) => b.length - a.length).map(escape).join('|');
  return new RegExp(String.raw`^[ \t]*(?:[-*+>][ \t]+)?${EMPHASIS}(${known ? `${known}|` : ''}${COST_WORDS}|${REQUIREMENT_WORDS})${EMPHASIS}[ \t]*:${EMPHASIS}(?:[ \t]|$)`, 'i');
}

/** `1.2.3`, `100.1a`, `- 1a)`, `- A1a4)`, `* **0000.1.5**`, `<mark>4.1.13 -`, `1.B.2.`, `B1.A.1.`, and the same on a heading line. */
export const RULE_LINE = new RegExp(
  String.raw`^[ \t]{0,3}(?:#{1,6}[ \t]+)?(?:[-*+][ \t]+)?(?:<[a-z][^>]*>)*(?:\*\*|__)?(?:\d+(?:[.-]\d+)*\.\d+[a-z]?\.?|[A-Z]?\d+[a-z](?:\d+[a-z]?)*\)|[A-Z]\d+(?:[a-z]\d*)*\)|${OUTLINE_NUMBER}\.?)(?:\*\*|__)?(?=[ \t]|$)`,
);

/** Two sentences: a full stop, then a capitalised word of some length. */
const SENTENCES = /[a-z)]\.[ \t]+[A-Z][a-z]+[ \t]+\w/;

/**
 * "**Restriction:** The full utility of certain skills is restricted … This entry indicates …", "**Raw Materials
 * Cost:** The cost of creating a magic item equals one-half the sale cost of the item.": a label that opens prose
 * explains the book's format. A cost or a list of requirements is no run of sentences, nor a long sentence without
 * a single number.
 */
function isProse(value: string): boolean {
  return SENTENCES.test(value) || (/\.[ \t*_]*$/.test(value) && !/\d/.test(value) && value.trim().split(/\s+/).length >= 10);
}

const DIGIT_NEAR_START = /^\D{0,23}\d/;

/** Sorted, merged line intervals, asked in increasing line order. */
class Intervals {
  private readonly spans: [number, number][];
  private at = 0;

  constructor(spans: [number, number][]) {
    spans.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const s of spans) {
      const last = merged[merged.length - 1];
      if (last && s[0] <= last[1] + 1) last[1] = Math.max(last[1], s[1]);
      else merged.push([s[0], s[1]]);
    }
    this.spans = merged;
  }

  has(line: number): boolean {
    while (this.at < this.spans.length && this.spans[this.at][1] < line) this.at++;
    return this.at < this.spans.length && this.spans[this.at][0] <= line;
  }
}

interface First {
  count: number;
  line: number;
  offset: number;
  text: string;
  label: string;
  currency: string | null;
}

const spanOf = (r: SourceRange): [number, number] => [r.start.line, r.end.line];

/** What the unread check matches lines with, from the layout; `key` tells line lists read with other patterns apart. */
export interface UnreadPatterns {
  readonly key: string;
  readonly field: RegExp;
  /** The layout's own cost and prerequisite labels, lower case: a use cost listed there is the book's price. */
  readonly listed: ReadonlySet<string>;
  /** Labels the layout says are ordinary fields (fields.other), lower case: never unread, whatever they say. */
  readonly ordinary: ReadonlySet<string>;
  /** The book's cost labels, lower case: a price on such a line in money ("Cost: 500 cr") is no skill's. */
  readonly costLabels: ReadonlySet<string>;
  readonly costUnits: readonly string[];
  /**
   * Whether the book names its own units (costUnits): then a price in another currency is gear by the book's word, and
   * no line to report; with the default units it is reported, with the unit to add if those are skills after all.
   */
  readonly unitsDeclared: boolean;
}

export function unreadPatterns(layout: Layout, costUnits: readonly string[]): UnreadPatterns {
  // A label the book gives other things by (fields.other: "Requirements" beside "Prerequisites") is no cost or prerequisite.
  const ordinary = new Set(layout.fields.other.map(labelKey));
  const labels = [...layout.fields.cost, ...layout.fields.prerequisites].filter((label) => !ordinary.has(labelKey(label)));
  const field = fieldPattern(labels);
  return {
    key: `${field.source}|${[...ordinary].join('|')}|${costUnits.join('|')}`,
    field,
    listed: new Set(labels.map(labelKey)),
    ordinary,
    costLabels: new Set(layout.fields.cost.map(labelKey)),
    costUnits,
    unitsDeclared: !sameItems(costUnits, DEFAULT_COST_UNITS),
  };
}

/** A line that may count as unread, found without the model: a field label, a rule number, or both. */
export interface CandidateLine {
  /** 0-based line and offset within the text it was read from (a chunk); made absolute by the caller. */
  readonly line: number;
  readonly offset: number;
  readonly text: string;
  /** The label of a cost or prerequisite line, null when the line is none. */
  readonly label: string | null;
  /** The currency a cost line prices in that is none of the book's units ("cr" of "Cost: 500 cr"), else null. */
  readonly currency: string | null;
  /** Whether the line starts with a rule number. */
  readonly rule: boolean;
}

/** One chunk's candidate lines, read with the fence it starts in; `fenceOut` is the fence open at its end. */
export interface ChunkLines {
  readonly key: string;
  readonly fenceIn: string | null;
  readonly fenceOut: string | null;
  readonly lines: readonly CandidateLine[];
}

/**
 * The candidate lines of a piece of a body that starts at a line start (a chunk, or the whole body), fenced code
 * left out as forEachBodyLine leaves it out: the model is not needed, so a chunk's lines are read once.
 * `numbersAt` (sorted offsets in `text`) are where the parser's records of the piece read a rule's or a heading's
 * number: the assembler makes each a rule or a numbered heading of the model, or drops it in a section of
 * layout.numbering.notRules, where rule lines are not counted; a line without a field label there is no candidate.
 */
export function chunkLines(text: string, fenceIn: string | null, patterns: UnreadPatterns, numbersAt: readonly number[] = []): ChunkLines {
  const lines: CandidateLine[] = [];
  let atNumber = 0;
  const fenceOut = forEachLine(text, { offset: 0, line: 0, fence: fenceIn }, ({ line, offset, text: raw, code }) => {
    if (code) return;
    // Blank lines and table rows (a skill table is read as a table, a table of anything else is no skill) are skipped.
    let i = 0;
    while (i < raw.length && (raw.charCodeAt(i) === 32 || raw.charCodeAt(i) === 9)) i++;
    if (i >= raw.length || raw.charCodeAt(i) === 124 /* | */) return;
    let label: string | null = null;
    let currency: string | null = null;
    // A field line has a colon, a rule line a digit near its start: most lines are turned away before any pattern runs.
    if (raw.includes(':')) {
      const m = patterns.field.exec(raw);
      // "Stamina Cost: 1" tells what using an ability spends, not that a skill is priced here.
      if (m && !isProse(raw.slice(m[0].length)) && !(USE_COST_LABEL.test(m[1]) && !patterns.listed.has(labelKey(m[1]))) && !patterns.ordinary.has(labelKey(m[1]))) {
        const costLine = patterns.costLabels.has(labelKey(m[1])) || COST_LABEL.test(m[1]);
        currency = costLine ? otherCurrency(raw.slice(m[0].length).replace(/^[*_\s]+/, ''), patterns.costUnits) : null;
        if (!(currency && patterns.unitsDeclared)) label = m[1];
      }
    }
    // A rule line the chunk's records read a number on is read (or stands where numbers are no rules): no candidate,
    // unless it is a field line too. Asked first: most rule lines of a numbered book are read, and need no pattern.
    while (atNumber < numbersAt.length && numbersAt[atNumber] < offset) atNumber++;
    const numberRead = atNumber < numbersAt.length && numbersAt[atNumber] <= offset + raw.length;
    const rule = (!numberRead || label !== null) && DIGIT_NEAR_START.test(raw) && RULE_LINE.test(raw);
    if (label !== null || rule) lines.push({ line, offset, text: raw, label, currency: label === null ? null : currency, rule });
  });
  return { key: patterns.key, fenceIn, fenceOut, lines };
}

/** Candidate lines of a piece of a file that starts at `line` (1-based) and `offset`. */
export interface CandidateBlock {
  readonly line: number;
  readonly offset: number;
  readonly lines: readonly CandidateLine[];
}

/** A file's candidate lines, in blocks in file order. */
export type FileCandidates = readonly CandidateBlock[];

/** A file's candidate lines, read from its whole body. */
function wholeBody(text: string, patterns: UnreadPatterns): FileCandidates {
  const start = bodyStart(text);
  return [{ line: start.line, offset: start.offset, lines: chunkLines(text.slice(start.offset), null, patterns).lines }];
}

function increasing(lines: number[]): number[] {
  for (let i = 1; i < lines.length; i++) if (lines[i] < lines[i - 1]) return lines.sort((a, b) => a - b);
  return lines;
}

/**
 * `candidates`, when given, lists a file's candidate lines (the parser keeps them by chunk, so that an edit reads
 * only its chunk's lines again); files it has none for are read whole. `patterns` must be unreadPatterns(layout, costUnits).
 */
export function findUnread(source: RulebookSource, model: Rulebook, candidates?: (path: string) => FileCandidates | null, patterns?: UnreadPatterns): ParseDiagnostic[] {
  const layout: Layout = model.config.layout;
  patterns ??= unreadPatterns(layout, model.config.costUnits);
  const knownLabels = patterns.listed;
  const notRules = new Set(layout.numbering.notRules.map((t) => t.toLowerCase()));

  // What the parser read, by file: skill entries (and prerequisite lines read for a whole section), rule starts.
  // Gathered only when some file has a candidate line left: most edits of most books leave none.
  let read: Map<string, { skills: [number, number][]; rules: number[]; headings: number[]; quiet: [number, number][] }> | null = null;
  const gather = () => {
    const found = new Map<string, { skills: [number, number][]; rules: number[]; headings: number[]; quiet: [number, number][] }>();
    const of = (file: string) => {
      let r = found.get(file);
      if (!r) found.set(file, (r = { skills: [], rules: [], headings: [], quiet: [] }));
      return r;
    };
    for (const skill of model.skills) {
      const r = of(skill.range.file);
      r.skills.push(spanOf(skill.range));
      for (const list of skill.prerequisites) (list.range.file === skill.range.file ? r : of(list.range.file)).skills.push(spanOf(list.range));
    }
    // Rules come file by file: the file's entry is looked up once per run of them.
    let lastFile: string | null = null;
    let lastRead: ReturnType<typeof of> | null = null;
    for (const rule of model.rules) {
      const range = rule.number.range;
      if (range.file !== lastFile) {
        lastFile = range.file;
        lastRead = of(range.file);
      }
      lastRead!.rules.push(range.start.line);
      // A line further down a rule's own paragraph that opens with a number was left to its text by the parser (the
      // number does not follow the rule's: "3.5 minutes…" under 7.E.2): prose, no unread rule.
      if (rule.range.end.line > range.start.line) lastRead!.quiet.push([range.start.line + 1, rule.range.end.line]);
    }
    // A title is lower-cased only when it is as long as one of the layout's notRules titles.
    const notRuleLengths = new Set([...notRules].map((t) => t.length));
    lastFile = null;
    for (const section of model.sections) {
      const file = section.headingRange.file;
      if (file !== lastFile) {
        lastFile = file;
        lastRead = of(file);
      }
      if (section.number) lastRead!.headings.push(section.headingRange.start.line);
      // A summary's fields ("## Quick Reference" over `**Cost:** 3 CP`) restate the rules around it: passed over, as read.
      if (SUMMARY_TITLE.test(section.title)) lastRead!.skills.push(spanOf(section.range));
      if (notRuleLengths.has(section.title.length) && notRules.has(section.title.toLowerCase())) of(section.range.file).quiet.push(spanOf(section.range));
    }
    return found;
  };
  const of = (file: string) => {
    read ??= gather();
    return read.get(file) ?? { skills: [], rules: [], headings: [], quiet: [] };
  };

  const out: ParseDiagnostic[] = [];
  // Asked once, and only when a file has something to report.
  let runInit: string | null = null;
  const advice = () => (runInit ??= declaresSettings(model.config) ? '' : 'run `rulebook init`, or ');
  for (const file of source.files) {
    const blocks = candidates?.(file.path) ?? wholeBody(file.text, patterns);
    if (blocks.every((b) => b.lines.length === 0)) continue;
    const r = of(file.path);
    const skills = new Intervals(r.skills);
    const quiet = new Intervals(r.quiet);
    const rules = increasing(r.rules);
    const headings = increasing(r.headings);
    let fields: First | null = null;
    let rulesFirst: First | null = null;
    // Candidates, rule lines and heading lines all come in increasing line order: one walk over the three.
    let atRule = 0;
    let atHeading = 0;
    for (const block of blocks) {
      for (const l of block.lines) {
        const line = l.line + block.line;
        // A line read as a rule or a numbered heading is read, and opens with its number, never with a label.
        while (atRule < rules.length && rules[atRule] < line) atRule++;
        if (atRule < rules.length && rules[atRule] === line) continue;
        while (atHeading < headings.length && headings[atHeading] < line) atHeading++;
        if (atHeading < headings.length && headings[atHeading] === line) continue;
        if (skills.has(line)) continue;
        if (l.label !== null) {
          if (fields) fields.count++;
          else fields = { count: 1, line, offset: l.offset + block.offset, text: l.text, label: l.label, currency: l.currency };
          continue;
        }
        if (l.rule && !quiet.has(line)) {
          if (rulesFirst) rulesFirst.count++;
          else rulesFirst = { count: 1, line, offset: l.offset + block.offset, text: l.text, label: '', currency: null };
        }
      }
    }
    const found = { fields: fields as First | null, rules: rulesFirst as First | null };
    if (found.fields) {
      const first = found.fields;
      const label = labelKey(first.label);
      const key = knownLabels.has(label)
        ? 'layout.skills.headingLevels or layout.skills.boldNames to say where skills are written'
        : COST_LABEL.test(label)
          ? 'layout.fields.cost'
          : 'layout.fields.prerequisites';
      const lines = first.count === 1 ? '1 line looks like a skill cost or prerequisite' : `${first.count} lines look like skill costs or prerequisites`;
      const it = first.count === 1 ? 'it is a skill' : 'they are skills';
      // What to do, asked in turn, each only when the one before says nothing.
      const remedy = (): string => {
        // "Cost: 500 cr" with the default units: gear in money, unless the book buys skills with it. Init leaves the
        // default units as they are, so it is no advice here.
        if (first.currency !== null) {
          return `\`${first.currency}\` is none of the units skills are bought with: add it to costUnits if ${it}, or list the units skills cost under costUnits if ${first.count === 1 ? 'it is not' : 'they are not'}`;
        }
        // Where the layout names the sections skills are read in, lines outside them were left out by it.
        const chapter = chapterOutsideSkillSections(model, file.path, first.line);
        if (chapter !== null) return `${first.count === 1 ? 'it stands' : 'they stand'} outside layout.skills.sections: add \`${chapter}\` there if ${it}`;
        const heading = knownLabels.has(label) ? describedSkillHeading(model, file.path, file.text, first) : null;
        if (heading !== null) {
          return `a skill's cost and prerequisite lines are read right under its heading: ${first.count === 1 ? `move it up under \`${heading}\` if it is a skill's` : `move them up under their headings (the first under \`${heading}\`) if they are skills'`}`;
        }
        return `${advice()}set ${key}`;
      };
      out.push({ code: 'unread-skills', message: `${lines} (first: \`${quote(first.text)}\`) but no skill was read from ${first.count === 1 ? 'it' : 'them'}: ${remedy()}`, range: rangeOf(file.path, first) });
    }
    if (found.rules) {
      const first = found.rules;
      const lines = first.count === 1 ? '1 line starts with a rule number' : `${first.count} lines start with a rule number`;
      out.push({
        code: 'unread-rules',
        message: `${lines} (first: \`${quote(first.text)}\`) but ${first.count === 1 ? 'was' : 'were'} not read as ${first.count === 1 ? 'a rule' : 'rules'}: ${advice()}list their section under layout.numbering.notRules if they are not rules`,
        range: rangeOf(file.path, first),
      });
    }
  }
  return out;
}

/**
 * Whether the book declares settings of its own: a layout, cost units, conditions, lint settings or a list of files,
 * everything `rulebook init` writes. Then init has been run (or the marshal wrote them by hand, and init only adds to
 * them): advising to run it would send the marshal round in a loop, so the advice names the setting alone.
 */
export function declaresSettings(config: RulebookConfig): boolean {
  return (
    config.files !== null ||
    config.conditions.length > 0 ||
    Object.keys(config.lint).length > 0 ||
    !sameItems(config.costUnits, DEFAULT_COST_UNITS) ||
    JSON.stringify(config.layout) !== JSON.stringify(defaultLayout(readingWords(bookLanguage(config))))
  );
}

/**
 * The title of the chapter to add to `layout.skills.sections` for a line of `file` to be read for skills, or null when
 * the layout names no sections or the line stands in one of them (as the parser matches them: by name, or a prefix
 * ending in `*`, a section's subsections included). The outermost heading above the line that is in none of them.
 */
function chapterOutsideSkillSections(model: Rulebook, file: string, line: number): string | null {
  const wanted = model.config.layout.skills.sections.map((t) => ({ key: nameKey(t.replace(/\*\s*$/, '')), prefix: /\*\s*$/.test(t) }));
  if (wanted.length === 0) return null;
  const named = (title: string) => {
    const key = nameKey(title);
    return wanted.some((w) => (w.prefix ? key.startsWith(w.key) : key === w.key));
  };
  let section = innermostSection(model, file, line);
  if (section === null) return null;
  // From the innermost section holding the line up to the outermost: skills are read there when any of them is named.
  const byId = new Map(model.sections.map((s) => [s.id, s]));
  for (let s: Section | undefined = section; s; s = s.parentId ? byId.get(s.parentId) : undefined) {
    if (named(s.title)) return null;
    section = s;
  }
  return section.title;
}

/**
 * The title of the heading a field line stands under, at a level the layout reads skills at, when lines of text come
 * between the two: "### Battlemage", a paragraph of description, then "**Prerequisites:** Channeler build, level 6"
 * (Ashfall's specializations). Setting the heading levels, the usual advice, is done; the order of the lines is not.
 */
function describedSkillHeading(model: Rulebook, file: string, text: string, first: First): string | null {
  const section = innermostSection(model, file, first.line);
  if (section === null || !model.config.layout.skills.headingLevels.includes(section.depth)) return null;
  // The text from the end of the heading to the start of the field line: blank lines only, or a description.
  return text.slice(section.headingRange.end.offset, first.offset).trim() !== '' ? section.title : null;
}

/** The deepest section of `file` whose range holds `line`, null outside every heading. */
function innermostSection(model: Rulebook, file: string, line: number): Section | null {
  let innermost: Section | null = null;
  for (const s of model.sections) {
    if (s.range.file === file && s.range.start.line <= line && line <= s.range.end.line && (innermost === null || s.depth > innermost.depth)) innermost = s;
  }
  return innermost;
}

function quote(text: string): string {
  const t = text.trim().replace(/`/g, "'");
  return t.length > 60 ? `${t.slice(0, 59)}…` : t;
}

/** The line's text without its indentation. */
function rangeOf(file: string, first: First): SourceRange {
  const indent = first.text.length - first.text.trimStart().length;
  const end = first.text.trimEnd().length;
  return {
    file,
    start: { line: first.line, column: indent + 1, offset: first.offset + indent },
    end: { line: first.line, column: end + 1, offset: first.offset + end },
  };
}

