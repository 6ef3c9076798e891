/** File versions: an opaque "size-mtime-hash" token, compared by content hash so a mere touch is not a conflict. */
import { createHash } from 'node:crypto';
import type { FileVersion } from '../../shared/ipc/contract.js';

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 24);
}

export function makeVersion(bytes: Uint8Array, mtimeMs: number): FileVersion {
  return `${bytes.byteLength}-${Math.floor(mtimeMs)}-${contentHash(bytes)}`;
}

/** The content-hash part of a version (what decides whether two versions hold the same text). */
export function hashOfVersion(version: FileVersion): string {
  return version.slice(version.lastIndexOf('-') + 1);
}

export function sameContent(a: FileVersion, b: FileVersion): boolean {
  return hashOfVersion(a) === hashOfVersion(b);
}
