/**
 * The website export of the CR: `rulebook export --kind site` (load, parse, link, pages, search index, previews,
 * assets, written to a temp folder) against `rulebook lint` of the same file (load, parse, link, every rule), each
 * as a process of its own, start-up included in both, interleaved round by round. Target (issue 14): ≤ 3.0×.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { report, runNode, sampleInterleaved, type Suite } from '../harness.js';
import { crMarkdown, size } from '../texts.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin/rulebook.mjs');

const suite: Suite = async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-bench-site-'));
  try {
    const text = crMarkdown();
    const file = path.join(dir, 'comprehensive-rules.md');
    writeFileSync(file, text);
    let failure: string | null = null;
    const timed = (args: string[]) => () => {
      const run = runNode([BIN, ...args], { cwd: ROOT });
      // lint exits 1 on errors the CR has; anything else is a failure.
      if (run.status !== 0 && !(args[0] === 'lint' && run.status === 1)) failure ??= `${args[0]} exited ${run.status}: ${run.stderr.trim().split('\n').slice(-2).join(' / ')}`;
      return run.ms;
    };
    const samples = sampleInterleaved(
      {
        lint: timed(['lint', '--no-cache', file, '--format', 'json']),
        site: timed(['export', file, '--kind', 'site', '--out', path.join(dir, 'site'), '--quiet']),
      },
      { runs: 5 },
    );
    if (failure) {
      report({ name: 'CR website export', value: 0, unavailable: failure });
      return 1;
    }
    const ok = report({
      name: `CR (${size(text)}) website export, as a process`,
      value: samples.stats('site'),
      ratio: samples.ratio('site', 'lint'),
      baseline: { name: '`rulebook lint` of the CR, as a process', ms: samples.stats('lint') },
      target: { ratio: 3 },
    });
    return ok ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default suite;
