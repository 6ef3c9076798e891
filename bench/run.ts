/**
 * `npm run bench`: every figure the issues set a target for, each as a ratio to a baseline measured in
 * the same run (these machines are noisy) or against an absolute limit. Exits 1 when a target is missed.
 */
import type { Suite } from './harness.js';

const suites: Array<[string, () => Promise<{ default: Suite }>]> = [
  ['parse and link', () => import('./suites/parse.js')],
  ['export', () => import('./suites/export.js')],
  ['editing', () => import('./suites/editing.js')],
  ['renumber', () => import('./suites/renumber.js')],
  ['lint', () => import('./suites/lint.js')],
  ['unread check', () => import('./suites/unread.js')],
  ['diff', () => import('./suites/diff.js')],
  ['import', () => import('./suites/import.js')],
];

let missed = 0;
for (const [name, load] of suites) {
  console.log(`\n== ${name}`);
  const suite = (await load()).default;
  missed += await suite();
}
console.log(missed === 0 ? '\nall targets met' : `\n${missed} target(s) missed`);
process.exitCode = missed === 0 ? 0 : 1;
