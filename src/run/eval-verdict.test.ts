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
  ])('%s', (_name, change, status, reasons) => {
    const input = { ...base, ...change };
    if ('summary' in change && change.summary === undefined) delete input.summary;
    expect(evalVerdict(input)).toEqual({ status, reasons });
  });
});
