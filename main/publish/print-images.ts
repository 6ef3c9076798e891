/**
 * Reads the pictures a print shows (the cover, `print.cover`, and the book's `![alt](src)`) from the rulebook's folder only: a path that leads
 * outside it (`..`, an absolute path, a symbolic link elsewhere), a web address, a missing file or one that is not a
 * PNG or JPEG is left out with a warning naming it, and the export goes on without it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { PlacedImage } from '../../shared/publish/images.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { picturePath } from '../../shared/link/links.js';
import type { Link } from '../../shared/model/types.js';
import { selectChapters } from '../../shared/publish/content.js';
import { isInside, realLocation } from '../fs/inside.js';

export interface ReadImage {
  readonly image: PlacedImage;
  readonly data: Buffer;
}

/** Pictures over this are refused: a cover is a few megabytes at most, and pdfkit holds it whole. */
const MAX_BYTES = 32 << 20;

function kindOf(data: Buffer): 'png' | 'jpeg' | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  return null;
}

/** Why `src` (rulebook-relative, posix) cannot be printed, or null when it can be read from inside `root`. */
export function outsideReason(src: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src)) return 'is not a file in the rulebook’s folder (only local pictures print)';
  if (path.posix.isAbsolute(src) || path.win32.isAbsolute(src) || path.posix.normalize(src).startsWith('../')) return 'lies outside the rulebook’s folder';
  return null;
}

/** One picture, or a one-line reason it is left out (naming `src` as written). */
export async function readPrintImage(root: string, src: string): Promise<ReadImage | string> {
  const reason = outsideReason(src);
  if (reason) return `picture \`${src}\` ${reason}; printed without it`;
  const file = path.resolve(root, src);
  try {
    const [realRoot, real] = await Promise.all([realLocation(root), realLocation(file)]);
    if (!isInside(realRoot, real)) return `picture \`${src}\` lies outside the rulebook’s folder; printed without it`;
    const data = await readFile(real);
    if (data.length > MAX_BYTES) return `picture \`${src}\` is over 32 MB; printed without it`;
    if (!kindOf(data)) return `picture \`${src}\` is not a PNG or JPEG file; printed without it`;
    // pdfkit's own reader: what it can open is what it will draw.
    const reader = new PDFDocument({ autoFirstPage: false }) as unknown as { openImage(data: Buffer): { width: number; height: number } };
    const opened = reader.openImage(data);
    return { image: { path: src, width: opened.width, height: opened.height }, data };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return `picture \`${src}\` does not exist; printed without it`;
    return `picture \`${src}\` cannot be read (${code ?? (error instanceof Error ? error.message : String(error))}); printed without it`;
  }
}

export interface Pictures {
  readonly cover: PlacedImage | undefined;
  /** The book's pictures (`![alt](src)`) by rulebook-relative path, as the planner looks them up (ExportOptions.images). */
  readonly images: ReadonlyMap<string, PlacedImage>;
  readonly data: ReadonlyMap<string, Buffer>;
  readonly warnings: readonly string[];
}

/**
 * The pictures a book or extract prints, read from `root` (the rulebook's folder): the cover named by `print.cover`
 * and every picture of the chosen chapters. Each one that cannot print is named in a warning, with its place.
 */
export async function readPictures(linked: LinkedRulebook, root: string | undefined, options: { readonly book: boolean; readonly chapters?: readonly string[] }): Promise<Pictures> {
  const data = new Map<string, Buffer>();
  const images = new Map<string, PlacedImage>();
  const warnings: string[] = [];
  if (!options.book) return { cover: undefined, images, data, warnings };
  const read = async (src: string, where: string): Promise<PlacedImage | undefined> => {
    if (!root) {
      warnings.push(`${where}: picture \`${src}\`: no rulebook folder given to read it from; printed without it`);
      return undefined;
    }
    const got = await readPrintImage(root, src);
    if (typeof got === 'string') {
      warnings.push(`${where}: ${got}`);
      return undefined;
    }
    data.set(got.image.path, got.data);
    return got.image;
  };
  const coverSrc = linked.model.config.print?.cover;
  const cover = coverSrc ? await read(coverSrc, 'print.cover') : undefined;
  // Each picture once, however often it is shown; those of chapters an extract leaves out are not read.
  const chapters = selectChapters(linked, options.chapters);
  const shown = (link: Link) => chapters.some((c) => c.range.file === link.range.file && link.range.start.offset >= c.range.start.offset && link.range.start.offset < c.range.end.offset);
  const tried = new Set<string>();
  for (const link of linked.model.links) {
    if (!link.image || (options.chapters?.length && !shown(link))) continue;
    const where = `${link.range.file}:${link.range.start.line}`;
    const path = linked.pictures.get(link) ?? picturePath(link.range.file, link.href);
    if (path === null) {
      warnings.push(`${where}: picture \`${link.href}\` is not a file of the rulebook’s folder; printed without it`);
      continue;
    }
    if (tried.has(path)) continue;
    tried.add(path);
    const image = await read(path, where);
    if (image) images.set(path, image);
  }
  return { cover, images, data, warnings };
}
