/**
 * vitest's global setup: the compiled CLI and host in dist/ are brought up to date before any test runs, so the tests
 * that spawn bin/rulebook.mjs or bin/web.mjs run the compiled code of these very sources (and no test pays for a build).
 *
 * `rulebook lint` keeps a cache by default: the tests' runs keep theirs in a folder of this run, removed at its end,
 * so no test reads what an earlier run (or the developer's own use) left in the user's cache folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../scripts/build.mjs';

export default async function setup(): Promise<() => void> {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'rulebook-test-cache-'));
  // Inherited by the test processes (forked after this) and by every CLI they spawn.
  process.env.RULEBOOK_CACHE_DIR = cache;
  await build();
  return () => rmSync(cache, { recursive: true, force: true });
}
