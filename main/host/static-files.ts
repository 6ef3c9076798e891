/** Serves the built renderer from one folder: decoded, normalised paths confined to it, symlinks followed; no directory listings. */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { contentType } from 'mime-types';
import { MARKDOWN_EXTENSIONS } from '../../shared/model/markdown-files.js';
import { isInside } from '../fs/inside.js';

/** The book's own texts are shown as text in the browser, not offered for download. */
const SHOWN_AS_TEXT: ReadonlySet<string> = new Set([...MARKDOWN_EXTENSIONS, '.yaml', '.yml']);

/** The Content-Type a file is served with, from the maintained MIME database (mime-types). */
export function contentTypeOf(file: string): string {
  const extension = path.extname(file).toLowerCase();
  if (SHOWN_AS_TEXT.has(extension)) return 'text/plain; charset=utf-8';
  return contentType(extension) || 'application/octet-stream';
}

/**
 * The file under `root` a URL path names, or null when it names none or tries to leave `root`
 * (`..`, encoded separators, NUL, backslashes). "/" is index.html.
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((s) => s === '..')) return null;
  const relative = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '');
  const absolute = path.resolve(root, relative);
  return isInside(root, absolute) && absolute !== path.resolve(root) ? absolute : null;
}

export async function readStatic(root: string, urlPath: string): Promise<{ body: Buffer; type: string } | null> {
  const absolute = resolveStaticPath(root, urlPath);
  if (!absolute) return null;
  const info = await stat(absolute).catch(() => null);
  if (!info?.isFile()) return null;
  // The spelling stayed inside; a symbolic link in the folder must not lead the read out of it.
  const [realRoot, real] = await Promise.all([realpath(root), realpath(absolute)]).catch(() => [null, null]);
  if (!realRoot || !real || !isInside(realRoot, real)) return null;
  return { body: await readFile(real), type: contentTypeOf(absolute) };
}
