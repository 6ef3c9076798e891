/** planExport: a linked rulebook and its source → the PDF plan of the chosen kind, as data. Pure: fonts come in as `measure`. */
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookSource } from '../model/types.js';
import { planBook } from './book.js';
import { Metrics } from './lines.js';
import type { ExportOptions, MeasureText, Plan, Progress } from './types.js';

export type * from './types.js';
export { PAPER_SIZES } from './page-setup.js';

export const EXPORT_KINDS = ['book', 'cards', 'reference', 'sheet', 'extract'] as const;
export const PAPERS = ['a4', 'letter', 'a5', 'card'] as const;

export function planExport(linked: LinkedRulebook, source: RulebookSource, options: ExportOptions, measure: MeasureText, progress?: Progress): Plan {
  const metrics = new Metrics(measure);
  switch (options.kind) {
    case 'book':
    case 'extract':
      return planBook(linked, source, options, metrics, progress);
    default:
      throw new Error(`export kind \`${String(options.kind)}\` is not one of ${EXPORT_KINDS.join(', ')}`);
  }
}
