/** Prerequisite graph panel: the skill graph laid out by ELK (layered), drawn as SVG, cycles in red; click a skill to jump to it. */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode, ElkExtendedEdge } from 'elkjs/lib/elk-api.js';
import { clear, debounce, el, plural } from '../ui/dom.js';
import { PREREQUISITE_GRAPH_LAYOUT } from '../../shared/model/graph-layout.js';
import type { GraphEdge, GraphNode } from '../../shared/service/index.js';
import { LazyPanelView, type Panel, type PanelContext } from './panel.js';

const SVG = 'http://www.w3.org/2000/svg';
const NODE_HEIGHT = 30;
/** Above this many skills the whole graph is unreadable: the panel starts on one category. */
const MAX_NODES = 220;
/** Fitting a large graph may shrink it this far; smaller, the names are dots, and a category is the better view. */
const MIN_ZOOM = 0.15;

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...children: (Node | string)[]): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

/** Rough text width for the layout (the SVG uses the same UI font at 12px). */
function nodeWidth(name: string): number {
  return Math.min(240, Math.max(70, Math.round(name.length * 6.6) + 24));
}

export function selectSubgraph(nodes: readonly GraphNode[], edges: readonly GraphEdge[], category: string, cyclesOnly: boolean): { nodes: GraphNode[]; edges: GraphEdge[] } {
  // A category shows its skills plus the direct prerequisites they need from elsewhere (drawn muted).
  let keep = new Set(nodes.filter((n) => (category === '' || n.category === category) && (!cyclesOnly || n.inCycle)).map((n) => n.id));
  if (category !== '' || cyclesOnly) {
    const extra = new Set<string>();
    for (const e of edges) if (keep.has(e.to) && !cyclesOnly) extra.add(e.from);
    keep = new Set([...keep, ...extra]);
  }
  const chosen = nodes.filter((n) => keep.has(n.id));
  return { nodes: chosen, edges: edges.filter((e) => keep.has(e.from) && keep.has(e.to)) };
}

export function createGraphPanel(ctx: PanelContext): Panel {
  const elk = new ELK();
  const categorySelect = el('select', { 'aria-label': 'Category' });
  const cyclesOnly = el('input', { type: 'checkbox', 'aria-label': 'Only cycles' });
  const zoomOut = el('button', { class: 'icon', title: 'Zoom out', 'aria-label': 'Zoom out' }, '−');
  const zoomIn = el('button', { class: 'icon', title: 'Zoom in', 'aria-label': 'Zoom in' }, '+');
  const fit = el('button', { title: 'Fit the whole graph in the panel', 'data-action': 'graph-fit' }, 'Fit');
  const info = el('span', { class: 'muted count' });
  const canvas = el('div', { class: 'graph-canvas' });
  const element = el('div', { class: 'panel-body' },
    el('div', { class: 'panel-toolbar' }, categorySelect, el('label', { class: 'check' }, cyclesOnly, 'Only cycles'), zoomOut, zoomIn, fit, info),
    canvas,
  );
  let zoom = 1;
  let drawn: SVGSVGElement | null = null;
  let run = 0;
  let chosenCategory: string | null = null;
  /** Set when the next drawing is a new graph (first opened, another category): it is then fitted to the panel. */
  let fitNext = true;
  let drawnFor: unknown = null;

  const applyZoom = () => {
    if (!drawn) return;
    const w = Number(drawn.dataset.width);
    const h = Number(drawn.dataset.height);
    drawn.setAttribute('width', String(Math.round(w * zoom)));
    drawn.setAttribute('height', String(Math.round(h * zoom)));
  };
  /** The zoom at which the whole graph shows in the canvas, width and height, never enlarged past its natural size. */
  const fitZoom = (): number => {
    if (!drawn) return 1;
    const style = getComputedStyle(canvas);
    const room = (size: number, a: string, b: string) => size - parseFloat(a) - parseFloat(b) - 2;
    const across = room(canvas.clientWidth, style.paddingLeft, style.paddingRight) / Number(drawn.dataset.width);
    const down = room(canvas.clientHeight, style.paddingTop, style.paddingBottom) / Number(drawn.dataset.height);
    return Math.max(MIN_ZOOM, Math.min(1, across, down));
  };
  const fitToView = () => {
    zoom = fitZoom();
    applyZoom();
    canvas.scrollTo(0, 0);
  };
  zoomIn.addEventListener('click', () => { zoom = Math.min(2.5, zoom * 1.25); applyZoom(); });
  zoomOut.addEventListener('click', () => { zoom = Math.max(MIN_ZOOM, zoom / 1.25); applyZoom(); });
  fit.addEventListener('click', fitToView);

  const updateCategories = (nodes: readonly GraphNode[]) => {
    const counts = new Map<string, number>();
    for (const n of nodes) counts.set(n.category, (counts.get(n.category) ?? 0) + 1);
    const categories = [...counts.keys()].sort((a, b) => a.localeCompare(b));
    if (chosenCategory === null || (chosenCategory !== '' && !counts.has(chosenCategory))) {
      chosenCategory = nodes.length > MAX_NODES ? ([...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '') : '';
    }
    clear(categorySelect);
    categorySelect.appendChild(el('option', { value: '' }, `All categories (${nodes.length})`));
    for (const c of categories) categorySelect.appendChild(el('option', { value: c }, `${c || 'No category'} (${counts.get(c)})`));
    categorySelect.value = chosenCategory;
  };

  const draw = async () => {
    const summary = ctx.core.openBookSummary;
    const current = ++run;
    if (!summary) {
      // The book just opened is being read: the graph drawn is the last book's.
      if (ctx.workspace.opened) {
        clear(canvas);
        drawn = null;
        info.textContent = '';
        canvas.appendChild(el('p', { class: 'empty' }, 'Reading the book…'));
      }
      return;
    }
    // Another rulebook: its own graph, opened whole, on its own categories.
    if (ctx.workspace.opened !== drawnFor) {
      drawnFor = ctx.workspace.opened;
      chosenCategory = null;
      fitNext = true;
    }
    updateCategories(summary.graph.nodes);
    const { nodes, edges } = selectSubgraph(summary.graph.nodes, summary.graph.edges, chosenCategory ?? '', cyclesOnly.checked);
    const cycles = summary.graph.nodes.filter((n) => n.inCycle).length;
    info.textContent = `${plural(nodes.length, 'skill')}${cycles ? ` · ${plural(cycles, 'skill')} in cycles` : ''}`;
    if (nodes.length === 0) {
      clear(canvas);
      canvas.appendChild(el('p', { class: 'empty' }, summary.graph.nodes.length === 0 ? 'No skill has a prerequisite yet, so there is no graph to draw.' : 'No skills match.'));
      return;
    }
    if (nodes.length > MAX_NODES * 2) {
      clear(canvas);
      canvas.appendChild(el('p', { class: 'empty' }, `${plural(nodes.length, 'skill')} are too many to draw readably. Pick a category.`));
      return;
    }
    const graph: ElkNode = {
      id: 'root',
      // Curved edges on screen; the site draws its edges as polylines.
      layoutOptions: { ...PREREQUISITE_GRAPH_LAYOUT, 'elk.edgeRouting': 'SPLINES' },
      children: nodes.map((n) => ({ id: n.id, width: nodeWidth(n.name), height: NODE_HEIGHT })),
      edges: edges.map((e, i): ElkExtendedEdge => ({ id: `e${i}`, sources: [e.from], targets: [e.to] })),
    };
    const laid = await elk.layout(graph);
    if (current !== run) return; // a newer layout started meanwhile
    const width = Math.ceil((laid.width ?? 0) + 24);
    const height = Math.ceil((laid.height ?? 0) + 24);
    const root = svg('svg', { viewBox: `-12 -12 ${width} ${height}`, class: 'graph', role: 'img', 'aria-label': 'Prerequisite graph' });
    root.dataset.width = String(width);
    root.dataset.height = String(height);
    root.appendChild(svg('defs', {},
      svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow' })),
      svg('marker', { id: 'arrow-cycle', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto-start-reverse' }, svg('path', { d: 'M0,0 L10,5 L0,10 z', class: 'arrow cycle' })),
    ));
    const byId = new Map(nodes.map((n) => [n.id, n]));
    // By id: elkjs gives no promise to return edges in the order they went in.
    const edgeById = new Map(edges.map((e, i) => [`e${i}`, e]));
    for (const edge of laid.edges ?? []) {
      const source = edgeById.get(edge.id);
      if (!source) continue;
      for (const section of edge.sections ?? []) {
        const points = [section.startPoint, ...(section.bendPoints ?? []), section.endPoint];
        const d = points.map((p, j) => `${j === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
        root.appendChild(svg('path', { d, class: source.inCycle ? 'edge cycle' : 'edge', 'marker-end': source.inCycle ? 'url(#arrow-cycle)' : 'url(#arrow)' }));
      }
    }
    for (const child of laid.children ?? []) {
      const node = byId.get(child.id)!;
      const outside = chosenCategory !== '' && chosenCategory !== null && node.category !== chosenCategory;
      const group = svg('g', { class: `node${node.inCycle ? ' cycle' : ''}${outside ? ' outside' : ''}`, transform: `translate(${child.x ?? 0},${child.y ?? 0})`, tabindex: 0, role: 'button', 'data-skill': node.name },
        svg('title', {}, `${node.name}${node.category ? ` · ${node.category}` : ''}${node.inCycle ? ' · in a prerequisite cycle' : ''}`),
        svg('rect', { width: child.width ?? 80, height: NODE_HEIGHT, rx: 7 }),
        svg('text', { x: (child.width ?? 80) / 2, y: NODE_HEIGHT / 2 + 4, 'text-anchor': 'middle' }, node.name.length > 34 ? `${node.name.slice(0, 33)}…` : node.name),
      );
      const jump = () => ctx.jump(node.range);
      group.addEventListener('click', jump);
      group.addEventListener('keydown', (e) => {
        if ((e as KeyboardEvent).key === 'Enter') jump();
      });
      root.appendChild(group);
    }
    clear(canvas);
    canvas.appendChild(root);
    drawn = root;
    // A new graph opens whole in the panel; a redrawing after an edit keeps the person's zoom.
    if (fitNext) fitToView();
    else applyZoom();
    fitNext = false;
  };

  const lazy = new LazyPanelView(() => void draw().catch((error) => ctx.notify(`Graph layout failed: ${(error as Error).message}`, 'error')));
  categorySelect.addEventListener('change', () => {
    chosenCategory = categorySelect.value;
    fitNext = true;
    lazy.invalidate();
  });
  cyclesOnly.addEventListener('change', () => {
    fitNext = true;
    lazy.invalidate();
  });
  // Laying out is the slow part: wait until typing pauses.
  ctx.core.onSummary(debounce(() => lazy.invalidate(), 700));
  ctx.core.onOpen(() => lazy.invalidate());

  return lazy.panel('graph', 'Graph', element);
}
