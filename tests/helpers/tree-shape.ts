/** Trees compared as the model and print read them, for readers that put one tree together from pieces. */
import type { Nodes, Root } from 'mdast';

/** A tree with only what the model and print read of it: kinds, values, flags and offsets (no lines or columns). */
export function shape(node: Nodes): unknown {
  const { position, ...rest } = node as Nodes & { children?: Nodes[] };
  const out: Record<string, unknown> = { ...rest, at: [position?.start.offset, position?.end.offset] };
  if ('children' in node) out.children = node.children.map(shape);
  return out;
}

/** The blocks of a text's tree, as shape gives them (the root of pieces joined has no position of its own). */
export const blocksOf = (root: Root) => root.children.map(shape);
