/**
 * `npm run bench`: every figure the issues set a target for, each measured interleaved with its baseline round by
 * round (these machines are noisy) and printed as a median with its spread and as a ratio to the baseline named
 * on the row. A few targets are absolute because the issue sets them so (a 16 ms keystroke, pages per
 * CPU-second, peak memory); the row says so. Exits 1 when a target is missed.
 */
import { header, missedTargets, type Suite } from './harness.js';

const suites: Array<[string, () => Promise<{ default: Suite }>]> = [
  ['start-up', () => import('./suites/startup.js')],
  ['parse and link', () => import('./suites/parse.js')],
  ['lint', () => import('./suites/lint.js')],
  ['editing', () => import('./suites/editing.js')],
  ['export', () => import('./suites/export.js')],
  ['site', () => import('./suites/site.js')],
  ['renumber', () => import('./suites/renumber.js')],
  ['unread check', () => import('./suites/unread.js')],
  ['diff', () => import('./suites/diff.js')],
  ['import', () => import('./suites/import.js')],
  ['characters', () => import('./suites/characters.js')],
];

// `npm run bench -- lint export` runs only the suites named.
const only = process.argv.slice(2);
console.log(`node ${process.version}; medians of interleaved runs; spread = half the interquartile range; ratio = median of the per-round ratios to the baseline`);
header();
let missed = 0;
const started = performance.now();
for (const [name, load] of suites) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) continue;
  const suiteStarted = performance.now();
  console.log(`== ${name}`);
  const suite = (await load()).default;
  missed += await suite();
  console.log(`   (${((performance.now() - suiteStarted) / 1000).toFixed(0)} s)`);
}
console.log(`\nbench ran ${((performance.now() - started) / 1000).toFixed(0)} s`);
if (missed === 0) console.log('all targets met');
else {
  console.log(`${missed} target(s) missed:`);
  for (const row of missedTargets()) console.log(`  - ${row}`);
}
process.exitCode = missed === 0 ? 0 : 1;
