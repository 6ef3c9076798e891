/**
 * vitest's global setup: the compiled CLI and host in dist/ are brought up to date before any test runs, so the tests
 * that spawn bin/rulebook.mjs or bin/web.mjs run the compiled code of these very sources (and no test pays for a build).
 */
import { build } from '../../scripts/build.mjs';

export default async function setup(): Promise<void> {
  await build();
}
