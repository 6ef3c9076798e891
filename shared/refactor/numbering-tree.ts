/**
 * The tree renumbering walks: every global heading and rule placed under the nearest earlier entry one
 * level up, in document order, exactly as the numbering lint rules read the book. Numbers implied by
 * their children but written nowhere ("4.1.1" straight under "Chapter 4") become virtual nodes.
 */
import type { NumberedEntry, NumberingConfig } from '../model/types.js';

/** Which sequence among its siblings a node counts in: appendices and parts count apart from chapters, letters apart from digits. */
export type Series = string;

export interface NumberNode {
  /** null for a virtual node: a number its children imply but that no heading or rule carries. */
  readonly entry: NumberedEntry | null;
  /** The entry that made a virtual node (for messages); the node's own entry otherwise. */
  readonly anchor: NumberedEntry;
  /** Depth in the hierarchy: "4" is 1, "4.2" is 2; with hundredsSections chapter "1" is 1, section "100" is 2. */
  readonly level: number;
  readonly oldKey: string;
  readonly lettered: boolean;
  /** Counted as a hundreds section (N00–N99 of chapter N). */
  readonly hundreds: boolean;
  readonly series: Series;
  readonly parent: NumberNode | null;
  readonly children: NumberNode[];
  /** Position among the parent's children of the same series. */
  readonly index: number;
}

export interface NumberingTree {
  /** The top-level nodes, in document order. */
  readonly roots: NumberNode[];
  /** The node of each global entry. */
  readonly nodeOf: ReadonlyMap<NumberedEntry, NumberNode>;
}

function isHundredsNumber(segments: readonly string[], config: NumberingConfig): boolean {
  return config.hundredsSections === true && /^\d{3,}$/.test(segments[0] ?? '');
}

/** "100.1a" with hundredsSections → ["1", "100", "1", "a"]: section 100 lives in chapter 1. */
function hierarchyPath(segments: readonly string[], config: NumberingConfig): string[] {
  if (!isHundredsNumber(segments, config)) return [...segments];
  return [String(Math.floor(Number(segments[0]) / 100)), ...segments];
}

/** ["100", "1", "a"] → "100.1a". */
export function joinSegments(segments: readonly string[]): string {
  let out = '';
  for (const s of segments) out += out === '' ? s : /^[a-z]$/i.test(s) ? s : `.${s}`;
  return out;
}

/** The written number of the first `length` parts of a hierarchy path (dropping the implied chapter of a hundreds section). */
function labelOfPath(path: readonly string[], hundreds: boolean): string {
  return joinSegments(hundreds && path.length >= 2 ? path.slice(1) : path);
}

function familyOf(entry: NumberedEntry): string {
  const prefix = entry.kind === 'section' ? entry.number.prefix : null;
  return prefix && /^(appendix|part)$/i.test(prefix) ? prefix.toLowerCase() : '';
}


/** Builds the tree from the global numbered entries, in document order. */
export function buildNumberingTree(entries: readonly NumberedEntry[], config: NumberingConfig): NumberingTree {
  const roots: NumberNode[] = [];
  const nodeOf = new Map<NumberedEntry, NumberNode>();
  const seriesCount = new Map<NumberNode | null, Map<Series, number>>();
  // latest[k]: the most recent node at level k; deeper ones are forgotten when a shallower one appears.
  const latest: Array<NumberNode | undefined> = [];

  const attach = (node: Omit<NumberNode, 'index' | 'children' | 'parent'>, parent: NumberNode | null): NumberNode => {
    let counts = seriesCount.get(parent);
    if (!counts) seriesCount.set(parent, (counts = new Map()));
    const index = counts.get(node.series) ?? 0;
    counts.set(node.series, index + 1);
    const full: NumberNode = { ...node, parent, children: [], index };
    (parent ? parent.children : roots).push(full);
    return full;
  };

  for (const entry of entries) {
    if (entry.scope !== 'global') continue;
    const segments = entry.number.segments;
    const hundreds = isHundredsNumber(segments, config);
    const path = hierarchyPath(segments, config);
    const level = path.length;
    latest.length = Math.min(latest.length, level);
    // The nearest shallower node; levels missing between it and this entry become virtual nodes.
    let depth = level - 1;
    while (depth >= 1 && !latest[depth]) depth--;
    let parent = depth >= 1 ? latest[depth]! : null;
    for (let m = depth + 1; m < level; m++) {
      const last = path[m - 1];
      const virtual = attach(
        {
          entry: null,
          anchor: entry,
          level: m,
          oldKey: labelOfPath(path.slice(0, m), hundreds),
          lettered: /^[a-z]$/i.test(last),
          hundreds: hundreds && m === 2,
          series: /^[a-z]$/i.test(last) ? 'letter' : 'number',
        },
        parent,
      );
      latest[m] = virtual;
      parent = virtual;
    }
    const last = path[path.length - 1];
    const lettered = /^[a-z]$/i.test(last);
    const node = attach(
      {
        entry,
        anchor: entry,
        level,
        oldKey: entry.number.key,
        lettered,
        hundreds: hundreds && level === 2,
        series: `${familyOf(entry)}${lettered ? 'letter' : 'number'}`,
      },
      parent,
    );
    latest[level] = node;
    nodeOf.set(entry, node);
  }
  return { roots, nodeOf };
}

/** Every node of the subtree in document order, the node itself first. */
export function* walk(nodes: readonly NumberNode[]): Generator<NumberNode> {
  for (const node of nodes) {
    yield node;
    yield* walk(node.children);
  }
}
