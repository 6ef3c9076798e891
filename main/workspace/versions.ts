/** File versions: an opaque "size-mtime-hash" token, compared by content hash so a mere touch is not a conflict. */
import { createHash } from 'node:crypto';
import type { FileVersion } from '../../shared/ipc/contract.js';

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 24);
}

export function makeVersion(bytes: Uint8Array, mtimeMs: number): FileVersion {
  return `${bytes.byteLength}-${Math.floor(mtimeMs)}-${contentHash(bytes)}`;
}

// Compared alike by the page, which reads them from shared/ipc.
export { hashOfVersion, sameContent } from '../../shared/ipc/file-version.js';
