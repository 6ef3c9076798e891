/**
 * Run by bench/suites/export.ts in a process of its own, so that its peak memory is the export's and not the
 * bench's: `node --import tsx bench/children/export-pdf.ts <rulebook.md> <out.pdf> [columns]`. Loads, parses and links the
 * rulebook as `rulebook export` does, then exports the book PDF (A4) with exportPdf, and prints one line
 * `RESULT {json}`: pages, CPU time (process.cpuUsage, user + system, all threads) and wall time of the export
 * alone and of the read before it, the process's peak resident memory (process.resourceUsage().maxRSS, in
 * 10^6 bytes, taken before and right after the export) and the lint findings (counted after that, outside every figure).
 */
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { exportPdf } from '../../main/publish/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { lintRulebook } from '../../shared/lint/index.js';
import { parseRulebook } from '../../shared/parse/index.js';

const [file, out, columnsArg] = process.argv.slice(2);
// `1` or `2` to force the body's columns; the paper's default (two on A4) otherwise.
const columns = columnsArg === '1' || columnsArg === '2' ? (Number(columnsArg) as 1 | 2) : undefined;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const readCpu = process.cpuUsage();
const readStart = performance.now();
const loaded = await loadRulebook(file);
const linked = linkRulebook(parseRulebook(loaded.source));
const read = { cpuMs: cpuMs(readCpu), wallMs: performance.now() - readStart, maxRssMB: (process.resourceUsage().maxRSS * 1024) / 1e6 };

const exportCpu = process.cpuUsage();
const exportStart = performance.now();
const result = await exportPdf(linked, { kind: 'book', paper: 'a4', source: loaded.source, columns }, out);
const exported = { cpuMs: cpuMs(exportCpu), wallMs: performance.now() - exportStart };
const maxRssMB = (process.resourceUsage().maxRSS * 1024) / 1e6;

const findings = lintRulebook(linked).length;
console.log(`RESULT ${JSON.stringify({ pages: result.pages, read, export: exported, maxRssMB, findings })}`);
