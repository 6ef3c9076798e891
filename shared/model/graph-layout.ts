/**
 * How the prerequisite graph is laid out (elkjs options), in the app's Graph panel and on the website alike: left to
 * right in layers, a skill before those that require it, cycles (a book's defect) broken greedily.
 */
export const PREREQUISITE_GRAPH_LAYOUT: Readonly<Record<string, string>> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.spacing.nodeNode': '14',
  'elk.layered.cycleBreaking.strategy': 'GREEDY',
};
