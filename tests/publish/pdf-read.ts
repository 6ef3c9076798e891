/**
 * Reads a written PDF back as a reader sees it, with poppler-utils: page sizes (pdfinfo), text and word boxes
 * (pdftotext), embedded fonts (pdffonts) and rendered pixels (pdftoppm). Tests of the look check these, not our plan.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

function withFile<T>(pdf: Buffer, run: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-pdf-read-'));
  try {
    const file = path.join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    return run(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every page's size in points, in order. */
export function pageSizes(pdf: Buffer): { width: number; height: number }[] {
  return withFile(pdf, (file) => {
    const out = execFileSync('pdfinfo', ['-f', '1', '-l', '100000', file], { encoding: 'utf8' });
    return [...out.matchAll(/^Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/gm)].map((m) => ({ width: Number(m[1]), height: Number(m[2]) }));
  });
}

/** The text of one page (1-based), or of all pages, in reading order (a column at a time). */
export function pdfText(pdf: Buffer, page?: number): string {
  return withFile(pdf, (file) => execFileSync('pdftotext', [...(page ? ['-f', String(page), '-l', String(page)] : []), file, '-'], { encoding: 'utf8' }));
}

export interface Word {
  readonly page: number;
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** Every word with its box in points from the page's top-left corner. */
export function words(pdf: Buffer): Word[] {
  return withFile(pdf, (file) => {
    const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8', maxBuffer: 64 << 20 });
    const out: Word[] = [];
    let page = 0;
    for (const line of html.split('\n')) {
      if (line.includes('<page ')) page++;
      const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/.exec(line);
      if (m) out.push({ page, text: m[5].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'"), x: Number(m[1]), y: Number(m[2]), w: Number(m[3]) - Number(m[1]), h: Number(m[4]) - Number(m[2]) });
    }
    return out;
  });
}

/** The names of the embedded fonts (subset prefix taken off), as pdffonts lists them. */
export function fontNames(pdf: Buffer): string[] {
  return withFile(pdf, (file) => {
    const out = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    return [...new Set(out.split('\n').slice(2).map((l) => l.split(/\s+/)[0]).filter(Boolean).map((n) => n.replace(/^[A-Z]{6}\+/, '')))];
  });
}

export interface Raster {
  readonly width: number;
  readonly height: number;
  /** Pixels per point. */
  readonly scale: number;
  /** RGB at a pixel. */
  rgb(x: number, y: number): readonly [number, number, number];
  /** RGB at a place in points from the top-left corner. */
  at(xPt: number, yPt: number): readonly [number, number, number];
}

/** One page (1-based) rendered by pdftoppm at `dpi`. */
export function renderPage(pdf: Buffer, page: number, dpi = 72): Raster {
  return withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', file, path.join(dir, 'page')]);
    const data = readFileSync(path.join(dir, 'page.ppm'));
    // P6 header: magic, width, height, maxval, each after whitespace.
    const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'))!;
    const width = Number(header[1]);
    const height = Number(header[2]);
    const pixels = data.subarray(header[0].length);
    const scale = dpi / 72;
    const rgb = (x: number, y: number) => {
      const i = (Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * 3;
      return [pixels[i], pixels[i + 1], pixels[i + 2]] as const;
    };
    return { width, height, scale, rgb, at: (x, y) => rgb(Math.floor(x * scale), Math.floor(y * scale)) };
  });
}

/** Whether a pixel is paper white (allowing for anti-aliasing noise). */
export const isWhite = ([r, g, b]: readonly [number, number, number]) => r > 250 && g > 250 && b > 250;
/** Whether a pixel is ink: darker than any tint a theme or a card uses. */
export const isInk = ([r, g, b]: readonly [number, number, number]) => r + g + b < 3 * 200;
