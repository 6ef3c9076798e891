/**
 * Book PDF of the CR (A4), each export in a child process of its own (bench/children/export-pdf.ts: load, parse,
 * link, then exportPdf to a temp file, as `rulebook export` does), so memory and CPU are the export's alone:
 *
 * - speed: pages per CPU-second of the export (process.cpuUsage, user + system; not wall time, which other work
 *   on the machine stretches): at least 100 for the one-column page the target was set on (about 50 lines of
 *   90 characters); the two-column default's page holds about 2.4 times that text, so its pages per CPU-second
 *   are printed beside it, for information, with the same text counted in one-column pages;
 * - scaling: the CR 1×, 2× and 4× (crCopies: one book, the copies renumbered after each other), one export
 *   each per round in rotating order; the 4× export's CPU time within 4.5× the 1× export's of the same round;
 * - memory: the child's peak resident memory (maxRSS, the largest of the rounds) under 300 MB for the 1× CR.
 *
 * The 1 MB generated rulebook's book PDF is printed too, without a target.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateRulebook } from '../generate.js';
import { report, runNode, sampleInterleaved, stats, type Suite } from '../harness.js';
import { crCopies, size } from '../texts.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHILD = path.join(ROOT, 'bench/children/export-pdf.ts');

interface ChildResult {
  readonly pages: number;
  readonly read: { readonly cpuMs: number; readonly wallMs: number; readonly maxRssMB: number };
  readonly export: { readonly cpuMs: number; readonly wallMs: number };
  readonly maxRssMB: number;
  readonly findings: number;
}

function exportInChild(file: string, columns?: 1 | 2): ChildResult {
  const run = runNode(['--import', 'tsx', CHILD, file, file.replace(/\.md$/, `${columns ?? ''}.pdf`), ...(columns ? [String(columns)] : [])], { cwd: ROOT });
  const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (run.status !== 0 || !line) throw new Error(`export of ${path.basename(file)} failed (exit ${run.status ?? run.signal}): ${run.stderr.trim().split('\n').slice(-3).join(' / ')}`);
  return JSON.parse(line.slice('RESULT '.length)) as ChildResult;
}

const perCpuSecond = (r: ChildResult) => r.pages / (r.export.cpuMs / 1000);

const suite: Suite = async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-bench-export-'));
  try {
    const sizes = [1, 2, 4] as const;
    const files = Object.fromEntries(
      sizes.map((n) => {
        const file = path.join(dir, `cr-x${n}.md`);
        writeFileSync(file, crCopies(n));
        return [n, file];
      }),
    ) as Record<(typeof sizes)[number], string>;
    const results: Record<string, ChildResult[]> = { x1: [], x2: [], x4: [], oneColumn: [] };
    let failure: string | null = null;
    // One export per call, its result kept under `key`; a failure is remembered and the round's sample left empty.
    const sampler = (key: string, n: (typeof sizes)[number], columns?: 1 | 2) => () => {
      try {
        const result = exportInChild(files[n], columns);
        results[key].push(result);
        return result.export.cpuMs;
      } catch (error) {
        failure ??= (error as Error).message;
        return NaN;
      }
    };
    const cpu = sampleInterleaved({ x1: sampler('x1', 1), x2: sampler('x2', 2), x4: sampler('x4', 4), oneColumn: sampler('oneColumn', 1, 1) }, { runs: 3, warmUp: 0 });
    if (failure) {
      for (const name of ['CR book PDF: pages per CPU-second', 'CR ×4 book PDF: export CPU time', 'CR book PDF: peak memory']) report({ name, value: 0, unavailable: failure });
      return 3;
    }

    let missed = 0;
    const single = results.oneColumn;
    if (
      !report({
        name: `CR book PDF, one column (${single[0].pages} pages): pages per CPU-second`,
        value: stats(single.map(perCpuSecond)),
        unit: 'pages/CPU-s',
        target: { min: 100 },
        extra: `--columns 1, the page the target was set on; export ${stats(single.map((r) => r.export.cpuMs)).median.toFixed(0)} ms CPU; reading it before: ${stats(single.map((r) => r.read.cpuMs)).median.toFixed(0)} ms CPU`,
      })
    ) missed++;
    const one = results.x1;
    const pages = one[0].pages;
    const wall = stats(one.map((r) => r.export.wallMs)).median;
    const singlePerCpuSecond = stats(one.map((r) => single[0].pages / (r.export.cpuMs / 1000))).median;
    report({
      name: `CR book PDF, two columns (${pages} pages): pages per CPU-second`,
      value: stats(one.map(perCpuSecond)),
      unit: 'pages/CPU-s',
      extra: `the default on A4, for information: the same text is ${single[0].pages} one-column pages, ${singlePerCpuSecond.toFixed(0)} of them per CPU-second; export ${stats(one.map((r) => r.export.cpuMs)).median.toFixed(0)} ms CPU, ${wall.toFixed(0)} ms wall`,
    });
    for (const n of [2, 4] as const) {
      const many = results[`x${n}`];
      const ok = report({
        name: `CR ×${n} book PDF (${many[0].pages} pages): export CPU time`,
        value: cpu.stats(`x${n}`),
        ratio: cpu.ratio(`x${n}`, 'x1'),
        baseline: { name: 'CPU time of the 1× CR export (two columns), same round', ms: cpu.stats('x1') },
        target: n === 4 ? { ratio: 4.5 } : undefined,
        extra: `${stats(many.map(perCpuSecond)).median.toFixed(0)} pages/CPU-s; findings ${many[0].findings} (1×: ${one[0].findings})`,
      });
      if (!ok) missed++;
    }
    if (
      !report({
        name: 'CR book PDF: peak memory of the exporting process (maxRSS)',
        value: Math.max(...one.map((r) => r.maxRssMB)),
        unit: 'MB',
        target: { max: 300 },
        extra: `largest of ${one.length} runs; load + parse + link + export, tsx included; ${Math.max(...one.map((r) => r.read.maxRssMB)).toFixed(0)} MB before the export; ×4: ${Math.max(...results.x4.map((r) => r.maxRssMB)).toFixed(0)} MB`,
      })
    ) missed++;

    const generated = generateRulebook(1_100_000).text;
    const file = path.join(dir, 'generated.md');
    writeFileSync(file, generated);
    const result = exportInChild(file);
    report({
      name: `generated rulebook book PDF (${size(generated)}, ${result.pages} pages)`,
      value: perCpuSecond(result),
      unit: 'pages/CPU-s',
      extra: `one run; ${result.export.cpuMs.toFixed(0)} ms CPU, ${result.export.wallMs.toFixed(0)} ms wall, ${result.maxRssMB.toFixed(0)} MB peak`,
    });
    return missed;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export default suite;
