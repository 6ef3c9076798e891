/** exportPdf: plan a rulebook's PDF (book, cards, quick reference, character sheet, extract), draw it with pdfkit, write it atomically. */
import { writeFileAtomicallyFrom } from '../fs/atomic-write.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { checkHandoutHasSkills } from '../../shared/publish/handouts.js';
import { streamChanges, streamExport, type ChangesOptions } from '../../shared/publish/index.js';
import type { HandoutBlock } from '../../shared/diff/handout-plan.js';
import type { Hyphenate, ExportOptions as PlanOptions, PlanSummary, Progress } from '../../shared/publish/types.js';
import { glyphWarnings } from './glyph-coverage.js';
import { checkExportLimits } from './limits.js';
import { PdfWriter } from './render.js';
import { bookLanguage } from '../../shared/model/book-language.js';
import { loadHyphenator } from './hyphenation.js';
import { readPictures, type Pictures } from './print-images.js';
import { unreadSettingWarnings } from './setting-warnings.js';

export { ExportLimitError } from './limits.js';
export { EmptyHandoutError } from '../../shared/publish/handouts.js';

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
  /** The rulebook's folder (`loadRulebook(path).root`): pictures (the cover, the book's) are read from inside it only. */
  readonly root?: string;
}

export interface ExportResult {
  readonly pages: number;
  readonly warnings: string[];
}

/**
 * Plans and draws, each page drawn as soon as it is laid out, every byte handed to `out` as it is made. Throws
 * ExportLimitError, before any byte, for a rulebook past what an export handles.
 */
function writePdf(linked: LinkedRulebook, options: ExportOptions, pictures: Pictures, out: (chunk: Uint8Array) => void, onProgress?: Progress): { plan: PlanSummary; warnings: string[] } {
  checkExportLimits(linked, options.source);
  const source = options.source ?? sourceWithoutText(linked);
  const writer = new PdfWriter(out, { creationDate: options.creationDate, compress: options.compress, progress: onProgress, images: pictures.data });
  // The book's running text is justified and hyphenated in its language; handouts set short lines ragged.
  const hyphenation = options.kind === 'book' || options.kind === 'extract' ? bookHyphenation(linked, options) : { hyphenate: undefined, warning: null };
  const plan = streamExport(linked, source, { ...options, coverImage: options.coverImage ?? pictures.cover, images: options.images ?? pictures.images, hyphenate: hyphenation.hyphenate ?? undefined }, writer.measure, writer.page, onProgress);
  writer.finish(plan);
  const warnings = [...unreadSettingWarnings(linked.model), ...(hyphenation.warning ? [hyphenation.warning] : []), ...pictures.warnings, ...(options.source ? glyphWarnings(options.source) : []), ...plan.warnings];
  if (!options.source && (options.kind === 'book' || options.kind === 'extract')) warnings.unshift('no source text given: the prose between rules and skills is not printed');
  return { plan, warnings };
}

/** The options' hyphenation, else the patterns of the book's `language` (front matter or rulebook.yaml; English when none). */
function bookHyphenation(linked: LinkedRulebook, options: ExportOptions): { hyphenate: Hyphenate | null | undefined; warning: string | null } {
  if (options.hyphenate) return { hyphenate: options.hyphenate, warning: null };
  return loadHyphenator(bookLanguage(linked.model.config));
}

/**
 * The PDF in memory, with the plan (all of it but the pages' drawing operations, which were drawn and let go), for
 * callers that write elsewhere (`rulebook publish` puts several files in place together) and for tests.
 */
export async function buildPdf(linked: LinkedRulebook, options: ExportOptions, onProgress?: Progress): Promise<{ pdf: Buffer; plan: PlanSummary; warnings: string[] }> {
  const blocks = new BlockBuffer();
  const pictures = await picturesOf(linked, options);
  const { plan, warnings } = writePdf(linked, options, pictures, (chunk) => blocks.write(chunk), onProgress);
  return { pdf: blocks.take(), plan, warnings };
}

/** Writes the PDF to `out` as it is drawn (a temp file beside it, renamed into place when complete: atomic). */
export async function exportPdf(linked: LinkedRulebook, options: ExportOptions, out: string, onProgress?: Progress): Promise<ExportResult> {
  // Checked before the temp file is made: a book too large to export, or a handout with nothing to show, leaves
  // nothing behind, not even briefly.
  checkExportLimits(linked, options.source);
  checkHandoutHasSkills(linked, options.kind);
  // Atomic: a reader (a PDF viewer with the old file open, a sync client) never sees half a file.
  const pictures = await picturesOf(linked, options);
  const { plan, warnings } = await writeFileAtomicallyFrom(out, (write) => writePdf(linked, options, pictures, write, onProgress));
  return { pages: plan.pageCount, warnings };
}

/** The change handout's PDF in memory (`rulebook diff --format pdf`, `rulebook publish`), drawn by the book's writer. */
export function buildChangesPdf(blocks: readonly HandoutBlock[], options: Partial<ChangesOptions> & Pick<ExportOptions, 'creationDate' | 'compress'> = {}): Buffer {
  const out = new BlockBuffer();
  const writer = new PdfWriter((chunk) => out.write(chunk), { creationDate: options.creationDate, compress: options.compress });
  writer.finish(streamChanges(blocks, { paper: options.paper ?? 'a4', fontSize: options.fontSize, margins: options.margins }, writer.measure, writer.page));
  return out.take();
}

/** The pictures the export prints, read before anything is written. */
function picturesOf(linked: LinkedRulebook, options: ExportOptions): Promise<Pictures> {
  return readPictures(linked, options.root, { book: options.kind === 'book' || options.kind === 'extract', chapters: options.chapters });
}

/** The model's file list with no text: the planner then falls back to the model's own texts. */
function sourceWithoutText(linked: LinkedRulebook): RulebookSource {
  return { files: linked.model.files.map((f) => ({ path: f.path, text: '' })) };
}

/**
 * pdfkit's output comes in many small pieces (a line of an object each): gathered in large blocks, so a big PDF is
 * not a million little buffers, and joined once at the end.
 */
class BlockBuffer {
  private static readonly SIZE = 1 << 20;
  private readonly blocks: Buffer[] = [];
  private block = Buffer.allocUnsafe(BlockBuffer.SIZE);
  private used = 0;

  write(chunk: Uint8Array): void {
    if (chunk.length > BlockBuffer.SIZE - this.used) {
      this.blocks.push(this.block.subarray(0, this.used));
      this.block = Buffer.allocUnsafe(Math.max(BlockBuffer.SIZE, chunk.length));
      this.used = 0;
    }
    this.block.set(chunk, this.used);
    this.used += chunk.length;
  }

  take(): Buffer {
    return Buffer.concat([...this.blocks, this.block.subarray(0, this.used)]);
  }
}
