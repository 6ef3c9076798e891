/** Lays out the website's prerequisite graph with ELK (layered, as the app's graph panel does), in Node. */
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import { PREREQUISITE_GRAPH_LAYOUT } from '../../shared/model/graph-layout.js';
import type { GraphInput, LaidOutGraph } from '../../shared/site/graph.js';

/** Above this many skills a drawing is unreadable and its layout slow: the site then has the table and cards only. */
export const MAX_GRAPH_NODES = 600;

export async function layoutGraph(input: GraphInput): Promise<LaidOutGraph> {
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: { ...PREREQUISITE_GRAPH_LAYOUT },
    children: input.nodes.map((n) => ({ id: n.id, width: n.width, height: n.height })),
    edges: input.edges.map((e): ElkExtendedEdge => ({ id: e.id, sources: [e.from], targets: [e.to] })),
  };
  const laid = await new ELK().layout(graph);
  return {
    width: laid.width ?? 0,
    height: laid.height ?? 0,
    nodes: (laid.children ?? []).map((c) => ({ id: c.id, x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? 80, height: c.height ?? 30 })),
    // By id: elkjs gives no promise to return edges in the order they went in.
    edges: (laid.edges ?? []).map((e) => ({ id: e.id, points: (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]) })),
  };
}
