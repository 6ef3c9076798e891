/**
 * Long fuzzing of every `rulebook` command: the properties of tests/safety/fuzz-commands.test.ts for many more cases.
 *   node --import tsx scripts/fuzz.ts [--runs 2000] [--seed 42] [--only read,pdf] [--path <from a failure>]
 * Prints the seed first, so a run can be repeated; a counterexample is printed shrunk, with the seed and path that
 * replay it. A command that runs past 60 s stops the run and names itself.
 */
import fc from 'fast-check';
import { parseArgs } from 'node:util';
import { exitCodes, PROPERTIES, slowest } from '../tests/helpers/fuzz-commands.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    only: { type: 'string' },
    path: { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of 1 or more, not \`${values.runs}\``);
if (values.path !== undefined && values.seed === undefined) throw new Error('--path replays a case of one run: give that run\'s --seed too');
const seed = values.seed === undefined ? Date.now() ^ (Math.random() * 0x100000000) : Number(values.seed);
const names = values.only ? values.only.split(',') : Object.keys(PROPERTIES);
for (const name of names) if (!(name in PROPERTIES)) throw new Error(`--only: no property \`${name}\` (known: ${Object.keys(PROPERTIES).join(', ')})`);

process.stdout.write(`seed ${seed}, ${runs} runs (${names.join(', ')}; pdf gets a tenth of them)\n`);
let failed = false;
for (const name of names) {
  const { property, share } = PROPERTIES[name as keyof typeof PROPERTIES];
  const numRuns = Math.max(1, Math.round(runs * share));
  const started = performance.now();
  const details = await fc.check(property, { numRuns, seed, path: values.path, endOnFailure: false, verbose: 0 });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (details.failed) {
    failed = true;
    process.stdout.write(`${name}: FAILED after ${details.numRuns} of ${numRuns} cases (${seconds} s)\n`);
    process.stdout.write(`  replay: node --import tsx scripts/fuzz.ts --only ${name} --seed ${details.seed} --path ${details.counterexamplePath}\n`);
    process.stdout.write(`  counterexample: ${fc.stringify(details.counterexample)}\n`);
    process.stdout.write(`  ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}\n`);
  } else process.stdout.write(`${name}: ${numRuns} cases passed (${seconds} s)\n`);
}
for (const [command, counts] of [...exitCodes].sort()) process.stdout.write(`  ${command.padEnd(12)} exit 0: ${counts[0]}, 1: ${counts[1]}, 2: ${counts[2]}\n`);
process.stdout.write(`slowest command: ${(slowest.ms / 1000).toFixed(1)} s (${slowest.what.slice(0, 200)})\n`);
process.exitCode = failed ? 1 : 0;
