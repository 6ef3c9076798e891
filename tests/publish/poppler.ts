/** Reads a PDF back the way a reader's tools do (poppler's pdftotext and pdfinfo): words with their boxes, page texts, page count. */
import { execFileSync } from 'node:child_process';

export interface PdfWord {
  readonly text: string;
  readonly xMin: number;
  readonly yMin: number;
  readonly xMax: number;
  readonly yMax: number;
}

export interface PdfPage {
  readonly width: number;
  readonly height: number;
  readonly words: readonly PdfWord[];
}

const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");

/** Every page's words and their boxes (`pdftotext -bbox`), in points from the top-left corner. */
export function pdfWords(file: string): PdfPage[] {
  const xml = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return xml
    .split('<page ')
    .slice(1)
    .map((page) => ({
      width: Number(/width="([\d.]+)"/.exec(page)![1]),
      height: Number(/height="([\d.]+)"/.exec(page)![1]),
      words: [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: unescape(m[5]),
      })),
    }));
}

/** Each page's text as pdftotext reads it: `layout` keeps the page's layout, `raw` the drawing order (a column's lines in turn). */
export function pdfPageTexts(file: string, mode?: 'layout' | 'raw'): string[] {
  const text = execFileSync('pdftotext', [...(mode ? [`-${mode}`] : []), file, '-'], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return text.split('\f').slice(0, -1);
}

export function pdfPageCount(file: string): number {
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]);
}
