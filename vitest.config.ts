import { defineConfig } from 'vitest/config';

// Browser end-to-end tests live in tests/e2e and run in the same `npm test`; they start their own host.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // The CLI tests spawn bin/rulebook.mjs, which runs the compiled dist/: built (when stale) once, before them all.
    globalSetup: ['tests/helpers/build-dist.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
