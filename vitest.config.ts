import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'reporters/**/*.test.ts', 'suites/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most tests wait on child processes, HTTP and timers rather than the CPU; vitest's default of
    // (cores - 1) workers would run them one file at a time on a 2-core CI machine.
    maxWorkers: 4,
    globalSetup: ['src/testing/global-setup.ts'],
  },
});
