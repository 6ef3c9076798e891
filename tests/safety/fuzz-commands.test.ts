/**
 * Every command on random books ends with success, lint findings (exit 1) or one line `rulebook: …` and exit 2:
 * never an internal error, a stack trace or broken JSON, and never a hang (a watchdog stops a command past 60 s).
 * The books are written from the dialect's grammar (tests/helpers/dialect.ts), or hold raw bytes; the properties are
 * tests/helpers/fuzz-commands.ts, which `node --import tsx scripts/fuzz.ts` runs for many more cases.
 *
 * A fixed number of cases with a fixed seed, so `npm test` is the same on every run; about 15 s here on 2 cores. The
 * timeouts allow a machine four times slower, with the shrinking of a failure on top.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { PROPERTIES } from '../helpers/fuzz-commands.js';

const SEED = 20_250_601;
const TIMEOUT = 240_000;

/** Cases per property: PDF work is the slowest by far, import of one file the fastest. */
const RUNS: Record<keyof typeof PROPERTIES, number> = { read: 60, raw: 40, import: 150, write: 50, pdf: 15 };

describe('every command on random books', () => {
  for (const [name, { property, what }] of Object.entries(PROPERTIES)) {
    it(`${what}: exit 0, 1 or 2 with one line`, { timeout: TIMEOUT }, async () => {
      await fc.assert(property, { numRuns: RUNS[name as keyof typeof PROPERTIES], seed: SEED });
    });
  }
});
