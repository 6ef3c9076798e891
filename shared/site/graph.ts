/**
 * The prerequisite graph for the website: which skills and edges to lay out (as ELK input data, laid out on the
 * Node side, main/site/layout-graph.ts), and the laid-out graph drawn as SVG with each skill a link to its card.
 */
import type { LinkedRulebook } from '../link/types.js';
import { escapeHtml } from './page.js';

export const NODE_HEIGHT = 30;

export interface GraphNodeInput {
  readonly id: string;
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly inCycle: boolean;
}

export interface GraphInput {
  readonly nodes: readonly GraphNodeInput[];
  readonly edges: ReadonlyArray<{ readonly id: string; readonly from: string; readonly to: string; readonly inCycle: boolean }>;
}

export interface LaidOutGraph {
  readonly width: number;
  readonly height: number;
  readonly nodes: ReadonlyArray<{ readonly id: string; readonly x: number; readonly y: number; readonly width: number; readonly height: number }>;
  readonly edges: ReadonlyArray<{ readonly id: string; readonly points: ReadonlyArray<{ readonly x: number; readonly y: number }> }>;
}

/** Rough text width at 12 px, as the app's graph panel estimates it. */
function nodeWidth(name: string): number {
  return Math.min(240, Math.max(70, Math.round(name.length * 6.6) + 24));
}

/** The skills that take part in a prerequisite (either end), with the edges between them; prerequisite → skill. */
export function graphInput(linked: LinkedRulebook): GraphInput {
  const inCycle = new Set(linked.cycles.flatMap((c) => c.skills.map((s) => s.id)));
  const nodes = new Map<string, GraphNodeInput>();
  const edges = new Map<string, { id: string; from: string; to: string; inCycle: boolean }>();
  for (const edge of linked.edges) {
    for (const skill of [edge.from, edge.to]) {
      if (!nodes.has(skill.id)) nodes.set(skill.id, { id: skill.id, name: skill.name, width: nodeWidth(skill.name), height: NODE_HEIGHT, inCycle: inCycle.has(skill.id) });
    }
    const key = `${edge.to.id}>${edge.from.id}`;
    if (!edges.has(key)) edges.set(key, { id: `e${edges.size}`, from: edge.to.id, to: edge.from.id, inCycle: inCycle.has(edge.from.id) && inCycle.has(edge.to.id) });
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

/** The laid-out graph as an SVG element; `hrefOf` gives a skill's card. */
export function graphSvg(input: GraphInput, laid: LaidOutGraph, hrefOf: (skillId: string) => string | null, title: string): string {
  const byId = new Map(input.nodes.map((n) => [n.id, n]));
  const edgeById = new Map(input.edges.map((e) => [e.id, e]));
  const pad = 12;
  const parts: string[] = [];
  parts.push(
    `<svg class="graph" xmlns="http://www.w3.org/2000/svg" viewBox="${-pad} ${-pad} ${Math.ceil(laid.width + 2 * pad)} ${Math.ceil(laid.height + 2 * pad)}" width="${Math.ceil(laid.width + 2 * pad)}" height="${Math.ceil(laid.height + 2 * pad)}" aria-labelledby="graph-title">`,
    `<title id="graph-title">${escapeHtml(title)}</title>`,
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" class="arrow"/></marker></defs>',
  );
  for (const edge of laid.edges) {
    if (edge.points.length < 2) continue;
    const d = edge.points.map((p, j) => `${j === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
    parts.push(`<path d="${d}" class="edge${edgeById.get(edge.id)?.inCycle ? ' cycle' : ''}" marker-end="url(#arrow)"/>`);
  }
  for (const node of laid.nodes) {
    const info = byId.get(node.id);
    if (!info) continue;
    const label = info.name.length > 34 ? `${info.name.slice(0, 33)}…` : info.name;
    const shape = `<rect width="${node.width}" height="${node.height}" rx="7"/><text x="${(node.width / 2).toFixed(1)}" y="${(node.height / 2 + 4).toFixed(1)}" text-anchor="middle">${escapeHtml(label)}</text>`;
    const href = hrefOf(node.id);
    const group = `<g class="node${info.inCycle ? ' cycle' : ''}" transform="translate(${node.x.toFixed(1)},${node.y.toFixed(1)})">${shape}</g>`;
    parts.push(href ? `<a href="${escapeHtml(href)}" aria-label="${escapeHtml(info.name)}">${group}</a>` : group);
  }
  parts.push('</svg>');
  return parts.join('');
}
