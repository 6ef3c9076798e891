/** Outline panel: the numbered tree of chapters, sections and rules; click to jump; filter by number or title. */
import { clear, debounce, el } from '../ui/dom.js';
import type { OutlineNode } from '../../shared/service/index.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';

export function createOutlinePanel(ctx: PanelContext): Panel {
  const filter = el('input', { type: 'search', placeholder: 'Filter by number or title', 'aria-label': 'Filter the outline', class: 'panel-filter' });
  const tree = el('div', { class: 'outline-tree', role: 'tree' });
  const element = el('div', { class: 'panel-body' }, el('div', { class: 'panel-toolbar' }, filter), tree);

  const renderNode = (node: OutlineNode, query: string): HTMLElement | null => {
    const children = node.children.map((c) => renderNode(c, query)).filter((c): c is HTMLElement => c !== null);
    const matches = !query || `${node.number ?? ''} ${node.label}`.toLowerCase().includes(query);
    if (!matches && children.length === 0) return null;
    const label = el('button', { class: `outline-item ${node.kind}`, role: 'treeitem', title: `${node.range.file}:${node.range.start.line}`, onclick: () => ctx.jump(node.range) },
      node.number ? el('span', { class: 'outline-number' }, node.number) : null,
      el('span', { class: 'outline-label' }, node.label),
    );
    if (children.length === 0) return el('div', { class: 'outline-leaf' }, label);
    const sectionChildren = node.children.some((c) => c.kind === 'section');
    // Chapters open, long runs of rules closed: the tree stays readable on the Comprehensive Rules.
    const details = el('details', { class: 'outline-group', open: !!query || sectionChildren }, el('summary', {}, label), el('div', { class: 'outline-children' }, ...children));
    return details;
  };

  const lazy = new LazyPanelView(() => {
    const summary = ctx.core.openBookSummary;
    clear(tree);
    if (!summary) {
      tree.appendChild(el('p', { class: 'empty' }, 'Reading the book…'));
      return;
    }
    if (summary.outline.length === 0) {
      tree.appendChild(el('p', { class: 'empty' }, 'No headings yet. Headings (#, ##) and numbered rules appear here.'));
      return;
    }
    const query = filter.value.trim().toLowerCase();
    for (const node of summary.outline) {
      const rendered = renderNode(node, query);
      if (rendered) tree.appendChild(rendered);
    }
    if (!tree.firstChild) tree.appendChild(el('p', { class: 'empty' }, 'Nothing matches the filter.'));
  });
  filter.addEventListener('input', debounce(() => lazy.invalidate(), 150));
  ctx.core.onSummary(debounce(() => lazy.invalidate(), 250));
  ctx.core.onOpen(() => lazy.invalidate());

  return lazy.panel('outline', 'Outline', element);
}
