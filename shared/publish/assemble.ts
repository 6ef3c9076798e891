/** Turns drafted pages into a Plan: numbers the pages, collects anchors and links, checks every link has its anchor. */
import type { AnchorPlace, DrawOp, ExportKind, IndexEntry, OutlineNode, PageSink, Plan, PlannedLink, PlannedPage, PlanSummary, TocEntry } from './types.js';

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

/**
 * Takes drafted pages one at a time, in any order: merges their bars, records their anchors and links, and hands
 * each on to the sink at once. `finish` checks every link has its anchor.
 */
export class PlanAssembler {
  private readonly anchors = new Map<string, AnchorPlace>();
  private readonly links: PlannedLink[] = [];
  private count = 0;

  constructor(
    private readonly sink: PageSink,
    private readonly width: number,
    private readonly height: number,
  ) {}

  /** Page `number` (1-based, its place in the document). */
  add(number: number, drafted: readonly DrawOp[]): void {
    const ops = mergeBars(drafted);
    for (const op of ops) {
      if (op.kind === 'anchor') {
        // The first definition wins, as in the linker; a later duplicate is a programmer's error.
        if (this.anchors.has(op.name)) throw new Error(`anchor \`${op.name}\` placed twice`);
        this.anchors.set(op.name, { page: number, y: op.y });
      } else if (op.kind === 'link') this.links.push({ page: number, x: op.x, y: op.y, w: op.w, h: op.h, target: op.target });
    }
    this.count++;
    this.sink({ number, ops }, this.width, this.height);
  }

  /** The page an anchor landed on, among the pages added so far. */
  pageOf(anchor: string): number | undefined {
    return this.anchors.get(anchor)?.page;
  }

  finish(parts: Omit<PlanParts, 'pages' | 'width' | 'height'>): PlanSummary {
    // By page, and in drawing order within a page, whatever order the pages came in.
    const links = this.links.sort((a, b) => a.page - b.page);
    for (const link of links) if (!this.anchors.has(link.target)) throw new Error(`link to missing anchor \`${link.target}\` on page ${link.page}`);
    return {
      kind: parts.kind,
      title: parts.title,
      width: this.width,
      height: this.height,
      pageCount: this.count,
      anchors: this.anchors,
      links,
      outline: parts.outline ?? [],
      toc: parts.toc ?? [],
      index: parts.index ?? [],
      warnings: parts.warnings ?? [],
    };
  }
}

/** Pages in order, all at once: a Plan holding every page. */
export function assemblePlan(parts: PlanParts): Plan {
  const pages: PlannedPage[] = [];
  const assembler = new PlanAssembler((page) => pages.push(page), parts.width, parts.height);
  parts.pages.forEach((drafted, i) => assembler.add(i + 1, drafted));
  const { pageCount: _count, ...summary } = assembler.finish(parts);
  return { ...summary, pages };
}

/** A summary's pages handed to a sink, in order (a plan made all at once, as the handouts are). */
export function streamPlan(plan: Plan, sink: PageSink): PlanSummary {
  const { pages, ...rest } = plan;
  for (const page of pages) sink(page, plan.width, plan.height);
  return { ...rest, pageCount: pages.length };
}

/** A streamed plan's pages collected back into a Plan, in page order. */
export function collectPlan(stream: (sink: PageSink) => PlanSummary): Plan {
  const pages: PlannedPage[] = [];
  const { pageCount: _count, ...summary } = stream((page) => pages.push(page));
  pages.sort((a, b) => a.number - b.number);
  return { ...summary, pages };
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
