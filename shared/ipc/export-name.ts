/**
 * The default file name of an export, named by its kind (`export/funjerai-book.pdf`, `export/funjerai-cards.pdf`,
 * `export/funjerai-site`): one place, so the host writes where the Export panel says it will, and two kinds never
 * share a default (exporting cards once replaced the book). `rulebook publish` names its PDFs the same way.
 */
import { withoutMarkdownExtension } from '../model/markdown-files.js';
import type { ExportKind } from './contract.js';
import { exportExtension } from './validate.js';

/** The rulebook's name as a file stem: `funjerai.md` → `funjerai`, `Kingdoms of Novitas` → `Kingdoms-of-Novitas`. */
export function exportStem(rulebookName: string): string {
  return withoutMarkdownExtension(rulebookName).replace(/[^\w.-]+/g, '-') || 'rulebook';
}

/**
 * `pdfKind` is the PDF's kind (book, cards, reference, sheet, extract; the publisher's default is the book); the
 * other kinds have one form each, so their suffix is their own: `-site` for the website folder, none for HTML and JSON.
 */
export function defaultExportPath(rulebookName: string, kind: ExportKind, pdfKind: string | null = null): string {
  const stem = exportStem(rulebookName);
  if (kind === 'site') return `export/${stem}-site`;
  if (kind === 'pdf') return `export/${stem}-${(pdfKind ?? 'book').replace(/[^\w-]+/g, '-') || 'book'}.pdf`;
  return `export/${stem}${exportExtension(kind)}`;
}
