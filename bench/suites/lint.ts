/**
 * Lint speed.
 *
 * In-process, no cache: parse + link + lint of the CR and of the 1 MB generated rulebook, interleaved round by
 * round with three parses of the same text: remark-parse + remark-gfm (the targets' baseline: CR ≤ 1.0×,
 * generated ≤ 1.5×), remark-parse without GFM and markdown-it (yardsticks, no target). The project runs
 * remark-gfm only on the chunks that may hold a GFM construct, so the remark+GFM baseline does more work than
 * the project does on most chunks; the row against remark without GFM shows the figure without that advantage.
 *
 * As a process: `rulebook lint` of the CR written to a temp file, without cache and with a warm `--cache`
 * (two runs to warm it, then measured), interleaved with the in-process remark+GFM parse and with a process that
 * only reads and parses the file with remark+GFM (bench/children/remark-parse.mjs: node's start and module loading
 * included, as in the lint's). Targets: the cold lint ≤ 1.0× that process; the warm cache ≤ 0.2× the in-process
 * parse, start-up included. The cache goes to a temp folder (XDG_CACHE_HOME, LOCALAPPDATA),
 * removed afterwards; its findings must equal those of a lint without cache.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { linkRulebook } from '../../shared/link/index.js';
import { lintRulebook } from '../../shared/lint/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { generateRulebook } from '../generate.js';
import { report, runNode, stats, timeInterleaved, timeOnce, type Suite } from '../harness.js';
import { BASELINES, crMarkdown, size } from '../texts.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = path.join(ROOT, 'bin/rulebook.mjs');
const REMARK_CHILD = path.join(ROOT, 'bench/children/remark-parse.mjs');

function inProcess(name: string, text: string, target: number, runs: number): number {
  let findings = 0;
  const lintAlone: number[] = [];
  const timed = timeInterleaved(
    {
      remarkGfm: () => BASELINES.remarkGfm.parse(text),
      remark: () => BASELINES.remark.parse(text),
      markdownIt: () => BASELINES.markdownIt.parse(text),
      project: () => {
        const linked = linkRulebook(parseRulebook({ files: [{ path: 'rulebook.md', text }] }));
        lintAlone.push(timeOnce(() => (findings = lintRulebook(linked).length)));
      },
    },
    { runs },
  );
  const figure = `${name}: parse + link + lint, in-process, no cache`;
  const ok = report({
    name: figure,
    value: timed.stats('project'),
    ratio: timed.ratio('project', 'remarkGfm'),
    baseline: { name: `${BASELINES.remarkGfm.name}, whole text`, ms: timed.stats('remarkGfm') },
    target: { ratio: target },
    extra: `lint step alone ${stats(lintAlone.slice(-runs)).median.toFixed(1)} ms, ${findings} findings`,
  });
  for (const key of ['remark', 'markdownIt'] as const) {
    report({
      name: `  the same against ${BASELINES[key].name}`,
      value: timed.stats('project'),
      ratio: timed.ratio('project', key),
      baseline: { name: `${BASELINES[key].name}, whole text`, ms: timed.stats(key) },
    });
  }
  return ok ? 0 : 1;
}

function asProcess(text: string): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-bench-lint-'));
  try {
    // The book in a folder of its own: the cache refuses to live inside the rulebook's folder.
    mkdirSync(path.join(dir, 'book'));
    const file = path.join(dir, 'book', 'comprehensive-rules.md');
    writeFileSync(file, text);
    const env = { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: path.join(dir, 'cache'), LOCALAPPDATA: path.join(dir, 'cache') };
    const lint = (...flags: string[]) => runNode([BIN, 'lint', ...flags, file], { cwd: dir, env });
    const failed = (run: ReturnType<typeof lint>) =>
      run.status === 0 || run.status === 1 ? null : `exit ${run.status ?? run.signal}: ${(run.stderr || run.stdout).trim().split('\n')[0]}`;

    BASELINES.remarkGfm.parse(text); // the in-process baseline warmed up; the CLI runs are cold processes by design
    // Two runs fill the cache (the first writes it, the second reads what the first wrote).
    const probe = lint('--cache');
    const cacheMissing = failed(probe) ? (/unknown option/.test(probe.stderr) ? 'not available yet: the CLI rejects --cache' : `--cache failed: ${failed(probe)}`) : null;
    if (!cacheMissing) lint('--cache');

    let coldOutput = '';
    let warmOutput = '';
    let failure: string | null = null;
    const fns: Record<string, () => unknown> = {
      parse: () => BASELINES.remarkGfm.parse(text),
      parseProcess: () => {
        const run = runNode([REMARK_CHILD, file], { cwd: dir });
        if (run.status !== 0) failure ??= `the remark process failed: ${run.stderr.trim().split('\n')[0]}`;
      },
      cold: () => {
        const run = lint('--no-cache');
        failure ??= failed(run);
        coldOutput = run.stdout;
      },
    };
    if (!cacheMissing) {
      fns.warm = () => {
        const run = lint('--cache');
        failure ??= failed(run);
        warmOutput = run.stdout;
      };
    }
    const timed = timeInterleaved(fns, { runs: 5, warmUp: 0 });
    const baseline = { name: `${BASELINES.remarkGfm.name} of the CR, in-process`, ms: timed.stats('parse') };
    const name = `CR: \`rulebook lint --cache\`, warm cache (process)`;
    let missed = 0;
    if (failure) {
      report({ name: 'CR: `rulebook lint` (process)', value: 0, unavailable: `the CLI failed: ${failure}` });
      return 1;
    }
    if (
      !report({
        name: 'CR: `rulebook lint`, no cache (process, start-up included)',
        value: timed.stats('cold'),
        ratio: timed.ratio('cold', 'parseProcess'),
        baseline: { name: `${BASELINES.remarkGfm.name} of the CR, as a process (start-up included)`, ms: timed.stats('parseProcess') },
        target: { ratio: 1.0 },
      })
    )
      missed++;
    report({
      name: '  the same against the in-process parse',
      value: timed.stats('cold'),
      ratio: timed.ratio('cold', 'parse'),
      baseline,
    });
    if (cacheMissing) {
      report({ name, value: 0, unavailable: cacheMissing });
      missed++;
    } else if (warmOutput !== coldOutput) {
      report({ name, value: 0, unavailable: 'a warm --cache run printed other findings than a lint without cache' });
      missed++;
    } else if (!report({ name, value: timed.stats('warm'), ratio: timed.ratio('warm', 'parse'), baseline, target: { ratio: 0.2 }, extra: 'start-up included' })) {
      missed++;
    }
    return missed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const suite: Suite = async () => {
  let missed = 0;
  const cr = crMarkdown();
  missed += inProcess(`CR (${size(cr)})`, cr, 1.0, 9);
  missed += asProcess(cr);
  const { text } = generateRulebook(1_100_000);
  missed += inProcess(`generated rulebook (${size(text)})`, text, 1.5, 5);
  return missed;
};

export default suite;
