/**
 * Whether a value read back from outside the process (a cache file, the app's store) has the shape of a chunk's
 * result for a text of `length` characters: checked before use, so that a damaged or foreign entry can only be a
 * miss. Records are checked as far as the parser relies on them to stay in bounds: their kind and their offsets.
 */
import type { ChunkResult } from './index.js';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

export function isChunkResult(v: unknown, length: number): v is ChunkResult {
  if (!isRecord(v) || !Array.isArray(v.records)) return false;
  const limited = v.limited;
  if (limited !== null && !(isRecord(limited) && (limited.code === 'too-deep' || limited.code === 'too-large') && typeof limited.message === 'string' && isCount(limited.at))) return false;
  return v.records.every((r: unknown) => isRecord(r) && typeof r.t === 'string' && isCount(r.start) && isCount(r.end) && (r.start as number) <= (r.end as number) && (r.end as number) <= length);
}
