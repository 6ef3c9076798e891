/** The Skills panel's columns as data: which ones a book shows, how rows sort and filter by them. No DOM, so tests call it. */
import type { SkillRow } from '../../shared/service/index.js';

export type SkillColumnKey = 'name' | 'cost' | 'category' | 'prerequisites' | 'requiredBy';

export interface SkillColumn {
  readonly key: SkillColumnKey;
  readonly label: string;
  /** The cell's text as sorting compares it; empty when the skill has nothing there. */
  readonly text: (row: SkillRow) => string;
}

export const SKILL_COLUMNS: readonly SkillColumn[] = [
  { key: 'name', label: 'Skill', text: (row) => row.name },
  { key: 'cost', label: 'Cost', text: (row) => row.costText },
  { key: 'category', label: 'Category', text: (row) => row.category },
  { key: 'prerequisites', label: 'Prerequisites', text: (row) => row.prerequisites },
  { key: 'requiredBy', label: 'Required by', text: (row) => row.requiredBy },
];

/**
 * The columns a book's skills fill: the name always, any other only when at least one skill has a value there. Many
 * real books price nothing (Razorweave's skills are chosen, not bought) or name no prerequisite, and a column of "—"
 * down the whole panel only takes width and looks broken. Decided over every skill of the book, never the filtered
 * few, so columns do not come and go while someone types in the filter.
 */
export function shownColumns(rows: readonly SkillRow[]): readonly SkillColumn[] {
  return SKILL_COLUMNS.filter((column) => column.key === 'name' || rows.some((row) => column.text(row) !== ''));
}

/**
 * The column rows are sorted by: the one chosen, or the name while that one is not shown. The choice itself is kept,
 * so a column that went while the book was edited (its only cost deleted) sorts again when it comes back.
 */
export function sortColumn(chosen: SkillColumnKey, shown: readonly SkillColumn[]): SkillColumnKey {
  return shown.some((column) => column.key === chosen) ? chosen : 'name';
}

/**
 * Past this many columns a narrow panel has no room for the category's own column, and shows it under each name
 * instead (renderer/styles.css). With fewer, the category keeps its column at any width.
 */
const ROOMY_COLUMNS = 3;

export function foldsCategory(shown: readonly SkillColumn[]): boolean {
  return shown.length > ROOMY_COLUMNS && shown.some((column) => column.key === 'category');
}

/**
 * The rows in the chosen column's order. Skills with nothing in that column go last whichever way it is sorted, so
 * sorting by prerequisites, either way, shows the skills that have some (it put the blanks on top when descending).
 */
export function sortRows(rows: readonly SkillRow[], key: SkillColumnKey, descending: boolean): SkillRow[] {
  const column = SKILL_COLUMNS.find((c) => c.key === key)!;
  const direction = descending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const av = column.text(a);
    const bv = column.text(b);
    if (!av !== !bv) return av ? -1 : 1;
    // A cost sorts by its cheapest price ("4/5 SP" as 4), not its text; both have one here, so neither is Infinity.
    const order = key === 'cost' ? a.costValue - b.costValue : av.localeCompare(bv, undefined, { sensitivity: 'base', numeric: true });
    return direction * order || a.name.localeCompare(b.name);
  });
}

/**
 * Whether a row matches the filter box's text (already trimmed and lower-cased): by name, cost ("4 SP", "CP"),
 * category or either prerequisite column.
 */
export function matchesFilter(row: SkillRow, query: string): boolean {
  return !query || `${row.name}\n${row.costText}\n${row.category}\n${row.prerequisites}\n${row.requiredBy}`.toLowerCase().includes(query);
}

/** The filter box's hint names only what the book has to search: "Filter skills, categories" for a book with no costs or prerequisites. */
export function filterPlaceholder(shown: readonly SkillColumn[]): string {
  const has = (key: SkillColumnKey) => shown.some((column) => column.key === key);
  return ['Filter skills', ...(has('cost') ? ['costs'] : []), ...(has('category') ? ['categories'] : []), ...(has('prerequisites') || has('requiredBy') ? ['prerequisites'] : [])].join(', ');
}
