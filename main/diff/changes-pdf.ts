/** Draws the "What changed in this edition" handout (planned in shared/diff/handout-plan.ts) with pdfkit and the book's fonts. */
import PDFDocument from 'pdfkit';
import type { HandoutBlock, SpanStyle } from '../../shared/diff/handout-plan.js';
import { fontPath } from '../publish/fonts.js';

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 56;
const STYLES: Readonly<Record<HandoutBlock['kind'], { font: string; size: number; before: number; after: number; indent: number }>> = {
  title: { font: 'sans-bold', size: 22, before: 0, after: 4, indent: 0 },
  subtitle: { font: 'sans', size: 12, before: 0, after: 10, indent: 0 },
  note: { font: 'serif-italic', size: 9.5, before: 0, after: 8, indent: 0 },
  chapter: { font: 'sans-bold', size: 15, before: 14, after: 4, indent: 0 },
  heading: { font: 'sans-bold', size: 11, before: 8, after: 3, indent: 0 },
  item: { font: 'serif', size: 10, before: 0, after: 4, indent: 12 },
};

function spanLook(style: SpanStyle, base: string): { font: string; color: string; strike: boolean } {
  switch (style) {
    case 'bold':
      return { font: base.startsWith('sans') ? 'sans-bold' : 'serif-bold', color: '#000000', strike: false };
    case 'added':
      return { font: 'serif-bold', color: '#0b5d1e', strike: false };
    case 'removed':
      return { font: base, color: '#9b1c1c', strike: true };
    case 'muted':
      return { font: base, color: '#555555', strike: false };
    case 'normal':
      return { font: base, color: '#000000', strike: false };
  }
}

export interface HandoutOptions {
  readonly title: string;
  /** Fixed by default so the same comparison gives the same bytes. */
  readonly creationDate?: Date;
  readonly compress?: boolean;
}

export function renderHandout(blocks: readonly HandoutBlock[], options: HandoutOptions): Promise<Buffer> {
  const date = options.creationDate ?? new Date(Date.UTC(2025, 0, 1));
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    compress: options.compress ?? true,
    info: { Title: options.title, Creator: 'Rulebook Studio', Producer: 'Rulebook Studio (pdfkit)', CreationDate: date, ModDate: date },
    displayTitle: true,
    lang: 'en',
  } as ConstructorParameters<typeof PDFDocument>[0]);
  for (const face of ['serif', 'serif-bold', 'serif-italic', 'sans', 'sans-bold'] as const) doc.registerFont(face, fontPath(face));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  blocks.forEach((block, index) => {
    const style = STYLES[block.kind];
    // Keep a chapter or section heading with at least a few lines of what follows it.
    if ((block.kind === 'chapter' || block.kind === 'heading') && doc.y > doc.page.height - MARGIN - 90) doc.addPage();
    if (style.before && index > 0) doc.moveDown(style.before / doc.currentLineHeight(true));
    doc.fontSize(style.size);
    const x = MARGIN + style.indent;
    const spans = block.spans;
    if (block.kind === 'item') {
      // pdfkit moves text that does not fit to the next page but not a bullet drawn alone: start the item there.
      if (doc.y + doc.currentLineHeight(true) + 1.5 > doc.page.height - MARGIN) doc.addPage();
      doc.font('serif').fillColor('#000000').text('•', MARGIN + 2, doc.y, { lineBreak: false });
    }
    spans.forEach((s, k) => {
      const look = spanLook(s.style, style.font);
      doc.font(look.font).fillColor(look.color);
      const last = k === spans.length - 1;
      const opts = { width: width - style.indent, continued: !last, strike: look.strike, lineGap: 1.5 };
      if (k === 0) doc.text(s.text, x, doc.y, opts);
      else doc.text(s.text, opts);
    });
    doc.fillColor('#000000');
    doc.moveDown(style.after / doc.currentLineHeight(true));
    doc.x = MARGIN;
  });
  doc.end();
  return done;
}
