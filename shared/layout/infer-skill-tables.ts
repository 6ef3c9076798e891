/**
 * Skill tables without a price: Basic Roleplaying lists its 56 skills as `| # | Skill | Base Chance | Category |
 * Description |` under `## Complete Skill List`, and deals out points to spend on them; no row has a cost, no heading
 * states one. Such a table names skills when its name column is headed for skills (`Skill`, the book's language's
 * `Навык`: a bare `Name` heads gear and monsters as often), it has rows enough, each named once, and, but for what
 * their parentheses say, its names are not those of a longer such table (a profession's skill list repeats the
 * book's). In a book that prices nothing, any such table; in one that prices other things, only a table whose names
 * title the headings that describe them (Fate Core's `##### Skill List`, then `##### Athletics` and its text), and
 * never where those headings are skills themselves (a summary above them). The layout then lists the sections over
 * those tables (`skills.tables`); each heading then explains its row.
 */
import { headingPricedNameColumn, skillNameColumn, type PriceColumnWords } from '../parse/extract.js';
import { headingPrice } from '../parse/heading-price.js';
import { plainText } from '../parse/keys.js';
import type { TextStats, TextTable } from './collect-text.js';

export interface SkillTablesFinding {
  /** The titles of the headings over the tables, as the parser has them. */
  readonly sections: readonly string[];
  readonly tables: number;
  readonly rows: number;
  /** The first table's place, its header as written and one of its names, for the reason. */
  readonly file: string;
  readonly line: number;
  readonly header: string;
  readonly example: string;
}

/** Fewer rows than this are a handful of examples, not the book's list of skills. */
const LEAST_ROWS = 8;

/** A name without what its parentheses say: "Firearm (Rifle)" and "Firearm (specialty)" are one skill. */
const baseKey = (name: string) => name.replace(/\([^()]*\)\s*$/, '').trim().toLowerCase();

interface Candidate {
  readonly table: TextTable;
  /** Its place among the book's tables. */
  readonly order: number;
  readonly title: string;
  readonly names: readonly string[];
  /** Half its names or more title headings: the headings that describe its skills, or skills it summarises. */
  readonly headed: boolean;
}

/** What the rest of init found of the book's skills. */
export interface SkillTablesContext {
  /** No cost line, price or cost column anywhere: any table of skill names lists skills. */
  readonly pricesNothing: boolean;
  /** Whether a heading of this name is a skill by what init proposes (its fields, its kind, its place). */
  readonly headingIsSkill: (name: string) => boolean;
}

function candidate(table: TextTable, order: number, words: PriceColumnWords, headingNames: ReadonlySet<string>): Candidate | null {
  if (table.above === null || table.rows.length < LEAST_ROWS || headingPrice(table.above)) return null;
  const headers = table.header.map(plainText);
  // The parser's own test: a name column, no cost column, no column only gear has.
  const column = headingPricedNameColumn(headers, words);
  if (column === -1 || skillNameColumn(headers, words.names) !== column || /^names?$/i.test(headers[column].trim())) return null;
  const names = table.rows.map((row) => plainText(row[column] ?? '').trim());
  if (names.some((n) => !n) || new Set(names.map((n) => n.toLowerCase())).size !== names.length) return null;
  const headed = names.filter((n) => headingNames.has(n.toLowerCase())).length * 2 >= names.length;
  return { table, order, title: table.above, names, headed };
}

function fuller(a: Candidate, b: Candidate): boolean {
  if (a.names.length !== b.names.length) return a.names.length > b.names.length;
  if (a.table.header.length !== b.table.header.length) return a.table.header.length > b.table.header.length;
  return a.order < b.order;
}

/** `words`: the book's words for a skill table's name column and its cost labels, as the parser reads them. */
export function inferSkillTables(text: TextStats, words: PriceColumnWords, context: SkillTablesContext): SkillTablesFinding | null {
  const headingNames = new Set(text.entries.filter((e) => e.kind === 'heading').map((e) => e.name.toLowerCase()));
  const candidates = text.tables.flatMap((t, order) => candidate(t, order, words, headingNames) ?? []);
  // A summary of skills the headings are (Razorweave's tables over its `#### Athletic Movement — …` entries) lists none.
  const described = (c: Candidate) => c.headed && !c.names.some((n) => headingNames.has(n.toLowerCase()) && context.headingIsSkill(n));
  const listing = candidates.filter((c) => (c.headed ? described(c) : context.pricesNothing));
  const found = listing.filter((c) => {
    const own = c.names.map(baseKey);
    // Of two tables of the same skills, the longer one names them, and of two as long, the one that says more of each.
    return !listing.some((other) => {
      if (other === c || !fuller(other, c)) return false;
      const theirs = new Set(other.names.map(baseKey));
      return own.filter((k) => theirs.has(k)).length * 2 >= own.length;
    });
  });
  if (found.length === 0) return null;
  const first = found[0];
  return {
    sections: [...new Set(found.map((c) => c.title))],
    tables: found.length,
    rows: found.reduce((n, c) => n + c.names.length, 0),
    file: first.table.file,
    line: first.table.line,
    header: `| ${first.table.header.join(' | ')} |`,
    example: first.names[0],
  };
}
