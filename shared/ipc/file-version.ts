/**
 * File versions as both sides compare them: an opaque "size-mtime-hash" token (main/workspace/versions.ts makes it),
 * the same text when the content hashes agree, so a mere touch is not a change. Pure, for the host and the page.
 */
import type { FileVersion } from './contract.js';

/** The content-hash part of a version (what decides whether two versions hold the same text). */
export function hashOfVersion(version: FileVersion): string {
  return version.slice(version.lastIndexOf('-') + 1);
}

export function sameContent(a: FileVersion, b: FileVersion): boolean {
  return hashOfVersion(a) === hashOfVersion(b);
}
