/**
 * Skills panel: a sortable, filterable table of every skill (name, cost, category, prerequisites, required by, each but
 * the name only when the book has some: skill-columns.ts); click a name to jump.
 */
import { clear, debounce, el, plural } from '../ui/dom.js';
import type { SkillRow } from '../../shared/service/index.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';
import { filterPlaceholder, foldsCategory, matchesFilter, shownColumns, sortColumn, sortRows, type SkillColumn, type SkillColumnKey } from './skill-columns.js';

const MAX_ROWS = 600;

export function createSkillsPanel(ctx: PanelContext): Panel {
  let sortBy: SkillColumnKey = 'name';
  let descending = false;
  const filter = el('input', { type: 'search', placeholder: 'Filter skills', 'aria-label': 'Filter skills', class: 'panel-filter' });
  const count = el('span', { class: 'muted count' });
  const head = el('tr');
  const body = el('tbody');
  const table = el('table', { class: 'skills-table' }, el('thead', {}, head), body);
  const element = el('div', { class: 'panel-body' }, el('div', { class: 'panel-toolbar' }, filter, count), el('div', { class: 'table-scroll' }, table));

  /** `order`: how the rows are sorted now, which is not the choice while the chosen column is away. */
  const renderHead = (shown: readonly SkillColumn[], order: { key: SkillColumnKey; descending: boolean }) => {
    clear(head);
    for (const column of shown) {
      const active = column.key === order.key;
      head.appendChild(el('th', { class: `col-${column.key}`, 'aria-sort': active ? (order.descending ? 'descending' : 'ascending') : 'none' },
        el('button', { class: active ? 'sorted' : '', onclick: () => {
          descending = active ? !order.descending : false;
          sortBy = column.key;
          lazy.invalidate();
        } }, column.label, active ? el('span', { class: 'sort-arrow' }, order.descending ? ' ↓' : ' ↑') : null),
      ));
    }
  };

  const cell = (row: SkillRow, key: SkillColumnKey): HTMLElement => {
    switch (key) {
      case 'name':
        return el('td', { class: 'col-name' },
          el('button', { class: 'link', onclick: () => ctx.jump(row.range), title: `${row.range.file}:${row.range.start.line}` }, row.name),
          // In a narrow, crowded panel the category column gives way, and the category shows under the name instead.
          row.category ? el('span', { class: 'under-name' }, row.category) : null);
      case 'cost':
        // A long cost ("10 (Craftsman) or 8 (Kinfolk Lineage)", cost columns) wraps: each price is what some player pays.
        return el('td', { class: row.costText ? 'col-cost num' : 'col-cost num missing' }, ...(row.costText ? costCell(row.costText) : ['—']));
      case 'category':
      case 'prerequisites':
      case 'requiredBy':
        return el('td', { class: `col-${key}` }, row[key]);
    }
  };

  const lazy = new LazyPanelView(() => {
    const summary = ctx.core.openBookSummary;
    const rows = summary?.skills ?? [];
    const shown = shownColumns(rows);
    const key = sortColumn(sortBy, shown);
    // While the chosen column is away the rows go by name, A to Z; the choice is kept for the column's return.
    const order = { key, descending: key === sortBy && descending };
    renderHead(shown, order);
    table.toggleAttribute('data-fold-category', foldsCategory(shown));
    filter.placeholder = filterPlaceholder(shown);
    clear(body);
    const query = filter.value.trim().toLowerCase();
    const selected = sortRows(rows.filter((row) => matchesFilter(row, query)), order.key, order.descending);
    count.textContent = query ? `${selected.length} of ${plural(rows.length, 'skill')}` : plural(rows.length, 'skill');
    const wholeRow = String(shown.length);
    if (!summary) {
      // A large book takes seconds to read: "no skills" then would send the marshal to infer a layout it has.
      body.appendChild(el('tr', {}, el('td', { colspan: wholeRow, class: 'empty' }, 'Reading the book…')));
      count.textContent = '';
      return;
    }
    if (rows.length === 0) {
      // A book that writes its skills its own way reads none until its layout is set: offer to infer it here too.
      body.appendChild(el('tr', {}, el('td', { colspan: wholeRow, class: 'empty' }, 'No skills yet. A list item like “- **Shield Bash** (2 SP) …” defines one.',
        ctx.inferLayout ? el('span', {}, ' Written another way? ', el('button', { class: 'link', 'data-action': 'infer-layout', onclick: ctx.inferLayout }, 'Infer this book’s layout…')) : null)));
      return;
    }
    for (const row of selected.slice(0, MAX_ROWS)) body.appendChild(el('tr', {}, ...shown.map((column) => cell(row, column.key))));
    if (selected.length > MAX_ROWS) body.appendChild(el('tr', {}, el('td', { colspan: wholeRow, class: 'empty' }, `…and ${selected.length - MAX_ROWS} more. Filter to narrow.`)));
  });
  filter.addEventListener('input', debounce(() => lazy.invalidate(), 150));
  ctx.core.onSummary(debounce(() => lazy.invalidate(), 250));
  ctx.core.onOpen(() => lazy.invalidate());

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
