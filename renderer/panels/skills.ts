/** Skills panel: a sortable, filterable table of every skill (name, cost, category, prerequisites, required by); click a name to jump. */
import { clear, debounce, el, plural } from '../ui/dom.js';
import type { SkillRow } from '../../shared/service/index.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';

type Column = 'name' | 'cost' | 'category' | 'prerequisites' | 'requiredBy';
const COLUMNS: readonly { key: Column; label: string }[] = [
  { key: 'name', label: 'Skill' },
  { key: 'cost', label: 'Cost' },
  { key: 'category', label: 'Category' },
  { key: 'prerequisites', label: 'Prerequisites' },
  { key: 'requiredBy', label: 'Required by' },
];
const MAX_ROWS = 600;

function compare(a: SkillRow, b: SkillRow, column: Column): number {
  if (column === 'cost') return a.costValue - b.costValue || a.name.localeCompare(b.name);
  const av = column === 'name' ? a.name : a[column];
  const bv = column === 'name' ? b.name : b[column];
  // Empty cells sort last whichever way, so the interesting rows stay on top.
  if (!av !== !bv) return av ? -1 : 1;
  return av.localeCompare(bv, undefined, { sensitivity: 'base', numeric: true });
}

export function createSkillsPanel(ctx: PanelContext): Panel {
  let sortBy: Column = 'name';
  let descending = false;
  const filter = el('input', { type: 'search', placeholder: 'Filter skills, categories, prerequisites', 'aria-label': 'Filter skills', class: 'panel-filter' });
  const count = el('span', { class: 'muted count' });
  const head = el('tr');
  const body = el('tbody');
  const table = el('table', { class: 'skills-table' }, el('thead', {}, head), body);
  const element = el('div', { class: 'panel-body' }, el('div', { class: 'panel-toolbar' }, filter, count), el('div', { class: 'table-scroll' }, table));

  const renderHead = () => {
    clear(head);
    for (const column of COLUMNS) {
      const active = column.key === sortBy;
      head.appendChild(el('th', { class: `col-${column.key}`, 'aria-sort': active ? (descending ? 'descending' : 'ascending') : 'none' },
        el('button', { class: active ? 'sorted' : '', onclick: () => {
          descending = sortBy === column.key ? !descending : false;
          sortBy = column.key;
          lazy.invalidate();
        } }, column.label, active ? el('span', { class: 'sort-arrow' }, descending ? ' ↓' : ' ↑') : null),
      ));
    }
  };

  const lazy = new LazyPanelView(() => {
    renderHead();
    clear(body);
    const rows = ctx.core.lastSummary?.skills ?? [];
    const query = filter.value.trim().toLowerCase();
    const selected = rows
      .filter((r) => !query || `${r.name}\n${r.category}\n${r.prerequisites}\n${r.requiredBy}`.toLowerCase().includes(query))
      .sort((a, b) => (descending ? -1 : 1) * compare(a, b, sortBy));
    count.textContent = query ? `${selected.length} of ${plural(rows.length, 'skill')}` : plural(rows.length, 'skill');
    if (rows.length === 0) {
      // A book that writes its skills its own way reads none until its layout is set: offer to infer it here too.
      body.appendChild(el('tr', {}, el('td', { colspan: '5', class: 'empty' }, 'No skills yet. A list item like “- **Shield Bash** (2 SP) …” defines one.',
        ctx.inferLayout ? el('span', {}, ' Written another way? ', el('button', { class: 'link', 'data-action': 'infer-layout', onclick: ctx.inferLayout }, 'Infer this book’s layout…')) : null)));
      return;
    }
    for (const row of selected.slice(0, MAX_ROWS)) {
      body.appendChild(el('tr', {},
        el('td', {},
          el('button', { class: 'link', onclick: () => ctx.jump(row.range), title: `${row.range.file}:${row.range.start.line}` }, row.name),
          // In a narrow panel the category column gives way, and the category shows under the name instead.
          row.category ? el('span', { class: 'under-name' }, row.category) : null),
        // A long cost ("10 (Craftsman) or 8 (Kinfolk Lineage)", cost columns) wraps: each price is what some player pays.
        el('td', { class: row.costText ? 'num' : 'num missing' }, ...(row.costText ? costCell(row.costText) : ['—'])),
        el('td', { class: 'col-category' }, row.category),
        el('td', {}, row.prerequisites),
        el('td', {}, row.requiredBy),
      ));
    }
    if (selected.length > MAX_ROWS) body.appendChild(el('tr', {}, el('td', { colspan: '5', class: 'empty' }, `…and ${selected.length - MAX_ROWS} more. Filter to narrow.`)));
  });
  filter.addEventListener('input', debounce(() => lazy.invalidate(), 150));
  ctx.core.onSummary(debounce(() => lazy.invalidate(), 250));

  return lazy.panel('skills', 'Skills', element);
}

/**
 * A cost as the panel wraps it: between its comma-separated parts, each part's last two words kept together, so
 * "Primary 10+5, Secondary 10+7" breaks after a comma, never between a cost column's name and its price nor inside
 * "10+5".
 */
export function costCell(cost: string): (string | HTMLElement)[] {
  return cost.split(/(?<=,)\s+/).flatMap((part, i) => {
    const words = part.split(/\s+/);
    const head = words.slice(0, -2).join(' ');
    return [...(i ? [' '] : []), ...(head ? [`${head} `] : []), el('span', { class: 'kept' }, words.slice(-2).join(' '))];
  });
}
