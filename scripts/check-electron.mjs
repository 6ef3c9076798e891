#!/usr/bin/env node
// `npm run check:electron`: runs Doyensec's electronegativity over main/ with SARIF output and fails when
// a finding is not on the committed allow-list (electronegativity itself exits 0 even with findings).
// Its own CLI is broken with the commander version hoisted here, so this calls its runner directly.
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const input = path.join(root, process.argv[2] ?? 'main');
const work = mkdtempSync(path.join(os.tmpdir(), 'electronegativity-'));
const output = path.join(work, 'result.sarif');

/**
 * Findings accepted on purpose, by rule id and file (relative to the repository), each with its reason.
 * Keep this short: every entry is a check a reviewer agreed does not apply.
 */
const ALLOWED = JSON.parse(readFileSync(path.join(root, 'scripts', 'electronegativity-allow.json'), 'utf8'));

// The runner fetches translations and Electron's release list with `got`. The check must not depend on the network,
// and that `got` throws an uncaught error from its retry timer on Node 24 when the network is down: it is replaced,
// before the runner loads it, by one that answers "offline" at once (the runner catches that and reads its own files).
const runnerDir = path.dirname(require.resolve('@doyensec/electronegativity/package.json'));
const gotPath = require.resolve('got', { paths: [runnerDir] });
const offline = () => Promise.reject(new Error('offline: electronegativity runs without the network here'));
offline.head = offline;
require.cache[gotPath] = { id: gotPath, filename: gotPath, loaded: true, exports: offline };

const electronegativity = require('@doyensec/electronegativity');
const run = electronegativity.default ?? electronegativity;
// The runner logs progress bars and tables; keep only what we print.
const log = console.log;
console.log = () => undefined;
try {
  await run({
    input,
    output,
    isSarif: true,
    customScan: [],
    excludeFromScan: [],
    severitySet: undefined,
    confidenceSet: undefined,
    isRelative: true,
    isVerbose: false,
    electronUpgrade: undefined,
    electronVersionOverride: JSON.parse(readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version,
    parserPlugins: [],
  }, false);
} finally {
  console.log = log;
}

// The runner starts writing the SARIF file without waiting for it: wait until it is complete.
let sarif = null;
for (let i = 0; i < 100 && sarif === null; i++) {
  try {
    sarif = JSON.parse(readFileSync(output, 'utf8'));
  } catch {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
if (sarif === null) {
  console.error('electronegativity: no SARIF result was written');
  process.exit(2);
}
rmSync(work, { recursive: true, force: true });
const results = sarif.runs.flatMap((r) => r.results ?? []);
const where = (result) => result.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '?';
const line = (result) => result.locations?.[0]?.physicalLocation?.region?.startLine ?? 0;
const allowed = (result) => ALLOWED.some((a) => a.rule === result.ruleId && path.normalize(where(result)).endsWith(path.normalize(a.file)));
const unexpected = results.filter((r) => !allowed(r));
for (const r of results) {
  console.log(`${allowed(r) ? 'allowed ' : 'FINDING '} ${r.ruleId} ${where(r)}:${line(r)} ${r.message?.text ?? ''}`.trimEnd());
}
console.log(`electronegativity: ${results.length} result(s) in SARIF, ${results.length - unexpected.length} allowed, ${unexpected.length} unexpected`);
process.exitCode = unexpected.length > 0 ? 1 : 0;
