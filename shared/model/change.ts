/** How a model differs from the one its parser made before it: what the linker and linter build on to redo only that. */
import type { Rulebook, Section } from './types.js';

/** The model's arrays of nodes, by name. */
export type NodeKind = 'sections' | 'rules' | 'skills' | 'references' | 'costMentions' | 'links' | 'anchors' | 'lintControls' | 'literalBold' | 'gluedEmphasis' | 'latexCommands';

export const NODE_KINDS: readonly NodeKind[] = ['sections', 'rules', 'skills', 'references', 'costMentions', 'links', 'anchors', 'lintControls', 'literalBold', 'gluedEmphasis', 'latexCommands'];

/** The earlier model's `removed` nodes from `start` on are this model's `added` nodes from `start` on. */
export interface NodeRun {
  readonly start: number;
  readonly removed: number;
  readonly added: number;
}

/**
 * How a model differs from `previous`, the model the same ParseCache gave before it (an editor's cache, which moves
 * nodes in place): of each kind of node one run was replaced. The nodes before a run are the very objects `previous`
 * had, and so are the nodes after it, moved to where their text now is. `reopened` are sections before the runs that
 * were read on from and closed again: their extent, subsections and emptiness may have changed in place.
 * Settings, files and everything else about the model are as they were.
 */
export interface ModelChange {
  readonly previous: Rulebook;
  readonly runs: Readonly<Record<NodeKind, NodeRun>>;
  readonly reopened: readonly Section[];
}
