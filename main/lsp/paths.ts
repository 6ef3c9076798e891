/** Document URIs ↔ the '/'-separated absolute paths shared/service's Workspace uses (on Windows "C:/book/a.md"). */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The path of a file: URI, or null for any other scheme (an unsaved buffer, a diff view). */
export function pathOfUri(uri: string): string | null {
  if (!uri.startsWith('file:')) return null;
  return toSlashes(fileURLToPath(uri));
}

export function uriOfPath(file: string): string {
  return pathToFileURL(fromSlashes(file)).href;
}

export function toSlashes(file: string): string {
  return path.sep === '/' ? file : file.split(path.sep).join('/');
}

export function fromSlashes(file: string): string {
  return path.sep === '/' ? file : file.split('/').join(path.sep);
}
