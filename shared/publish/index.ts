/** planExport: a linked rulebook and its source → the PDF plan of the chosen kind, as data. Pure: fonts come in as `measure`. */
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookSource } from '../model/types.js';
import { planBook } from './book.js';
import { planCards, planReference, planSheet } from './handouts.js';
import { Metrics } from './lines.js';
import type { ExportOptions, MeasureText, Plan, Progress } from './types.js';

export type * from './types.js';
export { PAPER_SIZES } from './page-setup.js';

export const EXPORT_KINDS = ['book', 'cards', 'reference', 'sheet', 'extract'] as const;
export const PAPERS = ['a4', 'letter', 'a5', 'card'] as const;

export function planExport(linked: LinkedRulebook, source: RulebookSource, options: ExportOptions, measure: MeasureText, progress?: Progress): Plan {
  const metrics = new Metrics(measure);
  if (!(PAPERS as readonly string[]).includes(options.paper)) throw new Error(`paper must be one of ${PAPERS.join(', ')}, not \`${String(options.paper)}\``);
  if (options.paper === 'card' && options.kind !== 'cards') throw new Error('card paper is for --kind cards only');
  switch (options.kind) {
    case 'book':
    case 'extract':
      return planBook(linked, source, options, metrics, progress);
    case 'cards':
      return planCards(linked, source, options, metrics);
    case 'reference':
      return planReference(linked, options, metrics);
    case 'sheet':
      return planSheet(linked, options, metrics);
    default:
      throw new Error(`export kind \`${String(options.kind)}\` is not one of ${EXPORT_KINDS.join(', ')}`);
  }
}
