/** Draws a Plan with pdfkit into a PDF buffer: text, lines, boxes, named destinations, link annotations, bookmarks. */
import PDFDocument from 'pdfkit';
import type { FontFace, MeasureText, OutlineNode, Plan, Progress } from '../../shared/publish/types.js';
import { fontPath, FONT_FACES } from './fonts.js';

export interface RenderOptions {
  /** Stamped as the creation and modification date: a fixed date makes the output byte-for-byte reproducible. */
  readonly creationDate?: Date;
  /** Compress page streams (smaller files). Tests switch it off to read the streams. */
  readonly compress?: boolean;
  readonly progress?: Progress;
}

/** A fixed date for reproducible output when the caller gives none: the same rulebook gives the same PDF. */
export const DEFAULT_CREATION_DATE = new Date(Date.UTC(2025, 0, 1, 0, 0, 0));

type Doc = InstanceType<typeof PDFDocument>;

/**
 * One PDF document: measure text with its fonts while planning, then draw the plan into it. Measuring
 * with pdfkit's own font objects shares its per-word shaping cache with the drawing, so each word of a
 * large rulebook is shaped once, and planned widths are exactly the drawn widths.
 */
export class PdfWriter {
  private readonly doc: Doc;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  private readonly faces = new Map<FontFace, { widthOfString(text: string, size: number): number }>();

  constructor(private readonly options: RenderOptions = {}) {
    const date = options.creationDate ?? DEFAULT_CREATION_DATE;
    this.doc = new PDFDocument({
      autoFirstPage: false,
      compress: options.compress ?? true,
      margin: 0,
      info: { Creator: 'Rulebook Studio', Producer: 'Rulebook Studio (pdfkit)', CreationDate: date, ModDate: date },
      displayTitle: true,
      lang: 'en',
    } as ConstructorParameters<typeof PDFDocument>[0]);
    for (const face of FONT_FACES) this.doc.registerFont(face, fontPath(face));
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  readonly measure: MeasureText = (text, face, size) => {
    let font = this.faces.get(face);
    if (!font) {
      this.doc.font(face);
      font = (this.doc as unknown as { _font: { widthOfString(text: string, size: number): number } })._font;
      this.faces.set(face, font);
    }
    return font.widthOfString(text, size);
  };

  render(plan: Plan): Promise<Buffer> {
    drawPlan(this.doc, plan, this.options.progress);
    return this.done;
  }
}

/** Draws a plan into a fresh document. */
export function renderPlan(plan: Plan, options: RenderOptions = {}): Promise<Buffer> {
  return new PdfWriter(options).render(plan);
}

function drawPlan(doc: Doc, plan: Plan, progress?: Progress): void {
  (doc as unknown as { info: Record<string, unknown> }).info.Title = plan.title;
  let currentFont = '';
  let currentSize = 0;
  let currentColor = '';
  plan.pages.forEach((page, index) => {
    doc.addPage({ size: [plan.width, plan.height], margin: 0 });
    currentFont = '';
    currentSize = 0;
    currentColor = '';
    for (const op of page.ops) {
      switch (op.kind) {
        case 'text': {
          if (op.font !== currentFont) doc.font((currentFont = op.font));
          if (op.size !== currentSize) doc.fontSize((currentSize = op.size));
          if (op.color !== currentColor) doc.fillColor((currentColor = op.color));
          doc.text(op.text, op.x, op.y, { lineBreak: false, baseline: 'alphabetic', wordSpacing: op.wordSpacing ?? 0, characterSpacing: op.characterSpacing ?? 0 });
          if (op.underline) {
            // Unresolved references: a dotted underline in the text's colour, so print shows the mark too.
            doc.save().moveTo(op.x, op.y + op.size * 0.18).lineTo(op.x + op.width, op.y + op.size * 0.18).lineWidth(0.6).dash(1, { space: 1.2 }).strokeColor(op.color).stroke().undash().restore();
          }
          break;
        }
        case 'line':
          doc.save().moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).lineWidth(op.width).strokeColor(op.color);
          if (op.dash) doc.dash(op.dash, { space: op.dash });
          doc.stroke().restore();
          break;
        case 'rect': {
          doc.save();
          if (op.radius) doc.roundedRect(op.x, op.y, op.w, op.h, op.radius);
          else doc.rect(op.x, op.y, op.w, op.h);
          if (op.lineWidth) doc.lineWidth(op.lineWidth);
          if (op.fill && op.stroke) doc.fillAndStroke(op.fill, op.stroke);
          else if (op.fill) doc.fill(op.fill);
          else doc.stroke(op.stroke ?? '#000000');
          doc.restore();
          break;
        }
        case 'link':
          doc.goTo(op.x, op.y, op.w, op.h, op.target, {});
          break;
        case 'anchor':
          doc.addNamedDestination(op.name, 'XYZ', 0, op.y, null);
          break;
      }
    }
    if (index % 25 === 24) progress?.(index + 1, plan.pages.length, 'drawing pages');
  });
  addOutline(doc, plan);
  progress?.(plan.pages.length, plan.pages.length, 'drawing pages');
  doc.end();
}

function addOutline(doc: Doc, plan: Plan): void {
  const add = (parent: { addItem(title: string, options?: object): unknown }, node: OutlineNode) => {
    const place = plan.anchors.get(node.anchor);
    if (!place) return;
    const item = parent.addItem(node.title, { pageNumber: place.page - 1, top: Math.max(0, place.y - 6), left: plan.width, expanded: false }) as { addItem(title: string, options?: object): unknown };
    for (const child of node.children) add(item, child);
  };
  const root = (doc as unknown as { outline: { addItem(title: string, options?: object): unknown } }).outline;
  for (const node of plan.outline) add(root, node);
}
