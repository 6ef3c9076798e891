/**
 * Cost tables: a table whose header names its rows' entries (`Skill`, `Name`, or a first column such as `Weapon
 * Skills` or `Skill Point Cost`: the parser's own test, skillNameColumn) and whose other columns hold mostly numbers.
 * Without a column named for a cost, those numeric columns are each the price for one class or skillset, written as
 * numbers, alternatives (`4/5`) or a first purchase and each further one (`10+5`), as the parser reads a cost.
 */
import { unitNamed } from '../parse/costs.js';
import { headingPricedNameColumn, listsThings, skillNameColumn, type PriceColumnWords } from '../parse/extract.js';
import { headingPrice } from '../parse/heading-price.js';
import { plainText } from '../parse/keys.js';
import type { TextTable } from './collect-text.js';

const AMOUNT = String.raw`\d+(?:[.,]\d+)?`;
/** "3", "1.5", "4/5", "10+5" (parseCost's ranked cost), "-", "n/a", or nothing. */
const NUMBER_CELL = new RegExp(String.raw`^(?:${AMOUNT}(?:[ \t]*\/[ \t]*${AMOUNT})*|\d{1,4}[ \t]*\+[ \t]*\d{1,4}|[-–—]|n\/a)?$`, 'i');
/**
 * Numeric columns that are no price: counts, measures, what a roll or a requirement needs ("STR Req", "Spellcasting
 * Roll"), and what armour gives (Daggerheart's "Base Thresholds", "Base Score"); what a weapon is (Basic Roleplaying's
 * weapon tables: "Base" chance, "Hit Points", "Hands", "Range (m)", a measure in its unit).
 */
const NOT_PRICE = /^(?:#|no\.?|number|levels?|tiers?|ranks?|page|qty|quantity|max|min|damage|range|year|order|id|base|hands?)$|\b(?:req\.?|requirements?|roll|bonus|dc|modifier|mod|crit|score|thresholds?|difficulty|evasion|armou?r|ac|hp|hit[ \t]+points)$|\((?:m|km|cm|ft|feet|yds?|yards|in|kg|g|lbs?|s|sec|min|rounds?|turns?|%)\)$/i;

export interface CostTableFinding {
  readonly columns: readonly string[];
  /** How many tables, with how many rows, and where the first is. */
  readonly tables: number;
  readonly rows: number;
  readonly file: string;
  readonly line: number;
}

export function inferCostTables(tables: readonly TextTable[]): CostTableFinding | null {
  const columns: string[] = [];
  let count = 0;
  let rows = 0;
  let first: TextTable | null = null;
  for (const table of tables) {
    // The headers as the parser sees them, so that a proposed column is one it finds.
    const headers = table.header.map(plainText);
    const nameColumn = skillNameColumn(headers);
    // A column named for a cost is read without a setting (docs/format.md, skill tables); the name column's header may
    // name what the table prices ("Skill Point Cost") and still need the per-class columns beside it.
    if (nameColumn === -1 || table.rows.length < 2 || listsThings(headers) || headers.some((h, i) => i !== nameColumn && /cost/i.test(h))) continue;
    const numeric = headers.filter((h, i) => {
      if (i === nameColumn || !h || NOT_PRICE.test(h)) return false;
      const cells = table.rows.map((r) => (r[i] ?? '').replace(/[*_`]/g, '').trim());
      const numbers = cells.filter((c) => NUMBER_CELL.test(c) && /\d/.test(c)).length;
      const fitting = cells.filter((c) => NUMBER_CELL.test(c)).length;
      // Amounts written with a fraction, most of them ("20.0", "0.2"), are what a thing is worth or measures (Aachen's
      // goods in days of a labourer's and a master's wages), not what a class pays for an entry.
      const fractions = cells.filter((c) => /\d[.,]\d/.test(c)).length;
      return numbers >= 2 && fitting * 10 >= cells.length * 7 && fractions * 2 <= numbers;
    });
    // One price for each class or skillset: a table with a single numeric column prices nobody in particular.
    if (numeric.length < 2) continue;
    count++;
    rows += table.rows.length;
    first ??= table;
    for (const h of numeric) if (!columns.some((c) => c.toLowerCase() === h.toLowerCase())) columns.push(h);
  }
  return first ? { columns, tables: count, rows, file: first.file, line: first.line } : null;
}

/** Tables priced by the heading over them, or lists by the bold label over them (infer-priced-lists.ts). */
export interface PricedGroupsFinding {
  /** How many tables or lists, with how many entries, the first one's place and the heading or label over it. */
  readonly groups: number;
  readonly rows: number;
  readonly file: string;
  readonly line: number;
  readonly title: string;
  /** The price of each entry as its heading or label writes it ("5 CP") and its unit. */
  readonly costs: readonly { readonly text: string; readonly unit: string }[];
  /** Where each group stands and how many entries it prices. */
  readonly places: readonly { readonly file: string; readonly line: number; readonly rows: number }[];
}

/**
 * Tables priced by the heading right over them: `### Tier 1 — 5 CP each` over `| Ability | Source | Mechanic |`, a
 * name column and no cost column (the parser's own tests, headingPrice and headingPricedNameColumn). Their rows are
 * skills without a setting once the heading's unit is among the book's cost units: a unit counts when it is one
 * `known` (the default units, those the book's cost lines write), or when it prices tables under two headings or more
 * ("Tier 1 — 5 Karma each", "Tier 2 — 10 Karma each"); "## Chapter 3: 10 Years Later" over a table of names, once, is
 * no price.
 */
export function inferHeadingPricedTables(tables: readonly TextTable[], known: readonly string[], words: PriceColumnWords): PricedGroupsFinding | null {
  const candidates = tables.flatMap((table) => {
    const price = table.above === null ? null : headingPrice(table.above);
    const column = price ? headingPricedNameColumn(table.header.map(plainText), words) : -1;
    if (!price || column === -1) return [];
    const named = table.rows.filter((r) => plainText(r[column] ?? '').trim()).length;
    return named > 0 ? [{ table, price, named }] : [];
  });
  const headingsByUnit = new Map<string, Set<string>>();
  for (const c of candidates) {
    const key = c.price.unit.toLowerCase();
    const titles = headingsByUnit.get(key) ?? new Set<string>();
    titles.add(c.table.above!);
    headingsByUnit.set(key, titles);
  }
  const priced = candidates.filter((c) => unitNamed(c.price.unit, known) !== null || (headingsByUnit.get(c.price.unit.toLowerCase())?.size ?? 0) >= 2);
  if (priced.length === 0) return null;
  const first = priced[0];
  return {
    groups: priced.length,
    rows: priced.reduce((n, c) => n + c.named, 0),
    file: first.table.file,
    line: first.table.line,
    title: first.table.above!,
    costs: priced.flatMap((c) => Array.from({ length: c.named }, () => ({ text: c.price.costText, unit: c.price.unit }))),
    places: priced.map((c) => ({ file: c.table.file, line: c.table.line, rows: c.named })),
  };
}
