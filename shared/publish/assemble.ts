/** Turns drafted pages into a Plan: numbers the pages, collects anchors and links, checks every link has its anchor. */
import type { AnchorPlace, DrawOp, ExportKind, IndexEntry, OutlineNode, Plan, PlannedLink, PlannedPage, TocEntry } from './types.js';

export interface PlanParts {
  readonly kind: ExportKind;
  readonly title: string;
  readonly width: number;
  readonly height: number;
  readonly pages: ReadonlyArray<readonly DrawOp[]>;
  readonly outline?: readonly OutlineNode[];
  readonly toc?: readonly TocEntry[];
  readonly index?: readonly IndexEntry[];
  readonly warnings?: readonly string[];
}

export function assemblePlan(parts: PlanParts): Plan {
  const anchors = new Map<string, AnchorPlace>();
  const links: PlannedLink[] = [];
  const pages: PlannedPage[] = parts.pages.map((drafted, i) => {
    const ops = mergeBars(drafted);
    for (const op of ops) {
      if (op.kind === 'anchor') {
        // The first definition wins, as in the linker; a later duplicate is a programmer's error.
        if (anchors.has(op.name)) throw new Error(`anchor \`${op.name}\` placed twice`);
        anchors.set(op.name, { page: i + 1, y: op.y });
      } else if (op.kind === 'link') links.push({ page: i + 1, x: op.x, y: op.y, w: op.w, h: op.h, target: op.target });
    }
    return { number: i + 1, ops };
  });
  for (const link of links) if (!anchors.has(link.target)) throw new Error(`link to missing anchor \`${link.target}\` on page ${link.page}`);
  return {
    kind: parts.kind,
    title: parts.title,
    width: parts.width,
    height: parts.height,
    pages,
    anchors,
    links,
    outline: parts.outline ?? [],
    toc: parts.toc ?? [],
    index: parts.index ?? [],
    warnings: parts.warnings ?? [],
  };
}

/**
 * Joins filled rectangles that continue one another straight down (a skill's bar, drawn line by line):
 * fewer drawing operations, and no hairline seams between the pieces in some viewers.
 */
export function mergeBars(ops: readonly DrawOp[]): DrawOp[] {
  const out: DrawOp[] = [];
  const open = new Map<string, number>();
  for (const op of ops) {
    if (op.kind === 'rect' && op.fill && !op.stroke && !op.radius) {
      const key = `${op.x}|${op.w}|${op.fill}`;
      const at = open.get(key);
      const previous = at === undefined ? undefined : out[at];
      if (previous && previous.kind === 'rect' && Math.abs(previous.y + previous.h - op.y) < 0.01) {
        out[at!] = { ...previous, h: previous.h + op.h };
        continue;
      }
      open.set(key, out.length);
    }
    out.push(op);
  }
  return out;
}
