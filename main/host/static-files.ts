/** Serves the built renderer from one folder: decoded, normalised paths confined to it, symlinks followed; no directory listings. */
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInside } from '../fs/inside.js';

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.map': 'application/json; charset=utf-8',
  '.pdf': 'application/pdf',
  '.md': 'text/plain; charset=utf-8',
  '.markdown': 'text/plain; charset=utf-8',
  '.yaml': 'text/plain; charset=utf-8',
  '.yml': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

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
  return { body: await readFile(real), type: CONTENT_TYPES[path.extname(absolute).toLowerCase()] ?? 'application/octet-stream' };
}
