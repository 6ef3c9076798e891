/**
 * Never read nothing in silence: lines that look like a skill's cost or prerequisites outside every skill the parser
 * read, and lines that open with a rule number the parser did not read as a rule. One pass over each file's lines;
 * one diagnostic per file and kind, at the first such line, saying how many and what to do.
 */
import type { Layout } from '../model/layout.js';
import type { ParseDiagnostic, Rulebook, RulebookSource, SourceRange } from '../model/types.js';
import { forEachBodyLine } from './text-lines.js';
import { escapeRegExp } from '../parse/regexp.js';

/** A label matched literally, whatever the spacing between its words. */
const escape = (s: string) => escapeRegExp(s).replace(/\s+/g, '\\s+');
const EMPHASIS = String.raw`(?:\*\*|__|\*|_)?`;
/** Cost and requirement labels the layout may not list yet ("ST Cost", "Build", "Reqs"): they still say what they are. */
const COST_WORDS = String.raw`(?:[A-Za-z][\w']*[ \t]+){0,2}(?:cost|price|build)`;
const REQUIREMENT_WORDS = String.raw`(?:skill[ \t]+)?(?:reqs?|prereqs?|pre-?requisites?|requires?|requirements?|restrictions?)`;

/** A cost or prerequisite line: one of `labels`, or a label that says cost or requirement, bold or not, in a list or not. */
export function fieldPattern(labels: readonly string[]): RegExp {
  const known = [...labels].sort((a, b) => b.length - a.length).map(escape).join('|');
  return new RegExp(String.raw`^[ \t]*(?:[-*+>][ \t]+)?${EMPHASIS}(${known ? `${known}|` : ''}${COST_WORDS}|${REQUIREMENT_WORDS})${EMPHASIS}[ \t]*:${EMPHASIS}(?:[ \t]|$)`, 'i');
}

/** `1.2.3`, `100.1a`, `- 1a)`, `- A1a4)`, `* **0000.1.5**`, `<mark>4.1.13 -`, and the same on a heading line. */
export const RULE_LINE =
  /^[ \t]{0,3}(?:#{1,6}[ \t]+)?(?:[-*+][ \t]+)?(?:<[a-z][^>]*>)*(?:\*\*|__)?(?:\d+(?:[.-]\d+)*\.\d+[a-z]?\.?|[A-Z]?\d+[a-z](?:\d+[a-z]?)*\)|[A-Z]\d+(?:[a-z]\d*)*\))(?:\*\*|__)?(?=[ \t]|$)/;

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
}

const spanOf = (r: SourceRange): [number, number] => [r.start.line, r.end.line];

export function findUnread(source: RulebookSource, model: Rulebook): ParseDiagnostic[] {
  const layout: Layout = model.config.layout;
  const field = fieldPattern([...layout.fields.cost, ...layout.fields.prerequisites]);
  const knownLabels = new Set([...layout.fields.cost, ...layout.fields.prerequisites].map((l) => l.toLowerCase().replace(/\s+/g, ' ')));
  const notRules = new Set(layout.numbering.notRules.map((t) => t.toLowerCase()));

  // What the parser read, by file: skill entries (and prerequisite lines read for a whole section), rule starts.
  const read = new Map<string, { skills: [number, number][]; rules: Set<number>; quiet: [number, number][] }>();
  const of = (file: string) => {
    let r = read.get(file);
    if (!r) read.set(file, (r = { skills: [], rules: new Set(), quiet: [] }));
    return r;
  };
  for (const skill of model.skills) {
    of(skill.range.file).skills.push(spanOf(skill.range));
    for (const list of skill.prerequisites) of(list.range.file).skills.push(spanOf(list.range));
  }
  for (const rule of model.rules) of(rule.number.range.file).rules.add(rule.number.range.start.line);
  for (const section of model.sections) {
    if (section.number) of(section.headingRange.file).rules.add(section.headingRange.start.line);
    if (notRules.has(section.title.toLowerCase())) of(section.range.file).quiet.push(spanOf(section.range));
  }

  const out: ParseDiagnostic[] = [];
  for (const file of source.files) {
    const r = of(file.path);
    const skills = new Intervals(r.skills);
    const quiet = new Intervals(r.quiet);
    // Held in an object: the line visitor fills it, and TypeScript does not follow assignments made in a callback.
    const first: { fields: First | null; rules: First | null } = { fields: null, rules: null };
    forEachBodyLine(file.text, (l) => {
      // A line read as a rule or a numbered heading is read, and opens with its number, never with a label.
      if (l.code || r.rules.has(l.line)) return;
      const text = l.text;
      // Blank lines and table rows (a skill table is read as a table, a table of anything else is no skill) are skipped.
      let i = 0;
      while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
      if (i === text.length || text.charCodeAt(i) === 124 /* | */) return;
      const inSkill = skills.has(l.line);
      const quietHere = quiet.has(l.line);
      // A field line has a colon, a rule line a digit near its start: most lines are turned away before any pattern runs.
      if (!inSkill && text.includes(':')) {
        const m = field.exec(text);
        if (m && !isProse(text.slice(m[0].length))) {
          if (first.fields) first.fields.count++;
          else first.fields = { count: 1, line: l.line, offset: l.offset, text, label: m[1] };
          return;
        }
      }
      if (!inSkill && !quietHere && DIGIT_NEAR_START.test(text) && RULE_LINE.test(text)) {
        if (first.rules) first.rules.count++;
        else first.rules = { count: 1, line: l.line, offset: l.offset, text, label: '' };
      }
    });
    const { fields, rules } = first;
    if (fields) {
      const label = fields.label.toLowerCase().replace(/\s+/g, ' ');
      const key = knownLabels.has(label)
        ? 'layout.skills.headingLevels or layout.skills.boldNames to say where skills are written'
        : /cost|price|build/i.test(label)
          ? 'layout.fields.cost'
          : 'layout.fields.prerequisites';
      const lines = fields.count === 1 ? '1 line looks like a skill cost or prerequisite' : `${fields.count} lines look like skill costs or prerequisites`;
      out.push({ code: 'unread-skills', message: `${lines} (first: \`${quote(fields.text)}\`) but no skill was read from ${fields.count === 1 ? 'it' : 'them'}: run \`rulebook init\`, or set ${key}`, range: rangeOf(file.path, fields) });
    }
    if (rules) {
      const lines = rules.count === 1 ? '1 line starts with a rule number' : `${rules.count} lines start with a rule number`;
      out.push({
        code: 'unread-rules',
        message: `${lines} (first: \`${quote(rules.text)}\`) but ${rules.count === 1 ? 'was' : 'were'} not read as ${rules.count === 1 ? 'a rule' : 'rules'}: run \`rulebook init\`, or list their section under layout.numbering.notRules if they are not rules`,
        range: rangeOf(file.path, rules),
      });
    }
  }
  return out;
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

