/** Reading rulebook texts into snapshots and writing them atomically (temp file + rename). */
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../fs/atomic-write.js';
import type { FileSnapshot } from '../../shared/ipc/contract.js';
import { decodeRulebookBytes } from '../../shared/parse/decode.js';
import { ApiFailure, fsFailure } from './errors.js';
import { makeVersion } from './versions.js';

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/** Reads a file's bytes and version; folders and missing files fail with a named reason. */
export async function readBytes(absolute: string, relPath: string): Promise<{ bytes: Uint8Array; version: string }> {
  let info;
  try {
    info = await stat(absolute);
  } catch (error) {
    throw fsFailure(error, relPath);
  }
  if (info.isDirectory()) throw new ApiFailure('unreadable', `${relPath}: is a folder, expected a file`);
  if (!info.isFile()) throw new ApiFailure('unreadable', `${relPath}: is not a regular file`);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    throw fsFailure(error, relPath);
  }
  return { bytes, version: makeVersion(bytes, info.mtimeMs) };
}

/** Reads and strictly decodes one text file. */
export async function readSnapshot(absolute: string, relPath: string): Promise<FileSnapshot> {
  const { bytes, version } = await readBytes(absolute, relPath);
  const decoded = decodeRulebookBytes(bytes);
  if (!decoded.ok) throw new ApiFailure('unreadable', `${relPath}: ${decoded.message}`);
  return { path: relPath, text: decoded.text, version, bom: decoded.bom, eol: decoded.eol };
}

/** The bytes that will be written for `text`, with a BOM when the file had one. */
export function encodeText(text: string, bom: boolean): Uint8Array {
  const body = new TextEncoder().encode(text);
  if (!bom) return body;
  const out = new Uint8Array(BOM.length + body.length);
  out.set(BOM);
  out.set(body, BOM.length);
  return out;
}

/**
 * Writes atomically: a crash mid-write leaves the old file or the new one, never half of each.
 * Creates missing parent folders (they were confined before this is called).
 */
export async function writeAtomically(absolute: string, bytes: Uint8Array, relPath: string): Promise<string> {
  try {
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFileAtomically(absolute, bytes);
    const info = await stat(absolute);
    return makeVersion(bytes, info.mtimeMs);
  } catch (error) {
    throw fsFailure(error, relPath, true);
  }
}
