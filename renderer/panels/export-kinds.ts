/**
 * What the Export panel offers, apart from the panel's code: the command palette lists one Export command per kind
 * at start, while the panel itself loads on first use.
 */
import type { ExportKind } from '../../shared/ipc/contract.js';

export interface ExportKindInfo {
  readonly value: string;
  readonly label: string;
  readonly kind: ExportKind;
  readonly help: string;
}

/** The publishing issue's PDF kinds, plus the website, the single HTML page and the JSON model. */
export const EXPORT_KINDS: readonly ExportKindInfo[] = [
  { value: 'book', label: 'PDF book', kind: 'pdf', help: 'The whole rulebook with title page, contents, index and working links.' },
  { value: 'cards', label: 'PDF skill cards', kind: 'pdf', help: 'One card per skill (63 × 88 mm), nine to an A4 page.' },
  { value: 'reference', label: 'PDF quick reference', kind: 'pdf', help: 'Every skill on a few pages: name, cost, prerequisites.' },
  { value: 'sheet', label: 'PDF character sheet', kind: 'pdf', help: 'A sheet listing skills with boxes to tick.' },
  { value: 'extract', label: 'PDF chapter extract', kind: 'pdf', help: 'Only the chapters you name.' },
  { value: 'site', label: 'Website', kind: 'site', help: 'A folder of web pages: contents, one page per chapter, searchable skills, permalinks for every rule. Works offline and on any static host.' },
  { value: 'html', label: 'HTML page', kind: 'html', help: 'The same as one self-contained web page, for e-mail or a forum post.' },
  { value: 'json', label: 'JSON model', kind: 'json', help: 'The parsed model, for other tools.' },
];
