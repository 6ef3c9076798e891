/** Summarises renumbered entries into runs: "201.3–201.5 renumbered +1 (now 201.4–201.6)" instead of one line per rule. */
import type { RenumberRun } from './types.js';

/** One entry of the new version, in order, with its old number when it was renumbered in place (null otherwise). */
export interface RunCandidate {
  readonly newId: string;
  readonly oldNumber: string;
  readonly newNumber: string;
  readonly oldSegments: readonly string[];
  readonly newSegments: readonly string[];
}

/**
 * How a number shifted: the one segment that changed, what stands before it, and by how much.
 * Sub-rules follow their parent ("103.1a → 103.2a" shifts like "103.1 → 103.2"). Null when more changed.
 */
export function shiftOf(oldSegments: readonly string[], newSegments: readonly string[]): { signature: string; shift: number } | null {
  if (oldSegments.length !== newSegments.length) return null;
  let at = -1;
  for (let k = 0; k < oldSegments.length; k++) {
    if (oldSegments[k] === newSegments[k]) continue;
    if (at !== -1) return null;
    at = k;
  }
  if (at === -1) return null;
  const shift = segmentValue(newSegments[at]) - segmentValue(oldSegments[at]);
  if (!Number.isFinite(shift)) return null;
  return { signature: `${at}|${oldSegments.slice(0, at).join('.')}|${shift}`, shift };
}

function segmentValue(segment: string): number {
  if (/^\d+$/.test(segment)) return Number(segment);
  if (/^[a-z]$/.test(segment)) return segment.charCodeAt(0) - 96;
  return Number.NaN;
}

/** Groups consecutive candidates (null breaks a run) that shifted the same way. */
export function renumberRuns(sequence: readonly (RunCandidate | null)[]): RenumberRun[] {
  const runs: RenumberRun[] = [];
  let current: RunCandidate[] = [];
  let currentSignature: string | null = null;
  let currentShift: number | null = null;
  const flush = () => {
    if (current.length) runs.push(makeRun(current, currentShift));
    current = [];
    currentSignature = null;
    currentShift = null;
  };
  for (const candidate of sequence) {
    if (!candidate) {
      flush();
      continue;
    }
    const shift = shiftOf(candidate.oldSegments, candidate.newSegments);
    const signature = shift?.signature ?? null;
    if (current.length && (signature === null || signature !== currentSignature)) flush();
    current.push(candidate);
    currentSignature = signature;
    currentShift = shift?.shift ?? null;
    if (signature === null) flush();
  }
  flush();
  return runs;
}

function makeRun(entries: readonly RunCandidate[], shift: number | null): RenumberRun {
  const first = entries[0];
  const last = entries[entries.length - 1];
  const label =
    entries.length === 1
      ? `${first.oldNumber} → ${first.newNumber}`
      : `${first.oldNumber}–${last.oldNumber} renumbered ${shift === null ? '' : shift > 0 ? `+${shift} ` : `−${-shift} `}(now ${first.newNumber}–${last.newNumber})`;
  return {
    oldFirst: first.oldNumber,
    oldLast: last.oldNumber,
    newFirst: first.newNumber,
    newLast: last.newNumber,
    count: entries.length,
    shift,
    label,
    entries: entries.map((e) => ({ old: e.oldNumber, new: e.newNumber, newId: e.newId })),
  };
}
