/** The verdict a `vitest run` gets in the Toolvet report, as a table: vitest's own, always. */
import { describe, expect, it } from 'vitest';
import { firstLine, vitestVerdict, type VitestOutcome } from './vitest-verdict.ts';

const clean: VitestOutcome = { failedTests: [], failedModules: [], unhandledErrors: [], reason: 'passed' };

describe('vitestVerdict', () => {
  it.each<[string, Partial<VitestOutcome>, { status: string; reasons: string[] }]>([
    ['every test passed', {}, { status: 'pass', reasons: [] }],
    ['a test failed or threw', { failedTests: [{ name: 'a > b', message: 'E_FILE_INVALID: bad set' }], reason: 'failed' }, { status: 'fail', reasons: ['vitest: "a > b" failed: E_FILE_INVALID: bad set'] }],
    ['a file failed to load', { failedModules: [{ file: 'x.test.ts', message: 'Cannot find module' }], reason: 'failed' }, { status: 'fail', reasons: ['vitest: test file x.test.ts failed to load: Cannot find module'] }],
    ['an unhandled error, every test passed', { unhandledErrors: ['boom'] }, { status: 'fail', reasons: ['vitest: unhandled error: boom'] }],
    ["vitest says failed and names nothing (a coverage threshold)", { reason: 'failed' }, { status: 'fail', reasons: ["vitest: the run failed (see vitest's own output)"] }],
    ['interrupted', { reason: 'interrupted' }, { status: 'error', reasons: ['vitest: the run was interrupted before every test finished'] }],
    [
      'interrupted after a failure: both said, files first',
      { failedTests: [{ name: 't', message: 'm' }], failedModules: [{ file: 'f', message: 'n' }], reason: 'interrupted' },
      { status: 'error', reasons: ['vitest: test file f failed to load: n', 'vitest: "t" failed: m', 'vitest: the run was interrupted before every test finished'] },
    ],
  ])('%s', (_name, outcome, expected) => {
    expect(vitestVerdict({ ...clean, ...outcome })).toEqual(expected);
  });

  it.each([
    ['first line of several', 'one\ntwo', 'one'],
    ['leading blank lines skipped', '\n\n  two  \n', 'two'],
    ['lines of only spaces and tabs skipped too', ' \t\n  \nthree', 'three'],
    ['empty: the stand-in', '', 'fallback'],
    ['absent: the stand-in', undefined, 'fallback'],
  ])('firstLine: %s', (_name, message, expected) => {
    expect(firstLine(message, 'fallback')).toBe(expected);
  });
});
