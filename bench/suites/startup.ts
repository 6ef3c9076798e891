/**
 * Start-up: `rulebook lint rulebooks/funjerai.md` as a user runs it (a new node process on bin/rulebook.mjs)
 * against `node -e 0`, the same node binary (process.execPath), spawned pair by pair. Target ≤ 2.5×.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { report, runNode, sampleInterleaved, type Suite } from '../harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const suite: Suite = async () => {
  const env = { ...process.env, NO_COLOR: '1' };
  let failure: string | null = null;
  const lint = () => {
    const run = runNode([path.join(ROOT, 'bin/rulebook.mjs'), 'lint', 'rulebooks/funjerai.md'], { cwd: ROOT, env });
    // Exit 1 is "the book has errors" (Funjerai has some); 2 and 3 are bad input and a crash.
    if (run.status !== 0 && run.status !== 1) failure ??= `exit ${run.status ?? run.signal}: ${(run.stderr || run.stdout).trim().split('\n')[0]}`;
    return run.ms;
  };
  const bare = () => runNode(['-e', '0'], { env }).ms;
  const timed = sampleInterleaved({ bare, lint }, { runs: 15, warmUp: 2 });
  if (failure) return report({ name: 'start-up: rulebook lint rulebooks/funjerai.md', value: 0, unavailable: `the CLI failed: ${failure}` }) ? 0 : 1;
  const ok = report({
    name: 'start-up: `rulebook lint rulebooks/funjerai.md` (process)',
    value: timed.stats('lint'),
    ratio: timed.ratio('lint', 'bare'),
    baseline: { name: '`node -e 0`, same node', ms: timed.stats('bare') },
    target: { ratio: 2.5 },
  });
  return ok ? 0 : 1;
};

export default suite;
