/** `npm start` (bin/start.mjs) without Electron's binary: one line saying what to do, never electron-vite's stack trace. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const START = path.resolve(import.meta.dirname, '../../bin/start.mjs');
let empty: string;

beforeAll(async () => {
  empty = await mkdtemp(path.join(os.tmpdir(), 'rulebook-no-electron-'));
});

afterAll(async () => {
  await rm(empty, { recursive: true, force: true });
});

describe('npm start without an Electron binary', () => {
  it('says in one line that there is none and to run `npm run web` with the same arguments', () => {
    // Electron's own override of where its binary is: an empty folder, so nothing is fetched and nothing starts.
    const run = spawnSync(process.execPath, [START, 'rulebooks/funjerai.md'], { encoding: 'utf8', env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: empty }, timeout: 30_000 });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`rulebook-studio: there is no Electron binary at ${path.join(empty, 'electron')} (ELECTRON_OVERRIDE_DIST_PATH). Run \`npm run web -- rulebooks/funjerai.md\` to use the same app in your browser.`);
    expect(run.stdout).toBe('');
  });
});
