/** Draws the filled character sheets (shared/characters/sheet-plan.ts) with the book's PDF writer, written atomically. */
import type { CharacterReport } from '../../shared/characters/check.js';
import { planCharacterSheets, type SheetOptions } from '../../shared/characters/sheet-plan.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { Metrics } from '../../shared/publish/lines.js';
import { writeFileAtomicallyFrom } from '../fs/atomic-write.js';
import { PdfWriter } from '../publish/render.js';

/** The sheets as PDF bytes handed to `out`; returns the number of pages. */
function drawSheets(linked: LinkedRulebook, reports: readonly CharacterReport[], options: SheetOptions, out: (chunk: Uint8Array) => void, creationDate?: Date): number {
  const writer = new PdfWriter(out, { creationDate, compress: true });
  const plan = planCharacterSheets(linked, reports, options, new Metrics(writer.measure));
  for (const page of plan.pages) writer.page(page, plan.width, plan.height);
  const { pages, ...summary } = plan;
  writer.finish({ ...summary, pageCount: pages.length });
  return pages.length;
}

/** Writes the sheets to `file` (a temp file beside it, renamed into place when complete). */
export async function writeCharacterSheets(linked: LinkedRulebook, reports: readonly CharacterReport[], options: SheetOptions, file: string): Promise<number> {
  return writeFileAtomicallyFrom(file, (write) => drawSheets(linked, reports, options, write));
}

/** The sheets in memory, for tests and callers that place the file themselves. */
export function buildCharacterSheets(linked: LinkedRulebook, reports: readonly CharacterReport[], options: SheetOptions): Buffer {
  const chunks: Uint8Array[] = [];
  drawSheets(linked, reports, options, (c) => chunks.push(c));
  return Buffer.concat(chunks);
}
