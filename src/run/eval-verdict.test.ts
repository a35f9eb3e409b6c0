/** The verdict of a run, by table: each row is what a run measured and the verdict it must get. */
import { describe, expect, it } from 'vitest';
import { evalVerdict, type EvalVerdictInput, NO_GATE_REASON } from './eval-verdict.ts';

const base: EvalVerdictInput = {
  complete: true,
  errors: [],
  summary: { accuracy: 0.8, errored: 0 },
  scenarios: { total: 0, failed: 0, errored: 0 },
  costGates: { status: 'pass', reasons: [] },
  setGates: [],
  costGated: false,
};

describe('evalVerdict', () => {
  it.each<[string, Partial<EvalVerdictInput>, 'pass' | 'fail' | 'error' | 'none', string[]]>([
    ['no gate at all', {}, 'none', [NO_GATE_REASON]],
    ['accuracy exactly at --min-accuracy passes', { minAccuracy: 0.8 }, 'pass', []],
    ['accuracy just below --min-accuracy fails', { minAccuracy: 0.8000001 }, 'fail', ['accuracy 80.0% is below --min-accuracy 80.0%']],
    ['--min-accuracy 0 passes at 0%', { minAccuracy: 0, summary: { accuracy: 0, errored: 0 } }, 'pass', []],
    ['accuracy exactly at a set gate passes', { setGates: [{ name: 's', file: 's.yaml', minAccuracy: 0.8, accuracy: 0.8 }] }, 'pass', []],
    ['below a set gate fails naming the file', { setGates: [{ name: 's', file: 's.yaml', minAccuracy: 0.9, accuracy: 0.8 }] }, 'fail', ['query set s: accuracy 80.0% is below its gate.minAccuracy 90.0% (s.yaml)']],
    ['a set without a gate gates nothing', { setGates: [{ name: 's', file: 's.yaml', accuracy: 0.1 }] }, 'none', [NO_GATE_REASON]],
    ['an errored case is an error, not a pass', { minAccuracy: 0.5, summary: { accuracy: 0.8, errored: 1 } }, 'error', ['1 case(s) errored: the model could not be evaluated on them']],
    ['an incomplete run is an error even with no reason of its own', { complete: false, minAccuracy: 0.5 }, 'error', []],
    ['an interrupted run says how to resume', { complete: false, interrupted: { finished: 3, total: 10 } }, 'error', ['run interrupted: 3 of 10 cases finished (resume with --resume FILE)']],
    ['a run error outranks a failed gate', { minAccuracy: 0.9, errors: [{ code: 'E_SERVER_START', message: 'x did not start' }] }, 'error', ['E_SERVER_START: x did not start', 'accuracy 80.0% is below --min-accuracy 90.0%']],
    ['a failed scenario is a gate of its own', { scenarios: { total: 2, failed: 1, errored: 0, firstFailed: 'a/b: why' } }, 'fail', ['1 of 2 scenario(s) failed; first a/b: why']],
    ['passing scenarios are a gate that passed', { scenarios: { total: 2, failed: 0, errored: 0 } }, 'pass', []],
    ['an errored scenario is an error', { scenarios: { total: 1, failed: 0, errored: 1, firstErroredReason: 'timeout' } }, 'error', ['1 scenario(s) errored: timeout']],
    ['a failed cost gate fails', { costGated: true, costGates: { status: 'fail', reasons: ['cost over'] } }, 'fail', ['cost over']],
    ['a cost gate that could not be checked is an error', { costGated: true, costGates: { status: 'error', reasons: ['no price'] } }, 'error', ['no price']],
    ['a cost gate that passed is a gate', { costGated: true }, 'pass', []],
    ['scenarios alone (no selection summary) with --min-accuracy pass on the scenarios', { summary: undefined, minAccuracy: 0.9, scenarios: { total: 1, failed: 0, errored: 0 } }, 'pass', []],
    ['interrupted although every server answered is still an error', { interrupted: { finished: 3, total: 10, resumeFile: 'r.jsonl' }, minAccuracy: 0.5 }, 'error', ['run interrupted: 3 of 10 cases finished (resume with --resume r.jsonl)']],
    ['an errored scenario without a reason points to the scenarios', { scenarios: { total: 1, failed: 0, errored: 1 } }, 'error', ['1 scenario(s) errored: see the scenarios']],
    ['a failed scenario without a name', { scenarios: { total: 3, failed: 2, errored: 0 } }, 'fail', ['2 of 3 scenario(s) failed; first ?']],
    ['a failed cost gate does not lower an error', { costGated: true, costGates: { status: 'fail', reasons: ['cost over'] }, summary: { accuracy: 0.8, errored: 2 } }, 'error', ['2 case(s) errored: the model could not be evaluated on them', 'cost over']],
    ['a failed scenario does not lower an error', { scenarios: { total: 2, failed: 1, errored: 1, firstFailed: 'a', firstErroredReason: 'b' } }, 'error', ['1 scenario(s) errored: b', '1 of 2 scenario(s) failed; first a']],
    ['tool tokens exactly at --max-tool-tokens pass (eval-run counts it among costGated)', { costGated: true, toolTokens: { max: 500, perRequest: 500, suite: 's' } }, 'pass', []],
    [
      'tool tokens one above --max-tool-tokens fail',
      { costGated: true, toolTokens: { max: 500, perRequest: 501, suite: 's' } },
      'fail',
      ['the tool list of s costs about 501 tokens per request, above --max-tool-tokens 500 (estimated at 4 characters per token)'],
    ],
    ['tool tokens counted without --max-tool-tokens gate nothing', { toolTokens: { perRequest: 9999, suite: 's' } }, 'none', [NO_GATE_REASON]],
  ])('%s', (_name, change, status, reasons) => {
    const input = { ...base, ...change };
    if ('summary' in change && change.summary === undefined) delete input.summary;
    expect(evalVerdict(input)).toEqual({ status, reasons });
  });
});

it('the no-gate reason says how to set one', () => {
  expect(NO_GATE_REASON).toMatch(/--min-accuracy 0\.8 .*gate: \{minAccuracy: 0\.8\}/);
});
