/**
 * Measuring helpers for `npm run bench` and for the tests that bound a time: every figure is measured
 * interleaved with the baseline it is compared to, round by round, and reported as medians with their
 * spread. No figure depends on a wall-clock deadline: a time is only ever judged as a ratio to a baseline
 * measured in the same run (the issue's few absolute targets, such as a 16 ms keystroke, say so).
 *
 * Tests import this module too (`tests/core/robustness.test.ts`), so there is one way to interleave.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';

// ---------------------------------------------------------------------------------------------------------------
// Statistics

export interface Stats {
  readonly median: number;
  /** First and third quartiles (linear interpolation), the spread's bounds. */
  readonly q1: number;
  readonly q3: number;
  readonly min: number;
  readonly max: number;
  readonly samples: readonly number[];
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return sorted[low] + (sorted[high] - sorted[low]) * (at - low);
}

export function stats(samples: readonly number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: quantile(sorted, 0.5),
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    min: sorted[0] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
    samples,
  };
}

/** The spread as printed: half the interquartile range, relative to the median ("±4%"). */
export function spreadText(s: Stats): string {
  if (s.samples.length < 2 || !(s.median > 0)) return '';
  return `±${((100 * (s.q3 - s.q1)) / 2 / s.median).toFixed(s.q3 - s.q1 < 0.02 * s.median ? 1 : 0)}%`;
}

// ---------------------------------------------------------------------------------------------------------------
// Interleaved measuring

/** Samples of several contenders taken round by round; ratios pair the samples of the same round. */
export class Interleaved<K extends string> {
  constructor(readonly samples: Readonly<Record<K, readonly number[]>>) {}

  stats(key: K): Stats {
    return stats(this.samples[key]);
  }

  /**
   * `figure / baseline` round by round, then its median and spread. The two ran back to back in each
   * round, so a machine that slows down or speeds up during the run (other work, thermal limits, GC of an
   * earlier round) moves both alike and the ratio stays fair.
   */
  ratio(figure: K, baseline: K): Stats {
    const a = this.samples[figure];
    const b = this.samples[baseline];
    return stats(a.map((value, i) => value / b[i]));
  }
}

export interface InterleaveOptions {
  /** Counted rounds. */
  readonly runs: number;
  /** Rounds run first and not counted (JIT compilation, caches, lazy module loading). Default 1. */
  readonly warmUp?: number;
}

/**
 * Runs every sampler once per round, `warmUp + runs` rounds, and keeps what each returned in the counted
 * rounds. The order rotates from round to round (A B C, B C A, C A B…), so no contender always runs
 * first, right after a collection, or right after another's garbage.
 */
export function sampleInterleaved<K extends string>(samplers: Readonly<Record<K, () => number>>, options: InterleaveOptions): Interleaved<K> {
  const keys = Object.keys(samplers) as K[];
  const samples = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  const warmUp = options.warmUp ?? 1;
  for (let round = 0; round < warmUp + options.runs; round++) {
    for (let i = 0; i < keys.length; i++) {
      const key = keys[(i + round) % keys.length];
      const value = samplers[key]();
      if (round >= warmUp) samples[key].push(value);
    }
  }
  return new Interleaved(samples);
}

/** Wall time of one call, in ms. */
export function timeOnce(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

/** `sampleInterleaved` on the wall time of each function. */
export function timeInterleaved<K extends string>(fns: Readonly<Record<K, () => unknown>>, options: InterleaveOptions): Interleaved<K> {
  const samplers = Object.fromEntries(Object.entries(fns).map(([k, fn]) => [k, () => timeOnce(fn as () => unknown)])) as Record<K, () => number>;
  return sampleInterleaved(samplers, options);
}

/** Runs `process.execPath` (the same node as the bench) with `args`; returns its wall time along with the result. */
export function runNode(
  args: readonly string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
): SpawnSyncReturns<string> & { ms: number } {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, ...options });
  return Object.assign(result, { ms: performance.now() - start });
}

// ---------------------------------------------------------------------------------------------------------------
// The table

export interface Baseline {
  /** What the ratio is against, in words: the table prints it on every row. */
  readonly name: string;
  readonly ms: Stats | number;
}

export interface Row {
  readonly name: string;
  /** The figure: a time in ms unless `unit` says otherwise. */
  readonly value: Stats | number;
  readonly unit?: string;
  /** A figure measured interleaved with a baseline: the per-round ratios (or one ratio) and the baseline. */
  readonly ratio?: Stats | number;
  readonly baseline?: Baseline;
  /**
   * One target per row. `ratio`: the ratio at most this. `max` / `min`: the figure itself at most / at
   * least this (absolute: only where the issue sets one, such as one 60 Hz frame for a keystroke).
   */
  readonly target?: { readonly ratio?: number; readonly max?: number; readonly min?: number };
  /** Why the figure could not be measured (a command not built yet): printed, and a missed target. */
  readonly unavailable?: string;
  readonly extra?: string;
}

const missedRows: string[] = [];

/** Names of the rows that missed their target so far (for the summary at the end of the run). */
export function missedTargets(): readonly string[] {
  return missedRows;
}

const median = (v: Stats | number) => (typeof v === 'number' ? v : v.median);
const spread = (v: Stats | number) => (typeof v === 'number' ? '' : spreadText(v));

function number(value: number, unit: string): string {
  if (unit === '×') return `${value.toFixed(value < 0.1 ? 3 : 2)}×`;
  return `${value.toFixed(value >= 1000 || unit !== 'ms' ? 0 : 1)} ${unit}`;
}

/** Prints the table's header. */
export function header(): void {
  console.log(
    `${'figure'.padEnd(66)} ${'median'.padStart(15)} ${'spread'.padStart(6)}  ${'ratio'.padStart(7)} ${'spread'.padStart(6)}  ${'verdict'.padEnd(26)} against (baseline)`,
  );
  console.log(`${''.padEnd(66, '-')} ${''.padStart(15, '-')} ${''.padStart(6, '-')}  ${''.padStart(7, '-')} ${''.padStart(6, '-')}  ${''.padEnd(26, '-')} ${''.padEnd(40, '-')}`);
}

/** Prints one row of the table and says whether it meets its target (a row without one always does). */
export function report(row: Row): boolean {
  const unit = row.unit ?? 'ms';
  if (row.unavailable !== undefined) {
    console.log(`${row.name.padEnd(66)} ${'—'.padStart(15)} ${''.padStart(6)}  ${'—'.padStart(7)} ${''.padStart(6)}  ${'MISSED not measured'.padEnd(26)} ${row.unavailable}`);
    missedRows.push(`${row.name}: ${row.unavailable}`);
    return false;
  }
  const value = median(row.value);
  const ratio = row.ratio === undefined ? undefined : median(row.ratio);
  let pass = true;
  let verdict = '';
  const t = row.target;
  if (t?.ratio !== undefined) {
    pass = ratio !== undefined && ratio <= t.ratio;
    verdict = `≤ ${t.ratio.toFixed(Number.isInteger(t.ratio) ? 1 : String(t.ratio).split('.')[1].length)}×`;
  } else if (t?.max !== undefined) {
    pass = value <= t.max;
    verdict = `≤ ${number(t.max, unit)}`;
  } else if (t?.min !== undefined) {
    pass = value >= t.min;
    verdict = `≥ ${number(t.min, unit)}`;
  }
  if (verdict) verdict = `${pass ? 'ok    ' : 'MISSED'} ${verdict}`;
  const against = row.baseline
    ? `${row.baseline.name}: ${number(median(row.baseline.ms), 'ms')}${spread(row.baseline.ms) ? ` ${spread(row.baseline.ms)}` : ''}`
    : t?.max !== undefined || t?.min !== undefined
      ? 'none: an absolute target'
      : 'none: for information';
  console.log(
    `${row.name.padEnd(66)} ${number(value, unit).padStart(15)} ${spread(row.value).padStart(6)}  ${(ratio === undefined ? '' : number(ratio, '×')).padStart(7)} ${(row.ratio === undefined ? '' : spread(row.ratio)).padStart(6)}  ${verdict.padEnd(26)} ${against}${row.extra ? `  (${row.extra})` : ''}`,
  );
  if (!pass) missedRows.push(`${row.name}: ${ratio !== undefined && t?.ratio !== undefined ? number(ratio, '×') : number(value, unit)}, target ${verdict.slice(7)}`);
  return pass;
}

/** A bench suite: prints its rows, returns how many missed their target. */
export type Suite = () => Promise<number>;
