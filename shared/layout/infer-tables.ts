/**
 * Cost tables: a table whose header names its rows' entries (`Skill`, `Name`) and whose other columns hold mostly
 * numbers. Without a column named for a cost, those numeric columns are each the price for one class or skillset.
 */
import { SKILL_COLUMN, type TextTable } from './collect-text.js';
import { plainName } from './text-lines.js';

const NUMBER_CELL = /^(?:\d+(?:[.,]\d+)?(?:[ \t]*\/[ \t]*\d+(?:[.,]\d+)?)*|[-–—]|n\/a)?$/i;
/** Numeric columns that are no price. */
const NOT_PRICE = /^(?:#|no\.?|number|levels?|tiers?|ranks?|page|qty|quantity|max|min|damage|range|year|order|id)$/i;

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
    const headers = table.header.map(plainName);
    const nameColumn = headers.findIndex((h) => SKILL_COLUMN.test(h));
    // A column named for a cost is read without a setting (docs/format.md, skill tables).
    if (nameColumn === -1 || table.rows.length < 2 || headers.some((h) => /cost/i.test(h))) continue;
    const numeric = headers.filter((h, i) => {
      if (i === nameColumn || !h || NOT_PRICE.test(h)) return false;
      const cells = table.rows.map((r) => (r[i] ?? '').replace(/[*_`]/g, '').trim());
      const numbers = cells.filter((c) => NUMBER_CELL.test(c) && /\d/.test(c)).length;
      const fitting = cells.filter((c) => NUMBER_CELL.test(c)).length;
      return numbers >= 2 && fitting * 10 >= cells.length * 7;
    });
    if (numeric.length === 0) continue;
    count++;
    rows += table.rows.length;
    first ??= table;
    for (const h of numeric) if (!columns.some((c) => c.toLowerCase() === h.toLowerCase())) columns.push(h);
  }
  return first ? { columns, tables: count, rows, file: first.file, line: first.line } : null;
}
