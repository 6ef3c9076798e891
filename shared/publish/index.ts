/** planExport: a linked rulebook and its source → the PDF plan of the chosen kind, as data. Pure: fonts come in as `measure`. */
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookSource } from '../model/types.js';
import { planBook } from './book.js';
import { planChanges, type ChangesOptions } from './changes.js';
import type { HandoutBlock } from '../diff/handout-plan.js';
import { checkHandoutHasSkills, planCards, planReference, planSheet } from './handouts.js';
import { Metrics } from './lines.js';
import { collectPlan, streamPlan } from './assemble.js';
import { themedMeasure, themedSink, themeOf } from './themes.js';
import { quotesOf } from './typography.js';
import { bookLanguage } from '../model/book-language.js';
import type { ExportOptions, MeasureText, PageSink, Plan, PlanSummary, Progress } from './types.js';

export type * from './types.js';
export { PAPER_SIZES } from './page-setup.js';
export { EmptyHandoutError } from './handouts.js';
export type { ChangesOptions } from './changes.js';

export const EXPORT_KINDS = ['book', 'cards', 'reference', 'sheet', 'extract'] as const;
export const PAPERS = ['a4', 'letter', 'a5', 'card'] as const;

/**
 * Plans the export and hands each page to `sink` as soon as it is laid out (pages may come out of order; see
 * PageSink): a renderer draws each at once, so a large book's pages are never all held. Returns the rest of the plan.
 */
export function streamExport(linked: LinkedRulebook, source: RulebookSource, options: ExportOptions, measure: MeasureText, pageSink: PageSink, progress?: Progress): PlanSummary {
  // The theme's faces are measured as they will be drawn, and each page is dressed in it on its way out.
  const theme = themeOf(linked, options);
  const metrics = new Metrics(themedMeasure(theme, measure), options.hyphenate, quotesOf(bookLanguage(linked.model.config)));
  const sink = themedSink(theme, pageSink, options.kind === 'book' || options.kind === 'extract', measure);
  if (!(PAPERS as readonly string[]).includes(options.paper)) throw new Error(`paper must be one of ${PAPERS.join(', ')}, not \`${String(options.paper)}\``);
  if (options.paper === 'card' && options.kind !== 'cards') throw new Error('card paper is for --kind cards only');
  checkHandoutHasSkills(linked, options.kind);
  switch (options.kind) {
    case 'book':
    case 'extract':
      return planBook(linked, source, options, metrics, sink, progress);
    case 'cards':
      return streamPlan(planCards(linked, source, options, metrics), sink);
    case 'reference':
      return streamPlan(planReference(linked, source, options, metrics), sink);
    case 'sheet':
      return streamPlan(planSheet(linked, options, metrics), sink);
    default:
      throw new Error(`export kind \`${String(options.kind)}\` is not one of ${EXPORT_KINDS.join(', ')}`);
  }
}

/**
 * The change handout ("What changed in this edition", worded by shared/diff/handout-plan.ts) through the same
 * planner and page sink as the book's handouts: the sibling of streamExport for a comparison rather than a book.
 */
export function streamChanges(blocks: readonly HandoutBlock[], options: ChangesOptions, measure: MeasureText, pageSink: PageSink): PlanSummary {
  return streamPlan(planChanges(blocks, options, new Metrics(measure)), pageSink);
}

/** The whole plan at once, every page's drawing operations held: for tests and for looking at a plan. */
export function planExport(linked: LinkedRulebook, source: RulebookSource, options: ExportOptions, measure: MeasureText, progress?: Progress): Plan {
  return collectPlan((sink) => streamExport(linked, source, options, measure, sink, progress));
}
