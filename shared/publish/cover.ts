/**
 * The book's cover (its first page): the title, "Rulebook", the edition and the date from the front matter or
 * rulebook.yaml, and the cover picture (`print.cover`) between them, scaled to fit. Without a picture the title
 * stands at a third of the page, as a title page does.
 */
import { breakLines, drawLine, type Metrics, type TextStyle } from './lines.js';
import { COLORS, type PageSetup } from './page-setup.js';
import { fitImage, type PlacedImage } from './images.js';
import type { DrawOp } from './types.js';
import { fill, type BookVocabulary } from '../model/book-words.js';

/** "edition 2025" → "Edition 2025", as a line of its own begins. */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface CoverText {
  readonly title: string;
  readonly edition: string | null;
  readonly date: string | null;
  /** An extract's chapters. */
  readonly subtitle: string | null;
  /** The words it prints around them, in the book's language. */
  readonly words: BookVocabulary;
}

function centred(ops: DrawOp[], metrics: Metrics, value: string, cx: number, y: number, font: 'sans' | 'sans-bold' | 'serif-italic', size: number, color: string): void {
  const width = metrics.width(value, font, size);
  ops.push({ kind: 'text', x: cx - width / 2, y, text: value, font, size, color, width });
}

export function coverPage(setup: PageSetup, metrics: Metrics, cover: CoverText, image: PlacedImage | null): DrawOp[] {
  const ops: DrawOp[] = [];
  const cx = setup.width / 2;
  // The cover keeps the book's proportions whatever its body type: sizes from the page, not from the text size.
  const fs = Math.max(9, Math.min(11, setup.width / 60));
  const top = image ? setup.margins.top + fs * 3 : setup.height * 0.3;
  const rule = (y: number) => ops.push({ kind: 'line', x1: cx - setup.contentWidth * 0.3, y1: y, x2: cx + setup.contentWidth * 0.3, y2: y, width: 1.2, color: COLORS.accent });
  rule(top);
  const style: TextStyle = { family: 'sans', bold: true, size: fs * (image ? 3 : 3.6), color: COLORS.text };
  let y = top + fs * 2;
  for (const line of breakLines([{ text: cover.title }], setup.contentWidth, style, metrics)) {
    drawLine(line, cx - line.width / 2, y, style.size * 1.17, style, ops);
    y += style.size * 1.17;
  }
  y += fs * 0.8;
  centred(ops, metrics, cover.words.rulebook, cx, y + fs, 'serif-italic', fs * 1.6, COLORS.muted);
  y += fs * 2.4;
  rule(y);
  y += fs * 3.2;
  if (cover.subtitle) {
    const sub: TextStyle = { family: 'sans', size: fs * 1.3, color: COLORS.accent };
    for (const line of breakLines([{ text: `${cover.words.extract}${cover.words.colon} ${cover.subtitle}` }], setup.contentWidth * 0.8, sub, metrics)) {
      drawLine(line, cx - line.width / 2, y, fs * 1.8, sub, ops);
      y += fs * 1.8;
    }
    y += fs;
  }
  // Edition and date at the foot when a picture fills the middle; under the title otherwise.
  const footer = [cover.edition ? (/^edition|edition$/i.test(cover.edition) ? cover.edition : capitalised(fill(cover.words.edition, { edition: cover.edition }))) : null, cover.date].filter((t): t is string => !!t);
  if (image) {
    const bottom = setup.height - setup.margins.bottom - footer.length * fs * 1.8 - fs;
    const room = bottom - y - fs;
    const { width, height } = fitImage(image, setup.contentWidth, room);
    ops.push({ kind: 'image', x: cx - width / 2, y: y + (room - height) / 2, w: width, h: height, src: image.path });
    y = bottom + fs * 1.5;
  }
  footer.forEach((line, i) => {
    centred(ops, metrics, line, cx, y, i === 0 && cover.edition ? 'sans-bold' : 'sans', fs * (i === 0 && cover.edition ? 1.2 : 1.1), i === 0 && cover.edition ? COLORS.text : COLORS.muted);
    y += fs * 1.8;
  });
  ops.push({ kind: 'anchor', name: 'title', y: 0 });
  return ops;
}
