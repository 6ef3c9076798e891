/** Measuring helpers for `npm run bench`: medians of repeated runs, and figures printed as ratios to a baseline run alongside. */

export interface Measured {
  readonly medianMs: number;
  readonly runs: number;
}

/** Runs `fn` `runs` times after one warm-up, returns the median wall time. */
export function measure(fn: () => unknown, runs = 5): Measured {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)], runs };
}

export async function measureAsync(fn: () => Promise<unknown>, runs = 3): Promise<Measured> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)], runs };
}

export interface Row {
  readonly name: string;
  readonly ms: number;
  /** The baseline's time, when the figure is a ratio target. */
  readonly baselineMs?: number;
  /** The target: a ratio (≤ ratio × baseline) or an absolute limit in ms. */
  readonly target?: { readonly ratio?: number; readonly maxMs?: number };
  readonly extra?: string;
}

/** Prints one row and says whether it meets its target. Returns whether it passed. */
export function report(row: Row): boolean {
  const ratio = row.baselineMs ? row.ms / row.baselineMs : null;
  let verdict = '';
  let pass = true;
  if (row.target?.ratio !== undefined && ratio !== null) {
    pass = ratio <= row.target.ratio;
    verdict = `${pass ? 'ok  ' : 'SLOW'} target ≤ ${row.target.ratio}×`;
  } else if (row.target?.maxMs !== undefined) {
    pass = row.ms <= row.target.maxMs;
    verdict = `${pass ? 'ok  ' : 'SLOW'} target < ${row.target.maxMs} ms`;
  }
  // Small ratios (an edit against a full parse) need more digits than 0.05× to show how close to a target they are.
  const ratioText = ratio !== null ? `${ratio.toFixed(ratio < 0.1 ? 3 : 2)}× baseline (${row.baselineMs!.toFixed(1)} ms)` : '';
  console.log(`${row.name.padEnd(58)} ${row.ms.toFixed(1).padStart(9)} ms  ${ratioText.padEnd(32)} ${verdict}${row.extra ? `  ${row.extra}` : ''}`);
  return pass;
}

/** A bench suite: prints its rows, returns how many missed their target. */
export type Suite = () => Promise<number>;

/**
 * Measures a figure and its baseline alternately (baseline, figure, baseline, figure…), so that a machine
 * slowing down or speeding up during the run affects both alike. Returns both medians.
 */
export function measurePair(baseline: () => unknown, figure: () => unknown, runs = 5): { baselineMs: number; ms: number } {
  baseline();
  figure();
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    baseline();
    a.push(performance.now() - start);
    start = performance.now();
    figure();
    b.push(performance.now() - start);
  }
  const median = (list: number[]) => [...list].sort((x, y) => x - y)[Math.floor(list.length / 2)];
  return { baselineMs: median(a), ms: median(b) };
}
