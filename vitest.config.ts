import { defineConfig } from 'vitest/config';

/**
 * Tests whose assertions compare latencies (a list swap under load keeps p99 within 2x of before)
 * run on their own after the rest: with other test files competing for the two cores, what they
 * measure is the neighbours, not the code.
 */
const TIMED = [
  'test/http-refresh.test.ts',
  'test/core-load-pacing.test.ts',
  'test/http-slow-clients.test.ts',
  'test/validation-cost.test.ts',
];

export default defineConfig({
  test: {
    // The suite's own redis-server on a free port (test/global-setup.ts): nothing needs to run before.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default'],
    projects: [
      {
        extends: true,
        test: { name: 'suite', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: TIMED },
      },
      {
        extends: true,
        test: { name: 'timed', include: TIMED, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
