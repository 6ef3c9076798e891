/** exportPdf: plan a rulebook's PDF (book, cards, quick reference, character sheet, extract), draw it with pdfkit, write it atomically. */
import { writeFileAtomically } from '../fs/atomic-write.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { planExport } from '../../shared/publish/index.js';
import type { ExportOptions as PlanOptions, Plan, Progress } from '../../shared/publish/types.js';
import { glyphWarnings } from './glyph-coverage.js';
import { PdfWriter } from './render.js';

export interface ExportOptions extends PlanOptions {
  /**
   * The rulebook's files as read (`loadRulebook(path).source`). The book and the extract print the prose
   * between rules and skills from it; without it they print headings, rules and skills only.
   */
  readonly source?: RulebookSource;
  /** Creation date stamped in the PDF; a fixed default keeps output reproducible. */
  readonly creationDate?: Date;
  /** Compress page streams (default true). */
  readonly compress?: boolean;
}

export interface ExportResult {
  readonly pages: number;
  readonly warnings: string[];
}

/** Plans and draws, returning the PDF bytes with the plan (for callers that write elsewhere, and tests). */
export async function buildPdf(linked: LinkedRulebook, options: ExportOptions, onProgress?: Progress): Promise<{ pdf: Buffer; plan: Plan; warnings: string[] }> {
  const source = options.source ?? sourceWithoutText(linked);
  const writer = new PdfWriter({ creationDate: options.creationDate, compress: options.compress, progress: onProgress });
  const plan = planExport(linked, source, options, writer.measure, onProgress);
  const pdf = await writer.render(plan);
  const warnings = [...(options.source ? glyphWarnings(options.source) : []), ...plan.warnings];
  if (!options.source && (options.kind === 'book' || options.kind === 'extract')) warnings.unshift('no source text given: the prose between rules and skills is not printed');
  return { pdf, plan, warnings };
}

export async function exportPdf(linked: LinkedRulebook, options: ExportOptions, out: string, onProgress?: Progress): Promise<ExportResult> {
  const { pdf, plan, warnings } = await buildPdf(linked, options, onProgress);
  // Atomic: a reader (a PDF viewer with the old file open, a sync client) never sees half a file.
  await writeFileAtomically(out, pdf);
  return { pages: plan.pages.length, warnings };
}

/** The model's file list with no text: the planner then falls back to the model's own texts. */
function sourceWithoutText(linked: LinkedRulebook): RulebookSource {
  return { files: linked.model.files.map((f) => ({ path: f.path, text: '' })) };
}
