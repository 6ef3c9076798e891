/**
 * A short run of scripts/kill-loop.ts: the host's save, renumber and publish are killed with SIGKILL, once at a random
 * moment and once inside the write itself; after the next start every file is whole and no temp file is left. The
 * script runs the same with 50 or more kills of each (see docs/safety.md).
 */
import { describe, expect, it } from 'vitest';
import { killLoop, OPERATIONS, seeded } from '../../scripts/kill-loop.js';

describe('kill -9 during writes', () => {
  for (const op of OPERATIONS) {
    it(`${op}: every file whole, no temp file left after the next start`, { timeout: 240_000 }, async () => {
      const result = await killLoop(op, 2, seeded(12345));
      expect(result.kills).toBe(2);
      expect(result.torn).toEqual([]);
      expect(result.leftover).toEqual([]);
    });
  }
});
