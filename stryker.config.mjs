// Mutation testing of the decisions the product exists for (docs/development.md, "Mutation testing"):
// may this call run, is this change failing, the verdict of a run and of a vitest run, and BFCL
// argument matching. `npm run mutation`; `npm run mutation -- --mutate src/diff/gate.ts` narrows it.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: [
    'src/safety/call-policy.ts',
    'src/run/eval-verdict.ts',
    'src/diff/gate.ts',
    'reporters/vitest-verdict.ts',
    'src/scoring/args-match.ts',
    'src/scoring/match-calls.ts',
    'src/scoring/score-attempt.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 30_000,
  ignorePatterns: ['dist', 'docs', 'etc', '.ci', 'suites', 'reports'],
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 90, low: 75, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
