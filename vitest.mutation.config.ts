/**
 * The tests StrykerJS runs against each mutant (`npm run mutation`, stryker.config.mjs): only the
 * table tests of the decision modules it mutates, so a run takes minutes on a 2-core machine.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/safety/call-policy.test.ts',
      'src/run/eval-verdict.test.ts',
      'src/diff/gate.test.ts',
      'reporters/vitest-verdict.test.ts',
      'src/scoring/args-match.test.ts',
      'src/scoring/score-attempt.test.ts',
      'src/scoring/bfcl-table.test.ts',
    ],
    testTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
