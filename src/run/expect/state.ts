/** `expect.state`: a read-only call made after the run returns what the run should have left behind. */
import { textProblem } from './text-checks.ts';
import { quote, type ScenarioScorer } from './types.ts';

export const state: ScenarioScorer = {
  id: 'state',
  description: 'the read-only state call after the run succeeds and its result contains, matches and leaves out the given words',
  applies: (s) => s.expect.state !== undefined,
  check: (view) => {
    const expect = view.scenario.expect.state!;
    const made = view.stateCall;
    if (!made) return { pass: false, reason: `state: ${expect.call.tool} was not called (the servers were gone)` };
    if (made.isError) return { pass: false, reason: `state: ${made.tool} returned an error: ${quote(made.result)}` };
    const problem = textProblem(made.result, expect);
    if (!problem) return { pass: true, reason: `state: ${made.tool} shows what was expected` };
    return { pass: false, reason: `state: ${made.tool} after the run ${problem}: ${quote(made.result)}` };
  },
};
