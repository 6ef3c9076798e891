/** How findings name other places and costs in their messages: "line 40", "guilds.md line 40", "4/5 SP". */
import type { Cost, SourceRange } from '../model/types.js';

/** "line 40" when `there` is in the same file as `here`, else "guilds.md line 40". */
export function placeName(there: SourceRange, here: SourceRange): string {
  return there.file === here.file ? `line ${there.start.line}` : `${there.file} line ${there.start.line}`;
}

/** A cost as people write it: 4, 4/5; "no cost" when null. */
export function costLabel(cost: Cost, unit?: string | null): string {
  if (cost === null) return 'no cost';
  const value = typeof cost === 'number' ? String(cost) : cost.join('/');
  return unit ? `${value} ${unit}` : value;
}

export function sameCost(a: Cost, b: Cost): boolean {
  if (a === null || b === null) return a === b;
  const x = typeof a === 'number' ? [a] : a;
  const y = typeof b === 'number' ? [b] : b;
  return x.length === y.length && x.every((v, i) => v === y[i]);
}
