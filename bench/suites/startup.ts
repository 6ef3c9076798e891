/**
 * Start-up: `rulebook lint rulebooks/funjerai.md` as a user runs it (a new node process on bin/rulebook.mjs)
 * against `node -e 0`, the same node binary (process.execPath), spawned pair by pair. Target ≤ 2.5×.
 *
 * As a user runs it means with the lint cache, which is on by default: the warm-up runs fill it, so the timed runs
 * find an unchanged book's findings there. The same command with `--no-cache`, which reads the book (remark's parse
 * of its 55 KB alone takes about twice `node -e 0` in a warm process), is shown for information. The cache goes to
 * a temp folder, removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { report, runNode, sampleInterleaved, type Suite } from '../harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const suite: Suite = async () => {
  const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'rulebook-bench-startup-'));
  try {
    const env = { ...process.env, NO_COLOR: '1', RULEBOOK_CACHE_DIR: cacheDir };
    let failure: string | null = null;
    const lint = (...options: string[]) => () => {
      const run = runNode([path.join(ROOT, 'bin/rulebook.mjs'), 'lint', ...options, 'rulebooks/funjerai.md'], { cwd: ROOT, env });
      // Exit 1 is "the book has errors" (Funjerai has some); 2 and 3 are bad input and a crash.
      if (run.status !== 0 && run.status !== 1) failure ??= `exit ${run.status ?? run.signal}: ${(run.stderr || run.stdout).trim().split('\n')[0]}`;
      return run.ms;
    };
    const bare = () => runNode(['-e', '0'], { env }).ms;
    const timed = sampleInterleaved({ bare, lint: lint(), uncached: lint('--no-cache') }, { runs: 15, warmUp: 2 });
    if (failure) return report({ name: 'start-up: rulebook lint rulebooks/funjerai.md', value: 0, unavailable: `the CLI failed: ${failure}` }) ? 0 : 1;
    const baseline = { name: '`node -e 0`, same node', ms: timed.stats('bare') };
    const ok = report({
      name: 'start-up: `rulebook lint rulebooks/funjerai.md` (process)',
      value: timed.stats('lint'),
      ratio: timed.ratio('lint', 'bare'),
      baseline,
      target: { ratio: 2.5 },
    });
    report({
      name: 'start-up: the same with --no-cache (reads the book)',
      value: timed.stats('uncached'),
      ratio: timed.ratio('uncached', 'bare'),
      baseline,
    });
    return ok ? 0 : 1;
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
};

export default suite;
